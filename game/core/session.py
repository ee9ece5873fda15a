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
from typing import Annotated, Any, Generic, Literal, Protocol, TypeAlias, get_args

import msgspec
from typing_extensions import TypeVar  # type parameters with defaults (in ``typing`` from 3.13)

from game.core.advice import DecisionT
from game.core.errors import IllegalMove, MalformedRecord
from game.core.match import Match
from game.core.names import clean_name
from game.core.phases import Phase
from game.core.spec import DecisionJson, GameSpec, Record, SeatView, StartT, StateT, ViewT
from game.core.thinking import Question

Jump = Literal["undo", "redo", "restart", "new_match", "next_round", "started"]
"""A change of the match that is no decision: the table forgets what was in flight
(``started``: a hosted table's match began)."""

JUMPS: tuple[Jump, ...] = get_args(Jump)

Agreement = Literal["undo", "redo", "restart", "new_match"]
"""What a shared table asks its other people before doing it."""

AGREEMENTS: tuple[Agreement, ...] = get_args(Agreement)

Phrase = Literal["good_game", "well_played", "hurry_up", "thanks", "oops", "one_more"]
"""The fixed quick messages: keys each receiver shows in its own language."""

PHRASES: tuple[Phrase, ...] = get_args(Phrase)

ChairKind = Literal["open", "person", "computer"]
CHAIR_KINDS: tuple[ChairKind, ...] = get_args(ChairKind)


Seat = Annotated[int, msgspec.Meta(ge=1, le=4)]
"""A seat, 1 to 4 as in records."""

Name = Annotated[str, msgspec.Meta(max_length=40)]
"""A person's name as a table sends it (cleaned again by the device: ``Chair.cleaned``)."""


class TableEvent(msgspec.Struct, tag_field="type", frozen=True, forbid_unknown_fields=True):
    """A public event: its JSON is an object tagged by its ``type`` (``settled``, ``said``,
    ``refused`` and ``saving`` are also frames of ``online.protocol`` as they are)."""


class Acted(TableEvent, Generic[DecisionT], tag="acted", frozen=True):
    """``seat`` took ``decision``, as the viewer may see it (None: hidden, a face-down play).
    On the wire the decision is its record object (``event_on_wire``)."""

    seat: Seat
    decision: DecisionT | None


class Jumped(TableEvent, tag="jumped", frozen=True):
    """The match jumped (``kind``): undo, redo, restart, a new match or the next round."""

    kind: Jump


class Chair(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat as every device at the table sees it: open, a person (``reconnecting`` while
    the device is away, ``handed_over`` while the computer plays for it) or a computer at
    ``level``. A plate's avatar shows the initials of ``name`` (or of the seat's own name)."""

    seat: Seat
    kind: ChairKind
    name: Name = ""
    level: str = ""
    reconnecting: bool = False
    handed_over: bool = False

    def cleaned(self) -> Chair:
        """The chair with its name cleaned as the server cleans it: a device draws no name as
        a table sent it."""
        return msgspec.structs.replace(self, name=clean_name(self.name))


class Asking(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``by`` asks the table's other people to agree to ``kind``; ``agreed``: who said yes
    (``by`` among them), ``yes`` on the wire."""

    kind: Agreement
    by: Seat
    agreed: tuple[Seat, ...] = msgspec.field(name="yes")


class Asked(TableEvent, tag="asked", frozen=True):
    """``by`` asked the others to agree to ``kind`` (the question is the session's ``asking``)."""

    kind: Agreement
    by: Seat


class Settled(TableEvent, tag="settled", frozen=True):
    """``by``'s question ``kind`` was agreed (and done: a ``Jumped`` follows) or not (declined
    or withdrawn). Also the ``settled`` frame."""

    kind: Agreement
    by: Seat
    agreed: bool


class Paused(TableEvent, tag="paused", frozen=True):
    """Who holds the game now (their Rules or Log open); empty: it goes on."""

    by: tuple[Seat, ...]


class Said(TableEvent, tag="said", frozen=True):
    """``seat`` said the quick message ``phrase`` (a key; each receiver shows it in its
    language). Also the ``said`` frame."""

    seat: Seat
    phrase: Phrase


class Seated(TableEvent, tag="seated", frozen=True):
    """A seat changed: someone sat, went away or came back, or the computer took it or gave it back."""

    chair: Chair


class Refused(TableEvent, tag="refused", frozen=True):
    """A request of this seat the table turned down after it was sent; nothing changed.
    ``code`` and ``params`` fill the ``error.CODE`` catalogue entry, ``text`` is the English.
    Also the ``refused`` frame."""

    code: str
    params: dict[str, str | int] = {}
    text: str = ""

    def error(self) -> IllegalMove:
        """The refusal as the table shows a refused command."""
        error = IllegalMove(self.code, self.text)
        error.params = dict(self.params)
        return error


class Saving(TableEvent, tag="saving", frozen=True):
    """The host cannot keep the table on its disk: ``problem`` says why (``disk_full``,
    ``read_only``, ``cannot_write``; ``text`` is the English reason), or, empty, it can again.
    Also the ``saving`` frame."""

    problem: str = ""
    text: str = ""


PublicEvent: TypeAlias = Acted[DecisionT] | Jumped | Asked | Settled | Paused | Said | Seated | Refused | Saving

EVENT_TYPES = ("acted", "jumped", "asked", "settled", "paused", "said", "seated", "refused", "saving")

_WireEvent: TypeAlias = Acted[DecisionJson] | Jumped | Asked | Settled | Paused | Said | Seated | Refused | Saving


