"""What one Tien Gow seat may see: face-down tiles of others stay hidden until the deal ends."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.phases import Phase
from game.core.tiles import Tile
from game.tiengow.deal import TrickPlay
from game.tiengow.payments import DealResult


@dataclass(frozen=True, slots=True)
class SeenPlay:
    """A play as this seat sees it: ``tiles`` is None for another seat's face-down play."""

    seat: int
    tiles: tuple[Tile, ...] | None
    count: int
    face_down: bool


@dataclass(frozen=True, slots=True)
class SeenTrick:
    """A finished trick as a seat sees it, and what it paid at once (``bonus``: SUPREME or
    QUARTET when rule 11 applied)."""

    leader: int
    plays: tuple[SeenPlay, ...]
    winner: int
    columns: int
    immediate: tuple[int, ...]
    bonus: str | None = None


@dataclass(frozen=True, slots=True)
class TienGowView:
    """One seat's view of a Tien Gow session: its own hand and public information only."""

    game: str
    seat: int
    seat_kinds: tuple[str, str, str, str]
    round_number: int
    phase: Phase
    to_act: int | None
    legal: tuple[TrickPlay, ...]  # this seat's legal plays when it is to act
    hand: tuple[Tile, ...]  # in the standard order
    hand_sizes: tuple[int, ...]
    banker: int
    leader: int
    trick_size: int | None
    current: tuple[SeenPlay, ...]  # the trick being played
    best_seat: int | None  # who holds the best face-up play of that trick
    tricks: tuple[SeenTrick, ...]
    columns: tuple[int, ...]
    immediate: tuple[int, ...]  # immediate payments so far this deal
    totals: tuple[int, ...]  # running totals before this deal
    early_death: bool  # this seat must play its last tile face down
    result: DealResult | None
    revealed_hands: tuple[tuple[Tile, ...], ...] | None  # the dealt hands, once the deal has ended


def preview(view: TienGowView, decision: TrickPlay) -> TienGowView:
    """The seat's own ``decision`` laid on its own view, before anyone answers: the tiles leave
    the hand for the trick being played (face down too: the seat sees its own tiles). Nothing
    but ``view`` is read, so a device computes it alone; the trick is not settled here."""
    hand = list(view.hand)
    for tile in decision.tiles:
        hand.remove(tile)
    sizes = list(view.hand_sizes)
    sizes[view.seat - 1] -= len(decision.tiles)
    play = SeenPlay(view.seat, decision.tiles, len(decision.tiles), decision.face_down)
    return replace(
        view,
        to_act=None,
        legal=(),
        hand=tuple(hand),
        hand_sizes=tuple(sizes),
        trick_size=len(decision.tiles) if view.trick_size is None else view.trick_size,
        current=(*view.current, play),
        early_death=False,
    )
