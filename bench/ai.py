"""Strength and think time of the Chiva and Dékabès computer player: a ladder.

Duplicate play: every deal is played twice with the same hands and the same seat to
open (or to choose the opener), once with the pair under test as team A and once as
team B, so the luck of the deal cancels. Every player of the ladder meets the same
deals. The ladder: each level against the greedy pair; the hard level against the
previous hard level (``PREVIOUS``: more work on a decision in doubt); and two sighted
versions of the hard player that exist only here, to measure the room left: a
partner-sighted one (shown its partner's hand, not the opponents') and an all-seeing
one (shown every hand); ``sighted-late`` and ``sighted-early`` are shown their partner's hand
only once the hard player searches exactly (``Level.exact_tiles``) or only before, to tell
where the room lies; in a ``sighted-one`` pair only the partner who sits first (seat 1 or 2)
is shown the other's hand, and the other plays as hard does, to tell how much reading
the partner alone could bring; ``glimpsing-0.1`` draws a share (here a tenth) of its deals with
its partner's true hand and the rest as hard does, a belief between the two, to tell how much
sharper a belief must be for a given strength (``bench/partner_belief.py`` measures the same
beliefs in nats). Prints the share of decided rounds won with its 95 % (Wilson)
interval and the CPU time per decision with a choice (``time.process_time``, so the
load of a shared machine matters less; ``uptime`` is printed beside the figures).
Asserts nothing. Work is shared among ``--workers`` processes; ``--out`` appends every
line to a file as well.

    python bench/ai.py --game chiva --deals 200 --workers 2                (the ladder)
    python bench/ai.py --game dekabes --players hard --deals 1000 --workers 2 --out /tmp/dek.txt
    python bench/ai.py --players "hard,hard+exact_tiles=0" --deals 300   (variants: + sets a level field)
    python bench/ai.py --players hard --opponents normal --deals 1000 --workers 2  (head to head, a step)
    python bench/ai.py --players hard --opponents previous-hard --deals 300  (against the former hard)
    python bench/ai.py --game chiva --players "hard,sighted-late,sighted-early" --deals 600 (where the room is)
    python bench/ai.py --game chiva --players "hard,sighted-one,sighted" --deals 1000 (one sighted partner)
    python bench/ai.py --game chiva --players "glimpsing-0.1,glimpsing-0.25" --deals 1000 (partial sight)
    python bench/ai.py --deals 0 --timing 300                                (think time only)
    python bench/ai.py --game chiva --profile 60                             (where a hard decision's time goes)
"""

from __future__ import annotations

import argparse
import cProfile
import math
import os
import pathlib
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.blocks.ai.bits import mask_of
from game.blocks.ai.inference import Model
from game.blocks.ai.knowledge import Knowledge
from game.blocks.ai.player import LEVEL_SETTINGS, Level, PlausibleDeals, analyse, candidates_of, weigh
from game.blocks.greedy import greedy_decision as greedy_block_decision
from game.blocks.result import Opening, OpeningKind, RoundStart
from game.blocks.round import BlockRoundState
from game.blocks.spec import BlockSpec as BlockGame
from game.core.phases import Phase
from game.core.player import random_decision
from game.core.tiles import DOUBLE_SIX_SET, deal, derived_rng
from game.registry import GAMES

BLOCK_GAMES = {game.name: game for game in GAMES if isinstance(game, BlockGame)}
BASELINES = {"greedy": greedy_block_decision, "random": random_decision}
LADDER = ("easy", "normal", "hard", "previous-hard", "sighted", "perfect")
PREVIOUS = {
    "easy": LEVEL_SETTINGS["easy"],
    "normal": replace(LEVEL_SETTINGS["hard"], name="normal"),
    "hard": replace(LEVEL_SETTINGS["hard"], most_playouts=6000, doubt=0.001, most_searched=3000, search_limit=20000),
}
"""The levels as the previous version had them: normal had the settings hard has now; hard
started as it and went on longer while in doubt (up to 6,000 play-outs and 3,000 searched
deals), and was not measurably stronger for it; easy is unchanged."""


