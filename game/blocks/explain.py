"""Why a Chiva or Dékabès round ended as it did, by which rule: what the summary, the
"why" screen and the guided deal say. Facts only (seats, teams, pips, rule numbers);
the client turns them into sentences."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.blocks.dekabes import block_winner
from game.blocks.play import Termination
from game.blocks.result import OpeningKind, RoundResult, RoundStart
from game.blocks.rules import BlockRules


class ScoreChange(str, Enum):
    """What the round did to the score."""

    STREAK_ADDED = "streak_added"  # Chiva rule 7
    STREAK_BROKEN = "streak_broken"  # Chiva rule 8: both teams back to 0
    POINTS_ADDED = "points_added"  # Dékabès rule 7
    POINTS_RESET = "points_reset"  # Dékabès rule 7: the winners add, the losers' score returns to 0
    UNCHANGED = "unchanged"  # a tie (Chiva rule 4, Dékabès rule 4)


@dataclass(frozen=True, slots=True)
class RoundStory:
    """The facts that explain a finished round.

    ``ends`` are the open numbers when the round ended (for a block, nobody held a tile
    showing either). ``team_pips`` are the teams' totals (A, B), ``lowest`` the fewest pips
    in one hand and ``lowest_seats`` who held it. ``rule`` names the rule that decided the
    round ("chiva.2", "dekabes.3", "blocks.5" for a plain Dékabès domino...) and
    ``deciding_seat`` the seat that won it for its team: who dominoed, or in a Dékabès
    block who held the fewest pips (None otherwise).
    ``next_seat`` is the next opener (or the representative who chooses when ``next_kind``
    is CHOOSE); None when 6-6 opens or the match is over.
    """

    termination: Termination
    winner: str | None
    domino_seat: int | None
    dekabes: bool
    ends: tuple[int, int]
    pips: tuple[int, int, int, int]
    team_pips: tuple[int, int]
    lowest: int
    lowest_seats: tuple[int, ...]
    rule: str
    deciding_seat: int | None
    score_before: tuple[int, int]
    score_after: tuple[int, int]
    change: ScoreChange
    points: int
    base_before: int
    base_after: int
    next_kind: OpeningKind | None
    next_seat: int | None
    match_winner: str | None


def round_story(rules: BlockRules, start: RoundStart, result: RoundResult, ends: tuple[int, int]) -> RoundStory:
    """The story of a round that started from ``start`` and ended with ``result`` on a line
    whose open numbers were ``ends``."""
    pips = result.pips
    team_pips = (pips[0] + pips[2], pips[1] + pips[3])
    lowest = min(pips)
    lowest_seats = tuple(seat for seat in range(1, 5) if pips[seat - 1] == lowest)
    if result.termination is Termination.DOMINO:
        rule = "dekabes.6" if result.dekabes else rules.domino_rule
    elif result.winner is None:
        rule = f"{rules.name}.4"
    else:
        rule = f"{rules.name}.3"
    deciding_seat = result.domino_seat
    if result.termination is Termination.BLOCK and rules.block_to_lightest_hand and result.winner is not None:
        deciding_seat = block_winner(pips)
    next_kind = None if result.match_winner else result.next_opening.kind
    next_seat = None if result.match_winner else result.next_opening.seat
    return RoundStory(
        termination=result.termination,
        winner=result.winner,
        domino_seat=result.domino_seat,
        dekabes=result.dekabes,
        ends=ends,
        pips=pips,
        team_pips=team_pips,
        lowest=lowest,
        lowest_seats=lowest_seats,
        rule=rule,
        deciding_seat=deciding_seat,
        score_before=start.score,
        score_after=result.score_after,
        change=_change(start.score, result, rules.scores_points),
        points=result.points,
        base_before=start.base,
        base_after=result.base_after,
        next_kind=next_kind,
        next_seat=next_seat,
        match_winner=result.match_winner,
    )


def _change(before: tuple[int, int], result: RoundResult, scores_points: bool) -> ScoreChange:
    if result.winner is None:
        return ScoreChange.UNCHANGED
    loser_had = before[1] if result.winner == "A" else before[0]
    if scores_points:
        return ScoreChange.POINTS_RESET if loser_had else ScoreChange.POINTS_ADDED
    return ScoreChange.STREAK_BROKEN if loser_had else ScoreChange.STREAK_ADDED
