"""Tien Gow engine speed: random deals per second and worst-case move enumeration.

Run from the project root: ``python -m bench.tiengow_engine [--seed N] [--deals N] [--profile]``.
Prints figures, never asserts. Targets: >= 1,000 deals/s; legal_moves() median < 0.2 ms
for a follower holding 8 tiles in a 4-tile trick.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time

from game.tiengow.deal import TienGowDeal, new_deal


def play_random_deals(count: int, seed: int) -> float:
    """Play ``count`` deals with uniformly random legal moves; return the seconds taken."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(count):
        deal = new_deal(rng, rng.randint(1, 4))
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_moves()))
    return time.perf_counter() - start


def worst_case_states(count: int, seed: int) -> list[TienGowDeal]:
    """Deals where the banker has just led a quartet and the next seat holds 8 tiles."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        deal = new_deal(rng, rng.randint(1, 4))
        quartets = [move for move in deal.legal_moves() if len(move.tiles) == 4]
        if quartets:
            deal.push(rng.choice(quartets))
            states.append(deal)
    return states


def time_enumeration(states: list[TienGowDeal], repeats: int) -> list[float]:
    """Seconds per legal_moves() call, one sample per state and repeat."""
    samples = []
    clock = time.perf_counter
    for _ in range(repeats):
        for deal in states:
            start = clock()
            deal.legal_moves()
            samples.append(clock() - start)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--profile", action="store_true", help="profile the random deals")
    args = parser.parse_args()

    play_random_deals(200, args.seed)  # warm the interned plays
    seconds = play_random_deals(args.deals, args.seed)
    print(f"random deals: {args.deals} in {seconds:.3f} s = {args.deals / seconds:,.0f} deals/s")

    states = worst_case_states(200, args.seed)
    moves = [len(deal.legal_moves()) for deal in states]
    samples = sorted(time_enumeration(states, 50))
    median = statistics.median(samples) * 1e3
    p95 = samples[int(len(samples) * 0.95)] * 1e3
    print(
        f"legal_moves() follower, 4-tile trick, 8 in hand: {len(samples)} calls, "
        f"{statistics.mean(moves):.0f} moves on average, median {median:.4f} ms, p95 {p95:.4f} ms"
    )

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play_random_deals, args.deals, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
