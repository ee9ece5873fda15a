"""The Chiva and Dékabès computer player: determinized Monte Carlo over its own view.

For a play, the player deals the hidden tiles many times at random, each deal
consistent with the tile counts and with every pass seen (``sampling``), keeping the
deals that best explain the other seats' earlier plays (``inference``). It tries
every legal play on every kept deal and lets a quick policy finish the round
(``playout``); in those finishes the opponents mostly play a random fitting tile, so
the player never counts on an opponent playing as it would itself. Each finish is
valued by the chance of winning the match after it (``equity``): winning the round in
Chiva, the points with the base and part of the Dékabès bonus in Dékabès. The play
with the best average wins; the same deals serve every candidate, so luck cancels
between them. Among plays that do about as well, it takes the one its partner's model
expects, so that its partner can read its hand. The Dékabès representative compares
the two openers the same way; a deal is always thrown in when the rules allow.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass, replace
from itertools import accumulate
from typing import Iterable, Sequence

from ..moves import ACCEPT, THROW_IN, BlockDecision, End, Play
from ..phases import Phase
from ..view import BlockView
from .bits import BIT, HIGH, LOW, NUMBER
from .equity import outcome_values
from .inference import Model, PlayEvidence, scores
from .knowledge import Knowledge
from .playout import LOSS, LOSS_DEKABES, WIN, WIN_DEKABES, block_outcome, domino_outcome, lead, play_out

THOUGHTFUL = Model(0.14, 1.13, 0.72, 0.39)
CASUAL = Model(0.1, 0.3, 0.1, 0.1)

# The share of a Dékabès bonus's worth in the match that the player counts. The quick
# play-outs neither steer towards a Dékabès finish nor guard against one, so their count
# of such finishes is rough: counted in full, the player gave up plain wins for bonuses
# and gained no match-winning chance by it (against a random pair, 1,600 rounds each:
# 0.5334 per round in full, 0.5346 at a quarter, 0.5326 ignoring the bonus, alike within
# the noise; 78.4 %, 81.0 % and 81.6 % of decided rounds won). At a quarter it still aims
# for the finish when it comes cheap: 269 Dékabès finishes against 293 and 218.
BONUS_COUNTED = 0.25


@dataclass(frozen=True, slots=True)
class Level:
    """How hard one level thinks: play-outs per decision and the policy they use."""

    name: str
    playouts: int                       # shared among the candidates
    min_deals: int
    max_deals: int
    weights: tuple[int, int, int]       # play-out policy: per pip, per double, per tile kept playable
    wildness: tuple[float, float]       # play-out policy: chance of a random fitting tile instead,
                                        # for this team and for the other
    pool: int                           # deals drawn per deal played out, to pick the plausible ones
    leeway: float                       # plays this close to the best in win share count as equal,
                                        # and the one a partner would expect is taken
    partner: Model                      # how the partner is taken to choose its plays
    opponent: Model                     # the same for the opponents
    slip: float                         # chance of taking a random legal decision instead


LEVEL_SETTINGS = {
    "easy": Level("easy", 40, 6, 12, (1, 0, 0), (0.0, 0.0), 1, 0.0, THOUGHTFUL, CASUAL, 0.2),
    "normal": Level("normal", 600, 48, 200, (1, 3, 2), (0.3, 0.9), 4, 0.04, THOUGHTFUL, CASUAL, 0.0),
    "hard": Level("hard", 6000, 300, 1500, (1, 3, 2), (0.3, 0.9), 6, 0.04, THOUGHTFUL, CASUAL, 0.0),
}


@dataclass(frozen=True, slots=True)
class Analysis:
    """A decision and what it rests on: the candidates weighed, how often each outcome
    (WIN ... TIE) followed each of them over the trial deals, and what the player counts
    each outcome worth (the chance of winning the match after it, with ``BONUS_COUNTED``
    of a Dékabès bonus). Nothing was weighed when the decision was forced or slipped."""

    decision: BlockDecision
    candidates: tuple[BlockDecision, ...] = ()
    tallies: tuple[tuple[int, ...], ...] = ()
    values: tuple[float, ...] = ()
    slipped: bool = False

    def value(self, index: int) -> float:
        """The mean worth the player counts after candidate ``index``."""
        tally = self.tallies[index]
        return sum(n * v for n, v in zip(tally, self.values)) / sum(tally)

    def win_share(self, index: int) -> float:
        """The share of trial deals in which the team won the round after candidate ``index``."""
        tally = self.tallies[index]
        return (tally[WIN] + tally[WIN_DEKABES]) / sum(tally)


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
    candidates = candidates_of(view)
    count = max(level.min_deals, min(level.max_deals, level.playouts // len(candidates)))
    return weigh(view, know, candidates, plausible_deals(know, view, level, count, rng), level, rng)


def candidates_of(view: BlockView) -> tuple[BlockDecision, ...]:
    """The decisions worth weighing: the legal ones, keeping one of two plays that
    lead to the same line ends."""
    legal, ends = view.legal, view.ends
    if view.phase is not Phase.PLAYING or ends is None or ends[0] != ends[1]:
        return tuple(legal)
    return tuple(m for m in legal if not (isinstance(m, Play) and m.end is End.RIGHT
                                          and Play(m.tile, End.LEFT) in legal))


def weigh(view: BlockView, know: Knowledge, candidates: Sequence[BlockDecision], deals: Sequence[list[int]],
          level: Level, rng: random.Random) -> Analysis:
    """Try every candidate on every deal (four hand masks each) and pick the best."""
    mine, theirs = view.score if know.team == 0 else view.score[::-1]
    values = _counting_bonus(outcome_values(view.game, mine, theirs, view.base))
    dekabes = view.game == "dekabes"
    wildness = tuple(level.wildness[0] if s & 1 == know.team else level.wildness[1] for s in range(4))
    if view.phase is Phase.CHOOSING:
        tallies = opener_tallies(know, [c.seat - 1 for c in candidates], deals, dekabes, level.weights, wildness, rng)
    else:
        tallies = play_tallies(know, candidates, deals, dekabes, level.weights, wildness, rng)
    analysis = Analysis(candidates[0], tuple(candidates), tuple(tuple(t) for t in tallies), values)
    best = max(range(len(candidates)), key=lambda i: (analysis.value(i), -i))
    if level.leeway and know.left >= 0:
        best = _expected_among_best(know, analysis, best, level)
    return replace(analysis, decision=candidates[best])


def _counting_bonus(values: tuple[float, ...]) -> tuple[float, ...]:
    """``values`` with only ``BONUS_COUNTED`` of each Dékabès bonus's worth kept."""
    counted = list(values)
    counted[WIN_DEKABES] = values[WIN] + BONUS_COUNTED * (values[WIN_DEKABES] - values[WIN])
    counted[LOSS_DEKABES] = values[LOSS] + BONUS_COUNTED * (values[LOSS_DEKABES] - values[LOSS])
    return tuple(counted)


