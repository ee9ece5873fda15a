"""A Tien Gow seat's view on the wire: ``TienGowWireView`` is its one definition (a msgspec
struct, tagged with the game's name in ``game``), what a table across a network sends each
device (``GameSpec.view_to_wire``). Another seat's face-down tiles are not in the view, so
they are not on the wire either; ``view_from_wire`` gives the view back equal."""

from __future__ import annotations

import msgspec

from game.core.errors import MalformedRecord
from game.core.phases import Phase
from game.core.wire import Count, Points, Seat, TileText, WireView, game_of, tagged, tile_texts, tiles_of
from game.tiengow.codec import TrickMove, move_of, play_of
from game.tiengow.payments import DealResult, Settlement
from game.tiengow.view import SeenPlay, SeenTrick, TienGowView


class SeenWirePlay(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``SeenPlay``: ``tiles`` null for another seat's face-down play."""

    seat: Seat
    tiles: tuple[TileText, ...] | None
    count: Count
    face_down: bool


class SeenWireTrick(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``SeenTrick``, field for field."""

    leader: Seat
    plays: tuple[SeenWirePlay, ...]
    winner: Seat
    columns: Count
    immediate: tuple[Points, ...]
    bonus: str | None


WireSettlement = tuple[Seat, Count, Seat, Seat, Points, tuple[str, ...], Points, bool]
"""``Settlement`` as ``[seat, columns, payer, payee, base, multipliers, amount, captured]``."""


class TienGowWireResult(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``DealResult``, field for field; each settlement a ``WireSettlement``."""

    columns: tuple[Count, ...]
    last_winner: Seat
    immediate: tuple[Points, ...]
    settlement: tuple[Points, ...]
    total: tuple[Points, ...]
    settlements: tuple[WireSettlement, ...]
    last_trick_bonus: str | None
    sweep: bool
    big_six_capture: bool


class TienGowWireView(WireView, frozen=True):
    """``TienGowView``, field for field: tiles as their text, plays as ``TrickMove``."""

    seat: Seat
    seat_kinds: tuple[str, str, str, str]
    round_number: Count
    phase: Phase
    to_act: Seat | None
    legal: tuple[TrickMove, ...]
    hand: tuple[TileText, ...]
    hand_sizes: tuple[Count, ...]
    banker: Seat
    leader: Seat
    trick_size: Count | None
    current: tuple[SeenWirePlay, ...]
    best_seat: Seat | None
    tricks: tuple[SeenWireTrick, ...]
    columns: tuple[Count, ...]
    immediate: tuple[Points, ...]
    totals: tuple[Points, ...]
    early_death: bool
    result: TienGowWireResult | None
    revealed_hands: tuple[tuple[TileText, ...], ...] | None


def view_type(name: str) -> type[TienGowWireView]:
    """The wire view of the game called ``name`` (tagged with it)."""
    return tagged(TienGowWireView, name)


def view_to_wire(view: TienGowView) -> TienGowWireView:
    """Every field of ``view`` as it goes on the wire; ``view_from_wire`` gives it back equal."""
    return view_type(view.game)(
        seat=view.seat,
        seat_kinds=view.seat_kinds,
        round_number=view.round_number,
        phase=view.phase,
        to_act=view.to_act,
        legal=tuple(move_of(p) for p in view.legal),
        hand=tile_texts(view.hand),
        hand_sizes=view.hand_sizes,
        banker=view.banker,
        leader=view.leader,
        trick_size=view.trick_size,
        current=tuple(_seen(p) for p in view.current),
        best_seat=view.best_seat,
        tricks=tuple(
            SeenWireTrick(t.leader, tuple(_seen(p) for p in t.plays), t.winner, t.columns, t.immediate, t.bonus)
            for t in view.tricks
        ),
        columns=view.columns,
        immediate=view.immediate,
        totals=view.totals,
        early_death=view.early_death,
        result=None if view.result is None else _result(view.result),
        revealed_hands=None if view.revealed_hands is None else tuple(tile_texts(h) for h in view.revealed_hands),
    )


def view_from_wire(wire: TienGowWireView, name: str) -> TienGowView:
    """The view of a wire view of the game called ``name``; MalformedRecord when it is
    another game's, or a play in it is not of Chinese tiles."""
    if game_of(wire) != name:
        raise MalformedRecord("not a Tien Gow view")
    result, revealed = wire.result, wire.revealed_hands
    try:
        legal = tuple(play_of(move) for move in wire.legal)
    except ValueError as error:
        raise MalformedRecord(f"not a Tien Gow view: {error}") from None
    return TienGowView(
        game=name,
        seat=wire.seat,
        seat_kinds=wire.seat_kinds,
        round_number=wire.round_number,
        phase=wire.phase,
        to_act=wire.to_act,
        legal=legal,
        hand=tiles_of(wire.hand),
        hand_sizes=wire.hand_sizes,
        banker=wire.banker,
        leader=wire.leader,
        trick_size=wire.trick_size,
        current=tuple(_from_seen(p) for p in wire.current),
        best_seat=wire.best_seat,
        tricks=tuple(
            SeenTrick(t.leader, tuple(_from_seen(p) for p in t.plays), t.winner, t.columns, t.immediate, t.bonus)
            for t in wire.tricks
        ),
        columns=wire.columns,
        immediate=wire.immediate,
        totals=wire.totals,
        early_death=wire.early_death,
        result=None if result is None else _from_result(result),
        revealed_hands=None if revealed is None else tuple(tiles_of(hand) for hand in revealed),
    )


def _seen(play: SeenPlay) -> SeenWirePlay:
    return SeenWirePlay(play.seat, None if play.tiles is None else tile_texts(play.tiles), play.count, play.face_down)


def _from_seen(play: SeenWirePlay) -> SeenPlay:
    return SeenPlay(play.seat, None if play.tiles is None else tiles_of(play.tiles), play.count, play.face_down)


def _result(result: DealResult) -> TienGowWireResult:
    return TienGowWireResult(
        columns=result.columns,
        last_winner=result.last_winner,
        immediate=result.immediate,
        settlement=result.settlement,
        total=result.total,
        settlements=tuple(
            (s.seat, s.columns, s.payer, s.payee, s.base, s.multipliers, s.amount, s.captured)
            for s in result.settlements
        ),
        last_trick_bonus=result.last_trick_bonus,
        sweep=result.sweep,
        big_six_capture=result.big_six_capture,
    )


def _from_result(wire: TienGowWireResult) -> DealResult:
    return DealResult(
        columns=wire.columns,
        last_winner=wire.last_winner,
        immediate=wire.immediate,
        settlement=wire.settlement,
        total=wire.total,
        settlements=tuple(Settlement(*entry) for entry in wire.settlements),
        last_trick_bonus=wire.last_trick_bonus,
        sweep=wire.sweep,
        big_six_capture=wire.big_six_capture,
    )
