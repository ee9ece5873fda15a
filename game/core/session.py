"""The seam between a table and a match: what one seat's table may ask, and nothing more.

A table talks to a ``TableSession``: the seat's view, its legal decisions, a preview of its
own decision (computed from that view alone), commit, undo and redo of its own moves,
restart, a new match, the next round, pause and resume, and the public events to animate
(who did what, as this seat may see it). ``LocalSession`` wraps a ``Match`` on this device;
a remote session speaks the same protocol across a network, so every value that crosses
it has a JSON round trip here (views and decisions through the game's spec, events below).

Nothing of another seat's hidden tiles is reachable from a session: the match is held
privately and only this seat's views, and decisions as this seat may see them, come out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeAlias, get_args

from typing_extensions import TypeVar  # type parameters with defaults (in ``typing`` from 3.13)

from game.core.advice import DecisionT
from game.core.errors import IllegalMove, MalformedRecord, shown
from game.core.match import Match
from game.core.phases import Phase
from game.core.spec import GameSpec, Record, SeatView, StartT, StateT, ViewT
from game.core.thinking import Question

Jump = Literal["undo", "redo", "restart", "new_match", "next_round"]
"""A change of the match that is no decision: the table forgets what was in flight."""

JUMPS: tuple[Jump, ...] = get_args(Jump)


@dataclass(frozen=True, slots=True)
class Acted(Generic[DecisionT]):
    """``seat`` took ``decision``, as the viewer may see it (None: hidden, a face-down play)."""

    seat: int
    decision: DecisionT | None


@dataclass(frozen=True, slots=True)
class Jumped:
    """The match jumped (``kind``): undo, redo, restart, a new match or the next round."""

    kind: Jump


PublicEvent: TypeAlias = Acted[DecisionT] | Jumped


def event_to_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], event: PublicEvent[DecisionT]) -> Record:
    """``event`` as JSON values; ``event_from_json`` gives it back equal."""
    if isinstance(event, Jumped):
        return {"type": "jumped", "kind": event.kind}
    decision = None if event.decision is None else spec.decision_to_json(event.seat, event.decision)
    return {"type": "acted", "seat": event.seat, "decision": decision}


def event_from_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], obj: object) -> PublicEvent[DecisionT]:
    """The event of an ``event_to_json`` object of ``spec``'s game; MalformedRecord if it is not one."""
    if not isinstance(obj, dict):
        raise MalformedRecord(f"an event must be an object, not {shown(obj)}")
    kind = obj.get("type")
    if kind == "jumped":
        jump = obj.get("kind")
        if jump not in JUMPS:
            raise MalformedRecord(f"an event's jump must be one of {', '.join(JUMPS)}, not {shown(jump)}")
        return Jumped(jump)
    if kind != "acted":
        raise MalformedRecord(f"an event's type must be acted or jumped, not {shown(kind)}")
    seat = obj.get("seat")
    if type(seat) is not int or not 1 <= seat <= 4:
        raise MalformedRecord(f"an event's seat must be 1 to 4, not {shown(seat)}")
    if obj.get("decision") is None:
        return Acted(seat, None)
    by, decision = spec.decision_from_json(obj["decision"])
    if by != seat:
        raise MalformedRecord(f"an event of seat {seat} holds a decision of seat {by}")
    return Acted(seat, decision)


class Ticket(Protocol):
    """An answer on its way (``scenes.services.thinker`` hands them out for a worker process)."""

    @property
    def done(self) -> bool: ...

    def result(self) -> Any:  # type: ignore[explicit-any]  # ``Question.answer``'s, of the verb's type
        """The answer (for a ``decide`` question: the decision)."""


Ask = Callable[[Question], Ticket]
"""Where a local session sends a computer seat's question: that seat's view leaves the
session only in the question, never to the table."""


_View_co = TypeVar("_View_co", bound=SeatView, covariant=True, default=SeatView)


class TableSession(Protocol[_View_co, DecisionT]):
    """What the table of one seat may ask of the match behind it, local or remote, over the
    game's seat view and decision types."""

    @property
    def game(self) -> str:
        """The game's name (``"chiva"``)."""

    @property
    def seat(self) -> int:
        """The seat this session speaks for."""

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        """The four seats' kinds (``human``, ``ai``...): public."""

    @property
    def position(self) -> tuple[int, int, int]:
        """Where the match stands; equal positions are equal states (``Match.position``)."""

    def view(self) -> _View_co:
        """Everything this seat may see now."""

    def legal(self) -> tuple[DecisionT, ...]:
        """This seat's legal decisions (empty unless it is to act)."""

    def preview(self, decision: DecisionT) -> _View_co:
        """This seat's view with its own ``decision`` laid on it; changes nothing."""

    def commit(self, decision: DecisionT) -> None:
        """Take ``decision`` for this seat; IllegalMove (nothing changed) when it may not."""

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def undo(self) -> None:
        """Take back this seat's own last decision (and the computers' after it)."""

    def redo(self) -> None:
        """Restore what this seat's last undo took back."""

    def restart_round(self) -> None: ...

    def new_match(self, seed: int | None = None) -> None: ...

    def next_round(self) -> None: ...

    @property
    def paused(self) -> bool: ...

    def pause(self) -> None:
        """Hold the game: no decision is taken until ``resume``."""

    def resume(self) -> None: ...

    def events(self) -> list[PublicEvent[DecisionT]]:
        """The public events since the last call, oldest first, as this seat may see them."""