def _expected_among_best(know: Knowledge, analysis: Analysis, best: int, level: Level) -> int:
    """Among the plays within ``level.leeway`` of the best, the one the partner model rates highest."""
    spread = analysis.values[WIN] - analysis.values[LOSS]
    if spread <= 0:
        return best
    floor = analysis.value(best) - level.leeway * spread
    rated = {play: score for play, score in scores(level.partner, know.hand, know.left, know.right)}
    close = [i for i in range(len(analysis.candidates)) if analysis.value(i) >= floor]
    return max(close, key=lambda i: (rated.get(_placement(know, analysis.candidates[i]), 0.0), analysis.value(i), -i))


def _placement(know: Knowledge, play: Play) -> tuple[int, int, int]:
    """A play as (tile bit, new left, new right)."""
    tile = play.tile
    if play.end is End.LEFT:
        return BIT[tile], tile.other(know.left), know.right
    return BIT[tile], know.left, tile.other(know.right)


def plausible_deals(know: Knowledge, view: BlockView, level: Level, count: int,
                    rng: random.Random) -> list[list[int]]:
    """``count`` deals of the hidden tiles, drawn from ``level.pool`` times as many by their
    plausibility given the other seats' past plays."""
    sampler = know.deals()
    if level.pool <= 1 or not view.turns:
        return [sampler.draw(rng) for _ in range(count)]
    evidence = PlayEvidence(know.me, view.turns, level.partner, level.opponent)
    pool = [sampler.draw(rng) for _ in range(count * level.pool)]
    weights = list(accumulate(evidence.likelihood(hands) for hands in pool))
    if weights[-1] <= 0:
        return pool[:count]
    step = weights[-1] / count
    offset = rng.random() * step
    last = len(pool) - 1
    return [pool[min(last, bisect_right(weights, offset + k * step))] for k in range(count)]


def play_tallies(know: Knowledge, plays: Sequence[Play], deals: Iterable[list[int]], dekabes: bool,
                 weights: tuple[int, int, int], wildness: Sequence[float], rng: random.Random) -> list[list[int]]:
    """Outcome counts of each play over ``deals``."""
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
    tallies = [[0] * 5 for _ in plays]
    after = (me + 1) & 3
    for hands in deals:
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        for tally, (bit, new_left, new_right, fits_both) in zip(tallies, moves):
            trial = list(hands)
            trial[me] ^= bit
            if not trial[me]:
                outcome = domino_outcome(me, fits_both, team, dekabes)
            elif not (rest ^ bit) & (NUMBER[new_left] | NUMBER[new_right]):
                outcome = block_outcome(trial, team, dekabes)
            else:
                outcome = play_out(trial, new_left, new_right, after, team, dekabes, weights, wildness, rng)
            tally[outcome] += 1
    return tallies


def opener_tallies(know: Knowledge, openers: Sequence[int], deals: Iterable[list[int]], dekabes: bool,
                   weights: tuple[int, int, int], wildness: Sequence[float], rng: random.Random) -> list[list[int]]:
    """Outcome counts of letting each of ``openers`` (0-based) lead, over ``deals``."""
    tallies = [[0] * 5 for _ in openers]
    for hands in deals:
        for tally, opener in zip(tallies, openers):
            trial = list(hands)
            bit = lead(trial[opener], weights)
            trial[opener] ^= bit
            i = bit.bit_length() - 1
            tally[play_out(trial, LOW[i], HIGH[i], (opener + 1) & 3, know.team, dekabes, weights, wildness, rng)] += 1
    return tallies
