"""What one seat may see: the only input of computer players and hints."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.blocks.line import Line, Placed
from game.blocks.moves import BlockDecision, Pass, Play
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


def preview(view: BlockView, decision: BlockDecision) -> BlockView:
    """The seat's own ``decision`` laid on its own view, before anyone answers: a play leaves
    the hand for the line. Nothing but ``view`` is read, so a device computes it alone; who
    acts next is not known from one seat's view, so the preview has no one to act."""
    shown = replace(view, to_act=None, legal=())
    if isinstance(decision, (Play, Pass)):
        shown = replace(shown, turns=(*view.turns, Turn(view.seat, decision, view.ends)))
    if not isinstance(decision, Play):
        return shown
    line = Line()
    line.tiles = list(view.line)
    if view.ends is not None:
        line.left, line.right = view.ends
    line.place(decision.tile, decision.end)
    counts = list(view.tile_counts)
    counts[view.seat - 1] -= 1
    return replace(
        shown,
        hand=tuple(t for t in view.hand if t != decision.tile),
        tile_counts=(counts[0], counts[1], counts[2], counts[3]),
        line=tuple(line.tiles),
        ends=line.ends,
    )
