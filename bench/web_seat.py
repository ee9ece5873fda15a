"""The web seat's figures (issue 42), on loopback:

1. the page's weight (uncompressed, and gzipped as a reference);
2. the first picture after the page is requested: the browser's first contentful paint, and
   the moment the seats to choose from are drawn (a look answered), from its navigation start;
3. a tap to the other devices' new view: from the Confirm tap's handler in the browser to a
   watcher holding the new state, against a device's decision sent to the same (p50, p99);
4. 200 web-seat-style connections against 200 devices on one server (50 tables of four): the
   round trip from a decision sent to all four of its table holding the new view (p50, p99).
   A web-seat-style connection does what the page does: GET the page and its words over
   HTTP, ``look``, then ``hello``, and reads every frame as plain JSON values (untyped, as
   ``JSON.parse``); a device is ``online.client.Connection`` (decoded against the protocol's
   types). Both kinds run in one client process standing in for 200 phones, so its own
   reading is part of the round trip; the server's CPU is printed beside it. Both decide their
   first legal decision after ``--think`` seconds, and the server's path for their frames is
   the same.

Prints figures with the machine's load; asserts nothing. Needs Debian's ``chromium`` and
Playwright (as the browser tests). ``python bench/web_seat.py [--samples 40] [--seconds 15]``
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgspec
from websockets.asyncio.client import connect as async_connect
from websockets.sync.client import connect

from online.client import Connection
from online.protocol import PROTOCOL, Decide, Ready, State
from online.web_page import WebPage

READY = """() => { const t = document.querySelector('#table');
  if (!t || t.hidden || t.dataset.online !== 'true') return false;
  if (t.dataset.over === 'true') return true;
  if ([...document.querySelectorAll('#tools button')].some(b => b.textContent.startsWith('Next '))) return true;
  return t.dataset.toAct === t.dataset.seat &&
    document.querySelector('#hand button:not([disabled]), #decide button:not([disabled])') !== null; }"""


def _serve(*args: str) -> tuple[subprocess.Popen[str], str, list[str]]:
    """``online.server`` on loopback on a free port: the process, its ws URL and its codes."""
    process = subprocess.Popen(
        [sys.executable, "-m", "online.server", "--port", "0", *args], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    found = re.match(r"listening (ws://[\d.]+:\d+) code=(\w+)", process.stdout.readline())
    assert found, "the server did not start"
    codes = [found.group(2)]
    process.stdout.readline()  # web http://HOST:PORT/#CODE: the page a phone opens
    tables = int(args[args.index("--tables") + 1]) if "--tables" in args else 1
    codes += [process.stdout.readline().strip().removeprefix("code=") for _ in range(tables - 1)]
    return process, found.group(1), codes


def _p(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(samples: list[float]) -> str:
    return f"p50 {1000 * statistics.median(samples):.2f} ms, p99 {1000 * _p(samples, 0.99):.2f} ms (n={len(samples)})"


def _load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


# --- 1. weight ------------------------------------------------------------------------------------


def weight() -> None:
    page = WebPage.load()
    body = page.files["/"].body
    words = max(len(page.files[f"/i18n/{lang}.json"].body) for lang in ("en", "fr", "it", "id"))
    print(f"page: {len(body)} bytes uncompressed ({len(gzip.compress(body))} gzipped); words: at most {words} bytes")


# --- 2. first picture ---------------------------------------------------------------------------------


def first_picture(browser: object, samples: int) -> None:
    process, url, codes = _serve("--game", "chiva", "--seats", "remote,greedy,greedy,greedy")
    address = url.replace("ws://", "http://") + "/#" + codes[0]
    paints, seats = [], []
    try:
        for _ in range(samples):
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            page = context.new_page()
            page.goto(address)
            page.wait_for_function("() => document.querySelectorAll('#seat-list button').length > 0")
            paint = page.evaluate(
                "() => { const p = performance.getEntriesByName('first-contentful-paint')[0]; "
                "return p ? p.startTime : null; }"
            )
            drawn = page.evaluate("() => performance.now()")
            if paint is not None:
                paints.append(paint / 1000)
            seats.append(drawn / 1000)
            context.close()
    finally:
        process.kill()
        process.wait()
    print(f"first contentful paint after the request: {_ms(paints)}")
    print(f"the seats drawn (page, words and a look answered), at most: {_ms(seats)}")


# --- 3. a tap to the other devices' new view --------------------------------------------------------------


class Watcher(threading.Thread):
    """A watcher on its own thread: when it first held each position (wall clock, as the browser's)."""

    def __init__(self, url: str, code: str) -> None:
        super().__init__(daemon=True)
        self.url, self.code = url, code
        self.seen: dict[int, float] = {}
        self.ready = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        with connect(self.url) as ws:
            ws.send(json.dumps({"type": "watch", "protocol": PROTOCOL, "code": self.code}))
            self.ready.set()
            while not self.stop.is_set():
                try:
                    text = ws.recv(0.5)
                except TimeoutError:
                    continue
                except Exception:
                    return
                now = time.time()
                if '"type":"state"' in text:
                    self.seen.setdefault(json.loads(text)["position"], now)

    def arrival(self, position: int, timeout: float = 10.0) -> float:
        deadline = time.monotonic() + timeout
        while position not in self.seen and time.monotonic() < deadline:
            time.sleep(0.0005)
        return self.seen[position]


def _browser_round_trips(browser: object, samples: int) -> list[float]:
    process, url, codes = _serve("--game", "chiva", "--seats", "remote,greedy,greedy,greedy", "--seed", "5")
    watcher = Watcher(url, codes[0])
    watcher.start()
    watcher.ready.wait(10)
    found: list[float] = []
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page = context.new_page()
        page.goto(url.replace("ws://", "http://") + "/#" + codes[0])
        page.get_by_role("button", name=re.compile("^Sit at seat 1")).click()
        while len(found) < samples:
            page.wait_for_function(READY, timeout=30_000)
            if page.locator("#table").get_attribute("data-over") == "true":
                break
            position = page.locator("#table").get_attribute("data-position")
            if page.locator("#tools button", has_text=re.compile("^Next ")).count():
                page.locator("#tools button", has_text=re.compile("^Next ")).click()
                page.wait_for_function(f"() => document.querySelector('#table').dataset.position !== '{position}'")
                continue
            if page.locator("#hand button:not([disabled])").count():
                page.locator("#hand button:not([disabled])").first.click()
                if page.locator("#places button").count() > 1:
                    page.locator("#places button").first.click()
            else:
                page.locator("#decide button").first.click()
            sent, position = page.evaluate(
                """() => { const t0 = performance.timeOrigin + performance.now();
                   const p = Number(document.querySelector('#table').dataset.position);
                   document.querySelector('button.confirm').click(); return [t0, p]; }"""
            )
            found.append(watcher.arrival(position + 1) - sent / 1000)
            page.wait_for_function(f"() => document.querySelector('#table').dataset.position !== '{position}'")
        context.close()
    finally:
        watcher.stop.set()
        process.kill()
        process.wait()
    return found


def _device_round_trips(samples: int) -> list[float]:
    process, url, codes = _serve("--game", "chiva", "--seats", "remote,greedy,greedy,greedy", "--seed", "5")
    watcher = Watcher(url, codes[0])
    watcher.start()
    watcher.ready.wait(10)
    found: list[float] = []
    try:
        with connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "code": codes[0], "seat": 1}))
            while len(found) < samples:
                frame = json.loads(ws.recv(30))
                if frame["type"] != "state" or frame["view"] is None:
                    continue
                if frame["over"]:
                    break
                view = frame["view"]
                if view["result"] is not None and 1 not in frame["ready"]:
                    ws.send(json.dumps({"type": "ready"}))
                elif view["to_act"] == 1 and view["legal"]:
                    decision = {"seat": 1, **view["legal"][0]}
                    sent = time.time()
                    ws.send(json.dumps({"type": "decide", "position": frame["position"], "decision": decision}))
                    found.append(watcher.arrival(frame["position"] + 1) - sent)
    finally:
        watcher.stop.set()
        process.kill()
        process.wait()
    return found


