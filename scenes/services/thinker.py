"""Asking the computer player without waiting for it: each question becomes a ticket, answered
by the thinking worker (``scenes.services.worker``) while the frames go on, and read when it has come.

Questions are sent one at a time, in the order asked; a cancelled question that was not
sent yet is never sent. The fixed seats' decisions cost next to nothing and are answered
at once. A worker that dies, sends what is not a reply or an answer the rules refuse (a
decision its seat may not take), or has not answered a question ``DEADLINE`` seconds after
it was sent (stopped, stuck) is replaced and asked again, and the player is told; if
workers keep failing, or none can be started here at all, the questions are answered in
this process from then on, which costs frames but never the game (the player is told that
too).

The environment variable ``DOMINO_TABLE_THINKING=inline`` answers every question at once,
in the table's own process, as it is asked: the tests set it, so their frames never depend
on how fast another process runs (the tests of the worker itself set it to ``worker``).
"""

from __future__ import annotations

import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.core.advice import Hint
from game.core.session import ComputerPacing, SeatPlay
from game.core.thinking import Question
from scenes.services.worker import Worker
from scenes.services.worker_wire import ChannelBroken

SWITCH = "DOMINO_TABLE_THINKING"
TRIES = 2  # workers that may fail in a row before the questions are answered in this process
DEADLINE = 30.0  # seconds a question may go unanswered before its worker is taken for stuck
REPLACED = "thinking.worker_replaced"  # what the player is told (catalogue keys)
IN_PROCESS = "thinking.in_process"

Position = tuple[int, int, int]


@dataclass(eq=False)
class Ticket:
    """One question asked, and its answer once it has come."""

    question: Question
    done: bool = False
    answer: object = None
    error: BaseException | None = None

    def settle(self, answered: bool, value: object) -> None:
        self.done = True
        if answered:
            self.answer = value
        else:
            assert isinstance(value, BaseException), "an unanswered question holds what answering raised"
            self.error = value

    def result(self) -> object:
        """The answer; raises what answering raised (``IllegalMove`` for a refused question)."""
        assert self.done, "a ticket is read only once it is done"
        if self.error is not None:
            raise self.error
        return self.answer


def inline_by_default() -> bool:
    """Whether the environment asks for every question to be answered in this process."""
    return os.environ.get(SWITCH, "worker") == "inline"


