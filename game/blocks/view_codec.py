"""A Chiva or Dékabès seat's view on the wire: ``BlockWireView`` is its one definition (a
msgspec struct, tagged with the game's name in ``game``), what a table across a network
sends each device (``GameSpec.view_to_wire``). It holds only what the view holds, and
gives it back equal (``view_from_wire``); msgspec checks it while it decodes."""

from __future__ import annotations

import msgspec

from game.blocks.codec import BlockMove, decision_of, move_of
from game.blocks.line import Placed
from game.blocks.moves import Pass, Play
from game.blocks.play import Termination, Turn
from game.blocks.result import Opening, OpeningKind, RoundResult
from game.blocks.rules import BlockRules
from game.blocks.view import BlockView
from game.core.errors import MalformedRecord
from game.core.phases import Phase
from game.core.tiles import Tile
from game.core.wire import Count, Points, Seat, TileText, WireView, game_of, tagged, text_of, tile_texts, tiles_of


class BlockWireResult(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``RoundResult``, field for field; ``next_opening`` is ``[kind, seat]``."""

    termination: Termination
    winner: str | None
    pips: tuple[Count, Count, Count, Count]
    domino_seat: Seat | None
    dekabes: bool
    points: Points
    base_after: Points
    score_after: tuple[Points, Points]
    next_opening: tuple[OpeningKind, Seat | None]
    match_winner: str | None


class BlockWireView(WireView, frozen=True):
    """``BlockView``, field for field but its rules (the game's name says them): tiles as
    their text, a tile on the line as ``[tile, left, right]``, a turn as ``[seat, move, ends]``,
    decisions as ``BlockMove``, each seat's ``passed_on`` numbers sorted."""

    seat: Seat
    seat_kinds: tuple[str, str, str, str]
    round_number: Count
    phase: Phase
    to_act: Seat | None
    legal: tuple[BlockMove, ...]
    hand: tuple[TileText, ...]
    tile_counts: tuple[Count, Count, Count, Count]
    line: tuple[tuple[TileText, Count, Count], ...]
    ends: tuple[Count, Count] | None
    turns: tuple[tuple[Seat, BlockMove, tuple[Count, Count] | None], ...]
    passed_on: tuple[tuple[Count, ...], ...]
    score: tuple[Points, Points]
    base: Points
    accepted: tuple[Seat, ...]
    thrown_in_by: tuple[Seat, ...]
    may_throw_in: bool
    chooser: Seat | None
    opener: Seat | None
    result: BlockWireResult | None
    revealed_hands: tuple[tuple[TileText, ...], ...] | None
    match_winner: str | None


def view_type(rules: BlockRules) -> type[BlockWireView]:
    """The wire view of the game played by ``rules`` (tagged with its name)."""
    return tagged(BlockWireView, rules.name)


def view_to_wire(view: BlockView) -> BlockWireView:
    """Every field of ``view`` as it goes on the wire; ``view_from_wire`` gives it back equal."""
    result = view.result
    return view_type(view.rules)(
        seat=view.seat,
        seat_kinds=view.seat_kinds,
        round_number=view.round_number,
        phase=view.phase,
        to_act=view.to_act,
        legal=tuple(move_of(d) for d in view.legal),
        hand=tile_texts(view.hand),
        tile_counts=view.tile_counts,
        line=tuple((text_of(p.tile), p.left, p.right) for p in view.line),
        ends=view.ends,
        turns=tuple((t.seat, move_of(t.move), t.ends) for t in view.turns),
        passed_on=tuple(tuple(sorted(p)) for p in view.passed_on),
        score=view.score,
        base=view.base,
        accepted=view.accepted,
        thrown_in_by=view.thrown_in_by,
        may_throw_in=view.may_throw_in,
        chooser=view.chooser,
        opener=view.opener,
        result=None if result is None else _result(result),
        revealed_hands=None if view.revealed_hands is None else tuple(tile_texts(h) for h in view.revealed_hands),
        match_winner=view.match_winner,
    )


def view_from_wire(wire: BlockWireView, rules: BlockRules) -> BlockView:
    """The view of a wire view of the game played by ``rules``; MalformedRecord when it is
    another game's, or a decision in it is none."""
    if game_of(wire) != rules.name:
        raise MalformedRecord(f"not a {rules.name} view")
    result, revealed = wire.result, wire.revealed_hands
    return BlockView(
        game=rules.name,
        rules=rules,
        seat=wire.seat,
        seat_kinds=wire.seat_kinds,
        round_number=wire.round_number,
        phase=wire.phase,
        to_act=wire.to_act,
        legal=tuple(decision_of(move) for move in wire.legal),
        hand=tiles_of(wire.hand),
        tile_counts=wire.tile_counts,
        line=tuple(Placed(Tile.from_str(tile), left, right) for tile, left, right in wire.line),
        ends=wire.ends,
        turns=tuple(_turn(seat, move, ends) for seat, move, ends in wire.turns),
        passed_on=tuple(frozenset(numbers) for numbers in wire.passed_on),
        score=wire.score,
        base=wire.base,
        accepted=wire.accepted,
        thrown_in_by=wire.thrown_in_by,
        may_throw_in=wire.may_throw_in,
        chooser=wire.chooser,
        opener=wire.opener,
        result=None if result is None else _from_result(result),
        revealed_hands=None if revealed is None else tuple(tiles_of(hand) for hand in revealed),
        match_winner=wire.match_winner,
    )


def _turn(seat: int, move: BlockMove, ends: tuple[int, int] | None) -> Turn:
    decision = decision_of(move)
    if not isinstance(decision, (Play, Pass)):
        raise MalformedRecord("a turn is a play or a pass")
    return Turn(seat, decision, ends)


def _result(result: RoundResult) -> BlockWireResult:
    opening = result.next_opening
    return BlockWireResult(
        termination=result.termination,
        winner=result.winner,
        pips=result.pips,
        domino_seat=result.domino_seat,
        dekabes=result.dekabes,
        points=result.points,
        base_after=result.base_after,
        score_after=result.score_after,
        next_opening=(opening.kind, opening.seat),
        match_winner=result.match_winner,
    )


def _from_result(wire: BlockWireResult) -> RoundResult:
    kind, seat = wire.next_opening
    return RoundResult(
        termination=wire.termination,
        winner=wire.winner,
        pips=wire.pips,
        domino_seat=wire.domino_seat,
        dekabes=wire.dekabes,
        points=wire.points,
        base_after=wire.base_after,
        score_after=wire.score_after,
        next_opening=Opening(kind, seat),
        match_winner=wire.match_winner,
    )