# --- 4. 200 connections ----------------------------------------------------------------------------------


class Probe:
    """Round trips of one table: a decision sent at a position, and when each of its four
    connections first held a later position."""

    def __init__(self, samples: list[float], counting: list[bool]) -> None:
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.samples, self.counting = samples, counting

    def on_sent(self, position: int) -> None:
        self.sent[position] = time.monotonic()

    def on_state(self, position: int) -> None:
        before = position - 1
        if before in self.sent:
            self.seen[before] = self.seen.get(before, 0) + 1
            if self.seen[before] == 4 and self.counting[0]:
                self.samples.append(time.monotonic() - self.sent.pop(before))


async def _http_get(host: str, port: int, path: str) -> int:
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
    await writer.drain()
    body = await reader.read()
    writer.close()
    return len(body)


async def _web_style(url: str, code: str, seat: int, probe: Probe, think: float, ready: Callable[[], None]) -> None:
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    await _http_get(host, int(port), "/")
    await _http_get(host, int(port), "/i18n/en.json")
    async with async_connect(url) as ws:
        await ws.send(json.dumps({"type": "look", "protocol": PROTOCOL, "code": code}))
        await ws.recv()
    async with async_connect(url, max_size=64 * 1024) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "code": code, "seat": seat, "name": "Web"}))
        ready()
        async for text in ws:
            frame = msgspec.json.decode(text)  # plain JSON values, as the page's JSON.parse gives
            if frame["type"] != "state" or frame["view"] is None:
                continue
            probe.on_state(frame["position"])
            view = frame["view"]
            if frame["over"]:
                return
            if view["result"] is not None and seat not in frame["ready"]:
                await ws.send(json.dumps({"type": "ready"}))
            elif view["to_act"] == seat and view["legal"]:
                await asyncio.sleep(think)
                probe.on_sent(frame["position"])
                decision = {"seat": seat, **view["legal"][0]}
                await ws.send(json.dumps({"type": "decide", "position": frame["position"], "decision": decision}))