def event_on_wire(
    spec: GameSpec[StateT, ViewT, DecisionT, StartT], event: PublicEvent[DecisionT]
) -> PublicEvent[DecisionJson]:
    """``event`` with its decision as the record writes it (the JSON of the event is then
    msgspec's); ``event_off_wire`` gives it back."""
    if isinstance(event, Acted):
        decision = None if event.decision is None else spec.decision_to_json(event.seat, event.decision)
        return Acted(event.seat, decision)
    return event


def event_off_wire(
    spec: GameSpec[StateT, ViewT, DecisionT, StartT], event: PublicEvent[DecisionJson]
) -> PublicEvent[DecisionT]:
    """The event of ``event_on_wire``; MalformedRecord when its decision is none of the game's."""
    if not isinstance(event, Acted):
        return event
    if event.decision is None:
        return Acted(event.seat, None)
    by, decision = spec.decision_from_json(event.decision)
    if by != event.seat:
        raise MalformedRecord(f"an event of seat {event.seat} holds a decision of seat {by}")
    return Acted(event.seat, decision)


def event_to_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], event: PublicEvent[DecisionT]) -> Record:
    """``event`` as JSON values; ``event_from_json`` gives it back equal."""
    obj: Record = msgspec.to_builtins(event_on_wire(spec, event))
    return obj


def event_from_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], obj: object) -> PublicEvent[DecisionT]:
    """The event of an ``event_to_json`` object of ``spec``'s game; MalformedRecord if it is not one."""
    try:
        event: PublicEvent[DecisionJson] = msgspec.convert(obj, _WireEvent)
    except msgspec.ValidationError as error:
        raise MalformedRecord(f"not an event: {error}") from None
    return event_off_wire(spec, event)


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

    @property
    def phase(self) -> Phase: ...

    @property
    def to_act(self) -> int | None: ...

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (here or on another device)."""

    @property
    def chairs(self) -> tuple[Chair, ...]:
        """The four seats as the table shows them: names, kinds, who is away."""

    def poll(self) -> bool:
        """Take in what came from elsewhere since the last call (never waits); whether anything changed."""

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

    @property
    def paused_by(self) -> tuple[int, ...]:
        """The seats holding the game now."""

    @property
    def asking(self) -> Asking | None:
        """The question put to the table now, if one is (undo and the like, at a shared table)."""

    def answer(self, yes: bool) -> None:
        """Answer another seat's question; IllegalMove when nobody asks this seat anything."""

    def withdraw(self) -> None:
        """Take back this seat's own question; IllegalMove when it asks nothing."""

    def say(self, phrase: Phrase) -> None:
        """Say a quick message to the table (``PHRASES``)."""

    def events(self) -> list[PublicEvent[DecisionT]]:
        """The public events since the last call, oldest first, as this seat may see them."""


class DeviceSession(TableSession[_View_co, DecisionT], Protocol[_View_co, DecisionT]):
    """A session as a device's table holds it: the seats played at this device (handed over
    between them), and the computer seats it plays itself, if any."""

    @property
    def shared(self) -> bool:
        """Whether other devices sit at the table: questions are asked of them, and what they
        agree to comes back as events."""

    @property
    def local_seats(self) -> tuple[int, ...]:
        """The seats people play at this device."""

    def hand_over(self, seat: int) -> None:
        """The device goes to the person at ``seat``, one of ``local_seats``."""

    @property
    def level(self) -> str:
        """How hard the computer seats think."""

    @property
    def computer_seat(self) -> int | None:
        """The computer seat this device is to play now, if one is."""

    def think_ahead(self) -> None:
        """Start thinking for the computer seat to act, if this device plays it."""

    def play_computer(self) -> Acted[DecisionT] | None:
        """Take the computer seat's decision if it is ready (None: not yet, or none to take)."""

    def close(self) -> None:
        """Drop the computer's question on its way, if any (the table is left, or hidden by another scene)."""


class LocalSession(Generic[StateT, ViewT, DecisionT, StartT]):
    """A ``TableSession`` on this device: one seat of a ``Match`` (in pass-and-play, the
    person at the device, handed over with ``hand_over``), and the computer seats' pacing.

    The match is held privately; only views of this seat and decisions as it may see them
    come out. Computer seats' questions go to ``ask`` (a worker), or are answered here."""

    __slots__ = ("_match", "_seat", "_ask", "_cancel", "_asked", "_events", "_paused")

    shared = False  # one device: nobody else to ask

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

    @property
    def local_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(1, 5) if self._match.is_human(seat))

    @property
    def chairs(self) -> tuple[Chair, ...]:
        """The match's seats: people, and computers with the match's level."""
        match = self._match
        return tuple(
            Chair(seat, "person") if match.is_human(seat) else Chair(seat, "computer", level=match.level)
            for seat in range(1, 5)
        )

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

    @property
    def paused_by(self) -> tuple[int, ...]:
        return (self._seat,) if self._paused else ()

    @property
    def asking(self) -> Asking | None:
        """Nobody else to ask at a table on one device: never a question."""
        return None

    def answer(self, yes: bool) -> None:
        raise IllegalMove("not_now", "That is not the decision to take now.")

    def withdraw(self) -> None:
        raise IllegalMove("not_now", "That is not the decision to take now.")

    def say(self, phrase: Phrase) -> None:
        """The message comes back as an event: the only one to hear it is at this device."""
        if phrase not in PHRASES:
            raise ValueError(f"there is no quick message {phrase!r}")
        self._events.append(Said(self._seat, phrase))

    def events(self) -> list[PublicEvent[DecisionT]]:
        taken, self._events = self._events, []
        return taken
