"""A table on this device: one seat of a ``Match`` held here, the table's controls done at
once, and the computer seats played here.

``LocalSession`` is the seat (``SeatPlay``) and who sits where (``Seating``: in pass-and-play,
the person at the device, handed over with ``hand_over``); its ``control`` (``LocalControl``)
undoes, redoes, deals again and starts a new match or round at once, since nobody elsewhere
is asked; its ``computers`` (``LocalComputers``) pace the computer seats. It has no
``TableTalk``: there is nobody at another device to ask, to hold the game for or to speak to
(a table on one device holds its computers itself while a panel is open).

The match is held privately; only views of this seat and decisions as it may see them come out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, cast

from game.core.advice import DecisionT
from game.core.match import Match
from game.core.phases import Phase
from game.core.session import Acted, Ask, Chair, Jump, Jumped, PublicEvent, Ticket
from game.core.spec import StartT, StateT, ViewT


class LocalSession(Generic[StateT, ViewT, DecisionT, StartT]):
    """A ``DeviceSession`` on this device: one seat of a ``Match``, its ``control`` and its
    ``computers``. Computer seats' questions go to ``ask`` (a worker), or are answered here."""

    __slots__ = ("_match", "_seat", "_events", "computers", "control")

    def __init__(
        self,
        match: Match[StateT, ViewT, DecisionT, StartT],
        seat: int,
        ask: Ask | None = None,
        cancel: Callable[[Ticket], None] = lambda ticket: None,
    ) -> None:
        if not 1 <= seat <= 4:
            raise ValueError(f"there is no seat {seat}")
        self._match = match
        self._seat = seat
        self._events: list[PublicEvent[DecisionT]] = []
        self.computers = LocalComputers(match, self, ask, cancel)
        self.control = LocalControl(match, self)

    # --- where the match stands -------------------------------------------------

    @property
    def game(self) -> str:
        return self._match.name

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def position(self) -> tuple[int, int, int]:
        return self._match.position

    @property
    def phase(self) -> Phase:
        return self._match.phase

    @property
    def to_act(self) -> int | None:
        return self._match.to_act

    def poll(self) -> bool:
        """Nothing comes from elsewhere: the match is on this device."""
        return False

    def view(self) -> ViewT:
        return self._match.view_for(self._seat)

    def legal(self) -> tuple[DecisionT, ...]:
        match = self._match
        return tuple(match.legal_moves()) if match.to_act == self._seat else ()

    def preview(self, decision: DecisionT) -> ViewT:
        self._match.check(decision, self._seat)
        return self._match.game.preview(self.view(), decision)

    def commit(self, decision: DecisionT) -> None:
        self._match.push(decision, seat=self._seat)
        self.acted(self._seat, decision)

    def events(self) -> list[PublicEvent[DecisionT]]:
        taken, self._events = self._events, []
        return taken

    def acted(self, seat: int, decision: DecisionT) -> Acted[DecisionT]:
        """``seat`` took ``decision`` (pushed already): the event as this seat may see it, kept."""
        acted = Acted(seat, self._match.game.seen_by(seat, decision, self._seat))
        self._events.append(acted)
        return acted

    def jumped(self, kind: Jump) -> None:
        """The match jumped (done already): the computer's question in flight is dropped."""
        self.computers.close()
        self._events.append(Jumped(kind))

    # --- who sits where -------------------------------------------------------------

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        return self._match.seats

    @property
    def chairs(self) -> tuple[Chair, ...]:
        """The match's seats: people, and computers with the match's level."""
        match = self._match
        return tuple(
            Chair(seat, "person") if match.is_human(seat) else Chair(seat, "computer", level=match.level)
            for seat in range(1, 5)
        )

    def is_human(self, seat: int) -> bool:
        return self._match.is_human(seat)

    @property
    def local_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(1, 5) if self._match.is_human(seat))

    def hand_over(self, seat: int) -> None:
        """Pass-and-play: the device goes to the person at ``seat`` (a person's seat)."""
        if not 1 <= seat <= 4 or not self._match.is_human(seat):
            raise ValueError(f"seat {seat} is not a person's")
        self._seat = seat


class LocalControl(Generic[StateT, ViewT, DecisionT, StartT]):
    """The table's controls on one device (``TableControl``): done at once, for the seat the
    device is handed to; each is a ``Jumped`` event of its session."""

    __slots__ = ("_match", "_session")

    def __init__(
        self, match: Match[StateT, ViewT, DecisionT, StartT], session: LocalSession[StateT, ViewT, DecisionT, StartT]
    ) -> None:
        self._match = match
        self._session = session

    @property
    def can_undo(self) -> bool:
        return self._match.can_undo_for(self._session.seat)

    @property
    def can_redo(self) -> bool:
        return self._match.can_redo_for(self._session.seat)

    def undo(self) -> None:
        self._match.undo(self._session.seat)
        self._session.jumped("undo")

    def redo(self) -> None:
        self._match.redo(self._session.seat)
        self._session.jumped("redo")

    def restart_round(self) -> None:
        self._match.restart_round()
        self._session.jumped("restart")

    def new_match(self, seed: int | None = None) -> None:
        self._match.new_match(seed)
        self._session.jumped("new_match")

    def next_round(self) -> None:
        self._match.next_round()
        self._session.jumped("next_round")


class LocalComputers(Generic[StateT, ViewT, DecisionT, StartT]):
    """The computer seats' pacing on one device (``ComputerPacing``): their questions go to
    ``ask`` (a worker), or are answered here without one."""

    __slots__ = ("_match", "_session", "_ask", "_cancel", "_asked")

    def __init__(
        self,
        match: Match[StateT, ViewT, DecisionT, StartT],
        session: LocalSession[StateT, ViewT, DecisionT, StartT],
        ask: Ask | None,
        cancel: Callable[[Ticket], None],
    ) -> None:
        self._match = match
        self._session = session
        self._ask = ask
        self._cancel = cancel  # tells ``ask`` a question's answer is no longer wanted
        self._asked: tuple[tuple[int, int, int], Ticket] | None = None

    @property
    def computer_seat(self) -> int | None:
        """The computer seat to act, if one is."""
        return self._match.to_act if self._match.computer_to_act else None

    def think_ahead(self) -> None:
        """Ask ``ask`` the question of the computer seat to act, unless it is asked for this
        position already (a question of a position left behind is cancelled)."""
        if self._ask is None or self.computer_seat is None:
            return
        if self._asked is None or self._asked[0] != self._match.position:
            self.close()
            self._asked = self._match.position, self._ask(self._match.computer_question())

    def play_computer(self) -> Acted[DecisionT] | None:
        """Take the decision of the computer seat to act once its answer has come (asked of
        ``ask`` at the first call for each position, or earlier by ``think_ahead``; answered
        at once without ``ask``). Returns what was done, as the session's seat sees it."""
        seat = self.computer_seat
        if seat is None:
            return None
        match = self._match
        decision: DecisionT
        if self._ask is None:
            decision = match.computer_decision()
        else:
            self.think_ahead()
            assert self._asked is not None, "think_ahead asks whenever a computer seat is to act"
            ticket = self._asked[1]
            if not ticket.done:
                return None
            decision = cast("DecisionT", ticket.result())  # a decide question's answer: a decision of the match's game
            self._asked = None
        match.push(decision)
        return self._session.acted(seat, decision)

    def close(self) -> None:
        """Drop the question still asked, if any: its answer is no longer wanted."""
        if self._asked is not None:
            self._cancel(self._asked[1])
            self._asked = None
