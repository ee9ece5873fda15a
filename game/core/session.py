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
from game.core.names import clean_name
from game.core.phases import Phase
from game.core.spec import GameSpec, Record, SeatView, StartT, StateT, ViewT
from game.core.thinking import Question

WordT = TypeVar("WordT", bound=str)

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


@dataclass(frozen=True, slots=True)
class Acted(Generic[DecisionT]):
    """``seat`` took ``decision``, as the viewer may see it (None: hidden, a face-down play)."""

    seat: int
    decision: DecisionT | None


@dataclass(frozen=True, slots=True)
class Jumped:
    """The match jumped (``kind``): undo, redo, restart, a new match or the next round."""

    kind: Jump


@dataclass(frozen=True, slots=True)
class Chair:
    """A seat as every device at the table sees it: open, a person (``reconnecting`` while
    the device is away, ``handed_over`` while the computer plays for it) or a computer at
    ``level``. A plate's avatar shows the initials of ``name`` (or of the seat's own name)."""

    seat: int
    kind: ChairKind
    name: str = ""
    level: str = ""
    reconnecting: bool = False
    handed_over: bool = False


@dataclass(frozen=True, slots=True)
class Asking:
    """``by`` asks the table's other people to agree to ``kind``; ``agreed``: who said yes (``by`` among them)."""

    kind: Agreement
    by: int
    agreed: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Asked:
    """``by`` asked the others to agree to ``kind`` (the question is the session's ``asking``)."""

    kind: Agreement
    by: int


@dataclass(frozen=True, slots=True)
class Settled:
    """``by``'s question ``kind`` was agreed (and done: a ``Jumped`` follows) or not (declined or withdrawn)."""

    kind: Agreement
    by: int
    agreed: bool


@dataclass(frozen=True, slots=True)
class Paused:
    """Who holds the game now (their Rules or Log open); empty: it goes on."""

    by: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Said:
    """``seat`` said the quick message ``phrase`` (a key; each receiver shows it in its language)."""

    seat: int
    phrase: Phrase


@dataclass(frozen=True, slots=True)
class Seated:
    """A seat changed: someone sat, went away or came back, or the computer took it or gave it back."""

    chair: Chair


@dataclass(frozen=True, slots=True)
class Refused:
    """A request of this seat the table turned down after it was sent; nothing changed.
    ``code`` and ``params`` fill the ``error.CODE`` catalogue entry, ``text`` is the English."""

    code: str
    text: str
    params: tuple[tuple[str, str | int], ...] = ()

    def error(self) -> IllegalMove:
        """The refusal as the table shows a refused command."""
        error = IllegalMove(self.code, self.text)
        error.params = dict(self.params)
        return error


@dataclass(frozen=True, slots=True)
class Saving:
    """The host cannot keep the table on its disk: ``problem`` says why (``disk_full``,
    ``read_only``, ``cannot_write``; ``text`` is the English reason), or, empty, it can again."""

    problem: str
    text: str = ""


PublicEvent: TypeAlias = Acted[DecisionT] | Jumped | Asked | Settled | Paused | Said | Seated | Refused | Saving


def event_to_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], event: PublicEvent[DecisionT]) -> Record:
    """``event`` as JSON values; ``event_from_json`` gives it back equal."""
    if isinstance(event, Acted):
        decision = None if event.decision is None else spec.decision_to_json(event.seat, event.decision)
        return {"type": "acted", "seat": event.seat, "decision": decision}
    if isinstance(event, Jumped):
        return {"type": "jumped", "kind": event.kind}
    if isinstance(event, Asked):
        return {"type": "asked", "kind": event.kind, "by": event.by}
    if isinstance(event, Settled):
        return {"type": "settled", "kind": event.kind, "by": event.by, "agreed": event.agreed}
    if isinstance(event, Paused):
        return {"type": "paused", "by": list(event.by)}
    if isinstance(event, Said):
        return {"type": "said", "seat": event.seat, "phrase": event.phrase}
    if isinstance(event, Seated):
        return {"type": "seated", **chair_to_json(event.chair)}
    if isinstance(event, Saving):
        return {"type": "saving", "problem": event.problem, "text": event.text}
    return {"type": "refused", "code": event.code, "text": event.text, "params": dict(event.params)}


