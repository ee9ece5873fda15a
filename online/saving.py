"""A hosted table's files: its save after every change and its match record after every
round, written on a worker thread so the event loop never waits for the disk.

One write is in flight at a time and the latest state wins: changes that come while a write
is under way are written together by the next one, and a save is written at most every
``SAVE_GAP`` seconds (a round's end and the last write are never held back), so chatter
cannot keep the disk busy. A write that fails (a full disk) is tried again every ``RETRY``
seconds; the table is told when writing stops working and when it works again.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import time
from collections.abc import Callable

from game.core.errors import UnwritableFile
from game.core.files import write_atomic
from game.core.record import dumps
from online.protocol import SAVE_PROBLEMS
from online.store import save_text, write_table
from online.table import HostedTable

SAVE_GAP = 0.25  # seconds between two writes of the save, at least (unless a round just ended)
RETRY = 1.0  # seconds before a write that failed is tried again

FULL, READ_ONLY, OTHER = SAVE_PROBLEMS
PROBLEMS = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EROFS: READ_ONLY}
"""The code of a write's failure, for each device's catalogue (any other: ``cannot_write``)."""


def problem_of(error: UnwritableFile) -> str:
    return PROBLEMS.get(error.errno or 0, OTHER)


class TableFiles:
    """Where ``table`` is kept: ``save`` (None: nowhere) and ``record`` (None: not written).
    ``told`` (set by the server) hears the problem whenever it changes: a code and its
    English reason, or two empty strings once everything owed is written again."""

    def __init__(
        self,
        table: HostedTable,
        save: str | None,
        record: str | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table = table
        self.save, self.record = save, record
        self.told: Callable[[str, str], None] = lambda problem, reason: None
        self._clock = clock
        self._hurry = asyncio.Event()  # the server is ending: no more waiting between writes
        self.problem = ""  # why the last write failed (empty: it did not)
        self.reason = ""
        self._owe_save = self._owe_record = False
        self._saved_text = ""  # the save's text last written: the same text is not written again
        self._last_save = -SAVE_GAP
        self._writing: asyncio.Task[None] | None = None
        self.writes = 0  # files written, all together

    @property
    def owed(self) -> bool:
        """Whether something is not on the disk yet (owed, or under way)."""
        return self._owe_save or self._owe_record or (self._writing is not None and not self._writing.done())

    def owe(self, save: bool, record: bool) -> None:
        """The table changed: its save (``save``) and its record (``record``, a round ended)
        are owed; written soon, on the event loop's worker thread."""
        self._owe_save |= save and self.save is not None
        self._owe_record |= record and self.record is not None
        if (self._owe_save or self._owe_record) and (self._writing is None or self._writing.done()):
            self._writing = asyncio.get_running_loop().create_task(self._write_owed())

    async def _write_owed(self) -> None:
        while self._owe_save or self._owe_record:
            if not self._owe_record:
                await self._pause(self._last_save + SAVE_GAP - self._clock())
            if not await self._write_once():
                if self._hurry.is_set():
                    return
                await self._pause(RETRY)

    async def _pause(self, seconds: float) -> None:
        """Wait ``seconds``, or less if the server is ending."""
        if seconds > 0 and not self._hurry.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._hurry.wait(), seconds)

    async def _write_once(self) -> bool:
        """Write what is owed now, as the table stands; whether it was written."""
        table = self.table
        save = save_text(table) if self._owe_save and self.save is not None else None
        record = table.record() if self._owe_record and self.record is not None else None
        self._owe_save = self._owe_record = False
        try:
            if save is not None and save != self._saved_text:
                assert self.save is not None
                await asyncio.to_thread(write_table, self.save, save)
                self._saved_text = save
                self.writes += 1
            if record is not None:
                assert self.record is not None
                await asyncio.to_thread(write_atomic, self.record, dumps(record) + "\n")
                self.writes += 1
        except UnwritableFile as error:
            self._owe_save |= save is not None and save != self._saved_text
            self._owe_record |= record is not None
            self._tell(problem_of(error), str(error))
            return False
        finally:
            if save is not None:
                self._last_save = self._clock()
        self._tell("", "")
        return True

    def _tell(self, problem: str, reason: str) -> None:
        if (problem, reason) != (self.problem, self.reason):
            self.problem, self.reason = problem, reason
            self.told(problem, reason)

    async def flush(self) -> bool:
        """Write everything owed now, without waiting between writes (the server is ending):
        one more try of what failed; whether it is all on the disk."""
        self._hurry.set()
        writing = self._writing
        if writing is not None:
            await writing
        if self._owe_save or self._owe_record:
            await self._write_once()
        return not (self._owe_save or self._owe_record)

    async def write_now(self) -> None:
        """Write the save at once; UnwritableFile when it cannot be (a table that must start saved)."""
        if self.save is not None:
            text = save_text(self.table)
            await asyncio.to_thread(write_table, self.save, text)
            self._saved_text = text
            self._last_save = self._clock()
            self.writes += 1
