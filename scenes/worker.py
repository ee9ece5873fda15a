"""The thinking worker: a separate process that answers the computer player's questions
(``game.core.thinking.Question``), so the table's frames never wait for them.

It is started with ``spawn`` (a fresh interpreter: pygame and SDL, already running in the
table's process, are never copied into it) when a table or a review opens, never at
start-up, and it imports the engine alone. It runs at a lower priority than the table, so
on a machine with one core the frames still come first, and (on Linux) as a batch process:
a question arriving never makes it take the processor from the table mid-frame, which
otherwise cost the frame that asked one or two milliseconds. Closing the window kills it;
so does the interpreter's exit, and it ends by itself when the table's end of the pipe
closes.
"""

from __future__ import annotations

import os
import pickle
from typing import TYPE_CHECKING, Any

from game.core.thinking import Question

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

NICENESS = 5  # how much lower the worker's priority is than the table's

Reply = tuple[int, bool, Any]
"""(question number, whether it was answered, the answer or the exception raised)."""


def serve(connection: Connection) -> None:
    """Answer numbered questions in order until the other end of ``connection`` closes."""
    yield_to_the_table()
    while True:
        try:
            number, question = connection.recv()
        except EOFError:
            return
        connection.send(answer(number, question))


def yield_to_the_table() -> None:
    """Lower this process's priority, and make it a batch process where there are such."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    if hasattr(os, "SCHED_BATCH"):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


def answer(number: int, question: Question) -> Reply:
    """The reply to question ``number``: its answer, or the exception it raised if that pickles."""
    try:
        return number, True, question.answer()
    except Exception as error:
        try:
            pickle.loads(pickle.dumps(error))
        except Exception:
            return number, False, RuntimeError(f"{type(error).__name__}: {error}")
        return number, False, error


class Worker:
    """One worker process, started on first use and restarted if it dies."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        return self._connection is not None and self._process is not None and self._process.is_alive()

    def load(self) -> None:
        """Load what starting a worker takes (Python's process machinery), so that starting
        one later costs only its launch."""
        import multiprocessing.connection  # noqa: F401

    def start(self) -> None:
        """Start the worker unless it is running; its start-up (about a tenth of a second of
        the other core) goes on while the table carries on."""
        if not self.running:
            self._restart()

    def send(self, number: int, question: Question) -> None:
        """Hand question ``number`` over; the worker answers questions in the order sent."""
        self.start()
        assert self._connection is not None
        self._connection.send((number, question))

    def replies(self, block: bool = False) -> list[Reply]:
        """The replies that have come (``block``: wait for at least one); raises EOFError when
        the worker has died."""
        connection = self._connection
        if connection is None:
            return []
        found: list[Reply] = []
        while (block and not found) or connection.poll():
            found.append(connection.recv())
        return found

    def stop(self) -> None:
        """Kill the worker, whatever it is doing: nothing it holds needs saving."""
        if self._connection is not None:
            self._connection.close()
        if self._process is not None:
            self._process.kill()
            self._process.join()
        self._process = self._connection = None

    def _restart(self) -> None:
        import multiprocessing  # loaded with the first worker: the menu starts without it

        self.stop()
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        process = context.Process(target=serve, args=(theirs,), name="domino-thinking", daemon=True)
        process.start()
        theirs.close()
        self._process, self._connection = process, mine
