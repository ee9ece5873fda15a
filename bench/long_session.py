"""The table's frames deep into a long Tien Gow session: the worst frame of a deal played after
many deals, with the person's moves saved as the game saves them.

A Tien Gow session (the person at seat 1, three ``greedy`` computers, which think in no time, so
only the table's own work is measured) is played headless to deal ``--deal``; the table is then
shown as the game shows it and played to the end of that deal at 60 frames a second of wall time,
the person taking their first legal decision whenever the table waits for it and pressing
Enter twice a second otherwise (a trick held in view goes on). Each frame's CPU
time of the table's thread (``time.thread_time``) is recorded; frames that switch scenes
are counted apart. Prints the median, p99 and worst frame with the load from ``uptime``.
Asserts nothing. Run from the project root (or from another checkout, to compare):

    python bench/long_session.py [--deal 300] [--size 1280x720]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path.cwd()
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="bench-long-session-")
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="bench-long-session-")

SEATS = ("human", "greedy", "greedy", "greedy")
FRAME = 1 / 60


def played_to(deal: int):  # type: ignore[no-untyped-def]
    """A Tien Gow session at the person's first move of deal ``deal``."""
    from game.core.match import Match

    match = Match("tiengow", SEATS, 1)
    while match.start.number < deal or match.to_act != 1:
        match.run_computers()
        if match.round.is_over:
            match.next_round()
        elif match.start.number < deal:
            match.push(match.legal_moves()[0])
    return match


def frames_to_the_end(match, size: tuple[int, int]) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """The CPU seconds of every frame of the table from now to the end of the current deal, and
    those of the frames that switched scenes."""
    import pygame

    from scenes.services.settings import Settings
    from scenes.shell.app import App
    from scenes.shell.manager import FIXED_DT

    app = App(size, settings=Settings(game="tiengow", seats=["human", "computer", "computer", "computer"], seed=1))
    app.show("table", match=match)
    manager = app.manager
    manager.in_real_time()
    cpu: list[float] = []
    switches: list[float] = []
    tick = time.perf_counter()
    deal = match.start.number
    while match.start.number == deal and not match.round.is_over and len(cpu) < 60 * 120:
        scene = manager.scene
        start = time.thread_time()
        if getattr(scene, "match", None) is match and scene.is_viewer_turn and not scene.animating:
            scene.commit(match.legal_moves()[0])
        elif len(cpu) % 30 == 29:  # a trick held in view goes on at a key, as the person would press it
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
        manager.frame(FIXED_DT, 0.0)
        pygame.display.flip()
        (switches if manager.scene is not scene else cpu).append(time.thread_time() - start)
        tick += FRAME
        manager.do_spare_work(tick - time.perf_counter())
        rest = tick - time.perf_counter()
        if rest > 0:
            time.sleep(rest)
        else:
            tick = time.perf_counter()
    for _ in range(30):  # the frames that show the deal's end (and its save)
        scene, start = manager.scene, time.thread_time()
        manager.frame(FIXED_DT, 0.0)
        (switches if manager.scene is not scene else cpu).append(time.thread_time() - start)
        time.sleep(FRAME)
    app.close()
    return cpu, switches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deal", type=int, default=300)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    match = played_to(args.deal)
    cpu, switches = frames_to_the_end(match, (width, height))
    played = sorted(cpu)
    load = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    print(
        f"deal {args.deal}, {len(cpu)} frames: median "
        f"{statistics.median(played) * 1e3:.2f} ms, p99 {played[int(0.99 * (len(played) - 1))] * 1e3:.2f} ms, "
        f"worst {played[-1] * 1e3:.1f} ms cpu; {len(switches)} scene switches, worst "
        f"{max(switches, default=0) * 1e3:.1f} ms; {load}"
    )


if __name__ == "__main__":
    main()
