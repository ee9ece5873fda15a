"""A device's connection to a hosted table: asyncio, coming back by itself with its seat
token after a drop, and a thread wrapper a frame loop can poll without ever waiting."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import AsyncIterator

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from online.protocol import (
    MAX_FRAME,
    PROTOCOL,
    Hello,
    Look,
    Message,
    Refused,
    Seats,
    Welcome,
    encode,
    server_decoder,
)

DEFAULT_PORT = 8765
LOOK_TIMEOUT = 5.0  # seconds a look at a table may take before the table counts as unreachable

FINAL_CLOSES = frozenset({1000, 1008, 1009, 4001, 4002, 4003})
"""Closes after which trying again cannot help: the match ended, the server refused the
device's frames or its hello, another device took the seat, or the host gave it away."""


class Connection:
    """One device at one table. ``messages()`` yields what the server sends, reconnecting
    (with backoff, by token once the seat is known) until a final close or ``patience``
    seconds without a connection."""

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
    ) -> None:
        self.url, self.code, self.name = url, code, name
        self.seat, self.token, self.language, self.host_key = seat, token, language, host_key
        self.patience = patience
        self.ws: ClientConnection | None = None
        self.close_code: int | None = None
        self.connects = 0  # how many times a connection was opened
        self._closing = False

    async def messages(self) -> AsyncIterator[Message]:
        delay, lost_since = 0.02, time.monotonic()
        while not self._closing:
            code: int | None = None
            try:
                async with connect(self.url, max_size=MAX_FRAME, open_timeout=5, compression=None) as ws:
                    self.ws = ws
                    self.connects += 1
                    hello = Hello(PROTOCOL, self.code, self.token, self.seat, self.name, self.language, self.host_key)
                    await ws.send(encode(hello), text=True)
                    async for raw in ws:
                        try:
                            message = server_decoder.decode(raw)
                        except (msgspec.DecodeError, msgspec.ValidationError):
                            continue
                        if isinstance(message, Welcome):
                            self.seat, self.token = message.seat, message.token
                            delay, lost_since = 0.02, time.monotonic()
                        yield message
                    code = ws.close_code
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
            except (OSError, TimeoutError, InvalidHandshake):
                code = None
            except InvalidURI:
                self.close_code = 4001
                return
            finally:
                self.ws = None
            if code in FINAL_CLOSES or self._closing:
                self.close_code = code
                return
            if time.monotonic() - lost_since > self.patience:
                self.close_code = code
                return
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)

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
        self._closing = True
        ws = self.ws
        if ws is not None:
            await ws.close()

    async def drop(self) -> None:
        """Break the connection as a lost network would (the device comes back by itself)."""
        ws = self.ws
        if ws is not None:
            ws.transport.abort()


class Background:
    """A ``Connection`` run on its own thread: ``send`` and ``poll`` never block, so a frame
    loop (the pygame client) can use them every frame."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self._inbox: queue.SimpleQueue[Message] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-connection", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._receive())
        finally:
            self._done.set()
            self._loop.close()

    async def _receive(self) -> None:
        async for message in self.connection.messages():
            self._inbox.put(message)

    @property
    def running(self) -> bool:
        return not self._done.is_set()

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
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self.connection.send(message), self._loop)

    def poll(self) -> list[Message]:
        """Every message received since the last poll, oldest first."""
        return self._drain([])

    def wait(self, timeout: float) -> list[Message]:
        """Like ``poll``, but wait up to ``timeout`` seconds for the first message (not in a frame loop)."""
        try:
            first = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return []
        return self._drain([first])

    def _drain(self, found: list[Message]) -> list[Message]:
        while True:
            try:
                found.append(self._inbox.get_nowait())
            except queue.Empty:
                return found

    def drop(self) -> None:
        """Break the connection as a lost network would (``Connection.drop``): it comes back by itself."""
        if self.running:
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self.connection.drop(), self._loop)

    def close(self, timeout: float = 5.0) -> None:
        """End the connection; wait up to ``timeout`` seconds for its thread (0: not at all)."""
        if self.running:
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self.connection.close(), self._loop)
        self._thread.join(timeout)


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
