"""The table server: hosted tables on websockets (asyncio); every frame is written to its
device's socket at once, without a task or a queue between.

``python -m online.server --game GAME [--seed N] [--deals N] [--port P]
[--seats S1,S2,S3,S4] [--record FILE]`` (and ``--host``, ``--save FILE``, ``--pace S``,
``--tables N``, ``--rate R``, ``--burst B``, ``--hello-timeout S``, ``--keepalive S``,
``--guesses N``). The first line on standard output is exactly ``listening ws://HOST:PORT
code=CODE``; with ``--tables`` each further table's code follows on a line ``code=CODE``. Exit
0 when every match has ended and its files are written; 1 when a match ended but its record
or save could not be written (one line on standard error); 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import hashlib
import hmac
import multiprocessing
import os
import secrets
import socket
import sys
import threading
import time
from collections.abc import Coroutine, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import InitVar, dataclass, field
from typing import TYPE_CHECKING, NoReturn

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from game.core.advice import Hint, check_request
from game.core.errors import IllegalMove, RecordError, UnreadableFile, UnwritableFile, capped
from game.core.files import write_atomic
from game.core.names import clean_name
from game.core.session import Jumped, Refused, Said, Saving
from game.core.thinking import Question
from game.registry import GAME_NAMES
from online import codes, store
from online.guard import FREE_TRIES, Guesses
from online.protocol import (
    CLOSE_FREED,
    CLOSE_NORMAL,
    CLOSE_POLICY,
    CLOSE_REFUSED,
    CLOSE_REPLACED,
    HOST_ONLY,
    MAX_FRAME,
    PROTOCOL,
    Answer,
    Ask,
    AskHint,
    Decide,
    Failure,
    Frame,
    HandOver,
    Hello,
    Hinted,
    Look,
    Message,
    NotAMessage,
    Pause,
    Ping,
    Pong,
    Ready,
    Rename,
    Say,
    Seats,
    SetSeat,
    Start,
    Watch,
    Welcome,
    Withdraw,
    device_decoder,
    encode,
    read_frame,
)
from online.saving import TableFiles
from online.table import Change, HostedTable, Refusal, Seating, seating_of
from online.watching import WATCHERS
from online.web_address import EVERY_NETWORK, web_address
from online.web_page import WebPage

if TYPE_CHECKING:
    from online.discovery import Announcer

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
MAX_FAILURES = 10  # frames that are not messages before the connection is closed
MAX_UNSENT = 4 * 1024 * 1024  # bytes waiting for a device that does not read before it is closed
BACKLOG = 2048  # connections waiting to be accepted: 500 tables' devices may all come at once
RATE, BURST = 50.0, 100.0  # frames per second a device may send, and at once
KEEPALIVE = 20.0  # seconds between two pings of a device, and for its pong to come


@dataclass(frozen=True)
class Limits:
    """What the server allows each connection: frames a second and at once, seconds to say
    hello, the keepalive (a device that misses a pong is dropped and comes back) and the
    wrong guesses of a secret a peer may make before it must wait (``online.guard``)."""

    rate: float = RATE
    burst: float = BURST
    hello_timeout: float = HELLO_TIMEOUT
    keepalive: float = KEEPALIVE
    free_tries: int = FREE_TRIES


CLOSE_AGAIN = 1013
"""A close after which the device comes back (``protocol.FINAL_CLOSES`` are the others): it
left more than ``MAX_UNSENT`` bytes unread, as a device stopped for a while does."""


class Bucket:
    """A token bucket: ``rate`` frames a second, ``burst`` at once; an empty bucket makes the
    reader wait (frames are read later, in order)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last = time.monotonic()

    def delay(self) -> float:
        """Take one token; how long to wait before reading the frame it pays for."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


@dataclass(eq=False)
class Device:
    """One connection at a table: its seat (None for a host device without one, or a
    watcher's), whether it only watches, and whether a hint it asked for is being worked out."""

    ws: ServerConnection
    seat: int | None
    host: bool
    watcher: bool = False
    hinting: bool = False
    failures: int = 0
    closing: tuple[int, str] | None = None  # how the connection closes, after the frames written before

    def send(self, message: Frame) -> None:
        """Write ``message`` to the device's socket now (the transport sends it as the socket
        takes it: this never waits); a device that leaves ``MAX_UNSENT`` bytes unread is closed."""
        if self.closing is not None:
            return
        transport = self.ws.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_UNSENT:
            self.close(CLOSE_AGAIN, "not reading")
            return
        broadcast((self.ws,), encode(message), text=True)

    def close(self, code: int, reason: str) -> None:
        """Close the connection after the frames already written; nothing more is sent."""
        if self.closing is None:
            self.closing = (code, reason)
            task = asyncio.get_running_loop().create_task(self.ws.close(code, reason))
            _CLOSING.add(task)
            task.add_done_callback(_CLOSING.discard)


_CLOSING: set[asyncio.Task[None]] = set()  # closes under way (a task nobody holds may be collected)


@dataclass(eq=False)
class Slot:
    """A table with its devices, the lock that orders its changes and its files (``save``
    after every change, the match ``record`` after every round)."""

    table: HostedTable
    save: InitVar[str | None] = None
    record: InitVar[str | None] = None
    devices: list[Device] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    over: asyncio.Event = field(default_factory=asyncio.Event)
    files: TableFiles = field(init=False)  # Any: dataclasses' field() without a default

    def __post_init__(self, save: str | None, record: str | None) -> None:
        self.files = TableFiles(self.table, save, record)


class TableServer:
    """Serves tables by code; decides for their computer seats (and works out the hints a
    web seat asks for) outside the event loop. With ``web`` it answers plain HTTP on the same
    port with the web seat's page (``online.web_page``); it takes up to ``watchers`` watchers
    per table (0: none)."""

    def __init__(
        self,
        slots: Sequence[Slot],
        pace: float = 0.0,
        limits: Limits = Limits(),
        web: bool = True,
        watchers: int = WATCHERS,
    ) -> None:
        self.slots = {slot.table.code: slot for slot in slots}
        self._lookup_key = secrets.token_bytes(32)
        self._by_code = {self._keyed(slot.table.code): slot for slot in slots}
        self.pace = pace
        self.limits = limits
        self.guesses = Guesses(limits.free_tries)
        self._pool: Executor | None = None
        self.announcer: Announcer | None = None
        self._announced = -1  # open seats last announced
        self._tasks: set[asyncio.Task[None]] = set()
        self.garbage = 0  # frames that were not messages, all connections together
        self._unstarted = 0  # tables whose match has not started yet
        self.page = WebPage.load() if web else None
        self.watchers = watchers

    # --- running -------------------------------------------------------------------

    async def start(self, host: str, port: int) -> Server:
        keepalive = self.limits.keepalive
        server = await serve(
            self.handler,
            host,
            port,
            max_size=MAX_FRAME,
            compression=None,
            backlog=BACKLOG,
            ping_interval=keepalive,
            ping_timeout=keepalive,
            process_request=None if self.page is None else self.page.answer,
        )
        for slot in self.slots.values():
            table = slot.table
            if not table.started and table.autostart and not any(c.is_open for c in table.chairs):
                table.start()
                await slot.files.write_now()
            slot.files.told = functools.partial(self._saving, slot)
            self._spawn(self.drive(slot))
            slot.wake.set()
        self._unstarted = sum(not slot.table.started for slot in self.slots.values())
        if not self._unstarted:
            _settle_memory()
        return server

    async def finished(self) -> list[str]:
        """Wait until every table's match is over, its files are written (or cannot be) and its
        devices have their last frames; why each table's files that could not be written were not."""
        await asyncio.gather(*(slot.over.wait() for slot in self.slots.values()))
        unwritten = [
            f"table {slot.table.code}: {slot.files.reason}"
            for slot in self.slots.values()
            if not await slot.files.flush()
        ]
        devices = [d for slot in self.slots.values() for d in slot.devices]
        for device in devices:
            device.close(CLOSE_NORMAL, "match over")
        await asyncio.wait_for(asyncio.gather(*_CLOSING, return_exceptions=True), 15.0)
        return unwritten

    def close(self) -> None:
        if self.announcer is not None:
            with contextlib.suppress(Exception):
                self.announcer.close()
        for task in self._tasks:
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def _spawn(self, coroutine: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_watch_parent, initargs=(os.getpid(),)
            )
        return self._pool

    # --- one connection ------------------------------------------------------------------

    def _keyed(self, code: str) -> bytes:
        """The key of the table ``code`` (as typed) among this server's: a keyed hash, so that
        how long a lookup takes tells nothing of the codes that exist."""
        return hmac.new(self._lookup_key, codes.normal_code(code).encode(), hashlib.sha256).digest()

    def slot_of(self, code: str) -> Slot | None:
        return self._by_code.get(self._keyed(code))

    async def handler(self, ws: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except (TimeoutError, ConnectionClosed):
            await ws.close(CLOSE_POLICY, "say hello first")
            return
        try:
            hello = read_frame(device_decoder, first)
        except NotAMessage as failure:
            if failure.claimed in ("hello", "look", "watch"):
                await _refuse(ws, "bad_hello", "This hello is not one of this protocol.")
            else:
                await self._not_a_hello(ws, failure.code)
            return
        if not isinstance(hello, (Hello, Look, Watch)):
            await self._not_a_hello(ws, "hello_expected")
            return
        waiting = self.guesses.wait_for(_peer(ws))
        if waiting:
            await _refuse(ws, "too_many_tries", "Too many wrong tries: wait {seconds} s.", seconds=waiting)
            return
        if isinstance(hello, Look):
            await self._look(ws, hello)
            return
        joined = await (self._watch(ws, hello) if isinstance(hello, Watch) else self._join(ws, hello))
        if joined is None:
            return
        slot, device = joined
        bucket = Bucket(self.limits.rate, self.limits.burst)
        try:
            async for raw in ws:
                if device.closing is not None:
                    continue  # what still comes is let go unread, so that the close completes at once
                wait = bucket.delay()
                if wait:
                    await asyncio.sleep(wait)
                await self._frame(slot, device, raw)
        except ConnectionClosed:
            pass
        finally:
            await self._leave(slot, device)
            if device.closing is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(*device.closing), 2.0)

    async def _not_a_hello(self, ws: ServerConnection, code: str) -> None:
        """A first frame that is no hello (nor a look): counted, answered ``failure``, closed."""
        self.garbage += 1
        await ws.send(encode(Failure(code, 1)), text=True)
        await ws.close(CLOSE_POLICY, "say hello first")

    async def _look(self, ws: ServerConnection, look: Look) -> None:
        """Answer a look with the table's chairs (a joiner chooses its seat), then close."""
        if look.protocol != PROTOCOL:
            await _refuse(ws, "protocol", "This table speaks protocol {protocol}.", protocol=PROTOCOL)
            return
        slot = self.slot_of(look.code)
        if slot is None:
            self.guesses.failed(_peer(ws))
            await _refuse(ws, "wrong_code", "There is no table with this code.")
            return
        table = slot.table
        await ws.send(encode(Seats(PROTOCOL, table.game_name, table.started, table.chair_info())), text=True)
        await ws.close(CLOSE_NORMAL, "looked")

    async def _table_for(self, ws: ServerConnection, hello: Hello | Watch) -> Slot | None:
        """The table a hello or a watch names, or None once refused (another protocol, a wrong code)."""
        if hello.protocol != PROTOCOL:
            await _refuse(ws, "protocol", "This table speaks protocol {protocol}.", protocol=PROTOCOL)
            return None
        slot = self.slot_of(hello.code)
        if slot is None:
            self.guesses.failed(_peer(ws))
            await _refuse(ws, "wrong_code", "There is no table with this code.")
        return slot

    async def _watch(self, ws: ServerConnection, watch: Watch) -> tuple[Slot, Device] | None:
        """A watcher at the table: the finished rounds and the public state, then every change."""
        slot = await self._table_for(ws, watch)
        if slot is None:
            return None
        if not self.watchers:
            await _refuse(ws, "watchers_off", "This table takes no watchers.")
            return None
        table = slot.table
        async with slot.lock:
            if sum(d.watcher for d in slot.devices) >= self.watchers:
                await _refuse(ws, "watchers_full", "This table has {count} watchers already.", count=self.watchers)
                return None
            device = Device(ws, None, False, watcher=True)
            slot.devices.append(device)
            chairs = table.chair_info()
            device.send(Welcome(PROTOCOL, table.code, table.game_name, None, None, False, chairs))
            for finished in table.finished_rounds():
                device.send(finished)
            device.send(table.watch_state((), chairs))
        return slot, device

    async def _join(self, ws: ServerConnection, hello: Hello) -> tuple[Slot, Device] | None:
        slot = await self._table_for(ws, hello)
        if slot is None:
            return None
        table = slot.table
        async with slot.lock:
            host = table.is_host(hello.host_key)
            if hello.host_key is not None and not host:
                self.guesses.failed(_peer(ws))
                await _refuse(ws, "wrong_key", "This is not the host's key.")
                return None
            seat: int | None = None
            token: str | None = None
            if not (host and hello.token is None and hello.seat is None):
                try:
                    seat, token = table.join(
                        hello.code, hello.token, hello.seat, clean_name(hello.name), hello.language
                    )
                except Refusal as refusal:
                    if refusal.code in GUESSES:
                        self.guesses.failed(_peer(ws))
                    await _refuse(ws, refusal.code, str(refusal), **refusal.params)
                    return None
            for old in [d for d in slot.devices if seat is not None and d.seat == seat]:
                slot.devices.remove(old)
                old.close(CLOSE_REPLACED, "another device took this seat")
            device = Device(ws, seat, host)
            slot.devices.append(device)
            device.send(Welcome(PROTOCOL, table.code, table.game_name, seat, token, host, table.chair_info()))
            for finished in table.finished_rounds():
                device.send(finished)
            if slot.files.problem:
                device.send(Saving(slot.files.problem, slot.files.reason))
            change = table.connect(seat) if seat is not None else Change()
            await self._publish(slot, change)
        return slot, device

    async def _leave(self, slot: Slot, device: Device) -> None:
        async with slot.lock:
            if device not in slot.devices:
                return
            slot.devices.remove(device)
            if device.seat is not None and not any(d.seat == device.seat for d in slot.devices):
                await self._publish(slot, slot.table.disconnect(device.seat))

    async def _frame(self, slot: Slot, device: Device, raw: str | bytes) -> None:
        try:
            message = read_frame(device_decoder, raw)
        except NotAMessage as failure:
            device.failures += 1
            self.garbage += 1
            device.send(Failure(failure.code, device.failures))
            if device.failures > MAX_FAILURES:
                device.close(CLOSE_POLICY, "too many malformed frames")
            return
        if isinstance(message, Ping):
            device.send(Pong(message.nonce))
            return
        if isinstance(message, AskHint):
            await self._ask_hint(slot, device, message)
            return
        async with slot.lock:
            try:
                change = self._apply(slot.table, device, message)
            except Refusal as refusal:
                device.send(Refused(refusal.code, refusal.params, str(refusal)))
                return
            except Exception as error:  # a fault of this server: say it, keep serving the others
                _log(f"a {type(message).__name__} frame failed: {type(error).__name__}: {error}")
                device.send(Refused("internal", {}, "The table could not take this; nothing was sent back."))
                return
            await self._publish(slot, change)

    def _apply(self, table: HostedTable, device: Device, message: Message) -> Change:
        """What ``message`` from ``device`` does to ``table``; raises Refusal."""
        if isinstance(message, HOST_ONLY):
            if not device.host:
                raise Refusal("not_host", "Only the host may do this.")
            if isinstance(message, SetSeat):
                return table.set_seat(message.seat, message.player)
            if isinstance(message, Start):
                return table.start()
            assert isinstance(message, HandOver)
            return table.hand_over(message.seat, message.computer, message.stand_in)
        if isinstance(message, (Hello, Look)):
            raise Refusal("already_joined", "This device is already at the table.")
        if device.seat is None:
            raise Refusal("no_seat", "Take a seat first.")
        return seat_request(table, device.seat, message)

    async def _ask_hint(self, slot: Slot, device: Device, ask: AskHint) -> None:
        """Work out the hint for the device's seat from that seat's view only, in the thinking
        worker (the device reads on meanwhile); one at a time per device."""
        table, seat = slot.table, device.seat
        if seat is None or table.match is None:
            device.send(Refused("no_seat", {}, "Take a seat first."))
            return
        if device.hinting:
            device.send(Refused("hint_pending", {}, "The hint is on its way."))
            return
        async with slot.lock:
            view = table.match.view_for(seat)
            try:
                check_request(view, ask.level)
            except IllegalMove as error:
                device.send(Refused(error.code, {}, str(error)))
                return
            position = table.position
            question = Question("hint", view, ask.level, ("advice", view.round_number, position))
        device.hinting = True
        self._spawn(self._hint(slot, device, seat, position, question))

    async def _hint(self, slot: Slot, device: Device, seat: int, position: int, question: Question) -> None:
        try:
            hint = await asyncio.get_running_loop().run_in_executor(self._executor(), question.answer)
        except Exception as error:  # the computer failed: say so to this device only
            _log(f"table {slot.table.code}: a hint failed: {type(error).__name__}: {error}")
            device.send(Refused("internal", {}, "The table could not work out a hint."))
            return
        finally:
            device.hinting = False
        assert isinstance(hint, Hint), "a hint question is answered with a hint"
        decision = slot.table.spec.decision_to_json(seat, hint.decision)
        device.send(Hinted(position, decision, hint.reason, dict(hint.params), hint.text, hint.detail))

    # --- telling every device ------------------------------------------------------------

    async def _publish(self, slot: Slot, change: Change) -> None:
        """Save what changed, then tell every device of the table (the caller holds the lock)."""
        slot.files.owe(change.saved and (change.state or bool(change.events)), bool(change.finished))
        table = slot.table
        over = table.finished_rounds() if change.finished else []
        chairs = table.chair_info()
        for device in [d for d in slot.devices if d.seat in change.freed]:
            slot.devices.remove(device)
            device.close(CLOSE_FREED, "the host gave this seat away")
        watched = table.watch_state(change.events, chairs) if change.state and self._watched(slot) else None
        for device in slot.devices:
            if watched is not None and device.watcher:
                device.send(watched)
            elif change.state:
                device.send(table.state_for(device.seat, change.events, chairs))
            for notice in change.notices:
                device.send(notice)
            for index in change.finished:
                device.send(over[index])
        if self._unstarted and Jumped("started") in change.events:
            self._unstarted -= 1
            if not self._unstarted:
                _settle_memory()
        if table.is_over:
            slot.over.set()
        if any(chair.played_by_computer for chair in table.chairs):
            slot.wake.set()  # only a computer seat gives the table's driver something to do
        if self.announcer is not None:
            open_seats = sum(c.is_open for c in table.chairs)
            if open_seats != self._announced:
                self._announced = open_seats
                self._spawn(asyncio.to_thread(self.announcer.update, open_seats))

    @staticmethod
    def _watched(slot: Slot) -> bool:
        return any(device.watcher for device in slot.devices)

    async def announce(self, name: str, host: str, port: int) -> None:
        """Announce the first table on the network (mDNS) until the server closes."""
        from online.discovery import Announcer, interfaces_for  # zeroconf only for a server that announces

        interfaces = interfaces_for(host)
        address = local_address() if interfaces is None else host
        table = next(iter(self.slots.values())).table
        self._announced = sum(c.is_open for c in table.chairs)
        self.announcer = await asyncio.to_thread(
            Announcer, name, address, port, table.game_name, PROTOCOL, self._announced, interfaces
        )

    def _saving(self, slot: Slot, problem: str, text: str) -> None:
        """The table's files cannot be written (``problem``), or can again (empty): say it."""
        if problem:
            _log(f"table {slot.table.code}: cannot save: {text}")
        else:
            _log(f"table {slot.table.code}: saves again")
        for device in slot.devices:
            device.send(Saving(problem, text))

    # --- the computer seats ------------------------------------------------------------------

    async def drive(self, slot: Slot) -> None:
        """Let the table's computer seats decide whenever it is their turn and nobody waits."""
        table = slot.table
        loop = asyncio.get_running_loop()
        while True:
            await slot.wake.wait()
            slot.wake.clear()
            while True:
                async with slot.lock:
                    moved = table.advance()
                    if moved is not None:
                        await self._publish(slot, moved)
                        continue
                    turn = table.computer_turn()
                if turn is None:
                    break
                position, question = turn
                if self.pace:
                    await asyncio.sleep(self.pace)
                try:
                    if question.is_quick:
                        decision = question.answer()
                    else:
                        decision = await loop.run_in_executor(self._executor(), question.answer)
                except Exception as error:  # the computer failed: the table waits for the next change
                    _log(f"table {table.code}: the computer player failed: {type(error).__name__}: {error}")
                    break
                async with slot.lock:
                    change = table.computer_decided(position, decision)
                    if change is not None:
                        await self._publish(slot, change)


GUESSES = ("wrong_code", "wrong_token", "wrong_key")
"""Refusals of a hello that guessed a secret wrong: counted against the peer (``online.guard``)."""


async def _refuse(ws: ServerConnection, code: str, text: str, **params: str | int) -> None:
    """Refuse a connection's hello or look (``refused``, then closed 4001)."""
    await ws.send(encode(Refused(code, params, text)), text=True)
    await ws.close(CLOSE_REFUSED, code)


def _peer(ws: ServerConnection) -> str:
    """The address a connection comes from (its host, without the port)."""
    address: tuple[object, ...] | None = ws.remote_address  # Any: websockets' socket address
    return str(address[0]) if address else ""


def _settle_memory() -> None:
    """Once every table has started, what lives now (the code, the tables, their devices'
    connections) lives on: moved out of the collector's reach, a full collection no longer
    walks all of it (a pause of tens of milliseconds at 500 tables)."""
    gc.collect()
    gc.freeze()


def _watch_parent(parent: int) -> None:
    """In a thinking worker: end it when the server is gone, even killed with SIGKILL."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def seat_request(table: HostedTable, seat: int, message: Message) -> Change:
    """What a seated device's ``message`` (a decision, a question or its answer, a pause, a
    name, a phrase) does to ``table`` for ``seat``; raises Refusal."""
    if isinstance(message, Decide):
        return table.decide(seat, message.position, message.decision)
    if isinstance(message, Ask):
        return table.ask(seat, message.kind)
    if isinstance(message, Answer):
        return table.answer(seat, message.yes)
    if isinstance(message, Withdraw):
        return table.withdraw(seat)
    if isinstance(message, Ready):
        return table.mark_ready(seat)
    if isinstance(message, Pause):
        return table.pause(seat, message.on)
    if isinstance(message, Rename):
        return table.rename(seat, clean_name(message.name))
    assert isinstance(message, Say)
    return Change(state=False, notices=[Said(seat, message.phrase)])


def _log(text: str) -> None:
    print(capped(f"online.server: {text}"), file=sys.stderr, flush=True)


def local_address() -> str:
    """This machine's address on its network (no packet is sent), or loopback without one."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address: str = probe.getsockname()[0]
        return address
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def reached_at(host: str) -> str:
    """The host friends reach a table listening on ``host`` at: that address, or this machine's
    address on its network when it listens on every network."""
    return local_address() if host in EVERY_NETWORK else host


