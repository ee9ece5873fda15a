"""Frame time while tiles animate, start-up time and peak memory of the table client.

Prints figures; asserts nothing. Run from the project root: python bench/frames.py
"""

from __future__ import annotations

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


def frame_times(size: tuple[int, int], wanted: int, game: str = "chiva") -> tuple[list[float], list[float]]:
    """Seconds per frame (events, fixed updates, one draw): the frames with a tile in flight,
    and every frame (those include the computer players' thinking)."""
    import pygame

    from scenes.app import App
    from scenes.manager import FIXED_DT
    from scenes.menu import start_match
    from scenes.settings import Settings

    app = App(size, settings=Settings(game=game, seats=["computer"] * 4, demo=True, seed=1))
    app.show("table", match=start_match(app.settings))
    manager = app.manager
    samples: list[float] = []
    every: list[float] = []
    for _ in range(wanted * 40):
        scene = manager.scene
        animating = getattr(scene, "animating", False)
        start = time.perf_counter()
        manager.frame(FIXED_DT, 0.0)
        pygame.display.flip()
        spent = time.perf_counter() - start
        every.append(spent)
        if animating:
            samples.append(spent)
            if len(samples) >= wanted:
                break
    return samples, every


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
    """Peak resident memory of a demo rendering ``frames`` frames at 1920x1080."""
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
    for game in ("chiva", "tiengow"):
        for size in ((1280, 720), (1920, 1080)):
            samples, every = frame_times(size, 600, game)
            print(
                f"{game} {size[0]}x{size[1]} frames with tiles in flight: {len(samples)}, "
                f"median {statistics.median(samples) * 1e3:.2f} ms, p99 {percentile(samples, 0.99) * 1e3:.2f} ms; "
                f"all {len(every)} frames, computer thinking included: p99 {percentile(every, 0.99) * 1e3:.1f} ms, "
                f"max {max(every) * 1e3:.1f} ms"
            )
    print(f"start-up to the first menu frame (median of 5, whole process): {start_up(5):.2f} s")
    print(f"peak memory of a 1920x1080 demo over 1800 frames: {peak_memory_mb(1800):.0f} MB")


if __name__ == "__main__":
    main()
