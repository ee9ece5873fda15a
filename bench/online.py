"""Hosted tables under load: N tables of four bot devices (in a few worker processes) against
one server process on loopback. Prints decisions per second, the round trip from a decision
sent to every device of its table holding the new view (p50, p99), the server's CPU (percent
of one core, and milliseconds per decision), its memory per table, and the machine's load and
CPU pressure (how much of the time a runnable task waited for a core: round trips on a
machine other work keeps busy are mostly that wait).

Connecting thousands of devices on a busy machine takes minutes: the bench waits as long as
the devices keep connecting, and gives up on a count of tables (one line saying so, then the
next count) only when no device has connected for ``--patience`` seconds. Every worker measures
the same window, which begins once all of them are ready.

Prints figures; asserts nothing. Run from the project root:
    python -u bench/online.py [--tables 1,50,200,500] [--seconds 20] [--think 1.0] [--workers 3] [--patience 120]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pathlib
import statistics
import subprocess
import sys
import threading
import time

from game.core.player import GREEDY

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from online.bot import Bot
from online.client import Connection
from online.protocol import State

TICK = os.sysconf("SC_CLK_TCK")
BATCH = 100  # devices a worker connects at once
SAYS_EVERY = 1.0  # seconds between two of a worker's lines on how many of its devices are connected


class Stalled(Exception):
    """Connecting stopped making progress (or a process ended): why, in one line."""


# --- a worker: the bots of some tables ----------------------------------------------------------


class Probe:
    """Round trips of one table: when a decision at a position was sent, and when each of the
    table's four devices first held a state past that position."""

    def __init__(self, samples: list[float], counting: list[bool]) -> None:
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.samples, self.counting = samples, counting

    def on_sent(self, position: int) -> None:
        self.sent[position] = time.monotonic()
        self.seen[position] = 0

    def on_state(self, state: State) -> None:
        now = time.monotonic()
        for position in [p for p in self.sent if state.position > p]:
            self.seen[position] += 1
            if self.seen[position] == 4:
                started = self.sent.pop(position)
                del self.seen[position]
                if self.counting[0]:
                    self.samples.append((now - started) * 1000)


async def work(url: str, codes: list[str], think: float, seconds: float) -> dict:
    samples: list[float] = []
    counting = [False]
    bots = []
    for code in codes:
        probe = Probe(samples, counting)
        for seat in (1, 2, 3, 4):
            connection = Connection(url, code, f"B{seat}", seat, patience=60.0)
            bots.append(Bot(connection, GREEDY, think, probe.on_sent, probe.on_state, jitter=True))
    tasks = []
    said, said_at = 0, time.monotonic()
    for start in range(0, len(bots), BATCH):  # a few tables' devices at a time: a loaded machine accepts them all
        batch = bots[start : start + BATCH]
        tasks += [asyncio.get_running_loop().create_task(b.run()) for b in batch]
        while (connected := sum(b.connection.connects > 0 for b in bots)) < start + len(batch):
            if connected > said and time.monotonic() - said_at >= SAYS_EVERY:
                print(f"connected {connected}/{len(bots)}", flush=True)  # the parent waits while this grows
                said, said_at = connected, time.monotonic()
            await asyncio.sleep(0.02)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # every worker is ready: go
    await asyncio.sleep(1.0)  # the first decisions of every table, not counted
    counting[0] = True
    cpu = time.process_time()
    await asyncio.sleep(seconds)
    cpu = time.process_time() - cpu
    counting[0] = False
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"samples": samples, "cpu": cpu}


def worker_main(args: argparse.Namespace) -> int:
    result = asyncio.run(work(args.url, args.codes.split(","), args.think, args.seconds))
    print(json.dumps(result), flush=True)
    return 0


# --- the parent: one server, some workers, the figures ---------------------------------------------------


