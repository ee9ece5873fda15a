"""The Chiva and Dékabès computer player: determinized Monte Carlo over its own view.

For a play, the player deals the hidden tiles many times at random, each deal
consistent with the tile counts and with every pass seen (``sampling``), and at hard
with the opponents' habit of shedding their heaviest fitting tile, for each
opponent while its plays bear the habit out (``Knowledge.shedders``: an opponent holds
no tile heavier than one it played that fitted then; ``Knowledge.heavy_first``, dropped
for an opponent whose plays no deal fits), keeping the deals that best explain the
other seats' earlier plays (``inference``, at hard only). It tries every legal play on every kept
deal and finishes the round from there. Early in the round a quick policy plays it out
(``playout``); at hard the opponents read that way follow the same habit
there (their heaviest fitting tile, or a random fitting tile three times in ten; the
others play a random fitting tile nine times in ten). At hard, once few tiles are
left (``Level.exact_tiles``), it solves each kept deal exactly instead (``search``): its own
team at its best with that deal's hands in view, the opponents read that way shedding
their heaviest fitting tile and the others at their best. (The figures below that
name normal were measured on the level then called normal, which is hard now.) Reading the opponents that
way in both finishes took normal from 80.0 % to 82.1 % of the decided Chiva rounds
against the greedy pair (2,000 duplicate deals, +0.049 ± 0.031 rounds won a deal); in
Dékabès it changed nothing measurable (80.6 % and 80.2 %). Against the version before
it (which reads no opponent that way when it finishes a deal) it wins 48.3 % of the
decided Chiva rounds (46.1-50.5 %, 1,000 deals; 47.6 % while every opponent was read
that way whatever it played). An exact search with the opponents at their best did no better
than the play-outs from 14 tiles left and worse from 20 (-0.087 ± 0.062 a deal on 300
deals); solving every deal from the first play with the opponents shedding heaviest
did worse too (81.1 % against 83.6 % from 14 tiles, 1,000 deals), and solving from 14,
18 or 20 tiles alike (82.1 %, 81.6 %, 82.0 %): it searches from 18, the cheapest. Each
finish is valued by the chance of winning the match after it (``equity``): winning the
round in Chiva, the points with the base and part of the Dékabès bonus in Dékabès (the
whole bonus in an exact search, which steers to it). The play with the best average
wins; the same deals serve every candidate, so luck cancels between them. While the
deals so far leave the best play in doubt (the loss to expect from choosing now is not
yet small), it deals more, so close choices get the time and clear ones do not: at hard
up to 1,500 play-outs and 800 searched deals a decision (600 and 300 before), which took
it from 81.5 % to 83.3 % of the decided Chiva rounds against the greedy pair and from
81.7 % to 83.1 % in Dékabès (1,000 duplicate deals each, +0.036 ± 0.038 and
+0.030 ± 0.038 rounds won a deal) for a p95 of about 40 ms instead of 20 ms; a tail of
2,000 and 1,000 did alike (83.4 %) at 55 ms, more deals at every decision (a smaller
``doubt``) cost the median its budget, and the same random numbers for every candidate's
play-outs on a deal changed nothing (+0.008 ± 0.039). A hard level that started as
normal did and went on longer while in doubt (up to 6,000 play-outs and 3,000 searched
deals) was not measurably stronger than it head to head (+0.057 ± 0.070 rounds a deal in
Chiva, -0.040 ± 0.080 in Dékabès), so those settings are hard now and the levels below it
are weaker by design, each a measured step below the one above (``LEVEL_SETTINGS``). Among
plays that do about as well, it takes the one its partner's model expects, so that its
partner can read its hand. The Dékabès representative compares the two openers the same
way; a deal is always thrown in when the rules allow.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import accumulate
from operator import mul, sub

from game.blocks.ai.bits import BIT, HIGH, LOW, NUMBER
from game.blocks.ai.equity import outcome_values
from game.blocks.ai.inference import Model, PlayEvidence, scores
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.playout import (
    LOSS,
    LOSS_DEKABES,
    WIN,
    WIN_DEKABES,
    Policy,
    block_outcome,
    domino_outcome,
    lead,
    play_out,
)
from game.blocks.ai.search import Solver
from game.blocks.moves import ACCEPT, THROW_IN, BlockDecision, Choose, End, Play
from game.blocks.view import BlockView
from game.core.phases import Phase

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
_HEAVIEST = (1, 0, 0)  # the weights of ``playout.choose`` that lead the heaviest tile


@dataclass(frozen=True, slots=True)
class Level:
    """How hard one level thinks: play-outs per decision and the policy they use."""

    name: str
    playouts: int  # first round of play-outs, shared among the candidates
    min_deals: int  # bounds of the first round's deals
    max_deals: int
    more_deals: int  # deals added at a time while the best play is in doubt
    most_playouts: int  # play-outs per decision, all rounds together
    doubt: float  # the expected loss of choosing now, as a share of the
    # win-loss spread, below which no deals are added
    weights: tuple[int, int, int]  # play-out policy: per pip, per double, per tile kept playable
    wildness: tuple[float, float, float]  # play-out policy: chance of a random fitting tile
    # instead, for this team, for an opponent read as shedding its heaviest, for another
    pool: int  # deals drawn per deal played out, to pick the plausible ones
    leeway: float  # plays this close to the best in win share count as equal,
    # and the one a partner would expect is taken
    partner: Model  # how the partner is taken to choose its plays
    opponent: Model  # the same for the opponents
    slip: float  # chance of taking a random legal decision instead
    exact_tiles: int = 0  # search each deal exactly once at most this many tiles are in hands
    searched: int = 0  # deals searched first, when searching
    most_searched: int = 0  # deals times candidates searched per decision, all rounds together
    search_limit: int = 0  # positions one deal's search may meet before it is played out instead
    heavy_first: bool = False  # deal as if the opponents whose plays bear it out played their heaviest
    # fitting tile, while deals allow it
    heavy_playouts: bool = False  # in play-outs those opponents shed their heaviest fitting tile (else ``weights``)
    heavy_search: bool = False  # the exact search has them shed their heaviest fitting tile (else play their best)


HARD = Level(
    "hard",
    playouts=300,
    min_deals=40,
    max_deals=100,
    more_deals=48,
    most_playouts=1500,
    doubt=0.0025,
    weights=(1, 3, 2),
    wildness=(0.3, 0.3, 0.9),
    pool=12,
    leeway=0.04,
    partner=THOUGHTFUL,
    opponent=CASUAL,
    slip=0.0,
    exact_tiles=18,
    searched=48,
    most_searched=800,
    search_limit=3000,
    heavy_first=True,
    heavy_playouts=True,
    heavy_search=True,
)

NORMAL = replace(
    HARD,
    name="normal",
    more_deals=0,
    most_playouts=300,
    pool=1,
    exact_tiles=0,
    searched=0,
    most_searched=0,
    search_limit=0,
    heavy_first=False,
    heavy_playouts=False,
    heavy_search=False,
)
"""Normal weighs its plays on 300 play-outs at most, on deals drawn as the counts and passes
allow (no reading of the other seats' plays, nor of the opponents' heaviest-first habit), and
plays out every deal to its end (no exact search of the last tiles). Head to head on the same
1,000 duplicate deals (``bench/ai.py --players hard --opponents normal``), hard won 56.5 % of
the decided Chiva rounds against it (54.3-58.7 %, +0.257 ± 0.080 rounds won minus rounds lost
a deal) and 54.4 % in Dékabès (52.2-56.6 %, +0.175 ± 0.081); normal won 64.4 % of the decided
Chiva rounds against easy (62.3-66.5 %, +0.569 ± 0.081) and 63.9 % in Dékabès (61.7-66.0 %,
+0.549 ± 0.081). CPU a decision with a choice, median and p95: easy 0.4-0.5 and 1.0-1.1 ms,
normal 2.7-2.9 and 5.3-5.5 ms, hard 8.6-11.9 and 30-38 ms (load 14-25)."""

EASY = Level("easy", 40, 6, 12, 0, 40, 0.0, (1, 0, 0), (0.0, 0.0, 0.0), 1, 0.0, THOUGHTFUL, CASUAL, 0.2)
"""Easy weighs its plays on 40 play-outs in which every seat sheds its heaviest fitting tile,
and takes a random legal decision one time in five."""

LEVEL_SETTINGS = {"easy": EASY, "normal": NORMAL, "hard": HARD}


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
    outcomes: tuple[tuple[int, ...], ...] = ()  # per candidate, the outcome on each trial deal in order
    deals: tuple[tuple[int, ...], ...] = ()  # the trial deals in that order, four hand masks each

    def value(self, index: int) -> float:
        """The mean worth the player counts after candidate ``index``."""
        tally = self.tallies[index]
        return sum(n * v for n, v in zip(tally, self.values)) / sum(tally)

    def wins(self, index: int, deals: int | None = None) -> int:
        """In how many of the first ``deals`` trial deals (all it was tried on when None) the
        team won the round after candidate ``index``."""
        return sum(outcome in (WIN, WIN_DEKABES) for outcome in self.outcomes[index][:deals])

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
    return weigh(view, know, candidates_of(view), PlausibleDeals(know, view, level, rng).draw, level, rng)


def candidates_of(view: BlockView) -> tuple[BlockDecision, ...]:
    """The decisions worth weighing: the legal ones, keeping one of two plays that
    lead to the same line ends."""
    legal, ends = view.legal, view.ends
    if view.phase is not Phase.PLAYING or ends is None or ends[0] != ends[1]:
        return tuple(legal)
    return tuple(
        m for m in legal if not (isinstance(m, Play) and m.end is End.RIGHT and Play(m.tile, End.LEFT) in legal)
    )


def weigh(
    view: BlockView,
    know: Knowledge,
    candidates: Sequence[BlockDecision],
    draw: Callable[[int], Sequence[list[int]]],
    level: Level,
    rng: random.Random,
) -> Analysis:
    """Try every candidate on the deals ``draw(count)`` gives (four hand masks each), more of
    them while the best is in doubt, and pick the best. A candidate that is clearly out of
    the running (worse than the best by more than the leeway, beyond the noise) is dropped
    from the later rounds."""
    mine, theirs = view.score if know.team == 0 else view.score[::-1]
    worth = outcome_values(view.rules, mine, theirs, view.base)
    exact = view.phase is Phase.PLAYING and 0 < (know.hand | know.hidden).bit_count() <= level.exact_tiles
    values = worth if exact else _counting_bonus(worth)
    spread = values[WIN] - values[LOSS]
    dekabes = view.rules.both_ends_bonus
    shedders = know.shedders(view) if level.heavy_first else 0
    wildness = wildness_of(level, know.team, shedders)
    policies = policies_of(level, know.team, shedders)
    outcomes: list[list[int]] = [[] for _ in candidates]
    running = list(range(len(candidates)))
    if exact:
        count, most = max(2, level.searched), level.most_searched
    else:
        count, most = first_deals(level, len(candidates)), level.most_playouts
    spent = 0
    tried_deals: list[tuple[int, ...]] = []
    while count > 0:
        deals = draw(count)
        tried_deals.extend(map(tuple, deals))
        tried = [candidates[i] for i in running]
        if view.phase is Phase.CHOOSING:
            openers = [c.seat - 1 for c in tried if isinstance(c, Choose)]
            found = opener_outcomes(know, openers, deals, dekabes, policies, wildness, rng)
        elif exact:
            plays = [c for c in tried if isinstance(c, Play)]
            heavy = shedders if level.heavy_search else 0
            found = searched_outcomes(know, plays, deals, dekabes, worth, level, heavy, policies, wildness, rng)
        else:
            plays = [c for c in tried if isinstance(c, Play)]
            found = play_outcomes(know, plays, deals, dekabes, policies, wildness, rng)
        for i, new in zip(running, found):
            outcomes[i].extend(new)
        spent += count * len(running)
        gaps = gaps_to_best([outcomes[i] for i in running], values)
        if expected_loss(gaps) <= level.doubt * spread:
            break
        margin = max(0.0, level.leeway * spread)
        running = [i for i, (edge, error) in zip(running, gaps) if edge - 3 * error <= margin]
        count = min(level.more_deals, (most - spent) // len(running))
    tallies = tuple(tuple(seen.count(outcome) for outcome in range(5)) for seen in outcomes)
    analysis = Analysis(
        candidates[0],
        tuple(candidates),
        tallies,
        values,
        outcomes=tuple(map(tuple, outcomes)),
        deals=tuple(tried_deals),
    )
    best = max(range(len(candidates)), key=lambda i: (analysis.value(i), -i))
    if level.leeway and know.left >= 0:
        best = _expected_among_best(know, analysis, best, level)
    return replace(analysis, decision=candidates[best])


def policies_of(level: Level, team: int, shedders: int) -> tuple[Policy, ...]:
    """Each seat's play-out policy (0-based seats) for a decision of ``team``: the opponents
    in the mask ``shedders`` shed their heaviest fitting tile when the level reads them so."""
    return tuple(None if level.heavy_playouts and shedders >> s & 1 else level.weights for s in range(4))


def wildness_of(level: Level, team: int, shedders: int) -> tuple[float, ...]:
    """Each seat's chance of a random fitting tile in the play-outs (0-based seats)."""
    own, shedding, other = level.wildness
    return tuple(own if s & 1 == team else shedding if shedders >> s & 1 else other for s in range(4))


