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

What crosses between them is msgspec structs in MessagePack (``scenes.services.worker_wire``),
never pickle: the worker reads questions and writes replies as whole messages; the table reads replies without ever
waiting (``wire.Receiver``), and anything on the channel that is not a reply of ours counts
as a dead worker.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from game.core.thinking import Question
from scenes.services.worker_wire import LIMIT, ChannelBroken, Receiver, decode, encode_question, encode_reply

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

NICENESS = 5  # how much lower the worker's priority is than the table's

Reply = tuple[int, bool, object]
"""(question number, whether it was answered, the answer or the exception raised)."""


def serve(connection: Connection[object, object]) -> None:
    """Answer numbered questions in order until the other end of ``connection`` closes (or
    sends what is not a question), and end quietly then, even mid-answer (the table killed)."""
    yield_to_the_table()
    while True:
        try:
            number, question = _question(decode(connection.recv_bytes(LIMIT)))
        except (EOFError, OSError, ChannelBroken, TypeError, ValueError):
            return
        try:
            connection.send_bytes(answer(number, question))
        except OSError:  # nobody reads any more: a broken pipe is no error of ours
            return


def _question(message: object) -> tuple[int, Question]:
    """``message`` as a numbered question; ChannelBroken when it is not one."""
    if not (isinstance(message, tuple) and len(message) == 2 and type(message[0]) is int):
        raise ChannelBroken("not a question")
    number, question = message
    if not isinstance(question, Question):
        raise ChannelBroken("not a question")
    return number, question


def yield_to_the_table() -> None:
    """Lower this process's priority, and make it a batch process where there are such."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    if hasattr(os, "SCHED_BATCH"):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


def answer(number: int, question: Question) -> bytes:
    """The reply to question ``number``: its answer, or the exception it raised (a refusal
    as itself, anything else as a RuntimeError naming it)."""
    try:
        return encode_reply(number, question, True, question.answer())
    except Exception as error:
        return encode_reply(number, question, False, error)


class Worker:
    """One worker process, started on first use and restarted if it dies."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._connection: Connection[object, object] | None = None
        self._receiver: Receiver | None = None

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
        try:
            self._connection.send_bytes(encode_question(number, question))
        except BlockingIOError:
            raise ChannelBroken("the worker takes no more questions") from None

    def replies(self, block: bool = False) -> list[Reply]:
        """The replies that have come whole (``block``: wait for at least one); never waits
        otherwise. Raises EOFError when the worker has died, ChannelBroken when what came is
        not replies."""
        from multiprocessing.connection import wait

        if self._connection is None or self._receiver is None:
            return []
        while True:
            found = [_reply(message) for message in self._receiver.messages()]
            if found or not block:
                return found
            wait([self._connection])

    def stop(self) -> None:
        """Kill the worker, whatever it is doing (stopped too): nothing it holds needs saving."""
        if self._connection is not None:
            self._connection.close()
        if self._process is not None:
            self._process.kill()
            self._process.join()
        self._process = self._connection = None
        self._receiver = None

    def _restart(self) -> None:
        import multiprocessing  # loaded with the first worker: the menu starts without it

        self.stop()
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        try:
            process = context.Process(target=serve, args=(theirs,), name="domino-thinking", daemon=True)
            process.start()
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        self._process, self._connection = process, mine
        self._receiver = Receiver(mine)


def _reply(message: object) -> Reply:
    """``message`` as a reply; ChannelBroken when it is not one."""
    if not (isinstance(message, tuple) and len(message) == 3 and type(message[0]) is int):
        raise ChannelBroken("not a reply")
    number, answered, value = message
    if not isinstance(answered, bool) or (not answered and not isinstance(value, Exception)):
        raise ChannelBroken("not a reply")
    return number, answered, value