def _cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def _rss_mb(pid: int) -> float:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _waited_seconds(pid: int) -> float:
    """Seconds process ``pid`` was runnable but waited for a core (its scheduler statistics)."""
    try:
        return int(pathlib.Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _stalled_seconds() -> float:
    """Seconds some runnable task of this machine waited for a CPU so far (Linux PSI; 0 without it)."""
    try:
        first = pathlib.Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return 0.0
    return int(first.rsplit("total=", 1)[1]) / 1e6


def _line(process: subprocess.Popen, timeout: float, what: str) -> str:
    """The next line ``process`` prints; Stalled when none comes in ``timeout`` seconds or it ends."""
    found: list[str] = []
    reader = threading.Thread(target=lambda: found.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    if not found:
        raise Stalled(f"{what} printed nothing in {timeout:g} s")
    if not found[0]:
        raise Stalled(f"{what} ended (exit code {process.wait(10)})")
    return found[0].strip()


def _ready(worker: subprocess.Popen, name: str, devices: int, patience: float) -> None:
    """Wait until ``worker`` has connected its ``devices``, as long as it keeps connecting more
    (it says how many every second they grow); Stalled when none connects in ``patience`` seconds."""
    last = "none"
    while (line := _line(worker, patience, f"{name} ({devices} devices, connected so far: {last})")) != "ready":
        last = line.removeprefix("connected ")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(10)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def measure(tables: int, seconds: float, think: float, workers: int, game: str, patience: float) -> str:
    children: list[subprocess.Popen] = []
    try:
        return _measured(tables, seconds, think, workers, game, patience, children)
    except Stalled as why:
        return f"tables {tables:>4}: not measured, connecting stopped making progress: {why} (load {_loadavg()})"
    finally:
        for child in children:
            _stop(child)


def _loadavg() -> str:
    with open("/proc/loadavg") as load:
        return " ".join(load.read().split()[:3])


def _measured(
    tables: int, seconds: float, think: float, workers: int, game: str, patience: float, children: list
) -> str:
    """The figures of ``tables`` tables; every process started is put in ``children`` (to stop)."""
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "online.server", "--game", game, "--port", "0", "--seed", "1"]
        + ["--tables", str(tables), "--deals", "1000"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    children.append(server)
    first = _line(server, 30, "the server").split()
    url, codes = first[1], [first[2].removeprefix("code=")]
    _line(server, 30, "the server")  # web http://HOST:PORT/#CODE: the page a phone opens
    codes += [_line(server, 30, "the server").removeprefix("code=") for _ in range(tables - 1)]
    idle_rss = _rss_mb(server.pid)
    count = min(workers, tables)
    shares = [codes[i::count] for i in range(count)]
    connecting = time.monotonic()
    for share in shares:
        children.append(
            subprocess.Popen(
                [sys.executable, "-u", str(pathlib.Path(__file__).resolve()), "--worker", "--url", url]
                + ["--codes", ",".join(share), "--think", str(think), "--seconds", str(seconds)],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        )
    for number, (child, share) in enumerate(zip(children[1:], shares), 1):
        _ready(child, f"bot worker {number} of {count}", 4 * len(share), patience)
    connecting = time.monotonic() - connecting
    for child in children[1:]:
        child.stdin.write("go\n")
        child.stdin.flush()
    time.sleep(1.0)
    cpu0, wall0, stalled0 = _cpu_seconds(server.pid), time.monotonic(), _stalled_seconds()
    waited0 = [_waited_seconds(child.pid) for child in children]
    time.sleep(seconds)
    cpu1, wall1, stalled1 = _cpu_seconds(server.pid), time.monotonic(), _stalled_seconds()
    waited = [_waited_seconds(child.pid) - before for child, before in zip(children, waited0)]
    rss = _rss_mb(server.pid)
    samples: list[float] = []
    bots_cpu = 0.0
    for number, child in enumerate(children[1:], 1):
        result = json.loads(_line(child, seconds + 60, f"bot worker {number} (its figures)"))
        samples += result["samples"]
        bots_cpu += result["cpu"]
    loadavg = _loadavg()
    decisions = len(samples)
    if not samples:
        return f"tables {tables:>4}: no decision measured (load {loadavg})"
    cut = statistics.quantiles(samples, n=100, method="inclusive")
    cpu = cpu1 - cpu0
    return (
        f"tables {tables:>4} ({tables * 4:>4} connections, connected in {connecting:.1f} s): "
        f"{decisions / seconds:7.1f} decisions/s, "
        f"round trip p50 {statistics.median(samples):6.2f} ms p99 {cut[98]:6.2f} ms, "
        f"server CPU {100 * cpu / (wall1 - wall0):5.1f}% of a core, {1000 * cpu / decisions:5.2f} ms/decision, "
        f"RSS {rss:6.1f} MB, {(rss - idle_rss) / tables * 1024:5.0f} KB/table above the idle server "
        f"({idle_rss:.1f} MB); bot workers {100 * bots_cpu / seconds:.0f}% of a core; load {loadavg}, "
        f"CPU pressure {100 * (stalled1 - stalled0) / (wall1 - wall0):.0f}% (of the time some task waited for a core); "
        f"waiting for a core: the server {100 * waited[0] / (wall1 - wall0):.0f}% of the time, "
        f"each bot worker {100 * statistics.mean(waited[1:]) / (wall1 - wall0):.0f}%"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", default="1,50,200,500", help="comma-separated table counts")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds measured at each count")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a bot thinks (spread 0.5-1.5 x)")
    parser.add_argument("--workers", type=int, default=3, help="bot worker processes")
    parser.add_argument(
        "--patience", type=float, default=120.0, help="seconds without a device connecting before giving up a count"
    )
    parser.add_argument("--game", default="chiva")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--codes", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker_main(args)
    print(f"{os.cpu_count()} cores, bots think {args.think} s on average, {args.seconds:g} s measured", flush=True)
    for tables in (int(t) for t in args.tables.split(",")):
        print(measure(tables, args.seconds, args.think, args.workers, args.game, args.patience), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
