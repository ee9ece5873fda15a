"""What one Tien Gow seat may see: face-down tiles of others stay hidden until the deal ends."""

from __future__ import annotations

from dataclasses import dataclass

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