class Thinker:
    """The computer player's questions for one application, answered without blocking it."""

    def __init__(
        self,
        inline: bool = False,
        tell: Callable[[str], None] = lambda key: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.inline = inline
        self.tell = tell  # says a catalogue key to the player
        self.clock = clock
        self._worker = Worker()
        self._waiting: deque[Ticket] = deque()
        self._sent: tuple[int, Ticket] | None = None
        self._sent_at = 0.0
        self._numbers = itertools.count()
        self._deaths = 0  # workers that failed in a row

    @property
    def busy(self) -> bool:
        """Whether some question asked is still unanswered."""
        return bool(self._sent or self._waiting)

    @property
    def worker_pid(self) -> int | None:
        """The worker's process id, once it has been started."""
        return self._worker.pid

    def start(self) -> None:
        """Start the worker now (a table opens), so the first question need not wait for it."""
        if not self.inline:
            self._start_worker()

    def starting(self) -> Iterator[None]:
        """Start the worker in two pieces (a table is prepared): load what it takes, launch it."""
        if self.inline or self._worker.running:
            return
        try:
            self._worker.load()
        except Exception:
            self._think_here()
            return
        yield
        self._start_worker()
        yield

    def _start_worker(self) -> bool:
        """Start the worker unless it runs; whether it does (else questions are answered here)."""
        try:
            self._worker.start()
        except Exception:  # no process can be started here (too many open files, no memory...)
            self._worker.stop()
            self._think_here()
            return False
        return True

    def _think_here(self) -> None:
        """Answer every question in this process from now on, and say so."""
        if not self.inline:
            self.inline = True
            self.tell(IN_PROCESS)
        self._sent = None
        while self._waiting:
            answer_here(self._waiting.popleft())

    def ask(self, question: Question) -> Ticket:
        """A ticket for ``question``: already done when answered at once, else done in a later poll."""
        ticket = Ticket(question)
        if self.inline or question.is_quick:
            answer_here(ticket)
        else:
            self._waiting.append(ticket)
            self._send_next()
        return ticket

    def cancel(self, ticket: object) -> None:
        """Forget ``ticket``: it is never sent if it was not yet; an answer being worked out
        is finished (a question cannot be stopped half-way) and dropped when it comes."""
        if isinstance(ticket, Ticket) and ticket in self._waiting:
            self._waiting.remove(ticket)

    def poll(self) -> None:
        """Take the answers that have come and send the next question; never waits."""
        self._receive(block=False)

    def wait(self) -> None:
        """Block until every question asked is answered (tests: no timing involved)."""
        while self.busy:
            self._receive(block=True)

    def close(self) -> None:
        """Stop the worker and drop every question still open (the window is closing)."""
        self._worker.stop()
        self._waiting.clear()
        self._sent = None

    def _send_next(self) -> None:
        if self._sent is not None or not self._waiting:
            return
        if self.inline:
            self._think_here()
            return
        if not self._start_worker():
            return
        ticket = self._waiting.popleft()
        number = next(self._numbers)
        self._sent = number, ticket
        self._sent_at = self.clock()
        try:
            self._worker.send(number, ticket.question)
        except (OSError, ChannelBroken):
            self._worker_died()

    def _receive(self, block: bool) -> None:
        if self._sent is None:
            self._send_next()
            return
        try:
            replies = self._worker.replies(block)
        except (EOFError, OSError, ChannelBroken):
            self._worker_died()
            return
        for number, answered, value in replies:
            if self._sent is not None and self._sent[0] == number:
                if answered and not self._sent[1].question.fits(value):
                    self._worker_died()  # an answer the rules refuse: the worker is not to be trusted
                    return
                self._sent[1].settle(answered, value)
                self._sent = None
                self._deaths = 0
        if self._sent is not None and self.clock() - self._sent_at > DEADLINE:
            self._worker_died()  # stopped or stuck: it is killed, and a new one asked
            return
        self._send_next()

    def _worker_died(self) -> None:
        """Ask again of a new worker, and say so; after ``TRIES`` failures in a row, answer
        here from now on."""
        assert self._sent is not None
        self._waiting.appendleft(self._sent[1])
        self._sent = None
        self._worker.stop()
        self._deaths += 1
        if self._deaths >= TRIES:
            self._think_here()
            return
        self.tell(REPLACED)
        self._send_next()


def answer_here(ticket: Ticket) -> None:
    """Answer ``ticket`` in this process, now; what answering raises is kept for ``result``."""
    try:
        ticket.settle(True, ticket.question.answer())
    except Exception as error:
        ticket.settle(False, error)


class TableThinking:
    """The computer's work for one table: the question of the computer seat to act, asked
    through the table's session as soon as it is to act (even while the last tile still
    flies), and a hint a person asked for. An answer is taken only at the position it was
    asked at: undo, redo, restart, a new match or a new round cancel the question and the
    next update asks again."""

    def __init__(self, thinker: Thinker, session: SeatPlay, computers: ComputerPacing | None) -> None:
        self.thinker = thinker
        self.session = session
        self.computers = computers  # None: no computer seat is played on this device
        self._hint: tuple[Position, Ticket] | None = None
        self._shown: int | None = None  # the seat the dots were turning for at the last update
        self.phase = 0.0  # seconds the seat to act has been shown thinking

    def update(self, dt: float) -> None:
        """Take the answers that came, drop those of another position, ask what is needed now."""
        self.thinker.poll()
        self._hint = self._dropped_if_gone(self._hint)
        if self.computers is not None:
            self.computers.think_ahead()
        seat = self.seat
        self.phase = self.phase + dt if seat is not None and seat == self._shown else 0.0
        self._shown = seat

    @property
    def seat(self) -> int | None:
        """The computer seat to act, shown thinking until its decision is taken."""
        return None if self.computers is None else self.computers.computer_seat

    def ask_hint(self, question: Question) -> None:
        """Ask for the hint of ``question`` (for the current position) unless it is on its way."""
        if not self.hint_pending:
            self._hint = self.session.position, self.thinker.ask(question)

    @property
    def has_hint(self) -> bool:
        """Whether the hint asked for the current position has come."""
        ticket = self._here(self._hint)
        return ticket is not None and ticket.done

    @property
    def hint_pending(self) -> bool:
        """Whether the hint asked for the current position is still being worked out."""
        ticket = self._here(self._hint)
        return ticket is not None and not ticket.done

    def take_hint(self) -> Hint | None:
        """The hint once it has come (then forgotten); raises ``IllegalMove`` when it was refused."""
        ticket = self._here(self._hint)
        if ticket is None or not ticket.done:
            return None
        self._hint = None
        hint = ticket.result()
        assert isinstance(hint, Hint), "a hint question is answered with a hint"
        return hint

    def cancel(self) -> None:
        """Drop every question of this table (it is left, or the window closes)."""
        if self.computers is not None:
            self.computers.close()
        if self._hint is not None:
            self.thinker.cancel(self._hint[1])
        self._hint = None

    def _here(self, asked: tuple[Position, Ticket] | None) -> Ticket | None:
        """The ticket of ``asked`` if it was asked at the session's current position."""
        return asked[1] if asked is not None and asked[0] == self.session.position else None

    def _dropped_if_gone(self, asked: tuple[Position, Ticket] | None) -> tuple[Position, Ticket] | None:
        """``asked``, or None (and its question cancelled) if the match has moved on since."""
        if asked is not None and self._here(asked) is None:
            self.thinker.cancel(asked[1])
            return None
        return asked
