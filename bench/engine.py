"""Engine throughput against the peer libraries, and controller latencies.

Prints figures; asserts nothing. Run from the project root:
    python -m pip install -r bench/requirements.txt && python bench/engine.py [--rounds N]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from tiengow_engine import play_random_deals, time_enumeration, worst_case_states

from game.blocks.play import BlockRound
from game.core.match import Match
from game.core.tiles import DOUBLE_SIX_SET, deal


def ours(rounds: int, checked: bool) -> float:
    """Random rounds through BlockRound: deal, legal_moves, push (checked) or apply."""
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(rounds):
        rnd = BlockRound(deal(DOUBLE_SIX_SET, rng), rng.randint(1, 4))
        step = rnd.push if checked else rnd.apply
        while rnd.end is None:
            step(rng.choice(rnd.legal_moves()))
    return rounds / (time.perf_counter() - start)


def dominoes_package(rounds: int) -> float | None:
    try:
        import dominoes
    except ImportError:
        return None
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(rounds):
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*rng.choice(game.valid_moves))
    return rounds / (time.perf_counter() - start)


def open_spiel(rounds: int) -> float | None:
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the Python games)
    except ImportError:
        return None
    game = pyspiel.load_game("python_team_dominoes")
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, _ = zip(*state.chance_outcomes())
                state.apply_action(rng.choice(actions))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return rounds / (time.perf_counter() - start)


def median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6


def controller_latencies(repeats: int) -> tuple[float, float, float]:
    """Median undo, redo and preview times on a round played almost to its end."""
    match = Match("chiva", ("human",) * 4, seed=3)
    rng = random.Random(3)
    while True:
        trial = match.copy()
        trial.push(rng.choice(trial.legal_moves()))
        if trial.round.is_over:
            break
        match.push(rng.choice(match.legal_moves()))
    move = match.legal_moves()[0]
    undo, redo, preview = [], [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        match.undo()
        t1 = time.perf_counter()
        match.redo()
        t2 = time.perf_counter()
        match.preview(move)
        t3 = time.perf_counter()
        undo.append(t1 - t0)
        redo.append(t2 - t1)
        preview.append(t3 - t2)
    return median_us(undo), median_us(redo), median_us(preview)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per engine; the median is shown")
    args = parser.parse_args()
    runs = {
        "ours (legal_moves + apply)": lambda: ours(args.rounds, checked=False),
        "ours (legal_moves + push, checked)": lambda: ours(args.rounds, checked=True),
        "dominoes 6.1.0": lambda: dominoes_package(args.rounds),
        "OpenSpiel python_team_dominoes": lambda: open_spiel(max(1, args.rounds // 10)),
    }
    samples: dict[str, list] = {name: [] for name in runs}
    for _ in range(args.repeats):  # interleaved, so a busy machine slows every engine alike
        for name, run in runs.items():
            samples[name].append(run())
    rates = {name: None if found[0] is None else statistics.median(found) for name, found in samples.items()}
    print(f"random rounds per second (median of {args.repeats} runs, {args.rounds} rounds each):")
    for name, rate in rates.items():
        print(f"  {name:38s} {'not installed' if rate is None else f'{rate:10.0f}'}")
    mine = rates["ours (legal_moves + apply)"]
    checked = rates["ours (legal_moves + push, checked)"]
    for peer in ("dominoes 6.1.0", "OpenSpiel python_team_dominoes"):
        if rates[peer]:
            print(f"  ratio to {peer}: {mine / rates[peer]:.1f}x (checked push: {checked / rates[peer]:.1f}x)")
    deals = max(200, args.rounds // 2)
    play_random_deals(200, 1)
    seconds = statistics.median(play_random_deals(deals, seed) for seed in range(args.repeats))
    samples = time_enumeration(worst_case_states(200, 1), 20)
    print(f"Tien Gow random deals per second (median of {args.repeats} runs): {deals / seconds:.0f}")
    print(
        f"Tien Gow follower enumeration, 4-tile trick, 8 in hand (median of {len(samples)}): "
        f"{median_us(samples):.1f} us"
    )
    undo, redo, preview = controller_latencies(500)
    print(
        f"controller on a nearly finished round (median): undo {undo:.0f} us, redo {redo:.0f} us, "
        f"preview {preview:.0f} us"
    )


if __name__ == "__main__":
    main()