def first_deals(level: Level, candidates: int) -> int:
    """How many deals every one of ``candidates`` candidates is first tried on."""
    return max(level.min_deals, min(level.max_deals, level.playouts // candidates))


def gaps_to_best(outcomes: Sequence[Sequence[int]], values: Sequence[float]) -> list[tuple[float, float]]:
    """For each candidate, how much worse than the best it did on average over the same
    deals, and the standard error of that gap (the best's own gap is (0, 0))."""
    worths = [[values[outcome] for outcome in seen] for seen in outcomes]
    count = len(worths[0])
    best = max(worths, key=sum)
    gaps = []
    for worth in worths:
        if worth is best:
            gaps.append((0.0, 0.0))
            continue
        edges = list(map(sub, best, worth))
        edge = sum(edges) / count
        variance = (sum(map(mul, edges, edges)) - count * edge * edge) / (count - 1) if count > 1 else math.inf
        gaps.append((edge, math.sqrt(max(0.0, variance) / count)))
    return gaps


def expected_loss(gaps: Iterable[tuple[float, float]]) -> float:
    """What choosing the best candidate so far is expected to lose against the others, taking
    each one's gap to it (from ``gaps_to_best``) as normally distributed."""
    loss = 0.0
    for edge, error in gaps:
        if error > 0:
            z = edge / error
            loss += error * math.exp(-z * z / 2) / math.sqrt(2 * math.pi) - edge * math.erfc(z / math.sqrt(2)) / 2
    return loss


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
    rated = dict(scores(level.partner, know.hand, know.left, know.right))
    close = [i for i in range(len(analysis.candidates)) if analysis.value(i) >= floor]
    return max(close, key=lambda i: (rated.get(_placement(know, analysis.candidates[i]), 0.0), analysis.value(i), -i))


def _placement(know: Knowledge, play: BlockDecision) -> tuple[int, int, int]:
    """A play as (tile bit, new left, new right)."""
    assert isinstance(play, Play), "only plays on the line are rated by the partner model"
    tile = play.tile
    if play.end is End.LEFT:
        return BIT[tile], tile.other(know.left), know.right
    return BIT[tile], know.left, tile.other(know.right)


PLAYS_PER_POOL_DEAL = 2
"""The pool of deals a kept deal is drawn from grows by one for every this many plays of the
other seats seen (up to ``Level.pool``): few plays tell little apart, and early decisions,
which weigh the most deals, then draw fewer."""


class PlausibleDeals:
    """Deals of the hidden tiles for one decision, each drawn from a pool of up to ``level.pool``
    as many by their plausibility given the other seats' past plays."""

    def __init__(self, know: Knowledge, view: BlockView, level: Level, rng: random.Random) -> None:
        self._rng = rng
        self._sampler = (know.heavy_first(view) if level.heavy_first else know).deals()
        evidence = PlayEvidence(know.me, view.turns, level.partner, level.opponent)
        self._pool = min(level.pool, 1 + evidence.plays // PLAYS_PER_POOL_DEAL)
        self._evidence = evidence if self._pool > 1 else None

    def draw(self, count: int) -> list[list[int]]:
        """``count`` deals, four hand masks each."""
        sampler, rng = self._sampler, self._rng
        if self._evidence is None:
            return [sampler.draw(rng) for _ in range(count)]
        pool = [sampler.draw(rng) for _ in range(count * self._pool)]
        weights = list(accumulate(self._evidence.likelihood(hands) for hands in pool))
        if weights[-1] <= 0:
            return pool[:count]
        step = weights[-1] / count
        offset = rng.random() * step
        last = len(pool) - 1
        return [pool[min(last, bisect_right(weights, offset + k * step))] for k in range(count)]


def play_outcomes(
    know: Knowledge,
    plays: Sequence[Play],
    deals: Iterable[list[int]],
    dekabes: bool,
    policies: Sequence[Policy],
    wildness: Sequence[float],
    rng: random.Random,
) -> list[list[int]]:
    """The outcome of each play on each of ``deals``."""
    me, team = know.me, know.team
    moves = _moves(know, plays)
    found: list[list[int]] = [[] for _ in plays]
    after = (me + 1) & 3
    for hands in deals:
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        for seen, (bit, new_left, new_right, fits_both) in zip(found, moves):
            trial = list(hands)
            trial[me] ^= bit
            if not trial[me]:
                outcome = domino_outcome(me, fits_both, team, dekabes)
            elif not (rest ^ bit) & (NUMBER[new_left] | NUMBER[new_right]):
                outcome = block_outcome(trial, team, dekabes)
            else:
                outcome = play_out(trial, new_left, new_right, after, team, dekabes, policies, wildness, rng)
            seen.append(outcome)
    return found


def _moves(know: Knowledge, plays: Sequence[Play]) -> list[tuple[int, int, int, bool]]:
    """Each play as (tile bit, new left, new right, whether it fits both ends)."""
    left, right = know.left, know.right
    moves = []
    for play in plays:
        bit, tile = BIT[play.tile], play.tile
        if left < 0:
            moves.append((bit, tile.low, tile.high, False))
        elif play.end is End.LEFT:
            moves.append((bit, tile.other(left), right, not tile.is_double and tile.has(right)))
        else:
            moves.append((bit, left, tile.other(right), not tile.is_double and tile.has(left)))
    return moves


def searched_outcomes(
    know: Knowledge,
    plays: Sequence[Play],
    deals: Iterable[list[int]],
    dekabes: bool,
    worth: Sequence[float],
    level: Level,
    heavy: int,
    policies: Sequence[Policy],
    wildness: Sequence[float],
    rng: random.Random,
) -> list[list[int]]:
    """The outcome of each play on each of ``deals`` when this team then plays its best
    with every hand of the deal in view and the opponents play theirs, but for those in
    the mask ``heavy``, which shed their heaviest fitting tile (``search``; a deal drawn
    again is not searched again). A deal whose search passes ``level.search_limit`` positions is played out for
    every play instead."""
    me, team = know.me, know.team
    moves = _moves(know, plays)
    found: list[list[int]] = [[] for _ in plays]
    after = (me + 1) & 3
    solved: dict[tuple[int, ...], list[int]] = {}
    for hands in deals:
        known = solved.get(tuple(hands))
        if known is not None:
            for seen, result in zip(found, known):
                seen.append(result)
            continue
        solver = Solver(team, dekabes, worth, level.search_limit, heavy)
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        results: list[int] = []
        for bit, new_left, new_right, fits_both in moves:
            trial = list(hands)
            trial[me] ^= bit
            if not trial[me]:
                results.append(domino_outcome(me, fits_both, team, dekabes))
            elif not (rest ^ bit) & (NUMBER[new_left] | NUMBER[new_right]):
                results.append(block_outcome(trial, team, dekabes))
            else:
                outcome = solver.outcome(trial, new_left, new_right, after)
                if outcome is None:
                    break
                results.append(outcome)
        else:
            solved[tuple(hands)] = results
            for seen, result in zip(found, results):
                seen.append(result)
            continue
        for seen, new in zip(found, play_outcomes(know, plays, (hands,), dekabes, policies, wildness, rng)):
            seen.extend(new)
    return found


def opener_outcomes(
    know: Knowledge,
    openers: Sequence[int],
    deals: Iterable[list[int]],
    dekabes: bool,
    policies: Sequence[Policy],
    wildness: Sequence[float],
    rng: random.Random,
) -> list[list[int]]:
    """The outcome of letting each of ``openers`` (0-based) lead, on each of ``deals``."""
    found: list[list[int]] = [[] for _ in openers]
    for hands in deals:
        for seen, opener in zip(found, openers):
            trial = list(hands)
            bit = lead(trial[opener], policies[opener] or _HEAVIEST)
            trial[opener] ^= bit
            i = bit.bit_length() - 1
            seen.append(play_out(trial, LOW[i], HIGH[i], (opener + 1) & 3, know.team, dekabes, policies, wildness, rng))
    return found
