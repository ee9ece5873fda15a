"""What one seat may see: the only input of computer players and hints."""

from __future__ import annotations

from dataclasses import dataclass

from game.blocks.line import Placed
from game.blocks.moves import BlockDecision
from game.blocks.play import Turn
from game.blocks.result import RoundResult
from game.blocks.rules import BlockRules
from game.core.phases import Phase
from game.core.tiles import Tile


@dataclass(frozen=True, slots=True)
class BlockView:
    """One seat's view of a Chiva or Dékabès match: its own hand and public information only."""

    game: str
    rules: BlockRules  # the game's rules (public: everyone plays by them)
    seat: int
    seat_kinds: tuple[str, str, str, str]
    round_number: int
    phase: Phase
    to_act: int | None
    legal: tuple[BlockDecision, ...]  # this seat's legal decisions when it is to act
    hand: tuple[Tile, ...]
    tile_counts: tuple[int, int, int, int]
    line: tuple[Placed, ...]
    ends: tuple[int, int] | None
    turns: tuple[Turn, ...]
    passed_on: tuple[frozenset[int], ...]  # per seat: open numbers it passed on, so holds none of
    score: tuple[int, int]  # Chiva: streaks; Dékabès: points (team A, team B)
    base: int
    accepted: tuple[int, ...]  # Dékabès: seats that accepted the deal being looked at
    thrown_in_by: tuple[int, ...]  # Dékabès: seats that threw a deal of this round in
    may_throw_in: bool
    chooser: int | None
    opener: int | None
    result: RoundResult | None
    revealed_hands: tuple[tuple[Tile, ...], ...] | None  # all four, only once the round has ended
    match_winner: str | None

    @property
    def partner(self) -> int:
        return (self.seat + 1) % 4 + 1