def level_of(spec: str) -> Level:
    """A level named by ``spec``: "hard", "previous-hard" (``PREVIOUS``), or either
    followed by "+field=value" changes ("hard+exact_tiles=16+searched=12", "hard+opponent=0.5/0.3/0.1/0.1")."""
    name, *changes = spec.split("+")
    level = PREVIOUS[name.removeprefix("previous-")] if name.startswith("previous-") else LEVEL_SETTINGS[name]
    return replace(level, **{k: parsed(getattr(level, k), v) for k, v in (change.split("=") for change in changes)})


def parsed(current: object, text: str) -> object:
    """``text`` read as a value of the kind of ``current``: a number, or a model or tuple
    as numbers joined by "/" ("opponent=0.5/0.3/0.1/0.1")."""
    if isinstance(current, Model):
        return Model(*map(float, text.split("/")))
    if isinstance(current, bool):
        return text.lower() not in ("0", "false", "no")
    if isinstance(current, tuple):
        return tuple(type(x)(v) for x, v in zip(current, text.split("/")))
    return type(current)(text)


def sighted_decision(view, rng: random.Random, level: Level, deals_for: Callable[[Knowledge], Callable]):
    """The player weighing its candidates on the deals ``deals_for(knowledge)(count)`` gives."""
    if view.phase is Phase.ACCEPTING or len(view.legal) == 1:
        return analyse(view, level, rng).decision
    know = Knowledge.of(view)
    return weigh(view, know, candidates_of(view), deals_for(know), level, rng).decision


def true_hands(state: BlockRoundState) -> list[int]:
    return [mask_of(h) for h in (state.play.hands if state.play is not None else state.hands)]


def perfect_information(state: BlockRoundState, view, rng: random.Random):
    """The hard player weighing its candidates on the true hands instead of sampled deals."""
    truth = true_hands(state)
    level = replace(LEVEL_SETTINGS["hard"], searched=2)
    return sighted_decision(view, rng, level, lambda know: lambda count: [truth] * count)


def partner_sighted(state: BlockRoundState, view, rng: random.Random, share: float = 1.0):
    """The hard player shown its partner's hand: its deals only share out the opponents'
    tiles. With a ``share`` below 1, only that share of its deals (each by chance) is drawn so,
    the others as hard draws them: a belief between the two."""
    level = LEVEL_SETTINGS["hard"]
    return sighted_decision(view, rng, level, lambda know: glimpsed_deals(state, view, know, level, rng, share))


def glimpsed_deals(
    state: BlockRoundState, view, know: Knowledge, level: Level, rng: random.Random, share: float = 1.0
) -> Callable[[int], list[list[int]]]:
    """Deals drawn as ``level`` draws them for ``know``, a ``share`` of them (each by chance)
    with the partner's true hand (all of them at 1)."""
    partner = (view.seat + 1) & 3  # 0-based, opposite the 1-based seat
    held = true_hands(state)[partner]
    banned = tuple(know.hidden & ~held if seat == partner else tiles | held for seat, tiles in enumerate(know.banned))
    sighted = PlausibleDeals(replace(know, banned=banned), view, level, rng).draw
    if share >= 1:
        return sighted
    plain = PlausibleDeals(know, view, level, rng).draw

    def draw(count: int) -> list[list[int]]:
        shown = sum(rng.random() < share for _ in range(count))
        return [*(sighted(shown) if shown else ()), *(plain(count - shown) if shown < count else ())]

    return draw


def searching_exactly(view, level: Level = LEVEL_SETTINGS["hard"]) -> bool:
    """Whether ``level`` solves this decision's deals exactly: few tiles are left in hands."""
    know = Knowledge.of(view)
    return view.ends is not None and (know.hand | know.hidden).bit_count() <= level.exact_tiles


def first_round(game: str, index: int, seeds: tuple[str, str] = ("bench-ai", "bench-deal")) -> BlockRoundState:
    """The first round of deal ``index``: its opener (or chooser) drawn from the first random
    stream named in ``seeds``, its hands from the second."""
    rules = BLOCK_GAMES[game].rules
    opener = derived_rng(seeds[0], game, index).randint(1, 4)
    kind = OpeningKind.CHOOSE if rules.accepts_deals else OpeningKind.SEAT
    return BlockRoundState(
        rules,
        RoundStart(2, (0, 0), 1, Opening(kind, opener)),
        lambda number, i: deal(DOUBLE_SIX_SET, derived_rng(seeds[1], game, index, i)),
    )


