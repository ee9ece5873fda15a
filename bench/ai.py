"""Strength and think time of the block-game computer player (Chiva, Dékabès).

Duplicate play: every deal is played twice with the same hands and the same seat to
open (or to choose the opener), once with the ai pair as team A and once as team B,
so the luck of the deal cancels. Prints figures with 95 % confidence intervals;
asserts nothing. Run from the project root, e.g.
    python bench/ai.py --game chiva --deals 2000 --matches 200
    python bench/ai.py --deals 100 --matches 10          (a quick look)
"""
from __future__ import annotations

import argparse
import math
import pathlib
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game import ai  # noqa: E402
from game.ai.bits import mask_of  # noqa: E402
from game.ai.block_player import LEVEL_SETTINGS, Analysis, analyse, opener_totals, play_totals  # noqa: E402
from game.ai.equity import outcome_values  # noqa: E402
from game.ai.knowledge import Knowledge  # noqa: E402
from game.block_game import BlockGame  # noqa: E402
from game.block_result import RoundStart  # noqa: E402
from game.block_round import BlockRoundState  # noqa: E402
from game.chiva import ChivaRules  # noqa: E402
from game.dekabes import DekabesRules  # noqa: E402
from game.match import Match  # noqa: E402
from game.moves import THROW_IN  # noqa: E402
from game.phases import Opening, OpeningKind, Phase  # noqa: E402
from game.players import greedy_block_decision, random_decision  # noqa: E402
from game.tiles import DOUBLE_SIX_SET, deal, derived_rng  # noqa: E402

RULES = {"chiva": ChivaRules, "dekabes": DekabesRules}


def perfect_information(state: BlockRoundState, view, level: str, rng: random.Random):
    """The same player, shown every hand: its one deal is the true one (benchmark only)."""
    settings = LEVEL_SETTINGS[level]
    legal = view.legal
    if view.phase is Phase.ACCEPTING or len(legal) == 1:
        return analyse(view, settings, rng).decision
    know = Knowledge.of(view)
    mine, theirs = view.score if know.team == 0 else view.score[::-1]
    values = outcome_values(view.game, mine, theirs, view.base)
    hands = state.play.hands if state.play is not None else state.hands
    truth = [[mask_of(h) for h in hands]]
    dekabes = view.game == "dekabes"
    if view.phase is Phase.CHOOSING:
        totals = opener_totals(know, [c.seat - 1 for c in legal], truth, values, dekabes, settings, rng)
    else:
        totals = play_totals(know, legal, truth, values, dekabes, settings, rng)
    return legal[max(range(len(legal)), key=lambda i: (totals[i], -i))]


def play_round(game: str, index: int, ai_team: int, opponent: str, level: str,
               times: list[float]) -> str | None:
    """One deal of the duplicate; returns the winning team or None for a tie."""
    rules = RULES[game]()
    setup = derived_rng("bench-ai", game, index)
    seat = setup.randint(1, 4)
    kind = OpeningKind.CHOOSE if game == "dekabes" else OpeningKind.SEAT
    start = RoundStart(2, (0, 0), 1, Opening(kind, seat))
    state = BlockRoundState(rules, start, lambda number, i: deal(DOUBLE_SIX_SET, derived_rng("bench-deal", game, index, i)))
    adapter = BlockGame(rules)
    seats = ("ai", opponent, "ai", opponent) if ai_team == 0 else (opponent, "ai", opponent, "ai")
    turn = 0
    while not state.is_over:
        seat = state.to_act
        view = adapter.view(state, seat, seats)
        rng = derived_rng("bench-decide", game, index, turn, seats[seat - 1])
        kind_of_seat = seats[seat - 1]
        if kind_of_seat == "ai":
            t0 = time.perf_counter()
            decision = ai.decide(view, level, rng)
            if len(view.legal) > 1:
                times.append(time.perf_counter() - t0)
        elif kind_of_seat == "perfect":
            decision = perfect_information(state, view, level, rng)
        else:
            decision = DECIDERS[kind_of_seat](view, rng)
        state.push(decision)
        turn += 1
    return state.result.winner


def _perfect_vs(opponent: str) -> Callable:
    return opponent


DECIDERS = {"greedy": greedy_block_decision, "random": random_decision}


def duplicate_rounds(job: tuple[str, str, str, int, int, bool]) -> tuple[int, int, list[float]]:
    """Won and decided rounds of the ai (or perfect-information) pair over a range of deals."""
    game, opponent, level, first, count, perfect = job
    won = decided = 0
    times: list[float] = []
    for index in range(first, first + count):
        for ai_team in (0, 1):
            winner = play_round_as(game, index, ai_team, opponent, level, times, perfect)
            if winner is not None:
                decided += 1
                won += winner == ("A" if ai_team == 0 else "B")
    return won, decided, times


def play_round_as(game, index, ai_team, opponent, level, times, perfect):
    if not perfect:
        return play_round(game, index, ai_team, opponent, level, times)
    return play_round_perfect(game, index, ai_team, opponent, level)


def play_round_perfect(game: str, index: int, ai_team: int, opponent: str, level: str) -> str | None:
    rules = RULES[game]()
    setup = derived_rng("bench-ai", game, index)
    seat = setup.randint(1, 4)
    kind = OpeningKind.CHOOSE if game == "dekabes" else OpeningKind.SEAT
    start = RoundStart(2, (0, 0), 1, Opening(kind, seat))
    state = BlockRoundState(rules, start, lambda number, i: deal(DOUBLE_SIX_SET, derived_rng("bench-deal", game, index, i)))
    adapter = BlockGame(rules)
    seats = ("perfect", opponent, "perfect", opponent) if ai_team == 0 else (opponent, "perfect", opponent, "perfect")
    turn = 0
    while not state.is_over:
        seat = state.to_act
        view = adapter.view(state, seat, seats)
        rng = derived_rng("bench-decide", game, index, turn, seats[seat - 1])
        if seats[seat - 1] == "perfect":
            decision = perfect_information(state, view, level, rng)
        else:
            decision = DECIDERS[seats[seat - 1]](view, rng)
        state.push(decision)
        turn += 1
    return state.result.winner


def run_parallel(jobs, workers):
    if workers <= 1:
        return [duplicate_rounds(j) for j in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(duplicate_rounds, jobs))


def interval(won: int, total: int) -> str:
    if not total:
        return "n/a"
    p = won / total
    half = 1.96 * math.sqrt(p * (1 - p) / total)
    return f"{100 * p:5.1f}% ± {100 * half:.1f} ({won}/{total})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("chiva", "dekabes", "both"), default="both")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--opponents", default="greedy,random")
    parser.add_argument("--perfect", action="store_true")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    games = ("chiva", "dekabes") if args.game == "both" else (args.game,)
    for game in games:
        for opponent in args.opponents.split(","):
            chunk = max(1, args.deals // (args.workers * 4))
            jobs = [(game, opponent, args.level, first, min(chunk, args.deals - first), args.perfect)
                    for first in range(0, args.deals, chunk)]
            t0 = time.perf_counter()
            results = run_parallel(jobs, args.workers)
            won = sum(r[0] for r in results)
            decided = sum(r[1] for r in results)
            times = sorted(t for r in results for t in r[2])
            think = ""
            if times:
                think = (f" think median {1000 * statistics.median(times):.1f} ms,"
                         f" p95 {1000 * times[int(0.95 * (len(times) - 1))]:.1f} ms")
            print(f"{game} {args.level} vs {opponent}: {interval(won, decided)}{think}"
                  f" [{time.perf_counter() - t0:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
