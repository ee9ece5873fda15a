"""A device's connection to a hosted table: asyncio on websockets' own reconnecting
``connect``, coming back by itself with its seat token after any drop, and a thread wrapper
a frame loop can poll without ever waiting. Every connection of a process runs on one event
loop thread (``device_loop``), however many seats the device holds."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import threading
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Generator
from typing import TypeVar

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.client import process_exception
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.core.session import Refused
from online.protocol import (
    CLOSE_REFUSED,
    FINAL_CLOSES,
    MAX_FRAME,
    PROTOCOL,
    Frame,
    Hello,
    Look,
    Message,
    Seats,
    Welcome,
    encode,
    server_decoder,
)

DEFAULT_PORT = 8765
LOOK_TIMEOUT = 5.0  # seconds a look at a table may take before the table counts as unreachable
OPEN_TIMEOUT = 5.0  # seconds one attempt to connect may take
FIRST_DELAY, LONGEST_DELAY = 0.02, 1.0  # seconds between two attempts: doubling from the first to the longest

T = TypeVar("T")


def reconnect_delays() -> Generator[float]:
    """The waits between two attempts to reach the table: short at first, at most a second."""
    delay = FIRST_DELAY
    while True:
        yield delay
        delay = min(delay * 2, LONGEST_DELAY)


class Connection:
    """One device at one table. ``messages()`` yields what the server sends, reconnecting
    (with backoff, by token once the seat is known) until a final close, ``close``, or
    ``patience`` seconds without a connection, counted from the moment it was lost."""

    def __init__(
        self,
        url: str,
        code: str,
        name: str = "",
        seat: int | None = None,
        token: str | None = None,
        language: str = "en",
        host_key: str | None = None,
        patience: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url, self.code, self.name = url, code, name
        self.seat, self.token, self.language, self.host_key = seat, token, language, host_key
        self.patience = patience
        self.ws: ClientConnection | None = None
        self.close_code: int | None = None
        self.connects = 0  # how many times a connection was opened
        self._clock = clock
        self._lost_since = clock()  # when the device last had no connection (its first attempt, or the last drop)
        self._closing = False
        self._task: asyncio.Task[object] | None = None

    async def messages(self) -> AsyncIterator[Frame]:
        self._task = asyncio.current_task()
        self._lost_since = self._clock()
        attempts = connect(
            self.url,
            max_size=MAX_FRAME,
            open_timeout=OPEN_TIMEOUT,
            compression=None,
            process_exception=self._give_up,
            reconnect_delays=reconnect_delays,
        )
        waits = reconnect_delays()
        try:
            async for ws in attempts:
                self.ws = ws
                self.connects += 1
                code: int | None = None
                welcomed = False
                try:
                    hello = Hello(PROTOCOL, self.code, self.token, self.seat, self.name, self.language, self.host_key)
                    await ws.send(encode(hello), text=True)
                    async for raw in ws:
                        try:
                            message = server_decoder.decode(raw)
                        except (msgspec.DecodeError, msgspec.ValidationError):
                            continue
                        if isinstance(message, Welcome):
                            self.seat, self.token = message.seat, message.token
                            welcomed = True
                        yield message
                    code = ws.close_code
                except ConnectionClosed as closed:
                    code = closed.rcvd.code if closed.rcvd is not None else None
                finally:
                    self.ws = None
                if code in FINAL_CLOSES or self._closing:
                    self.close_code = code
                    return
                if welcomed:  # a drop: patience counts from now, and the next attempt goes at once
                    self._lost_since, waits = self._clock(), reconnect_delays()
                elif self._clock() - self._lost_since > self.patience:
                    self.close_code = code
                    return
                else:  # a server that closed before it seated this device: wait as after a failed attempt
                    await asyncio.sleep(next(waits))
        except InvalidURI:
            self.close_code = CLOSE_REFUSED
        except (OSError, TimeoutError, InvalidHandshake):
            self.close_code = None  # out of patience, or a server that is no table
        except asyncio.CancelledError:
            if not self._closing:
                raise
            if self._task is not None:
                self._task.uncancel()

    def _give_up(self, error: Exception) -> Exception | None:
        """For websockets' ``connect``: None to try again, else the error that ends the attempts."""
        if self._closing or self._clock() - self._lost_since > self.patience:
            return error
        return process_exception(error)

    async def send(self, message: Message) -> bool:
        """Send ``message`` now; False when not connected (the next state tells what to do)."""
        ws = self.ws
        if ws is None:
            return False
        try:
            await ws.send(encode(message), text=True)
        except ConnectionClosed:
            return False
        return True

    async def close(self) -> None:
        """Leave the table: the connection closes, or the attempts to reach it stop."""
        self._closing = True
        ws, task = self.ws, self._task
        if ws is not None:
            await ws.close()
        elif task is not None and task is not asyncio.current_task() and not task.done():
            task.cancel()

    async def drop(self) -> None:
        """Break the connection as a lost network would (the device comes back by itself)."""
        ws = self.ws
        if ws is not None:
            ws.transport.abort()


