"""Frame times of whole demos (computer thinking included) at every level, start-up time and
peak memory of the table client.

Each demo runs at 60 frames a second of wall time, as the game does, so the computer
players think at their real pace. Each frame's wall time is the target's measure; its CPU
time (of the table's thread alone) shows the work in it, undisturbed by other programs
taking the processor. Frames that switch scenes (the table's first frame, a summary) are
counted apart as well. As in the game's loop, the time a frame leaves before the next
goes to spare work (pictures painted ahead); it is reported apart, not in the frame.

Each demo plays ``--deals`` deals whole (two unless told) and goes on until the next one shows,
however many frames that takes beyond ``--frames``, so it sees what a deal costs: for every
new deal it reports the CPU of the first frame the deal shows in (a local table prepared it
under its summary; a hosted table takes it from its server in a frame) and the worst CPU of
the second that follows.

Prints figures; asserts nothing. Run from the project root:

    python bench/frames.py [--frames 1800] [--deals 2] [--levels easy,normal,hard] [--games chiva,tiengow] [--hosted]

With ``--hosted`` each demo runs a second time at a table this device hosts (its table server on
a thread of this process, ``online.hosting``): the host's frames beside a local table's.
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
from dataclasses import dataclass, field

from game.core.player import Player

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = ((1280, 720), (1920, 1080))
DEAL_WAIT = 180.0  # seconds of frames a demo waits for its next deal before it gives up on it
AFTER_DEAL = 60  # frames (a second) after a new deal shows, whose worst CPU is reported with it


@dataclass
class Demo:
    """What one demo measured: seconds per frame (events, one fixed update, one draw)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    switching: list[bool] = field(default_factory=list)  # whether the frame switched scenes
    spare: list[float] = field(default_factory=list)  # spare work done in the time left after a frame
    late_by_spare: int = 0  # frames that started late because spare work overran
    late_preparing: int = 0  # of which, while a new scene was prepared (under a picture held still)
    decisions: int = 0
    worker_peak_mb: float | None = None
    deal_frames: list[int] = field(default_factory=list)  # the first frame each new deal showed in

    def line(self) -> str:
        played = [i for i, switching in enumerate(self.switching) if not switching]
        worker = f"; worker peak {self.worker_peak_mb:.0f} MB" if self.worker_peak_mb else ""
        return (
            f"{len(self.wall)} frames, {self.decisions} decisions; wall median {ms(statistics.median(self.wall))}, "
            f"p99 {ms(percentile(self.wall, 0.99))}, max {ms(max(self.wall))}; cpu median "
            f"{ms(statistics.median(self.cpu))}, p99 {ms(percentile(self.cpu, 0.99))}, max {ms(max(self.cpu))}; "
            f"outside the {len(self.wall) - len(played)} scene switches: "
            f"wall max {ms(max(self.wall[i] for i in played))}, cpu max {ms(max(self.cpu[i] for i in played))}; "
            f"spare work after {sum(1 for t in self.spare if t > 5e-5)} frames, max {ms(max(self.spare))}, "
            f"{self.late_by_spare} frames late for it ({self.late_preparing} of them under a scene's held picture, "
            f"while the next was prepared){worker}"
        )

    def deal_line(self) -> str:
        """What each new deal cost: the CPU of the first frame it showed in, and the worst CPU
        of the second from that frame on."""
        if not self.deal_frames:
            return "no new deal showed"
        first = ", ".join(ms(self.cpu[i]) for i in self.deal_frames)
        worst = ", ".join(ms(max(self.cpu[i : i + AFTER_DEAL])) for i in self.deal_frames)
        return (
            f"{len(self.deal_frames)} new deals (at frames {', '.join(map(str, self.deal_frames))}); "
            f"cpu of the first frame each showed in: {first}; worst cpu of the second from it: {worst}"
        )


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def demo_frames(size: tuple[int, int], game: str, level: str, count: int, deals: int = 0) -> Demo:
    """``count`` frames of a demo paced at 60 frames a second, and more until ``deals`` new deals
    have shown."""
    from scenes.screens.menu import start_match
    from scenes.services.settings import Settings
    from scenes.shell.app import App

    app = App(size, settings=Settings(game=game, seats=["computer"] * 4, demo=True, seed=1, level=level))
    match = start_match(app.settings)
    app.show("table", match=match)
    demo = paced(app, count, deals)
    demo.decisions = sum(len(done.decisions) for done in match.finished) + len(match.decisions)
    thinker = getattr(app, "thinker", None)
    if thinker is not None:
        demo.worker_peak_mb = peak_of(thinker.worker_pid)
        app.close()
    return demo


