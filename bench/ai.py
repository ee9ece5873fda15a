"""Strength and think time of the Chiva and Dékabès computer player.

Duplicate play: every deal is played twice with the same hands and the same seat to
open (or to choose the opener), once with the ai pair as team A and once as team B,
so the luck of the deal cancels. Whole matches are played twice per seed the same
way. Also times the player at every level, and plays two sighted versions of the same
player (they exist only here): a perfect-information one, shown every hand, to show
what the hidden tiles cost, and a partner-sighted one, shown its partner's hand but not
the opponents', to show how much of that cost is the partner's hand. Prints figures
with 95 % confidence intervals; asserts nothing.

    python bench/ai.py                                  (everything: long)
    python bench/ai.py --game chiva --deals 200 --matches 20 --timing 100   (a quick look)
"""

from __future__ import annotations

import argparse
import math
import pathlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.blocks.ai.bits import mask_of
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.player import LEVEL_SETTINGS, PlausibleDeals, analyse, candidates_of, weigh
from game.blocks.greedy import greedy_decision as greedy_block_decision
from game.blocks.result import (
    Opening,
    OpeningKind,
    RoundStart,
)
from game.blocks.round import BlockRoundState
from game.blocks.spec import BlockSpec as BlockGame
from game.core import computer as ai
from game.core.match import Match
from game.core.phases import Phase
from game.core.seats import random_decision
from game.core.tiles import DOUBLE_SIX_SET, deal, derived_rng
from game.registry import GAMES

BLOCK_GAMES = {game.name: game for game in GAMES if isinstance(game, BlockGame)}
BASELINES = {"greedy": greedy_block_decision, "random": random_decision}


def sighted_decision(view, rng: random.Random, deals_for: Callable[[Knowledge], Callable[[int], list[list[int]]]]):
    """The normal player weighing its candidates on the deals ``deals_for(knowledge)(count)`` gives."""
    level = LEVEL_SETTINGS["normal"]
    if view.phase is Phase.ACCEPTING or len(view.legal) == 1:
        return analyse(view, level, rng).decision
    know = Knowledge.of(view)
    return weigh(view, know, candidates_of(view), deals_for(know), level, rng).decision


def true_hands(state: BlockRoundState) -> list[int]:
    return [mask_of(h) for h in (state.play.hands if state.play is not None else state.hands)]


def perfect_information(state: BlockRoundState, view, rng: random.Random):
    """The normal player weighing its candidates on the true hands instead of sampled deals."""
    truth = true_hands(state)
    return sighted_decision(view, rng, lambda know: lambda count: [truth] * count)


def partner_sighted(state: BlockRoundState, view, rng: random.Random):
    """The normal player shown its partner's hand: its deals only share out the opponents' tiles."""
    partner = (view.seat + 1) & 3  # 0-based, opposite the 1-based seat
    held = true_hands(state)[partner]

    def deals_for(know: Knowledge) -> Callable[[int], list[list[int]]]:
        banned = tuple(
            know.hidden & ~held if seat == partner else tiles | held for seat, tiles in enumerate(know.banned)
        )
        return PlausibleDeals(replace(know, banned=banned), view, LEVEL_SETTINGS["normal"], rng).draw

    return sighted_decision(view, rng, deals_for)


def play_deal(
    game: str, index: int, ai_team: int, opponent: str, player: str, level: str, views: list | None = None
) -> str | None:
    """One deal of the duplicate; returns the winning team, or None for a tie."""
    rules = BLOCK_GAMES[game].rules
    opener = derived_rng("bench-ai", game, index).randint(1, 4)
    kind = OpeningKind.CHOOSE if rules.accepts_deals else OpeningKind.SEAT
    state = BlockRoundState(
        rules,
        RoundStart(2, (0, 0), 1, Opening(kind, opener)),
        lambda number, i: deal(DOUBLE_SIX_SET, derived_rng("bench-deal", game, index, i)),
    )
    adapter = BlockGame(rules)
    seats = (player, opponent) * 2 if ai_team == 0 else (opponent, player) * 2
    turn = 0
    while not state.is_over:
        seat = state.to_act
        kind_of_seat = seats[seat - 1]
        view = adapter.view(state, seat, seats)
        rng = derived_rng("bench-decide", game, index, ai_team, turn)
        if kind_of_seat == "ai":
            if views is not None and len(view.legal) > 1:
                views.append(view)
            decision = ai.decide(view, level, rng)
        elif kind_of_seat == "perfect":
            decision = perfect_information(state, view, rng)
        elif kind_of_seat == "sighted":
            decision = partner_sighted(state, view, rng)
        else:
            decision = BASELINES[kind_of_seat](view, rng)
        state.push(decision)
        turn += 1
    return state.result.winner