def against_greedy(game: str, index: int, level: Level, streams: tuple[str, str, str]) -> Iterator[tuple]:
    """Deal ``index`` played by the ``level`` pair against the greedy pair, in both seatings:
    every decision of the pair, before it is made, as (state, view, decision, its key: game,
    index, team, turn). The deal is drawn from the first two random streams named in
    ``streams`` (as ``first_round``), each decision from the third and its key."""
    adapter = BlockGame(BLOCK_GAMES[game].rules)
    for team in (0, 1):
        state = first_round(game, index, streams[:2])
        labels = ("ai", "greedy") * 2 if team == 0 else ("greedy", "ai") * 2
        turn = 0
        while not state.is_over:
            view = adapter.view(state, state.to_act, labels)
            rng = derived_rng(streams[2], game, index, team, turn)
            if labels[state.to_act - 1] == "greedy":
                decision = greedy_block_decision(view, rng)
            else:
                decision = analyse(view, level, rng).decision
                yield state, view, decision, (game, index, team, turn)
            state.push(decision)
            turn += 1


def decide(kind: str, state: BlockRoundState, view, rng: random.Random):
    if kind in BASELINES:
        return BASELINES[kind](view, rng)
    if kind == "perfect":
        return perfect_information(state, view, rng)
    if kind.startswith("glimpsing-"):
        return partner_sighted(state, view, rng, float(kind.removeprefix("glimpsing-")))
    if kind.startswith("sighted"):
        if kind == "sighted-one":
            sighted = view.seat <= 2  # the first seat of either team
        else:
            sighted = kind == "sighted" or kind.endswith("late") == searching_exactly(view)
        if sighted:
            return partner_sighted(state, view, rng)
        return analyse(view, LEVEL_SETTINGS["hard"], rng).decision
    return analyse(view, level_of(kind), rng).decision


def play_deal(game: str, index: int, tested_team: int, tested: str, opponent: str, times: list[float]) -> str | None:
    """One deal of the duplicate; returns the winning team, or None for a tie. The CPU
    seconds of every decision with a choice the ``tested`` pair takes go to ``times``."""
    state = first_round(game, index)
    adapter = BlockGame(BLOCK_GAMES[game].rules)
    seats = (tested, opponent) * 2 if tested_team == 0 else (opponent, tested) * 2
    labels = tuple("ai" if s not in BASELINES else s for s in seats)
    turn = 0
    while not state.is_over:
        seat = state.to_act
        view = adapter.view(state, seat, labels)
        rng = derived_rng("bench-decide", game, index, tested_team, turn)
        start = time.process_time()
        decision = decide(seats[seat - 1], state, view, rng)
        if (seat - 1) & 1 == tested_team and len(view.legal) > 1:
            times.append(time.process_time() - start)
        state.push(decision)
        turn += 1
    return state.result.winner


def duplicate_deals(job: tuple[str, str, str, int, int]) -> tuple[list[tuple[int, int]], list[float]]:
    """Per deal of a range, (rounds won, rounds decided) by the ``tested`` pair over its two
    seatings, and the CPU seconds of its decisions."""
    game, tested, opponent, first, count = job
    found, times = [], []
    for index in range(first, first + count):
        won = decided = 0
        for team in (0, 1):
            winner = play_deal(game, index, team, tested, opponent, times)
            if winner is not None:
                decided += 1
                won += winner == "AB"[team]
        found.append((won, decided))
    return found, times


def choices(game: str, count: int) -> list:
    """The first ``count`` views with a choice that hard pairs meet against greedy pairs."""
    views: list = []
    index = 10_000
    while len(views) < count:
        state = first_round(game, index)
        adapter = BlockGame(BLOCK_GAMES[game].rules)
        labels = ("ai", "greedy") * 2 if index % 2 == 0 else ("greedy", "ai") * 2
        while not state.is_over:
            view = adapter.view(state, state.to_act, labels)
            rng = random.Random(len(views))
            if labels[state.to_act - 1] == "ai":
                if len(view.legal) > 1:
                    views.append(view)
                state.push(analyse(view, LEVEL_SETTINGS["hard"], rng).decision)
            else:
                state.push(greedy_block_decision(view, rng))
        index += 1
    return views[:count]


