"""Real servers and real clients on loopback for the online tests: a server subprocess,
bot subprocesses, and in-process devices that keep every frame they receive. Every child
is killed in a ``finally``, so a failing test leaves nothing running."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from game.core.session import Acted
from game.core.wire import game_of
from game.registry import game_named
from online.client import Connection
from online.protocol import Decide, Finished, Message, Pong, State, encode, server_decoder

ROOT = pathlib.Path(__file__).resolve().parent.parent
WAIT = 30.0  # seconds any one wait of a test may take before it fails
WHOLE_MATCH = 300.0  # seconds a whole match may take on a loaded machine


@dataclass
class Running:
    process: subprocess.Popen
    url: str
    code: str
    codes: list[str]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    return env


def first_line(process: subprocess.Popen, timeout: float) -> str:
    """The next line ``process`` writes to its standard output (AssertionError when none comes)."""
    found: list[str] = []
    reader = threading.Thread(target=lambda: found.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    if not found or not found[0]:
        raise AssertionError(f"the server printed nothing; stderr: {_stderr(process)}")
    return found[0]


def _stderr(process: subprocess.Popen) -> str:
    if process.poll() is None:
        return "(still running)"
    return process.stderr.read() if process.stderr else ""


def kill(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(10)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


@contextlib.contextmanager
def server(*args: str, tables: int = 1, via_main: bool = False, within: Sequence[str] = ()) -> Iterator[Running]:
    """``python -m online.server --port 0 ARGS`` (``python main.py --serve ...`` ``via_main``;
    run by the command ``within`` when given) until the block ends (killed then if still running)."""
    if "--port" not in args:
        args = ("--port", "0", *args)
    process = subprocess.Popen(
        [*within, sys.executable, "-u", *(["main.py", "--serve"] if via_main else ["-m", "online.server"]), *args],
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = first_line(process, WAIT)
        assert line.startswith("listening ws://"), line
        words = line.split()
        codes = [words[2].removeprefix("code=")]
        if "--no-web" not in args:  # the page a phone opens, its second line
            web = first_line(process, WAIT).strip()
            assert web == f"web http{words[1].removeprefix('ws')}/#{codes[0]}", web
        for _ in range(tables - 1):
            codes.append(first_line(process, WAIT).strip().removeprefix("code="))
        yield Running(process, words[1], codes[0], codes)
    finally:
        kill(process)


class Restartable:
    """A server that a test kills with SIGKILL and starts again on the same port (from its
    ``--save``), as a host's crash and return."""

    def __init__(self, *args: str) -> None:
        self.args = args
        self._contexts: list[contextlib.AbstractContextManager[Running]] = []
        self.running = self._start(())

    def _start(self, extra: tuple[str, ...]) -> Running:
        context = server(*self.args, *extra)
        self._contexts.append(context)
        return context.__enter__()

    @property
    def url(self) -> str:
        return self.running.url

    @property
    def code(self) -> str:
        return self.running.code

    def kill(self) -> None:
        self.running.process.send_signal(signal.SIGKILL)
        self.running.process.wait(WAIT)

    def restart(self) -> Running:
        """Start the server again on the port it had; its table is the same (same code)."""
        port = self.running.url.rsplit(":", 1)[1]
        again = self._start(("--port", port))
        assert again.code == self.running.code and again.url == self.running.url
        self.running = again
        return again

    def close(self) -> None:
        for context in self._contexts:
            context.__exit__(None, None, None)


@contextlib.contextmanager
def restartable(*args: str) -> Iterator[Restartable]:
    """A ``Restartable`` server until the block ends (every process it started killed then)."""
    started = Restartable(*args)
    try:
        yield started
    finally:
        started.close()


async def through_a_crash(host: Restartable, players: list, position: int, crashed=lambda: None) -> list[dict]:
    """Let ``players`` (``online.bot.Bot``s) play until the first sees ``position``, then kill the
    host with SIGKILL (``crashed()`` runs then) and start it again; they play the match out.
    Each player's record (every one came back: each connected twice or more)."""
    reached = asyncio.Event()
    players[0].on_state = lambda s: s.position >= position and reached.set()
    playing = asyncio.gather(*(player.run() for player in players))
    await asyncio.wait_for(reached.wait(), WAIT)
    crashed()
    host.kill()
    await asyncio.to_thread(host.restart)
    assert await asyncio.wait_for(playing, WHOLE_MATCH) == [0] * len(players)
    assert all(player.connection.connects >= 2 for player in players)
    return [player.record for player in players]