async def _device(url: str, code: str, seat: int, probe: Probe, think: float, ready: Callable[[], None]) -> None:
    connection = Connection(url, code, "Device", seat=seat, patience=10.0)
    told = False
    async for message in connection.messages():
        if not told:
            ready()
            told = True
        if not isinstance(message, State) or message.view is None:
            continue
        probe.on_state(message.position)
        if message.over:
            break
        view = message.view
        if view.result is not None and seat not in message.ready:
            await connection.send(Ready())
        elif view.to_act == seat and view.legal:
            await asyncio.sleep(think)
            probe.on_sent(message.position)
            await connection.send(Decide(message.position, {"seat": seat, **msgspec.to_builtins(view.legal[0])}))
    await connection.close()


async def _crowd(mode: str, url: str, codes: list[str], think: float, seconds: float) -> list[float]:
    samples: list[float] = []
    counting = [False]
    joined = [0]
    everyone = asyncio.Event()

    def ready() -> None:
        joined[0] += 1
        if joined[0] == 4 * len(codes):
            everyone.set()

    run = _web_style if mode == "web" else _device
    tasks = [
        asyncio.create_task(run(url, code, seat, probe, think, ready))
        for code in codes
        for probe in [Probe(samples, counting)]
        for seat in (1, 2, 3, 4)
    ]
    await asyncio.wait_for(everyone.wait(), 120)
    await asyncio.sleep(2.0)  # the tables' first deals are dealt and played into
    counting[0] = True
    await asyncio.sleep(seconds)
    counting[0] = False
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return samples


def crowd(mode: str, tables: int, think: float, seconds: float) -> tuple[list[float], float]:
    process, url, codes = _serve("--game", "chiva", "--tables", str(tables), "--seats", "remote,remote,remote,remote")
    cpu_before = _cpu(process.pid)
    try:
        started = time.monotonic()
        samples = asyncio.run(_crowd(mode, url, codes, think, seconds))
        cpu = (_cpu(process.pid) - cpu_before) / (time.monotonic() - started)
    finally:
        process.kill()
        process.wait()
    return samples, cpu


def _cpu(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    print(_load())
    weight()
    path = shutil.which("chromium")
    if path is None:
        print("no chromium: the browser's figures are left out (sh tools/browser.sh)")
    else:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=path)
            first_picture(browser, min(args.samples, 15))
            web = _browser_round_trips(browser, args.samples)
            browser.close()
        device = _device_round_trips(args.samples)
        print(f"a tap to another device's new view, web seat: {_ms(web)}")
        print(f"a decision to another device's new view, device: {_ms(device)}")
        print(f"ratio web/device at p50: {statistics.median(web) / statistics.median(device):.2f}")
        print(_load())
    results = {}
    for mode in ("device", "web"):
        samples, cpu = crowd(mode, args.tables, args.think, args.seconds)
        results[mode] = samples
        print(f"{4 * args.tables} {mode} connections: round trip {_ms(samples)}; server CPU {100 * cpu:.0f}% of a core")
        print(_load())
    if results["device"] and results["web"]:
        ratio = statistics.median(results["web"]) / statistics.median(results["device"])
        print(f"ratio web/device at p50 with {4 * args.tables} connections: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
