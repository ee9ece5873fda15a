"""Dékabès (championship rules): five-double redeals, the representative, base and bonus."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.blocks.play import PlayEnd, Termination, team_of
from game.blocks.result import OPEN_WITH_DOUBLE_SIX, Opening, OpeningKind, RoundResult, RoundStart
from game.core.tiles import Tile

POINTS_TO_WIN = 4
DOUBLES_TO_THROW_IN = 5


@dataclass(frozen=True)
class DekabesRules:
    """The Dékabès championship rules of RULES.md, rule by rule."""

    name: str = "dekabes"
    accepts_deals: bool = True  # each seat accepts the deal or throws it in (rule 1)
    both_ends_bonus: bool = True  # a last tile fitting both ends, not a double, is a Dékabès (rule 6)
    block_to_lightest_hand: bool = True  # a block goes to the seat with the fewest pips (rule 3)
    scores_points: bool = True  # a won round adds its worth on a base in points (rules 5 and 7)
    domino_rule: str = "blocks.5"  # the rule a plain domino ends the round by (a Dékabès: rule 6)

    def may_throw_in(self, hand: Sequence[Tile]) -> bool:
        """Rule 1: five or more doubles allow throwing the deal in."""
        return may_throw_in(hand)

    def first_start(self) -> RoundStart:
        """Rule 2: the first round of a match opens with 6-6."""
        return RoundStart(1, (0, 0), 1, OPEN_WITH_DOUBLE_SIX)

    def score(self, start: RoundStart, end: PlayEnd, opener: int) -> RoundResult:
        pips = end.pips
        dekabes = False
        if end.termination is Termination.DOMINO:
            representative: int | None = end.seat
            dekabes = end.fits_both  # rule 6
        else:
            representative = block_winner(pips)  # rule 3
        if representative is None:  # rule 4: a tie
            return RoundResult(
                termination=end.termination,
                winner=None,
                pips=pips,
                domino_seat=end.seat,
                points=0,
                base_after=2,
                score_after=start.score,
                next_opening=Opening(OpeningKind.CHOOSE, opener),
                match_winner=None,
            )
        winner = team_of(representative)
        points = start.base * (2 if dekabes else 1)  # rules 5 and 6
        score = (start.score[0] + points, 0) if winner == "A" else (0, start.score[1] + points)  # rule 7
        match_winner = winner if max(score) >= POINTS_TO_WIN else None  # rule 8
        return RoundResult(
            termination=end.termination,
            winner=winner,
            pips=pips,
            domino_seat=end.seat,
            dekabes=dekabes,
            points=points,
            base_after=1,
            score_after=score,
            next_opening=Opening(OpeningKind.CHOOSE, representative),
            match_winner=match_winner,
        )

    def next_start(self, start: RoundStart, result: RoundResult) -> RoundStart:
        return RoundStart(start.number + 1, result.score_after, result.base_after, result.next_opening)


def block_winner(pips: Sequence[int]) -> int | None:
    """The seat that wins a block for its team (lowest pips, lower seat among partners), or None on a tie."""
    least = min(pips)
    holders = [seat for seat in range(1, 5) if pips[seat - 1] == least]
    if len({team_of(s) for s in holders}) > 1:
        return None
    return holders[0]


def may_throw_in(hand: Sequence[Tile]) -> bool:
    """Rule 1: five or more doubles allow throwing the deal in."""
    return sum(1 for t in hand if t.low == t.high) >= DOUBLES_TO_THROW_IN