def chair_to_json(chair: Chair) -> Record:
    """``chair`` as JSON values; ``chair_from_json`` gives it back equal."""
    return {
        "seat": chair.seat,
        "kind": chair.kind,
        "name": chair.name,
        "level": chair.level,
        "reconnecting": chair.reconnecting,
        "handed_over": chair.handed_over,
    }


def chair_from_json(obj: Record) -> Chair:
    """The chair of a ``chair_to_json`` object (extra fields ignored, the name cleaned as the
    server cleans it: a device draws no name as a table sent it); MalformedRecord if it is not one."""
    return Chair(
        _seat(obj.get("seat")),
        _one_of(obj.get("kind"), CHAIR_KINDS, "a chair's kind"),
        clean_name(_text(obj.get("name"), "a chair's name")),
        _text(obj.get("level"), "a chair's level"),
        _flag(obj.get("reconnecting"), "reconnecting"),
        _flag(obj.get("handed_over"), "handed_over"),
    )


EVENT_TYPES = ("acted", "jumped", "asked", "settled", "paused", "said", "seated", "refused", "saving")


def event_from_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], obj: object) -> PublicEvent[DecisionT]:
    """The event of an ``event_to_json`` object of ``spec``'s game; MalformedRecord if it is not one."""
    if not isinstance(obj, dict):
        raise MalformedRecord(f"an event must be an object, not {shown(obj)}")
    kind = obj.get("type")
    if kind == "acted":
        seat = _seat(obj.get("seat"))
        if obj.get("decision") is None:
            return Acted(seat, None)
        by, decision = spec.decision_from_json(obj["decision"])
        if by != seat:
            raise MalformedRecord(f"an event of seat {seat} holds a decision of seat {by}")
        return Acted(seat, decision)
    if kind == "jumped":
        return Jumped(_one_of(obj.get("kind"), JUMPS, "an event's jump"))
    if kind == "asked":
        return Asked(_one_of(obj.get("kind"), AGREEMENTS, "a question"), _seat(obj.get("by")))
    if kind == "settled":
        agreement = _one_of(obj.get("kind"), AGREEMENTS, "a question")
        return Settled(agreement, _seat(obj.get("by")), _flag(obj.get("agreed"), "agreed"))
    if kind == "paused":
        seats = obj.get("by")
        if not isinstance(seats, list):
            raise MalformedRecord(f"who paused must be a list of seats, not {shown(seats)}")
        return Paused(tuple(_seat(seat) for seat in seats))
    if kind == "said":
        return Said(_seat(obj.get("seat")), _one_of(obj.get("phrase"), PHRASES, "a quick message"))
    if kind == "seated":
        return Seated(chair_from_json(obj))
    if kind == "refused":
        params = obj.get("params")
        if not isinstance(params, dict) or not all(isinstance(v, (str, int)) for v in params.values()):
            raise MalformedRecord(f"a refusal's params must be an object of texts and numbers, not {shown(params)}")
        return Refused(
            _text(obj.get("code"), "a refusal's code"),
            _text(obj.get("text"), "a refusal's text"),
            tuple(params.items()),
        )
    if kind == "saving":
        return Saving(_text(obj.get("problem"), "a saving problem"), _text(obj.get("text"), "a saving problem's text"))
    raise MalformedRecord(f"an event's type must be one of {', '.join(EVENT_TYPES)}, not {shown(kind)}")


def _seat(value: object) -> int:
    if type(value) is not int or not 1 <= value <= 4:
        raise MalformedRecord(f"an event's seat must be 1 to 4, not {shown(value)}")
    return value


def _one_of(value: object, allowed: tuple[WordT, ...], what: str) -> WordT:
    for word in allowed:
        if value == word:
            return word
    raise MalformedRecord(f"{what} must be one of {', '.join(allowed)}, not {shown(value)}")


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise MalformedRecord(f"{what} must be a text, not {shown(value)}")
    return value


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise MalformedRecord(f"{what} must be true or false, not {shown(value)}")
    return value


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
