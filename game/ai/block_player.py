"""The Chiva and Dékabès computer player: determinized Monte Carlo over its own view.

For a play, the player deals the hidden tiles many times at random, each deal
consistent with the tile counts and with every pass seen (``sampling``), then tries
every legal play on every deal and lets a quick policy finish the round
(``playout``). Each finish is valued by the chance of winning the match after it
(``equity``): winning the round in Chiva, the points with the base and the Dékabès
bonus in Dékabès. The play with the best average wins; the same deals serve every
candidate, so luck cancels between them. The Dékabès representative compares the two
openers the same way; a deal is always thrown in when the rules allow.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..moves import ACCEPT, THROW_IN, BlockDecision, Choose, End, Play
from ..phases import Phase
from ..view import BlockView
from .bits import BIT, HIGH, LOW, NUMBER
from .equity import outcome_values
from .knowledge import Knowledge
from .playout import block_outcome, domino_outcome, lead, play_out


@dataclass(frozen=True, slots=True)
class Level:
    """How hard one level thinks: play-outs per decision and the policy they use."""

    name: str
    playouts: int                       # shared among the candidates
    min_deals: int
    max_deals: int
    weights: tuple[int, int, int]       # play-out policy: per pip, per double, per tile kept playable
    wildness: float                     # play-out policy: chance of a random fitting tile instead
    slip: float                         # chance of taking a random legal decision instead


LEVEL_SETTINGS = {
    "easy": Level("easy", 40, 6, 12, (1, 0, 0), 0.0, 0.2),
    "normal": Level("normal", 480, 48, 160, (1, 3, 2), 0.5, 0.0),
    "hard": Level("hard", 4000, 200, 1200, (1, 3, 2), 0.5, 0.0),
}


@dataclass(frozen=True, slots=True)
class Analysis:
    """A decision and what it rests on: the candidates weighed, their mean match-winning
    chance, and how many deals were tried (no candidates when the decision was forced)."""

    decision: BlockDecision
    candidates: tuple[BlockDecision, ...] = ()
    values: tuple[float, ...] = ()
    deals: int = 0
    slipped: bool = False


def analyse(view: BlockView, level: Level, rng: random.Random) -> Analysis:
    """The decision of the seat of ``view``, which must be the seat to act."""
    legal = view.legal
    if view.phase is Phase.ACCEPTING:
        return Analysis(THROW_IN if THROW_IN in legal else ACCEPT)
    if len(legal) == 1:
        return Analysis(legal[0])
    if level.slip and rng.random() < level.slip:
        return Analysis(rng.choice(legal), slipped=True)
    know = Knowledge.of(view)
    mine, theirs = view.score if know.team == 0 else view.score[::-1]
    values = outcome_values(view.game, mine, theirs, view.base)
    dekabes = view.game == "dekabes"
    candidates = tuple(legal) if view.phase is Phase.CHOOSING else _distinct_plays(legal, view.ends)
    count = max(level.min_deals, min(level.max_deals, level.playouts // len(candidates)))
    sampler = know.deals()
    deals = (sampler.draw(rng) for _ in range(count))
    if view.phase is Phase.CHOOSING:
        totals = opener_totals(know, [c.seat - 1 for c in candidates], deals, values, dekabes, level, rng)
    else:
        totals = play_totals(know, candidates, deals, values, dekabes, level, rng)
    means = tuple(t / count for t in totals)
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    return Analysis(candidates[best], candidates, means, count)


def _distinct_plays(legal: Sequence[BlockDecision], ends: tuple[int, int] | None) -> tuple[BlockDecision, ...]:
    """The legal plays, keeping one of two that lead to the same line ends."""
    if ends is None or ends[0] != ends[1]:
        return tuple(legal)
    return tuple(m for m in legal if not (isinstance(m, Play) and m.end is End.RIGHT
                                          and Play(m.tile, End.LEFT) in legal))


def play_totals(know: Knowledge, plays: Sequence[Play], deals: Iterable[list[int]], values: Sequence[float],
                dekabes: bool, level: Level, rng: random.Random) -> list[float]:
    """Summed outcome values of each play over ``deals`` (four hand masks each)."""
    me, team, left, right = know.me, know.team, know.left, know.right
    moves = []
    for play in plays:
        bit, tile = BIT[play.tile], play.tile
        if left < 0:
            moves.append((bit, tile.low, tile.high, False))
        elif play.end is End.LEFT:
            moves.append((bit, tile.other(left), right, not tile.is_double and tile.has(right)))
        else:
            moves.append((bit, left, tile.other(right), not tile.is_double and tile.has(left)))
    weights, wildness = level.weights, level.wildness
    totals = [0.0] * len(plays)
    nxt = (me + 1) & 3
    for hands in deals:
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        for k, (bit, new_left, new_right, fits_both) in enumerate(moves):
            trial = list(hands)
            trial[me] ^= bit
            if not trial[me]:
                outcome = domino_outcome(me, fits_both, team, dekabes)
            elif not (rest ^ bit) & (NUMBER[new_left] | NUMBER[new_right]):
                outcome = block_outcome(trial, team, dekabes)
            else:
                outcome = play_out(trial, new_left, new_right, nxt, team, dekabes, weights, wildness, rng)
            totals[k] += values[outcome]
    return totals


def opener_totals(know: Knowledge, openers: Sequence[int], deals: Iterable[list[int]], values: Sequence[float],
                  dekabes: bool, level: Level, rng: random.Random) -> list[float]:
    """Summed outcome values of letting each of ``openers`` (0-based) lead, over ``deals``."""
    totals = [0.0] * len(openers)
    for hands in deals:
        for k, opener in enumerate(openers):
            trial = list(hands)
            bit = lead(trial[opener], level.weights)
            trial[opener] ^= bit
            i = bit.bit_length() - 1
            totals[k] += values[play_out(trial, LOW[i], HIGH[i], (opener + 1) & 3, know.team, dekabes,
                                         level.weights, level.wildness, rng)]
    return totals


def choose_seat(decision: BlockDecision) -> int | None:
    """The seat named by a Choose decision (None for any other)."""
    return decision.seat if isinstance(decision, Choose) else None
