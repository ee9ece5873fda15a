"""The Tien Gow computer player: determinized Monte Carlo over its own view.

The player deals the tiles it cannot see many times (``tiengow_sampling``), at hard
keeping deals in proportion to how well they explain the other seats' face-down follows
(normal and easy read nothing from them).
On every deal it tries each candidate play and lets a quick policy finish the deal
(``tiengow_playout``); a finish is worth the points this seat gains from now on:
immediate payments and the settlement, with its columns, last-trick winner and
multipliers. The candidate with the best average wins. The same deals serve every
candidate, so the luck of the deal cancels between them. Candidates are every face-up
play and the face-down plays that throw the tiles latest in the standard order. At
the hard level the play-outs also look one step ahead for this seat's own last few
decisions, trying each of its options instead of following the policy. So hard reads the
others' follows, looks ahead at the end and plays out the most deals; normal does none of
the first two and plays out fewer; easy plays out a handful and takes a random legal play
one time in four.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from game.tiengow.ai.playout import Kinds
from game.tiengow.ai.sampling import Knowledge
from game.tiengow.deal import TrickPlay
from game.tiengow.view import TienGowView


@dataclass(frozen=True, slots=True)
class Level:
    """How hard one level thinks."""

    name: str
    playouts: int  # play-outs per decision, shared among the candidates
    min_deals: int
    max_deals: int
    discards: int  # face-down candidates weighed
    pool: int  # deals drawn per deal played out, to pick the plausible ones
    doubt: float  # weight of a deal per face-down follow it says could have won
    lookahead: int  # in play-outs, this seat tries all its options once it holds this few tiles
    slip: float  # chance of taking a random legal play instead


# The hard level thinks in the table's worker process, so it may take longer than a frame;
# its 95th percentile is kept under 400 ms of CPU. At 2,800 play-outs it took a median of
# 303 ms and a 95th percentile of 476 ms (152 decisions, load 5); at 2,000 (and at most 500
# deals) 205 ms and 295 ms (151 decisions, load 8.6), but 272 ms and 440 ms at load 10.4.
# On the same 600 deals, 2,800 scored 0.25 ± 0.36 points a deal more than 1,600 against
# three greedy seats: within the noise. So it plays 1,600 (at most 400 deals), for room
# under a loaded machine: +11.27 ± 1.80 points a deal over greedy in its seat (150 deals),
# 300 ms and 403 ms at load 10.5. A fourth look-ahead step cost a 95th percentile near 480 ms.
# Normal reads nothing from the others' face-down follows (a pool of 1), so that each level
# differs from the one above in what it reads, how far it looks and how much it plays out.
# Each level in the same seat, three greedy seats around, on the same 1,000 deals
# (``bench/ai_tiengow.py --level hard --versus normal``): normal scored +5.33 ± 0.64 points a
# deal more than easy, hard +1.02 ± 0.56 more than normal (ahead in 329 deals, behind in
# 198). CPU a decision, median and p95: easy 0.7 and 2.0 ms, normal 11 and 19 ms, hard
# 121-131 and 159-171 ms (load 9-17).
LEVEL_SETTINGS = {
    "easy": Level("easy", 60, 6, 12, 2, 1, 1.0, 0, 0.25),
    "normal": Level("normal", 500, 24, 120, 4, 1, 0.3, 0, 0.0),
    "hard": Level("hard", 1600, 60, 400, 6, 3, 0.3, 3, 0.0),
}


@dataclass(frozen=True, slots=True)
class Analysis:
    """A decision and what it rests on: the candidates weighed and the mean points each
    gains from now on (no candidates when the decision was forced or slipped)."""

    decision: TrickPlay
    candidates: tuple[TrickPlay, ...] = ()
    values: tuple[float, ...] = ()
    deals: int = 0
    slipped: bool = False
    gains: tuple[tuple[int, ...], ...] = ()  # per candidate, the points gained on each trial deal in order

    def runner_up(self) -> int | None:
        """The index of the best candidate other than the decision, or None."""
        chosen = self.candidates.index(self.decision)
        others = [i for i in range(len(self.candidates)) if i != chosen]
        return max(others, key=lambda i: (self.values[i], -i)) if others else None


def analyse(view: TienGowView, level: Level, rng: random.Random) -> Analysis:
    """The decision of the seat of ``view``, which must be the seat to act."""
    legal = view.legal
    if len(legal) == 1:
        return Analysis(legal[0])
    if level.slip and rng.random() < level.slip:
        return Analysis(rng.choice(legal), slipped=True)
    know = Knowledge.of(view)
    candidates = candidate_plays(legal, level.discards)
    if len(candidates) == 1:
        return Analysis(candidates[0])
    count = max(level.min_deals, min(level.max_deals, level.playouts // len(candidates)))
    deals = plausible_deals(know, level, count, rng)
    gains = play_gains(know, candidates, deals, level.lookahead)
    means = tuple(sum(g) / count for g in gains)
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    return Analysis(candidates[best], candidates, means, count, gains=tuple(map(tuple, gains)))


def candidate_plays(legal: Sequence[TrickPlay], discards: int) -> tuple[TrickPlay, ...]:
    """Every face-up play, then the ``discards`` face-down plays throwing the tiles latest
    in the standard order (the play-out policy's own discard first)."""
    up = [play for play in legal if not play.face_down]
    down = sorted((play for play in legal if play.face_down), key=lambda play: [-k for k in reversed(play.kinds)])
    return tuple(up + down[:discards])


def plausible_deals(know: Knowledge, level: Level, count: int, rng: random.Random) -> list[list[Kinds]]:
    """``count`` deals of the unseen tiles, drawn from ``level.pool`` times as many by
    their likelihood given the other seats' face-down follows."""
    if level.pool <= 1 or not know.doubts:
        return [know.draw(rng) for _ in range(count)]
    pool = [know.draw(rng) for _ in range(count * level.pool)]
    weights = list(accumulate(know.likelihood(places, level.doubt) for places in pool))
    step = weights[-1] / count
    offset = rng.random() * step
    last = len(pool) - 1
    return [pool[min(last, bisect_right(weights, offset + k * step))] for k in range(count)]


def play_totals(
    know: Knowledge, candidates: Sequence[TrickPlay], deals: Sequence[list[Kinds]], lookahead: int = 0
) -> list[int]:
    """Summed points this seat gains after each candidate, over ``deals``."""
    return [sum(gains) for gains in play_gains(know, candidates, deals, lookahead)]


def play_gains(
    know: Knowledge, candidates: Sequence[TrickPlay], deals: Sequence[list[Kinds]], lookahead: int = 0
) -> list[list[int]]:
    """Per candidate, the points this seat gains after it on each of ``deals``, in order."""
    me = know.me
    moves = [(play.kinds, not play.face_down) for play in candidates]
    gains: list[list[int]] = [[] for _ in candidates]
    for places in deals:
        start = know.position(places)
        for i, (kinds, up) in enumerate(moves):
            trial = start.copy()
            gains[i].append(trial.play(kinds, up, me) + trial.play_out(me, lookahead))
    return gains