def think_times(job: tuple[str, int, str]) -> list[float]:
    """CPU seconds per decision of ``level``, on the choices met by hard pairs against greedy."""
    game, count, level = job
    settings = level_of(level)
    times = []
    for k, view in enumerate(choices(game, count)):
        start = time.process_time()
        analyse(view, settings, random.Random(k))
        times.append(time.process_time() - start)
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


def paired(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> str:
    """The mean difference in rounds won per deal between two players on the same deals, 95 %."""
    diffs = [x[0] - y[0] for x, y in zip(a, b)]
    if len(diffs) < 2:
        return "n/a"
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return f"{statistics.mean(diffs):+.3f} ± {half:.3f} rounds won per deal (of 2)"


def margin(per_deal: list[tuple[int, int]]) -> str:
    """The mean of rounds won minus rounds lost per deal (of 2) by the pair under test, 95 %."""
    diffs = [2 * won - decided for won, decided in per_deal]
    if len(diffs) < 2:
        return "n/a"
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return f"{statistics.mean(diffs):+.3f} ± {half:.3f} rounds won minus rounds lost a deal (of 2; {len(diffs)} deals)"


def timing(samples: list[float]) -> str:
    if not samples:
        return "no decisions"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return f"CPU median {1000 * statistics.median(ordered):.1f} ms, p95 {1000 * p95:.1f} ms ({len(ordered)} decisions)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=(*BLOCK_GAMES, "both"), default="both")
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals per player (0 to skip)")
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument("--players", default=",".join(LADDER), help="pairs under test, comma-separated")
    parser.add_argument("--opponents", default="greedy", help="the pairs they meet, comma-separated")
    parser.add_argument("--previous", action="store_true", help="also hard against previous-hard")
    parser.add_argument("--base", default="hard", help="the player the others are compared with, deal by deal")
    parser.add_argument("--timing", type=int, default=0, help="decisions timed at each level (0 to skip)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="also append every line to this file")
    parser.add_argument("--profile", type=int, default=0, help="profile this many decisions at --level and stop")
    parser.add_argument("--level", default="hard", help="the level --profile profiles")
    args = parser.parse_args()
    if args.profile:
        for game in BLOCK_GAMES if args.game == "both" else (args.game,):
            views, level = choices(game, args.profile), level_of(args.level)
            profiler = cProfile.Profile(time.process_time)
            for k, view in enumerate(views):
                profiler.runcall(analyse, view, level, random.Random(k))
            print(f"{game}: CPU profile of {len(views)} decisions at {args.level}  [load {os.getloadavg()[0]:.1f}]")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
        return

    def say(line: str) -> None:
        line = f"{line}  [load {os.getloadavg()[0]:.1f}]"
        print(line, flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as out:
                out.write(line + "\n")

    for game in BLOCK_GAMES if args.game == "both" else (args.game,):
        runs = [(p, o) for o in args.opponents.split(",") for p in args.players.split(",") if args.deals]
        if args.previous and args.deals:
            runs.append(("hard", "previous-hard"))
        results: dict[tuple[str, str], list[tuple[int, int]]] = {}
        for tested, opponent in runs:
            start = time.perf_counter()
            jobs = [(game, tested, opponent, args.first + a, n) for a, n in chunks(args.deals, args.workers)]
            parts = spread(jobs, duplicate_deals, args.workers)
            per_deal = [deal for part in parts for deal in part[0]]
            times = [t for part in parts for t in part[1]]
            results[(tested, opponent)] = per_deal
            won = share(sum(w for w, _ in per_deal), sum(d for _, d in per_deal))
            say(
                f"{game}: {tested} vs {opponent}: decided rounds won {won}"
                f"; {timing(times)}  [{args.deals} deals from {args.first}, {time.perf_counter() - start:.0f} s]"
            )
            say(f"{game}: {tested} vs {opponent}, head to head: {margin(per_deal)}")
        for opponent in args.opponents.split(","):
            base = results.get((args.base, opponent))
            for tested in args.players.split(","):
                if base is not None and tested != args.base and (tested, opponent) in results:
                    gap = paired(results[(tested, opponent)], base)
                    say(f"{game}: {tested} minus {args.base} vs {opponent}, same deals: {gap}")
        if args.timing:
            for level in ("easy", "normal", "hard"):
                samples = spread([(game, args.timing, level)], think_times, 1)[0]
                say(f"{game}: think time at {level}: {timing(samples)}")


if __name__ == "__main__":
    main()
