"""Chiva: only consecutive wins count; a broken streak returns both teams to zero."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.blocks.play import PlayEnd, Termination, team_of
from game.blocks.result import OPEN_WITH_DOUBLE_SIX, Opening, OpeningKind, RoundResult, RoundStart
from game.core.tiles import Tile

STREAK_TO_WIN = 4


@dataclass(frozen=True)
class ChivaRules:
    """The Chiva rules of RULES.md, rule by rule."""

    name: str = "chiva"
    accepts_deals: bool = False  # no deal is ever thrown in (rule 9)
    both_ends_bonus: bool = False  # a domino is one win whatever it fits: no bonus (rule 6)
    block_to_lightest_hand: bool = False  # a block goes to the team with fewer pips (rule 3)
    scores_points: bool = False  # a won round adds one to a streak, not points on a base (rule 7)
    domino_rule: str = "chiva.2"  # the rule a domino wins by

    def may_throw_in(self, hand: Sequence[Tile]) -> bool:
        """Rule 9: five or more doubles do not cancel the deal."""
        return False

    def first_start(self) -> RoundStart:
        """Rule 1: the first round opens with 6-6."""
        return RoundStart(1, (0, 0), 1, OPEN_WITH_DOUBLE_SIX)

    def score(self, start: RoundStart, end: PlayEnd, opener: int) -> RoundResult:
        pips = end.pips
        if end.termination is Termination.DOMINO and end.seat is not None:
            winner: str | None = team_of(end.seat)  # rule 2
            next_opening = Opening(OpeningKind.SEAT, end.seat)
        else:
            team_a, team_b = pips[0] + pips[2], pips[1] + pips[3]  # rule 3
            winner = "A" if team_a < team_b else "B" if team_b < team_a else None
            if winner is None:
                next_opening = OPEN_WITH_DOUBLE_SIX  # rule 4
            else:
                seats = (1, 3) if winner == "A" else (2, 4)
                lighter = min(seats, key=lambda s: (pips[s - 1], s))
                next_opening = Opening(OpeningKind.SEAT, lighter)
        score = streaks_after(start.score, winner)
        match_winner = winner if winner is not None and max(score) >= STREAK_TO_WIN else None
        return RoundResult(
            termination=end.termination,
            winner=winner,
            pips=pips,
            domino_seat=end.seat,
            points=0,
            base_after=1,
            score_after=score,
            next_opening=next_opening,
            match_winner=match_winner,
        )

    def next_start(self, start: RoundStart, result: RoundResult) -> RoundStart:
        return RoundStart(start.number + 1, result.score_after, 1, result.next_opening)


def streaks_after(score: tuple[int, int], winner: str | None) -> tuple[int, int]:
    """Rules 7 and 8: add a win to a streak, or break the other team's streak."""
    a, b = score
    if winner == "A":
        return (a + 1, 0) if b == 0 else (0, 0)
    if winner == "B":
        return (0, b + 1) if a == 0 else (0, 0)
    return score
