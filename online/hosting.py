"""A table hosted by this device: the table server on a thread of its own, beside a frame
loop that never waits for it.

The server's event loop runs on its own thread (the frames of the host's own table never
share a thread with it); its computer seats think in the server's own worker process, as
on a headless server. The table is saved after every change, so a host that quits or
crashes reopens the same table (``reopen``): same code, same seats and tokens, on the same
port when it is free, and the other devices come back by themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Sequence

from game.core.errors import UnwritableFile
from game.core.files import make_private_folder
from online.server import Slot, TableServer, reached_at
from online.store import read_table
from online.table import HostedTable, Seating
from online.watching import WATCHERS
from online.web_address import url_host, web_address

START_TIMEOUT = 10.0  # seconds the server may take to listen before hosting fails


class HostingFailed(Exception):
    """The server could not start (the port is taken on every try, no network...)."""


class HostingServer:
    """One table served from this device until ``stop``."""

    def __init__(
        self,
        table: HostedTable,
        save: str | os.PathLike[str] | None,
        ports: Sequence[int],
        pace: float = 0.0,
        announce: str | None = None,
        *,
        host: str,
        watchers: int = WATCHERS,
    ) -> None:
        self.table = table
        self.watchers = watchers  # how many browsers may watch (0: none)
        self._save = None if save is None else os.fspath(save)
        self._ports = tuple(ports)
        self._pace = pace
        self._announce = announce
        self._host = host
        self.port = 0
        self.announced = False  # whether the table is announced on the network (mDNS)
        self.problem = ""  # why the server stopped serving, if it did
        self._slot = Slot(table, self._save)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)

    @classmethod
    def new(
        cls,
        game: str,
        seats: Sequence[Seating],
        save: str | os.PathLike[str] | None,
        ports: Sequence[int],
        seed: int | None = None,
        deals: int | None = None,
        pace: float = 0.0,
        announce: str | None = None,
        *,
        host: str,
        watchers: int = WATCHERS,
    ) -> HostingServer:
        """A new table of ``game`` (the host seats computers and starts it)."""
        table = HostedTable(game, seats, seed, deals, autostart=False)
        return cls(table, save, ports, pace, announce, host=host, watchers=watchers)

    @classmethod
    def reopen(
        cls,
        save: str | os.PathLike[str],
        ports: Sequence[int],
        pace: float = 0.0,
        announce: str | None = None,
        *,
        host: str,
        watchers: int = WATCHERS,
    ) -> HostingServer:
        """The table saved at ``save``; UnreadableFile, BadJson or RecordError when it cannot be read."""
        return cls(read_table(save), save, ports, pace, announce, host=host, watchers=watchers)

    # --- where friends find it ------------------------------------------------------------

    @property
    def code(self) -> str:
        return self.table.code

    @property
    def host_key(self) -> str:
        return self.table.host_key

    @property
    def url(self) -> str:
        """Where this device's own seats connect (loopback)."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def friends_host(self) -> str:
        """The host friends reach the table at: the one address it listens on, or this
        machine's address on its network when it listens on every network."""
        return reached_at(self._host)

    @property
    def address(self) -> str:
        """Where friends connect: the host they reach the table at and the port."""
        return f"{url_host(self.friends_host)}:{self.port}"

    @property
    def web_address(self) -> str:
        """The page a friend's browser opens to sit at the table (the code in its fragment)."""
        return web_address(self.friends_host, self.port, self.code)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def save_to(self, path: str | os.PathLike[str] | None) -> None:
        """Save the table at ``path`` after every change from now on (None: no longer, its
        match is over and kept elsewhere)."""
        self._slot.files.save = None if path is None else os.fspath(path)

    # --- its life ------------------------------------------------------------------------------

    def start(self) -> None:
        """Listen on the first free port of ``ports`` (0: any); HostingFailed when none is free.
        The save's folder is made private first: the save holds every seat's token."""
        if self._save is not None:
            with contextlib.suppress(UnwritableFile):  # then the saves fail, and the table says so
                make_private_folder(os.path.dirname(os.path.abspath(self._save)))
        self._thread.start()
        if not self._listening.wait(START_TIMEOUT) or not self.port:
            self._thread.join(1.0)
            raise HostingFailed(self.problem or "the table server did not start in time")

    def stop(self, wait: float = 0.0) -> None:
        """Stop serving (the table stays saved): the port is let go at once, the rest (telling
        the network the table is gone) on the server's thread; wait up to ``wait`` seconds for
        all of it (a frame never waits)."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(stopping.set)
        if wait > 0 and self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(wait)

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except Exception as error:  # a fault of the server: say it; the table is saved
            self.problem = f"{type(error).__name__}: {error}"
        finally:
            self._listening.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        tables = TableServer([self._slot], self._pace, watchers=self.watchers)
        server = None
        for port in self._ports:
            try:
                server = await tables.start(self._host, port)
                break
            except OSError as error:  # the port is taken: the next one
                self.problem = f"port {port}: {error.strerror or error}"
        if server is None:
            return
        self.port = server.sockets[0].getsockname()[1]
        self.problem = ""
        self._listening.set()
        try:
            if self._announce:
                try:
                    await tables.announce(self._announce, self._host, self.port)
                    self.announced = True
                except Exception:  # no multicast here: friends type the address instead
                    self.announced = False
            await self._stopping.wait()
        finally:
            server.close()
            with contextlib.suppress(Exception):  # what the last quarter second changed is kept too
                await asyncio.wait_for(self._slot.files.flush(), 3.0)
            tables.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 3.0)
