"""What a round's outcome is worth in the match: the chance of winning the match after it.

Both tables assume evenly matched teams from the next round on (a tie in 6 % of
rounds; in Dékabès, a Dékabès in 12 % of won rounds). They turn the rules of the
score into the incentives of one round: in Chiva a broken streak, in Dékabès the
base, the bonus and a losing team's score returning to 0.
"""

from __future__ import annotations

from functools import cache

from game.blocks.ai.playout import LOSS, LOSS_DEKABES, TIE, WIN, WIN_DEKABES
from game.blocks.chiva import STREAK_TO_WIN, streaks_after
from game.blocks.dekabes import POINTS_TO_WIN
from game.blocks.rules import BlockRules

TIE_RATE = 0.06
DEKABES_RATE = 0.12
_SWEEPS = 200


@cache
def _chiva_table() -> dict[tuple[int, int], float]:
    states = [(a, 0) for a in range(STREAK_TO_WIN)] + [(0, b) for b in range(1, STREAK_TO_WIN)]
    table = dict.fromkeys(states, 0.5)

    def value(state: tuple[int, int]) -> float:
        if state[0] >= STREAK_TO_WIN:
            return 1.0
        if state[1] >= STREAK_TO_WIN:
            return 0.0
        return table[state]

    for _ in range(_SWEEPS):
        for s in states:
            table[s] = (value(streaks_after(s, "A")) + value(streaks_after(s, "B"))) / 2
    return table


def _chiva_value(state: tuple[int, int]) -> float:
    if state[0] >= STREAK_TO_WIN:
        return 1.0
    if state[1] >= STREAK_TO_WIN:
        return 0.0
    return _chiva_table()[state]


@cache
def _dekabes_table() -> dict[tuple[int, int, int], float]:
    states = [
        (a, b, base) for a in range(POINTS_TO_WIN) for b in range(POINTS_TO_WIN) for base in (1, 2) if a == 0 or b == 0
    ]
    table = dict.fromkeys(states, 0.5)

    def value(a: int, b: int, base: int) -> float:
        if a >= POINTS_TO_WIN:
            return 1.0
        if b >= POINTS_TO_WIN:
            return 0.0
        return table[(a, b, base)]

    win = (1 - TIE_RATE) / 2
    for _ in range(_SWEEPS):
        for a, b, base in states:
            gains = ((1 - DEKABES_RATE, base), (DEKABES_RATE, 2 * base))
            table[(a, b, base)] = sum(
                win * share * (value(a + g, 0, 1) + value(0, b + g, 1)) for share, g in gains
            ) + TIE_RATE * value(a, b, 2)
    return table


def _dekabes_value(a: int, b: int, base: int) -> float:
    if a >= POINTS_TO_WIN:
        return 1.0
    if b >= POINTS_TO_WIN:
        return 0.0
    return _dekabes_table()[(a, b, base)]


def outcome_values(rules: BlockRules, mine: int, theirs: int, base: int) -> tuple[float, ...]:
    """The match-winning chance after each round outcome (indexed by WIN ... TIE), for a team
    whose score is ``mine`` against ``theirs``: points with a base and a bonus where the rules
    pay a bonus for both ends, streaks otherwise."""
    values = [0.0] * 5
    if rules.both_ends_bonus:
        values[WIN] = _dekabes_value(mine + base, 0, 1)
        values[WIN_DEKABES] = _dekabes_value(mine + 2 * base, 0, 1)
        values[LOSS] = _dekabes_value(0, theirs + base, 1)
        values[LOSS_DEKABES] = _dekabes_value(0, theirs + 2 * base, 1)
        values[TIE] = _dekabes_value(mine, theirs, 2)
    else:
        values[WIN] = values[WIN_DEKABES] = _chiva_value(streaks_after((mine, theirs), "A"))
        values[LOSS] = values[LOSS_DEKABES] = _chiva_value(streaks_after((mine, theirs), "B"))
        values[TIE] = _chiva_value((mine, theirs))
    return tuple(values)
