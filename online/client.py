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

from online.protocol import MAX_FRAME, PROTOCOL, Hello, Message, Welcome, encode, server_decoder

FINAL_CLOSES = frozenset({1000, 1008, 1009, 4001, 4002})
"""Closes after which trying again cannot help: the match ended, the server refused the
device's frames or its hello, or another device took the seat."""


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
