"""Strength and think time of the Tien Gow computer player.

Duplicate play: every deal (hands and starting banker from its index) is played twice
with the same seat under test and three ``greedy`` seats around it, once with the
computer player in that seat and once with ``greedy`` there; the difference of that
seat's points per deal is the player's edge, with a 95 % confidence interval. The seat
under test turns round the table from deal to deal. ``--perfect`` adds two runs that
only the benchmark may make: the player shown every hand, to show what hidden
information costs, and an oracle that also knows the other seats play greedy. Think
time is timed in this process, one decision at a time. Prints figures, asserts nothing.
``--versus LEVEL`` plays the same deals with that level in the seat under test instead of
``greedy`` (head to head on duplicate deals: the three other seats stay greedy) and prints the
CPU time of every decision of both. Run from the project root, e.g.
    python bench/ai_tiengow.py --deals 400 --level normal --perfect --workers 2
    python bench/ai_tiengow.py --deals 1000 --level hard --versus normal --times "" --workers 2
    python bench/ai_tiengow.py --deals 0 --times easy,normal,hard --time-deals 60   (think time only)
"""

from __future__ import annotations

import argparse
import cProfile
import math
import os
import pathlib
import pstats
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.core.tiles import deal, derived_rng
from game.tiengow.ai.player import LEVEL_SETTINGS, analyse, candidate_plays, play_totals
from game.tiengow.ai.playout import follow_choice, lead_choice, mask_of
from game.tiengow.ai.sampling import Knowledge
from game.tiengow.chinese import CHINESE_SET, KINDS, standard_index
from game.tiengow.deal import TrickPlay
from game.tiengow.greedy import greedy_decision as greedy_tiengow_decision
from game.tiengow.greedy import greedy_move
from game.tiengow.round import TienGowRoundState, TienGowStart
from game.tiengow.spec import TienGowSpec as TienGowGame

GAME = TienGowGame()


def perfect_information(state: TienGowRoundState, view, level: str) -> TrickPlay:
    """The same player shown every hand: its one deal is the true one (benchmark only)."""
    settings = LEVEL_SETTINGS[level]
    if len(view.legal) == 1:
        return view.legal[0]
    know = Knowledge.of(view)
    candidates = candidate_plays(view.legal, settings.discards)
    truth = [tuple(standard_index(t) for t in hand) for hand in state.deal.hands]
    totals = play_totals(know, candidates, [truth], settings.lookahead)
    return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]


def oracle(state: TienGowRoundState, view, level: str) -> TrickPlay:
    """Shown every hand and told the other seats play greedy: each candidate is played out
    on the true deal with greedy for them and the play-out policy for itself (benchmark only)."""
    if len(view.legal) == 1:
        return view.legal[0]
    candidates = candidate_plays(view.legal, LEVEL_SETTINGS[level].discards)
    values = []
    for play in candidates:
        deal = state.deal.copy()
        deal.push(play)
        while not deal.is_over:
            if deal.to_act != view.seat:
                deal.push(greedy_move(deal))
                continue
            hand = tuple(standard_index(t) for t in deal.hand(view.seat))
            best = deal.best_play()
            if best is None:
                kinds, up = lead_choice(hand, mask_of(hand)), True
            else:
                kinds, up = follow_choice(
                    hand, mask_of(hand), len(best[1].tiles), best[1].kinds, deal.is_early_death(view.seat)
                )
            deal.push(TrickPlay(tuple(KINDS[k] for k in kinds), not up))
        values.append(deal.result().total[view.seat - 1])
    return candidates[max(range(len(candidates)), key=lambda i: (values[i], -i))]


def play_deal(index: int, kind: str, level: str, times: list[float] | None = None) -> int:
    """Deal ``index`` with ``kind`` in the seat under test and greedy elsewhere; that seat's points."""
    setup = derived_rng("bench-tiengow", index)
    banker, seat = setup.randint(1, 4), index % 4 + 1
    state = TienGowRoundState(
        TienGowStart(1, banker, (0, 0, 0, 0)), deal(CHINESE_SET, derived_rng("bench-tiengow-deal", index))
    )
    seats = tuple(kind if s == seat else "greedy" for s in range(1, 5))
    turn = 0
    while not state.is_over:
        actor = state.to_act
        view = GAME.view(state, actor, seats)
        if actor != seat or kind == "greedy":
            decision = greedy_tiengow_decision(view, None)
        elif kind == "perfect":
            decision = perfect_information(state, view, level)
        elif kind == "oracle":
            decision = oracle(state, view, level)
        else:
            start = time.process_time()
            decision = analyse(view, LEVEL_SETTINGS[level], derived_rng("bench-decide", index, turn)).decision
            if times is not None:
                times.append(time.process_time() - start)
        state.push(decision)
        turn += 1
    return state.result.total[seat - 1]


def duplicate(job: tuple[str, str, int, int]) -> list[tuple[int, int]]:
    """(greedy points, ``kind`` points) of the seat under test for each deal of a range."""
    kind, level, first, count = job
    return [(play_deal(i, "greedy", level), play_deal(i, kind, level)) for i in range(first, first + count)]


