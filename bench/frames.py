"""Frame times of whole demos (computer thinking included) at every level, start-up time and
peak memory of the table client.

Each demo runs at 60 frames a second of wall time, as the game does, so the computer
players think at their real pace. Prints figures; asserts nothing. Run from the project
root: python bench/frames.py [--frames 1800] [--levels easy,normal,hard] [--games chiva,tiengow]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = ((1280, 720), (1920, 1080))


def demo_frames(size: tuple[int, int], game: str, level: str, count: int) -> tuple[list[float], int]:
    """Seconds per frame (events, one fixed update, one draw) of ``count`` frames of a demo
    paced at 60 frames a second, and the number of decisions taken in it."""
    import pygame

    from scenes.app import App
    from scenes.manager import FIXED_DT
    from scenes.menu import start_match
    from scenes.settings import Settings

    app = App(size, settings=Settings(game=game, seats=["computer"] * 4, demo=True, seed=1, level=level))
    match = start_match(app.settings)
    app.show("table", match=match)
    manager = app.manager
    every: list[float] = []
    tick = time.perf_counter()
    for _ in range(count):
        start = time.perf_counter()
        manager.frame(FIXED_DT, 0.0)
        pygame.display.flip()
        every.append(time.perf_counter() - start)
        tick += FIXED_DT
        rest = tick - time.perf_counter()
        if rest > 0:
            time.sleep(rest)
        else:
            tick = time.perf_counter()
    decisions = sum(map(len, match.finished_decisions)) + len(match.decisions)
    close = getattr(app, "close", None)
    if close is not None:
        close()
    return every, decisions


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def start_up(runs: int) -> float:
    """Median wall time of ``main.py --frames 1``: start, first menu frame, exit."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "1"], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_memory_mb(frames: int) -> float:
    """Peak resident memory of the largest process of a demo rendering ``frames`` frames at 1920x1080."""
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--demo",
            "--seed",
            "2",
            "--size",
            "1920x1080",
            "--frames",
            str(frames),
        ],
        check=True,
        capture_output=True,
    )
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=1800, help="frames per demo (60 a second)")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", default="chiva,tiengow")
    parser.add_argument("--no-process", action="store_true", help="skip start-up and memory")
    args = parser.parse_args()
    for game in args.games.split(","):
        for level in args.levels.split(","):
            for size in SIZES:
                every, decisions = demo_frames(size, game, level, args.frames)
                print(
                    f"{game} {level} {size[0]}x{size[1]}: {len(every)} frames, {decisions} decisions; "
                    f"median {statistics.median(every) * 1e3:.2f} ms, p99 {percentile(every, 0.99) * 1e3:.2f} ms, "
                    f"max {max(every) * 1e3:.1f} ms",
                    flush=True,
                )
    if args.no_process:
        return
    print(f"start-up to the first menu frame (median of 5, whole process): {start_up(5):.2f} s")
    print(f"peak memory of a 1920x1080 demo over 1800 frames: {peak_memory_mb(1800):.0f} MB")


if __name__ == "__main__":
    main()