class DeviceLoop:
    """The event loop every connection of this process runs on, on one thread of its own, and
    a count of the messages that arrived on any of them (a frame loop may wait for the next)."""

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._arrived = threading.Condition()
        self.arrivals = 0
        self._thread = threading.Thread(target=self._loop.run_forever, name="table-connections", daemon=True)
        self._thread.start()

    def submit(self, coroutine: Coroutine[object, object, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop)

    def arrived(self) -> None:
        """A message arrived on one of the connections."""
        with self._arrived:
            self.arrivals += 1
            self._arrived.notify_all()

    def wait_arrival(self, seen: int, timeout: float) -> int:
        """Wait up to ``timeout`` seconds for a message after the ``seen`` first; how many have arrived."""
        with self._arrived:
            self._arrived.wait_for(lambda: self.arrivals > seen, timeout)
            return self.arrivals


_device_loop: DeviceLoop | None = None
_device_loop_lock = threading.Lock()


def device_loop() -> DeviceLoop:
    """This process's connection loop, started at its first use."""
    global _device_loop  # noqa: PLW0603 (one loop a process, made when first needed)
    with _device_loop_lock:
        if _device_loop is None:
            _device_loop = DeviceLoop()
        return _device_loop


class Background:
    """A ``Connection`` run on the device's connection loop: ``send`` and ``poll`` never
    block, so a frame loop (the pygame client) can use them every frame."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self._inbox: queue.SimpleQueue[Frame] = queue.SimpleQueue()
        self._loop = device_loop()
        self._receiving = self._loop.submit(self._receive())

    async def _receive(self) -> None:
        async for message in self.connection.messages():
            self._inbox.put(message)
            self._loop.arrived()

    @property
    def running(self) -> bool:
        return not self._receiving.done()

    @property
    def connected(self) -> bool:
        """Whether a connection is open now (between two, the device is coming back)."""
        return self.connection.ws is not None

    @property
    def close_code(self) -> int | None:
        """How the connection ended for good (4003: the host gave the seat away), once it has."""
        return self.connection.close_code

    def send(self, message: Message) -> None:
        """Queue ``message`` for the server (dropped when not connected, as ``Connection.send``)."""
        if self.running:
            self._loop.submit(self.connection.send(message))

    def poll(self) -> list[Frame]:
        """Every message received since the last poll, oldest first."""
        return self._drain([])

    def wait(self, timeout: float) -> list[Frame]:
        """Like ``poll``, but wait up to ``timeout`` seconds for the first message (not in a frame loop)."""
        try:
            first = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return []
        return self._drain([first])

    def _drain(self, found: list[Frame]) -> list[Frame]:
        while True:
            try:
                found.append(self._inbox.get_nowait())
            except queue.Empty:
                return found

    def drop(self) -> None:
        """Break the connection as a lost network would (``Connection.drop``): it comes back by itself."""
        if self.running:
            self._loop.submit(self.connection.drop())

    def close(self, timeout: float = 5.0) -> None:
        """End the connection; wait up to ``timeout`` seconds for it to end (0: not at all)."""
        if self.running:
            self._loop.submit(self.connection.close())
        with contextlib.suppress(concurrent.futures.TimeoutError, concurrent.futures.CancelledError):
            self._receiving.result(timeout)


def url_of(typed: str) -> str:
    """The websocket address of a table as a person types it (``192.168.1.20``,
    ``host:8765``, ``ws://host:8765``, ``[::1]:8765``); ValueError when it cannot be one."""
    text = typed.strip().removeprefix("ws://").rstrip("/")
    port = str(DEFAULT_PORT)
    if text.startswith("["):  # an IPv6 address, bracketed
        host, _, rest = text[1:].partition("]")
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"not an address: {typed!r}")
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host = text
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:")
    if not host or len(host) > 253 or not set(host) <= allowed or host.startswith(("-", ".")):
        raise ValueError(f"not an address: {typed!r}")
    if not port.isdecimal() or not 0 < int(port) < 65536:
        raise ValueError(f"not a port: {port!r}")
    shown = f"[{host}]" if ":" in host else host
    return f"ws://{shown}:{int(port)}"


class LookFailed(Exception):
    """A table could not be looked at: ``code`` (``unreachable``, ``wrong_code``, ``protocol``...)
    and ``params`` for the device's catalogue; the message is the English."""

    def __init__(self, code: str, text: str, params: dict[str, str | int] | None = None) -> None:
        super().__init__(text)
        self.code = code
        self.params = params or {}


async def look(url: str, code: str, timeout: float = LOOK_TIMEOUT) -> Seats:
    """The game and chairs of the table ``code`` at ``url``; LookFailed when there is none."""
    try:
        async with asyncio.timeout(timeout):
            async with connect(url, max_size=MAX_FRAME, open_timeout=timeout, compression=None) as ws:
                await ws.send(encode(Look(PROTOCOL, code)), text=True)
                answer = server_decoder.decode(await ws.recv())
    except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed):
        raise LookFailed("unreachable", "No table answers at this address.") from None
    except InvalidURI:
        raise LookFailed("bad_address", "This is not an address.") from None
    except (msgspec.DecodeError, msgspec.ValidationError):
        raise LookFailed("unreachable", "No table answers at this address.") from None
    if isinstance(answer, Refused):
        raise LookFailed(answer.code, answer.text, dict(answer.params))
    if not isinstance(answer, Seats):
        raise LookFailed("unreachable", "No table answers at this address.")
    return answer


class Lookup:
    """A ``look`` run on a thread of its own: a frame loop asks ``result`` until it is there."""

    def __init__(self, url: str, code: str) -> None:
        self.url, self.code = url, code
        self._result: Seats | LookFailed | None = None
        self._thread = threading.Thread(target=self._run, name="table-look", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._result = asyncio.run(look(self.url, self.code))
        except LookFailed as failed:
            self._result = failed

    @property
    def result(self) -> Seats | LookFailed | None:
        """The table's chairs, or why there are none; None while the look is under way."""
        return self._result