def duplicate_deals(job: tuple[str, str, str, str, int, int]) -> tuple[int, int]:
    """Rounds won and rounds decided by the ``player`` pair over a range of deals."""
    game, opponent, player, level, first, count = job
    won = decided = 0
    for index in range(first, first + count):
        for ai_team in (0, 1):
            winner = play_deal(game, index, ai_team, opponent, player, level)
            if winner is not None:
                decided += 1
                won += winner == "AB"[ai_team]
    return won, decided


def duplicate_matches(job: tuple[str, str, str, int, int]) -> tuple[int, int]:
    """Whole matches won by the ai pair, and matches played, over a range of seeds."""
    game, opponent, level, first, count = job
    won = 0
    for seed in range(first, first + count):
        for ai_team in (0, 1):
            seats = ("ai", opponent) * 2 if ai_team == 0 else (opponent, "ai") * 2
            match = Match(game, seats, seed=seed, level=level)
            while match.phase is not Phase.MATCH_OVER:
                match.run_computers()
                if match.phase is not Phase.MATCH_OVER:
                    match.next_round()
            won += match.winner == "AB"[ai_team]
    return won, 2 * count


def think_times(job: tuple[str, int, tuple[str, ...]]) -> dict[str, list[float]]:
    """Seconds per decision at each level, on the choices met by normal ai pairs against greedy."""
    game, count, levels = job
    views: list = []
    index = 10_000
    while len(views) < count:
        play_deal(game, index, index % 2, "greedy", "ai", "normal", views)
        index += 1
    times: dict[str, list[float]] = {level: [] for level in levels}
    for k, view in enumerate(views[:count]):
        for level in levels:
            start = time.perf_counter()
            ai.decide(view, level, random.Random(k))
            times[level].append(time.perf_counter() - start)
    return times


def spread(jobs: list, work, workers: int) -> list:
    if workers <= 1:
        return [work(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(work, jobs))


def chunks(total: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, math.ceil(total / (4 * workers)))
    return [(first, min(size, total - first)) for first in range(0, total, size)]


def share(won: int, total: int) -> str:
    """The share with its 95 % (Wilson) confidence interval."""
    if not total:
        return "n/a"
    z = 1.96
    p = won / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return f"{100 * p:5.1f}% (95% CI {100 * (centre - half):.1f}-{100 * (centre + half):.1f}; {won}/{total})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=(*BLOCK_GAMES, "both"), default="both")
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per opponent (0 to skip)")
    parser.add_argument("--matches", type=int, default=200, help="duplicate match seeds against greedy (0 to skip)")
    parser.add_argument("--timing", type=int, default=300, help="decisions timed at each level (0 to skip)")
    parser.add_argument("--perfect", type=int, default=1000, help="duplicate deals of the perfect-information player")
    parser.add_argument("--sighted", type=int, default=1000, help="duplicate deals of the partner-sighted player")
    parser.add_argument("--level", choices=ai.LEVELS, default="normal")
    parser.add_argument("--opponents", default="greedy,random")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    for game in BLOCK_GAMES if args.game == "both" else (args.game,):
        runs = [
            (f"{args.level} ai pair vs {opponent} pair, decided rounds", opponent, "ai", args.deals)
            for opponent in args.opponents.split(",")
        ]
        runs += [
            (f"perfect-information ai pair vs {opponent} pair, decided rounds", opponent, "perfect", args.perfect)
            for opponent in args.opponents.split(",")
        ]
        runs += [
            (f"partner-sighted ai pair vs {opponent} pair, decided rounds", opponent, "sighted", args.sighted)
            for opponent in args.opponents.split(",")
        ]
        for title, opponent, player, deals in runs:
            if not deals:
                continue
            start = time.perf_counter()
            jobs = [(game, opponent, player, args.level, first, count) for first, count in chunks(deals, args.workers)]
            results = spread(jobs, duplicate_deals, args.workers)
            print(
                f"{game}: {title}: {share(sum(r[0] for r in results), sum(r[1] for r in results))}"
                f"  [{deals} deals, {time.perf_counter() - start:.0f} s]",
                flush=True,
            )
        if args.matches:
            start = time.perf_counter()
            jobs = [(game, "greedy", args.level, first, count) for first, count in chunks(args.matches, args.workers)]
            results = spread(jobs, duplicate_matches, args.workers)
            print(
                f"{game}: {args.level} ai pair vs greedy pair, whole matches: "
                f"{share(sum(r[0] for r in results), sum(r[1] for r in results))}"
                f"  [{time.perf_counter() - start:.0f} s]",
                flush=True,
            )
        if args.timing:
            times = think_times((game, args.timing, ai.LEVELS))
            for level, samples in times.items():
                samples.sort()
                p95 = samples[min(len(samples) - 1, math.ceil(0.95 * len(samples)) - 1)]
                print(
                    f"{game}: think time at {level}: median {1000 * statistics.median(samples):.1f} ms, "
                    f"95th percentile {1000 * p95:.1f} ms  [{len(samples)} decisions with a choice]",
                    flush=True,
                )


if __name__ == "__main__":
    main()