def hosted_frames(size: tuple[int, int], game: str, level: str, count: int, deals: int = 0) -> Demo:
    """``count`` frames (and ``deals`` new deals) of the same demo at a table this device hosts:
    the table server runs on its thread in this process (its computers think in its own worker),
    the device's seat is handed to the computer, and the table shows what the server sends."""
    from online.hosting import HostingServer
    from online.remote_session import RemoteSession
    from online.seat_group import SeatGroup
    from online.table import Seating
    from scenes.screens.pacing import THINK_PAUSE
    from scenes.services.settings import Settings
    from scenes.shell.app import App

    app = App(size, settings=Settings(game=game, demo=True, seed=1, level=level))
    seats = [Seating(), *(Seating(Player.from_level(level)) for _ in range(3))]
    hosting = HostingServer.new(game, seats, None, (0,), seed=1, pace=THINK_PAUSE * app.settings.pace, host="127.0.0.1")
    hosting.start()
    session = RemoteSession.join(hosting.url, hosting.code, "Bench", 1, None, "en", hosting.host_key)
    until(lambda: session.poll() or session.seated)
    session.hosting.start()
    until(lambda: session.poll() or (session.started and session.has_view))
    session.hosting.hand_to_computer(1, True, Player.from_level(level))
    until(lambda: session.poll() or session.chairs[0].handed_over)
    session.events()
    app.show("online_table", seats=SeatGroup([session], server=hosting))
    demo = paced(app, count, deals)
    demo.decisions = session.position[2]
    app.close()
    return demo


def until(done, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit("bench/frames.py: the hosted table did not answer")
        time.sleep(0.01)


def paced(app, count: int, deals: int = 0) -> Demo:
    """Run ``count`` frames of ``app`` at 60 a second of wall time, as the game's loop does, and
    on until ``deals`` new deals have shown (each waited for ``DEAL_WAIT`` seconds at most) and a
    second after the last."""
    import pygame

    from scenes.shell import garbage
    from scenes.shell.manager import FIXED_DT

    manager = app.manager
    manager.in_real_time()  # as the game's loop: scenes made ready and garbage collected between frames
    demo = Demo()
    tick = time.perf_counter()
    shown: tuple[int, int] | None = None  # the match and deal the table showed last
    waited = 0  # frames since the last new deal showed
    while (
        len(demo.wall) < count
        or (len(demo.deal_frames) < deals and waited < DEAL_WAIT / FIXED_DT)
        or (bool(demo.deal_frames) and waited < AFTER_DEAL)  # and the second after the last new deal
    ):
        scene = manager.scene
        start, cpu = time.perf_counter(), time.thread_time()
        manager.frame(FIXED_DT, 0.0)
        pygame.display.flip()
        demo.wall.append(time.perf_counter() - start)
        demo.cpu.append(time.thread_time() - cpu)
        demo.switching.append(manager.scene is not scene)
        now = None if demo.switching[-1] else deal_shown(manager.scene)
        waited += 1
        if now is not None:
            if shown is not None and now != shown:
                demo.deal_frames.append(len(demo.cpu) - 1)
                waited = 0
            shown = now
        tick += FIXED_DT
        spare = time.perf_counter()
        preparing = manager.preparing
        manager.do_spare_work(tick - spare)
        garbage.collect_overdue()
        demo.spare.append(time.perf_counter() - spare)
        rest = tick - time.perf_counter()
        if rest <= 0 and rest + demo.spare[-1] > 0:
            demo.late_by_spare += 1
            demo.late_preparing += preparing
        if rest > 0:
            time.sleep(rest)
        else:
            tick = time.perf_counter()
    garbage.hand_back()
    return demo


def deal_shown(scene) -> tuple[int, int] | None:
    """The match and deal a table on screen shows (None for another scene)."""
    from scenes.screens.table import TableScene

    return scene.session.position[:2] if isinstance(scene, TableScene) else None


def peak_of(pid: int | None) -> float | None:
    """Peak resident memory of process ``pid`` in MB (Linux), None when it cannot be read."""
    try:
        status = pathlib.Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return None
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), None)
    return int(line.split()[1]) / 1024 if line else None


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
    """Peak resident memory of the largest process of a demo rendering ``frames`` frames at 1920x1080
    (the table's own: its thinking worker is far smaller). Measured before this process has grown:
    a child started by ``subprocess`` reports as its peak at least this process's size when it
    started."""
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


def machine_probe() -> float:
    """Seconds a fixed piece of pure Python work takes here now (median of 5): this machine
    is shared, and its speed from one hour to the next moves every figure by as much."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        sum(i * i % 7 for i in range(1_000_000))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=1800, help="frames per demo at least (60 a second)")
    parser.add_argument("--deals", type=int, default=2, help="deals each demo plays whole at least")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", default="chiva,tiengow")
    parser.add_argument("--no-process", action="store_true", help="skip start-up and memory")
    parser.add_argument("--hosted", action="store_true", help="each demo also at a table this device hosts")
    args = parser.parse_args()
    print(f"machine probe (fixed work, lower is faster): {machine_probe() * 1e3:.0f} ms", flush=True)
    if not args.no_process:
        print(f"start-up to the first menu frame (median of 5, whole process): {start_up(5):.2f} s")
        print(f"peak memory of a 1920x1080 demo over 1800 frames: {peak_memory_mb(1800):.0f} MB", flush=True)
    for game in args.games.split(","):
        for level in args.levels.split(","):
            for size in SIZES:
                demo = demo_frames(size, game, level, args.frames, args.deals)
                print(f"{game} {level} {size[0]}x{size[1]}: {demo.line()}", flush=True)
                print(f"  deals: {demo.deal_line()}", flush=True)
                if args.hosted:
                    hosted = hosted_frames(size, game, level, args.frames, args.deals)
                    print(f"  hosted here, same demo: {hosted.line()}", flush=True)
                    print(f"  hosted here, deals: {hosted.deal_line()}", flush=True)


if __name__ == "__main__":
    main()
