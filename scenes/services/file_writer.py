"""Files written by one background thread, so that no frame waits on the disk.

The latest text asked for a file wins (the texts before it that were not written yet are
dropped), files are written in the order they were last asked for, one write at a time.
``settle`` waits until every write asked for has landed: before a file is read, and on exit.
A write that fails is reported to the next caller of ``put``.
"""

from __future__ import annotations

import contextlib
import pathlib
import threading
from collections.abc import Callable


class FileWriter:
    """One background thread that writes (or removes) files with ``write``."""

    def __init__(self, write: Callable[[pathlib.Path, str], None]) -> None:
        self.write = write
        self._changed = threading.Condition()
        self._pending: dict[pathlib.Path, tuple[str | None, pathlib.Path | None]] = {}  # a file: put's arguments
        self._busy = False  # a write is in flight
        self._failure: Exception | None = None  # a write's failure not reported yet
        self._thread: threading.Thread | None = None

    def put(self, path: pathlib.Path, text: str | None, then_remove: pathlib.Path | None = None) -> None:
        """Have ``path`` hold ``text`` (None: be removed) after the files asked for before, and
        remove ``then_remove`` once ``text`` is written (not when it could not be); raises the
        failure of an earlier write not reported yet (this one is asked for all the same)."""
        with self._changed:
            self._pending.pop(path, None)  # it goes after the others now
            self._pending[path] = (text, then_remove)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="file-writer", daemon=True)
                self._thread.start()
            self._changed.notify_all()
            failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def settle(self) -> None:
        """Wait until every write asked for has landed (or failed)."""
        with self._changed:
            self._changed.wait_for(lambda: not self._pending and not self._busy)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._pending))
                path = next(iter(self._pending))
                text, then_remove = self._pending.pop(path)
                self._busy = True
            failure: Exception | None = None
            try:
                if text is None:
                    remove(path)
                else:
                    self.write(path, text)
                    if then_remove is not None:
                        remove(then_remove)
            except Exception as error:  # reported to the frame thread, never lost in this one
                failure = error
            with self._changed:
                self._busy = False
                if failure is not None:
                    self._failure = failure
                self._changed.notify_all()


def remove(path: pathlib.Path) -> None:
    """Remove the file ``path`` if there is one."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