# --- the command line ------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(capped(f"online.server: {message}"), file=sys.stderr)
        sys.exit(2)


def _count(text: str) -> int:
    if not text.isdecimal() or len(text) > 6:
        raise argparse.ArgumentTypeError(f"must be a whole number of 0 or more, not {text!r}")
    return int(text)


def _positive(text: str) -> int:
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of 1 or more, not {text!r}")
    return int(text)


def _seed(text: str) -> int:
    digits = text.removeprefix("-")
    if not digits.isdecimal() or len(digits) > 18:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(text)


def _port(text: str) -> int:
    if not text.isdecimal() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {text!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be 0 to 60 seconds, not {text!r}")
    return value


class Options(argparse.Namespace):
    """The command line read, typed: argparse fills the fields by their names."""

    game: str
    seed: int | None
    deals: int
    port: int
    host: str
    seats: str
    record: str | None
    save: str | None
    announce: str | None
    key_out: str | None
    pace: float
    tables: int
    rate: float
    burst: float
    hello_timeout: float
    keepalive: float
    guesses: int
    no_web: bool
    watchers: int
    seatings: list[Seating]  # --seats read


def parse_args(argv: Sequence[str] | None) -> Options:
    parser = _Parser(prog="python -m online.server", description=__doc__)
    parser.add_argument("--game", required=True, choices=GAME_NAMES)
    parser.add_argument("--seed", type=_seed)
    parser.add_argument("--deals", type=_positive, default=1, help="deals of a Tien Gow match")
    parser.add_argument("--port", type=_port, default=8765, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every network)")
    parser.add_argument("--seats", default="remote,remote,remote,remote", help="remote, ai:LEVEL, greedy or random")
    parser.add_argument("--record", help="write the match record here after every round")
    parser.add_argument("--save", help="save the table here after every change; reopen it when it exists")
    parser.add_argument("--announce", metavar="NAME", help="announce the table on the network (mDNS) by this name")
    parser.add_argument("--key-out", help="write the host's key (for a host device) to this file")
    parser.add_argument("--pace", type=_seconds, default=0.0, help="seconds a computer seat waits before deciding")
    parser.add_argument("--tables", type=_positive, default=1, help="how many tables to host")
    parser.add_argument("--rate", type=float, default=RATE, help="frames a second a device may send")
    parser.add_argument("--burst", type=float, default=BURST, help="frames a device may send at once")
    parser.add_argument("--hello-timeout", type=_seconds, default=HELLO_TIMEOUT, help="seconds to wait for a hello")
    parser.add_argument(
        "--keepalive", type=_seconds, default=KEEPALIVE, help="seconds between pings and to wait for each pong"
    )
    parser.add_argument(
        "--guesses", type=_positive, default=FREE_TRIES, help="wrong codes, tokens or keys a peer may try freely"
    )
    parser.add_argument("--no-web", action="store_true", help="serve no web page: only devices with the game sit")
    parser.add_argument(
        "--watchers", type=_count, default=WATCHERS, help=f"how many may watch at once, 0: none (default {WATCHERS})"
    )
    args = parser.parse_args(argv, Options())
    try:
        args.seatings = [seating_of(text) for text in args.seats.split(",")]
    except ValueError as error:
        parser.error(f"--seats: {error}")
    if len(args.seatings) != 4:
        parser.error("--seats needs four seats, e.g. remote,remote,ai:normal,greedy")
    if args.save and args.tables > 1:
        parser.error("--save keeps one table: leave out --tables")
    if args.keepalive <= 0:
        parser.error("--keepalive must be above 0")
    if args.rate <= 0 or args.burst < 1:
        parser.error("--rate must be above 0 and --burst at least 1")
    return args


def _slots(args: Options) -> list[Slot]:
    if args.save and os.path.exists(args.save):
        table = store.read_table(args.save)
        if table.game_name != args.game:
            raise ValueError(f"{args.save} holds a {table.game_name} table, not {args.game}")
        return [Slot(table, args.save, args.record)]
    return [
        Slot(
            HostedTable(args.game, [seating_of(s) for s in args.seats.split(",")], args.seed, args.deals),
            args.save if index == 0 else None,
            args.record if index == 0 else None,
        )
        for index in range(args.tables)
    ]


async def run(args: Options) -> int:
    try:
        slots = _slots(args)
    except (ValueError, UnreadableFile, RecordError) as error:
        print(capped(f"online.server: cannot open the table: {error}"), file=sys.stderr)
        return 2
    limits = Limits(args.rate, args.burst, args.hello_timeout, args.keepalive, args.guesses)
    tables = TableServer(slots, args.pace, limits, web=not args.no_web, watchers=args.watchers)
    try:
        server = await tables.start(args.host, args.port)
    except UnwritableFile as error:
        print(capped(f"online.server: cannot save the table: {error}"), file=sys.stderr)
        return 2
    except OSError as error:
        print(capped(f"online.server: cannot listen on {args.host}:{args.port}: {error.strerror}"), file=sys.stderr)
        return 2
    try:
        if args.key_out:
            try:
                write_atomic(args.key_out, slots[0].table.host_key + "\n", private=True)
            except UnwritableFile as error:
                print(capped(f"online.server: cannot write the host's key: {error}"), file=sys.stderr)
                return 2
        port = server.sockets[0].getsockname()[1]
        if args.announce:
            await tables.announce(args.announce, args.host, port)
        first, *others = slots
        lines = [f"listening ws://{args.host}:{port} code={first.table.code}"]
        if not args.no_web:  # the page a phone opens, on the host friends reach
            lines.append(f"web {web_address(reached_at(args.host), port, first.table.code)}")
        lines += [f"code={slot.table.code}" for slot in others]
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
        unwritten = await tables.finished()
    finally:
        server.close()
        tables.close()
    if unwritten:
        print(capped(f"online.server: the match ended but is not all written: {'; '.join(unwritten)}"), file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