class LocalSession(Generic[StateT, ViewT, DecisionT, StartT]):
    """A ``TableSession`` on this device: one seat of a ``Match`` (in pass-and-play, the
    person at the device, handed over with ``hand_over``), and the computer seats' pacing.

    The match is held privately; only views of this seat and decisions as it may see them
    come out. Computer seats' questions go to ``ask`` (a worker), or are answered here."""

    __slots__ = ("_match", "_seat", "_ask", "_cancel", "_asked", "_events", "_paused")

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
        self._ask = ask
        self._cancel = cancel  # tells ``ask`` a question's answer is no longer wanted
        self._asked: tuple[tuple[int, int, int], Ticket] | None = None
        self._events: list[PublicEvent[DecisionT]] = []
        self._paused = False

    # --- where the match stands -------------------------------------------------

    @property
    def game(self) -> str:
        return self._match.name

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        return self._match.seats

    @property
    def level(self) -> str:
        """How hard the computer seats think."""
        return self._match.level

    @property
    def position(self) -> tuple[int, int, int]:
        return self._match.position

    @property
    def phase(self) -> Phase:
        return self._match.phase

    @property
    def to_act(self) -> int | None:
        return self._match.to_act

    def is_human(self, seat: int) -> bool:
        return self._match.is_human(seat)

    def view(self) -> ViewT:
        return self._match.view_for(self._seat)

    def legal(self) -> tuple[DecisionT, ...]:
        match = self._match
        return tuple(match.legal_moves()) if match.to_act == self._seat else ()

    def preview(self, decision: DecisionT) -> ViewT:
        self._match.check(decision, self._seat)
        return self._match.game.preview(self.view(), decision)

    # --- decisions ---------------------------------------------------------------

    def commit(self, decision: DecisionT) -> None:
        self._check_running()
        self._match.push(decision, seat=self._seat)
        self._acted(self._seat, decision)

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
            self._drop_question()
            self._asked = self._match.position, self._ask(self._match.computer_question())

    def play_computer(self) -> Acted[DecisionT] | None:
        """Take the decision of the computer seat to act once its answer has come (asked of
        ``ask`` at the first call for each position, or earlier by ``think_ahead``; answered
        at once without ``ask``). Returns what was done, as this seat sees it; never while
        paused."""
        seat = self.computer_seat
        if seat is None or self._paused:
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
            decision = ticket.result()
            self._asked = None
        match.push(decision)
        return self._acted(seat, decision)

    def _acted(self, seat: int, decision: DecisionT) -> Acted[DecisionT]:
        acted = Acted(seat, self._match.game.seen_by(seat, decision, self._seat))
        self._events.append(acted)
        return acted

    def _drop_question(self) -> None:
        if self._asked is not None:
            self._cancel(self._asked[1])
            self._asked = None

    def close(self) -> None:
        """The table is left: a question still asked is no longer wanted."""
        self._drop_question()

    def _check_running(self) -> None:
        if self._paused:
            raise IllegalMove("not_now", "That is not the decision to take now.")

    # --- control commands -----------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self._match.can_undo_for(self._seat)

    @property
    def can_redo(self) -> bool:
        return self._match.can_redo_for(self._seat)

    def undo(self) -> None:
        self._check_running()
        self._match.undo(self._seat)
        self._jumped("undo")

    def redo(self) -> None:
        self._check_running()
        self._match.redo(self._seat)
        self._jumped("redo")

    def restart_round(self) -> None:
        self._match.restart_round()
        self._jumped("restart")

    def new_match(self, seed: int | None = None) -> None:
        self._match.new_match(seed)
        self._jumped("new_match")

    def next_round(self) -> None:
        self._match.next_round()
        self._jumped("next_round")

    def _jumped(self, kind: Jump) -> None:
        self._drop_question()
        self._events.append(Jumped(kind))

    def hand_over(self, seat: int) -> None:
        """Pass-and-play: the device goes to the person at ``seat`` (a person's seat)."""
        if not 1 <= seat <= 4 or not self._match.is_human(seat):
            raise ValueError(f"seat {seat} is not a person's")
        self._seat = seat

    # --- pause and events ---------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self._paused

    def pause(self) -> None:
        self._paused = True

    def resume(self) -> None:
        self._paused = False

    def events(self) -> list[PublicEvent[DecisionT]]:
        taken, self._events = self._events, []
        return taken
