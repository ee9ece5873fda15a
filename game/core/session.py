"""The seam between a table and a match: what one seat's table may ask, and nothing more.

The seam is split by role, each a small protocol: what a seat does (``SeatPlay``: its view,
its legal decisions, a preview of its own decision computed from that view alone, commit,
and the public events to animate: who did what, as this seat may see it); who sits where
(``Seating``); what the table controls (``TableControl``: undo and redo of its own moves,
restart, a new match, the next round); what people at different devices say to each other
(``TableTalk``: questions, answers, pauses, quick messages); and the computer seats' pacing
where they sit on this device (``ComputerPacing``). A table on this device
(``game.core.local_session``) has no talk; a shared one (``online``) has no computers of its
own. A remote session speaks across a network, so every value that crosses it has a JSON
round trip here (views and decisions through the game's spec, events below).

Nothing of another seat's hidden tiles is reachable from a session: the match is held
privately and only this seat's views, and decisions as this seat may see them, come out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Generic, Literal, Protocol, TypeAlias, cast, get_args

import msgspec
from typing_extensions import TypeVar  # type parameters with defaults (in ``typing`` from 3.13)

from game.core.advice import DecisionT
from game.core.errors import IllegalMove, MalformedRecord
from game.core.names import clean_name
from game.core.phases import Phase
from game.core.player import PERSON, ChairKind, Player
from game.core.spec import DecisionJson, GameSpec, Record, SeatView, StartT, StateT, ViewT
from game.core.thinking import Question
from game.core.wire import json_values

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

    @property
    def player(self) -> Player | None:
        """Who sits here (None: the chair is open)."""
        return Player.from_chair(self.kind, self.level)

    @property
    def is_open(self) -> bool:
        return self.player is None

    @property
    def is_person(self) -> bool:
        return self.player == PERSON

    @property
    def is_computer(self) -> bool:
        """Whether a computer sits here (a person's seat the computer plays meanwhile is a person's)."""
        return self.player is not None and self.player.is_computer

    def cleaned(self) -> Chair:
        """The chair with its name cleaned as the server cleans it: a device draws no name as
        a table sent it."""
        return msgspec.structs.replace(self, name=clean_name(self.name))


class Asking(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``by`` asks the table's other people to agree to ``kind``; ``agreed``: who said yes
    (``by`` among them), ``yes`` on the wire."""

    kind: Agreement
    by: Seat
    agreed: tuple[Seat, ...] = msgspec.field(name="yes")  # Any: msgspec's field() without a default


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
    return cast("Record", json_values(event_on_wire(spec, event)))  # an event struct: a JSON object


def event_from_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], obj: object) -> PublicEvent[DecisionT]:
    """The event of an ``event_to_json`` object of ``spec``'s game; MalformedRecord if it is not one."""
    try:
        event: PublicEvent[DecisionJson] = msgspec.convert(obj, _WireEvent)  # Any: msgspec converts to a union
    except msgspec.ValidationError as error:
        raise MalformedRecord(f"not an event: {error}") from None
    return event_off_wire(spec, event)


class Ticket(Protocol):
    """An answer on its way (``scenes.services.thinker`` hands them out for a worker process)."""

    @property
    def done(self) -> bool: ...

    def result(self) -> object:
        """The answer, ``Question.answer``'s (for a ``decide`` question: the decision)."""


Ask = Callable[[Question], Ticket]
"""Where a local session sends a computer seat's question: that seat's view leaves the
session only in the question, never to the table."""


_View_co = TypeVar("_View_co", bound=SeatView, covariant=True, default=SeatView)


class SeatPlay(Protocol[_View_co, DecisionT]):
    """What a seat does, local or remote, over the game's seat view and decision types: it
    sees, previews and takes its decisions, and hears what happened."""

    @property
    def game(self) -> str:
        """The game's name (``"chiva"``)."""

    @property
    def seat(self) -> int:
        """The seat this session speaks for."""

    @property
    def position(self) -> tuple[int, int, int]:
        """Where the match stands; equal positions are equal states (``Match.position``)."""

    @property
    def phase(self) -> Phase: ...

    @property
    def to_act(self) -> int | None: ...

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

    def events(self) -> list[PublicEvent[DecisionT]]:
        """The public events since the last call, oldest first, as this seat may see them."""


class Seating(Protocol):
    """Who sits where: the four chairs, and the people at this device (handed over between them)."""

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        """The four seats' kinds (``human``, ``ai``...): public."""

    @property
    def chairs(self) -> tuple[Chair, ...]:
        """The four seats as the table shows them: names, kinds, who is away."""

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (here or on another device)."""

    @property
    def local_seats(self) -> tuple[int, ...]:
        """The seats people play at this device."""

    def hand_over(self, seat: int) -> None:
        """The device goes to the person at ``seat``, one of ``local_seats``."""


class TableControl(Protocol):
    """What the table controls: a move taken back or played again, the round dealt again, a new
    match, the next round (done at once on one device, asked of the others at a shared table)."""

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


class TableTalk(Protocol):
    """What people at different devices say to each other: questions and their answers, who
    holds the game, quick messages. A table on one device has none of it (nobody elsewhere)."""

    @property
    def asking(self) -> Asking | None:
        """The question put to the table now, if one is (undo and the like)."""

    def answer(self, yes: bool) -> None:
        """Answer another seat's question; IllegalMove when nobody asks this seat anything."""

    def withdraw(self) -> None:
        """Take back this seat's own question; IllegalMove when it asks nothing."""

    @property
    def paused(self) -> bool:
        """Whether this device holds the game (its Rules or Log is open)."""

    def pause(self) -> None:
        """Hold the game: no decision is taken until ``resume``."""

    def resume(self) -> None: ...

    @property
    def paused_by(self) -> tuple[int, ...]:
        """The seats holding the game now."""

    def say(self, phrase: Phrase) -> None:
        """Say a quick message to the table (``PHRASES``)."""


class ComputerPacing(Protocol[DecisionT]):
    """The computer seats a device plays itself: only a table on one device has them (a shared
    table's computers are its server's)."""

    @property
    def computer_seat(self) -> int | None:
        """The computer seat this device is to play now, if one is."""

    def think_ahead(self) -> None:
        """Start thinking for the computer seat to act."""

    def play_computer(self) -> Acted[DecisionT] | None:
        """Take the computer seat's decision if it is ready (None: not yet, or none to take)."""

    def close(self) -> None:
        """Drop the computer's question on its way, if any (the table is left, or hidden by another scene)."""


class DeviceSession(SeatPlay[_View_co, DecisionT], Seating, Protocol[_View_co, DecisionT]):
    """A session as a device's table holds it: its seat's play, who sits where, and what the
    table controls (``control``)."""

    @property
    def control(self) -> TableControl: ...