def versus(job: tuple[str, str, int, int]) -> tuple[list[tuple[int, int]], list[float], list[float]]:
    """(``base`` points, ``level`` points) of the seat under test for each deal of a range, the
    computer player at either level in that seat, and the CPU seconds of each level's decisions."""
    base, level, first, count = job
    base_times: list[float] = []
    level_times: list[float] = []
    pairs = [
        (play_deal(i, "ai", base, base_times), play_deal(i, "ai", level, level_times))
        for i in range(first, first + count)
    ]
    return pairs, base_times, level_times


def head_to_head(level: str, base: str, deals: int, workers: int, out: str | None, start: int = 0) -> None:
    """Print (and append to ``out``) ``level`` minus ``base`` in the same seat on the same deals
    (``deals`` of them from index ``start``), and the CPU time per decision of each."""
    chunk = max(1, deals // (workers * 4))
    jobs = [(base, level, start + first, min(chunk, deals - first)) for first in range(0, deals, chunk)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max(1, workers)) as pool:
        results = list(pool.map(versus, jobs))
    pairs = [pair for result in results for pair in result[0]]
    lines = [
        f"tiengow: {level} minus {base} in the same seat, 3 greedy seats around, same deals: "
        f"{interval([b - a for a, b in pairs])} points a deal ({statistics.mean(b for _, b in pairs):+.2f} "
        f"against {statistics.mean(a for a, _ in pairs):+.2f}); {level} ahead in "
        f"{sum(b > a for a, b in pairs)} deals, behind in {sum(b < a for a, b in pairs)}",
    ]
    for name, index in ((base, 1), (level, 2)):
        ordered = sorted(t for result in results for t in result[index])
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        lines.append(
            f"tiengow: think time {name} (CPU): {len(ordered)} decisions, median "
            f"{1000 * statistics.median(ordered):.1f} ms, p95 {1000 * p95:.1f} ms, max {1000 * ordered[-1]:.1f} ms"
        )
    for line in lines:
        took = time.perf_counter() - started
        line = f"{line}  [{deals} deals from {start}, {took:.0f} s, load {os.getloadavg()[0]:.1f}]"
        print(line, flush=True)
        if out:
            with open(out, "a", encoding="utf-8") as file:
                file.write(line + "\n")


def interval(diffs: list[int]) -> str:
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.nan
    return f"{statistics.mean(diffs):+.2f} ± {half:.2f} (95 %, {len(diffs)} deals)"


def strength(kind: str, level: str, deals: int, workers: int) -> list[tuple[int, int]]:
    """Print and return the (greedy, ``kind``) points of the seat under test, deal by deal."""
    chunk = max(1, deals // (workers * 4))
    jobs = [(kind, level, first, min(chunk, deals - first)) for first in range(0, deals, chunk)]
    started = time.perf_counter()
    if workers <= 1:
        results = [duplicate(job) for job in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(duplicate, jobs))
    pairs = [pair for result in results for pair in result]
    label = {"ai": "ai", "perfect": "perfect-information ai", "oracle": "oracle"}[kind]
    print(
        f"{label} {level} vs 3 greedy: {statistics.mean(p[1] for p in pairs):+.2f} points/deal, greedy in its "
        f"seat {statistics.mean(p[0] for p in pairs):+.2f}; difference {interval([b - a for a, b in pairs])} "
        f"[{time.perf_counter() - started:.0f} s, load {os.getloadavg()[0]:.1f}]",
        flush=True,
    )
    return pairs


def think_times(level: str, deals: int) -> None:
    times: list[float] = []
    for index in range(deals):
        play_deal(index, "ai", level, times)
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    print(
        f"think time {level} (CPU): {len(ordered)} decisions, median {1000 * statistics.median(ordered):.1f} ms, "
        f"p95 {1000 * p95:.1f} ms, max {1000 * ordered[-1]:.1f} ms  [load {os.getloadavg()[0]:.1f}]",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=400, help="deals of the duplicate (each played twice)")
    parser.add_argument("--level", default="normal", choices=tuple(LEVEL_SETTINGS))
    parser.add_argument("--perfect", action="store_true", help="also the perfect-information player")
    parser.add_argument("--times", default="easy,normal,hard", help="levels to time (empty: none)")
    parser.add_argument("--time-deals", type=int, default=60, help="deals played to time each level")
    parser.add_argument("--versus", choices=tuple(LEVEL_SETTINGS), help="head to head: --level against this level")
    parser.add_argument("--out", help="also append the head-to-head lines to this file")
    parser.add_argument("--first", type=int, default=0, help="index of the first deal of the head to head")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile a few deals at --level")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(duplicate, ("ai", args.level, 0, 20))
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    for level in filter(None, args.times.split(",")):
        think_times(level, args.time_deals)
    if args.deals and args.versus:
        head_to_head(args.level, args.versus, args.deals, args.workers, args.out, args.first)
    elif args.deals:
        hidden = strength("ai", args.level, args.deals, args.workers)
        if args.perfect:
            seen = strength("perfect", args.level, args.deals, args.workers)
            print(f"perfect information minus ai, same deals: {interval([s[1] - h[1] for h, s in zip(hidden, seen)])}")
            known = strength("oracle", args.level, args.deals, args.workers)
            print(f"oracle minus ai, same deals: {interval([s[1] - h[1] for h, s in zip(hidden, known)])}")


if __name__ == "__main__":
    main()