def assert_recorded(record: pathlib.Path, records: list[dict]) -> None:
    """The server's ``record`` passes ``game.cli replay`` and is each device's ``records``."""
    checked = replay(record)
    assert checked.returncode == 0, checked.stderr
    kept = json.loads(record.read_text(encoding="utf-8"))
    assert all(found == kept for found in records)


def until_pong(ws, nonce: int) -> list:
    """On a raw connection ``ws``: everything the server sends before the pong of a ping ``nonce`` sent now."""
    ws.send(json.dumps({"type": "ping", "nonce": nonce}))
    found = []
    while True:
        message = server_decoder.decode(ws.recv(10))
        if isinstance(message, Pong) and message.nonce == nonce:
            return found
        found.append(message)


def bot(url: str, code: str, *args: str, via_main: bool = False) -> subprocess.Popen:
    entry = ["main.py", "--bot"] if via_main else ["-m", "online.bot"]
    return subprocess.Popen(
        [sys.executable, "-u", *entry, "--url", url, "--code", code, *args],
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@contextlib.contextmanager
def bots(url: str, code: str, count: int, *args: str, outs: list[pathlib.Path] | None = None):
    started = []
    try:
        for index in range(count):
            extra = ["--out", str(outs[index])] if outs else []
            started.append(bot(url, code, *args, *extra))
        yield started
    finally:
        for process in started:
            kill(process)


def wait_all(processes: list[subprocess.Popen], timeout: float = WAIT) -> list[int]:
    codes = []
    for process in processes:
        try:
            codes.append(process.wait(timeout))
        except subprocess.TimeoutExpired:
            raise AssertionError("a process did not end in time") from None
    return codes


def replay(path: pathlib.Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.cli", "replay", str(path)],
        check=False,
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=WAIT,
    )


class Device:
    """An in-process device: a ``Connection`` whose every message is kept, with waits."""

    def __init__(self, url: str, code: str, **options: Any) -> None:
        self.connection = Connection(url, code, patience=options.pop("patience", 10.0), **options)
        self.received: list[Message] = []
        self._changed = asyncio.Event()
        self._task: asyncio.Task | None = None

    async def __aenter__(self) -> Device:
        self._task = asyncio.get_running_loop().create_task(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.connection.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def _read(self) -> None:
        async for message in self.connection.messages():
            self.received.append(message)
            self._changed.set()
        self._changed.set()

    @property
    def ended(self) -> bool:
        return self._task is not None and self._task.done()

    async def gone(self) -> int | None:
        """Wait until the connection has ended for good; how it closed."""
        assert self._task is not None, "the device is not at the table"
        await asyncio.shield(self._task)
        return self.connection.close_code

    async def until(self, found: Callable[[Message], bool], timeout: float = WAIT, since: int = 0) -> Message:
        """The first message from index ``since`` on that ``found`` accepts, waiting for it."""

        async def look() -> Message:
            index = since
            while True:
                while index < len(self.received):
                    if found(self.received[index]):
                        return self.received[index]
                    index += 1
                if self.ended:
                    raise AssertionError(f"the connection ended ({self.connection.close_code})")
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(look(), timeout)

    async def state(self, found: Callable[[State], bool] = lambda s: True, since: int = 0) -> State:
        message = await self.until(lambda m: isinstance(m, State) and found(m), since=since)
        assert isinstance(message, State)
        return message

    def last_state(self) -> State:
        return next(m for m in reversed(self.received) if isinstance(m, State))

    async def send(self, message: Message) -> None:
        assert await self.connection.send(message), "not connected"


def run(coroutine: Any, timeout: float = 60.0) -> Any:
    """Run an async test body with an overall time limit."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def my_turn(seat: int) -> Callable[[State], bool]:
    return lambda s: s.view is not None and s.view.to_act == seat and bool(s.view.legal)


def first_legal(state: State) -> Decide:
    """The seat's first legal decision in ``state``, to send."""
    spec = game_named(game_of(state.view))
    view = spec.view_from_wire(state.view)
    return Decide(state.position, spec.decision_to_json(view.seat, view.legal[0]))


async def play_until(people: dict[int, Device], done: Callable[[State], bool]) -> State:
    """Let the people (their first legal decision) and the computers play until a state that
    ``done`` accepts; every state is looked at in order, as the first device received them."""
    observer = next(iter(people.values()))
    position = -1
    while True:
        state = await observer.state(lambda s, p=position: s.started and s.position > p)
        position = state.position
        if done(state):
            return state
        device = people.get(state.view.to_act)
        if device is not None:
            own = await device.state(lambda s, p=position: s.position == p)
            await device.send(first_legal(own))


# --- no peeking on the wire -------------------------------------------------------------------

ENDED = ("round_over", "match_over")


def plain_view(frame: State) -> dict:
    """The view of ``frame`` as JSON values (a test may have put a doctored one in as a dict)."""
    return frame.view if isinstance(frame.view, dict) else msgspec.json.decode(msgspec.json.encode(frame.view))


def leaks(seat: int, frames: list, record: dict) -> list[str]:
    """What ``frames`` (received by ``seat``) show that the seat may not see, given the record."""
    found = []
    finished = [f for f in frames if isinstance(f, Finished)]
    found += [f"round {f.index + 1}: the seed before the end" for f in finished[:-1] if f.over is not None]
    for number, frame in enumerate(frames):
        if not isinstance(frame, State) or frame.view is None:
            continue
        text = encode(frame).decode()
        if '"seed"' in text:
            found.append(f"frame {number}: a seed")
        view = plain_view(frame)
        if view["phase"] in ENDED:
            continue
        round_record = record["rounds"][view["round_number"] - 1]
        if "tricks" in round_record:
            found += [f"frame {number}: {leak}" for leak in _tiengow_leaks(seat, frame, view, text, round_record)]
        else:
            found += [f"frame {number}: {leak}" for leak in _block_leaks(seat, view, text, round_record)]
    return found


def _block_leaks(seat: int, view: dict, text: str, round_record: dict) -> list[str]:
    deals = [d["hands"] for d in round_record.get("deals", [])] or [round_record["hands"]]
    hands = round_record["hands"]
    if view["phase"] == "accepting":
        hands = next(h for h in deals if sorted(h[seat - 1]) == sorted(view["hand"]))
    on_line = {placed[0] for placed in view["line"]}
    hidden = {t for other, hand in enumerate(hands, start=1) if other != seat for t in hand} - on_line
    return [f"another hand's {tile}" for tile in sorted(hidden) if f'"{tile}"' in text]


def _tiengow_leaks(seat: int, frame: State, view: dict, text: str, round_record: dict) -> list[str]:
    found = []
    if view["revealed_hands"] is not None:
        found.append("every hand before the end")
    if Counter(view["hand"]) - Counter(round_record["hands"][seat - 1]):
        found.append("a hand that is not the seat's")
    plays = list(view["current"]) + [p for trick in view["tricks"] for p in trick["plays"]]
    found += [
        f"seat {p['seat']}'s face-down tiles" for p in plays if p["seat"] != seat and p["face_down"] and p["tiles"]
    ]
    for event in frame.events:
        if isinstance(event, Acted) and event.seat != seat and event.decision and event.decision["face_down"]:
            found.append(f"seat {event.seat}'s face-down play in an event")
    face_up = {t for trick in round_record["tricks"] for p in trick["plays"] if not p["face_down"] for t in p["tiles"]}
    own = set(round_record["hands"][seat - 1])
    only_hidden = {t for hand in round_record["hands"] for t in hand} - face_up - own
    found += [f"hidden {tile}" for tile in sorted(only_hidden) if f'"{tile}"' in text]
    return found


# --- headless devices (tests/headless_device.py) in processes of their own -----------------


def folders(base: pathlib.Path) -> dict[str, str]:
    """A device's own user folders (settings, saves) under ``base``, as environment variables."""
    return {name: str(base / name.lower()) for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME")}


def headless(role: str, base: pathlib.Path, *args: str) -> subprocess.Popen:
    """``tests/headless_device.py ROLE ...`` with its own user folders under ``base``."""
    env = {**_env(), **folders(base)}
    return subprocess.Popen(
        [sys.executable, "tests/headless_device.py", role, "--out", str(base / "out.json"), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finished(base: pathlib.Path, process: subprocess.Popen, timeout: float = WHOLE_MATCH) -> dict:
    """What a headless device wrote once it ended (it must end with 0)."""
    try:
        code = process.wait(timeout)
    except subprocess.TimeoutExpired:
        kill(process)
        raise AssertionError("the headless device did not end in time") from None
    error = process.stderr.read() if process.stderr else ""
    written = base / "out.json"
    said = written.read_text(encoding="utf-8") if written.exists() else ""
    assert code == 0, f"{said}\n{error[-3000:]}"
    return json.loads(said)
