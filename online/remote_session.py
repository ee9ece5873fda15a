"""A seat at a hosted table (``SeatPlay``, ``Seating``): the table of a joined device talks to
it as to a ``LocalSession``, and it never waits.

The connection runs on its own thread (``online.client.Background``); ``poll`` takes in
what the server sent since the last frame. The view is the last one the server sent for this
seat; legal decisions and previews come from it, on this device. ``commit`` checks the
decision against that view (IllegalMove at once when it fails) and sends it; a refusal of
the server comes back later as a ``Refused`` event.

Its roles are objects of their own over the same connection: ``control`` (undo, redo,
restart and a new match are questions to the other people; the next round waits until
everyone is ready), ``talk`` (the question open, answers, pauses that hold the computer seats
while everyone sees who paused, quick messages, the seat's name) and ``hosting`` (the host's
seats and start). It plays no computer seat: the server does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Protocol

from game.core.errors import IllegalMove, MalformedRecord, RecordError
from game.core.phases import Phase
from game.core.player import AI, PERSON, Player
from game.core.session import (
    PHRASES,
    Agreement,
    Asked,
    Asking,
    Chair,
    Jumped,
    Paused,
    Phrase,
    PublicEvent,
    Refused,
    Said,
    Saving,
    Seated,
    Settled,
    TableControl,
    event_off_wire,
)
from game.core.spec import GameSpec, Record, SeatView
from game.registry import game_named
from online import protocol as wire
from online.client import Background, Connection

Request = Literal["decide", "ask", "answer", "withdraw", "ready"]
"""What this seat sends that waits for the table's answer (a second one is not sent meanwhile)."""


class Link(Protocol):
    """What the session needs of a connection: ``online.client.Background`` in play."""

    @property
    def running(self) -> bool: ...

    @property
    def connected(self) -> bool: ...

    def send(self, message: wire.Message) -> None: ...

    def poll(self) -> list[wire.Frame]: ...

    def close(self, timeout: float = 5.0) -> None: ...

    @property
    def close_code(self) -> int | None: ...


class Requests:
    """This seat's requests on their way to the table (a second of a kind is not sent meanwhile),
    each with the table's count of changes it was sent at."""

    def __init__(self, link: Link) -> None:
        self._link = link
        self._pending: dict[Request, int] = {}

    def check_sending(self) -> None:
        """IllegalMove while the connection is coming back."""
        if not self._link.connected:
            raise IllegalMove("reconnecting", "The connection to the table is coming back: try again in a moment.")

    def send(self, kind: Request, message: wire.Message, position: int) -> None:
        self.check_sending()
        self._link.send(message)
        self._pending[kind] = position

    def waiting(self, kind: Request) -> bool:
        """Whether a request ``kind`` is on its way."""
        return kind in self._pending

    def clear(self) -> None:
        """Forget them all: the table refused one, or the connection came back."""
        self._pending.clear()

    def keep(self, position: int, waits: Callable[[Request], bool]) -> None:
        """Keep those sent at ``position`` whose answer the table has not shown yet."""
        self._pending = {kind: at for kind, at in self._pending.items() if at == position and waits(kind)}


class RemoteSession:
    """One seat of a table hosted elsewhere (or by this device's own server thread)."""

    def __init__(self, link: Link) -> None:
        self._link = link
        self._spec: GameSpec | None = None
        self._game = ""
        self._seat: int | None = None
        self._token: str | None = None
        self._host = False
        self._state: wire.State | None = None
        self._view: SeatView | None = None
        self._chairs: tuple[Chair, ...] = ()
        self._events: list[PublicEvent] = []
        self._rounds: dict[int, Record] = {}
        self._over: wire.MatchOver | None = None
        self._requests = Requests(link)
        self.matches = 0  # how many new matches the table began since this device came: rounds start again
        self.talk = RemoteTalk(self, self._requests, link)
        self.control: TableControl = RemoteControl(self, self._requests)
        self.hosting = RemoteHosting(self, self._requests, link)

    @classmethod
    def join(
        cls,
        url: str,
        code: str,
        name: str = "",
        seat: int | None = None,
        token: str | None = None,
        language: str = "en",
        host_key: str | None = None,
        patience: float = 60.0,
    ) -> RemoteSession:
        """Join the table ``code`` at ``url`` (with ``token``: come back to its seat) on a thread of its own."""
        connection = Connection(url, code, name, seat, token, language, host_key, patience)
        return cls(Background(connection))

    # --- the connection -------------------------------------------------------------

    @property
    def seated(self) -> bool:
        """Whether the table gave this device its seat (its token is known)."""
        return self._seat is not None

    @property
    def has_view(self) -> bool:
        """Whether the server has sent this seat's view yet (the table opens then)."""
        return self._view is not None

    @property
    def connected(self) -> bool:
        """Whether the connection is up now (else it is coming back by itself, or ``lost``)."""
        return self._link.connected

    @property
    def lost(self) -> bool:
        """Whether the connection ended for good: the match is over, or the table refused this device."""
        return not self._link.running

    @property
    def close_code(self) -> int | None:
        """How the connection ended for good (``online.server``'s close codes), once it has."""
        return self._link.close_code

    @property
    def token(self) -> str | None:
        """The seat's token: keep it to come back to the seat (a joiner's Continue)."""
        return self._token

    @property
    def host(self) -> bool:
        return self._host

    def close(self) -> None:
        """Leave the table (the seat is kept for a return with the token); returns at once."""
        self._link.close(0.0)

    def poll(self) -> bool:
        """Take in what the server sent since the last call; whether anything changed."""
        messages = self._link.poll()
        for message in messages:
            try:
                self._take(message)
            except (RecordError, IllegalMove, LookupError):  # a table that sends what no table may
                unreadable = "The table sent something this device cannot read."
                self._events.append(Refused("unreadable_table", text=unreadable))
        return bool(messages)

    def _take(self, message: wire.Frame) -> None:
        if isinstance(message, wire.Welcome):
            self._welcome(message)
        elif isinstance(message, wire.State):
            self._take_state(message)
        elif isinstance(message, wire.Finished):
            self._rounds[message.index] = message.round
            self._over = message.over
        elif isinstance(message, (Settled, Said, Saving)):
            self._events.append(message)
        elif isinstance(message, Refused):
            self._requests.clear()
            self._events.append(message)
        elif isinstance(message, wire.Failure):
            self._requests.clear()
            self._events.append(Refused(message.code, text="The table could not read what this device sent."))

    def _welcome(self, welcome: wire.Welcome) -> None:
        spec = game_named(welcome.game) if self._spec is None or welcome.game != self._game else self._spec
        chairs = _chairs(welcome.chairs)
        self._spec, self._game = spec, welcome.game
        self._seat, self._token, self._host = welcome.seat, welcome.token, welcome.host
        self._requests.clear()  # what was sent before a drop may be lost: the state tells what to do
        self._take_chairs(chairs)
        self.talk.welcomed()

    def _take_state(self, state: wire.State) -> None:
        """Take a state whole, or (raising) nothing of it: everything is read before anything changes."""
        spec = self.spec
        previous = self._state
        chairs = _chairs(state.chairs)
        view = None if state.view is None else spec.view_from_wire(state.view)
        events = [event_off_wire(spec, event) for event in state.events]
        self._take_chairs(chairs)
        if view is not None:
            self._view = view
        for event in events:
            if event == Jumped("new_match"):
                self._rounds.clear()
                self._over = None
                self.matches += 1
            self._events.append(event)
        if state.paused_by != (previous.paused_by if previous is not None else []):
            self._events.append(Paused(tuple(state.paused_by)))
        asked = self.talk.take(state.asking)
        if asked is not None:
            self._events.append(asked)
        self._state = state
        self._requests.keep(state.position, self._waits)

    def _waits(self, kind: Request) -> bool:
        """Whether the table has not yet shown the answer to this seat's request ``kind``."""
        asking = self.talk.asking
        if kind == "ask":
            return asking is None
        if kind == "answer":
            return asking is not None and self._seat not in asking.agreed
        if kind == "withdraw":
            return asking is not None
        return kind != "ready" or self._seat not in self.ready_seats

    @property
    def state(self) -> wire.State | None:
        """The last state of the table the server sent (None before the first)."""
        return self._state

    @property
    def count(self) -> int:
        """The table's count of changes (0 before its first state): what a request is sent at."""
        return 0 if self._state is None else self._state.position

    def _take_chairs(self, taken: tuple[Chair, ...]) -> None:
        if self._chairs:
            self._events += [Seated(new) for old, new in zip(self._chairs, taken) if old != new]
        self._chairs = taken

    # --- where the match stands -------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        """The game's rules, codec and computer player, once the table has said which game."""
        if self._spec is None:
            raise LookupError("the table has not said its game yet")
        return self._spec

    @property
    def game(self) -> str:
        return self._game

    @property
    def seat(self) -> int:
        if self._seat is None:
            raise LookupError("this device has no seat at the table yet")
        return self._seat

    @property
    def chairs(self) -> tuple[Chair, ...]:
        return self._chairs

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        """The seats as a match names them: ``human`` for a person's, else the computer's kind."""
        return tuple(_seat_kind(chair) for chair in self._chairs)

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat`` now (not a computer, nor the computer meanwhile)."""
        chair = self._chairs[seat - 1]
        return chair.is_person and not chair.handed_over

    @property
    def position(self) -> tuple[int, int, int]:
        """(0, round number, the table's count of changes): the table's count never goes back."""
        view, state = self.view(), self._state
        return 0, view.round_number, 0 if state is None else state.position

    def view(self) -> SeatView:
        """The last view of this seat the server sent."""
        if self._view is None:
            raise LookupError("the table has not sent this seat's view yet")
        return self._view

    @property
    def phase(self) -> Phase:
        return self.view().phase

    @property
    def to_act(self) -> int | None:
        return self.view().to_act

    def legal(self) -> tuple[object, ...]:
        """This seat's legal decisions in the last view; none while one is on its way or a question is open."""
        view = self.view()
        if self._requests.waiting("decide") or self.talk.asking is not None or view.to_act != self._seat:
            return ()
        if not self.is_human(self.seat):
            return ()
        legal: tuple[object, ...] = view.legal
        return legal

    def preview(self, decision: object) -> SeatView:
        """The last view with this seat's ``decision`` laid on it (from the view alone, as a
        local session previews: also while the decision is on its way, which changes nothing)."""
        view = self.view()
        if view.to_act != self._seat or decision not in view.legal:
            raise IllegalMove("not_now", "That is not the decision to take now.")
        preview: SeatView = self.spec.preview(view, decision)
        return preview

    @property
    def ready_seats(self) -> tuple[int, ...]:
        """The people who said they are ready for the next round."""
        return () if self._state is None else tuple(self._state.ready)

    @property
    def rounds(self) -> list[Record]:
        """The record entries of the finished rounds (every hand, as a review shows them)."""
        return [self._rounds[index] for index in sorted(self._rounds)]

    @property
    def record_fields(self) -> Record | None:
        """The record's fields besides its rounds (``seed``, ``seats``...), once the match is over."""
        over = self._over
        return None if over is None else {"seed": over.seed, "seats": list(over.seats), **over.fields}

    # --- decisions ---------------------------------------------------------------------

    def commit(self, decision: object) -> None:
        """Send ``decision``; IllegalMove at once when the view refuses it (then nothing is
        sent); a later refusal of the server comes as a ``Refused`` event."""
        self._check_decision(decision)
        position = self.count
        self._requests.send("decide", wire.Decide(position, self.spec.decision_to_json(self.seat, decision)), position)

    def _check_decision(self, decision: object) -> None:
        self._requests.check_sending()
        if self.talk.paused:
            raise IllegalMove("not_now", "That is not the decision to take now.")
        if self.talk.asking is not None:
            raise IllegalMove("agreement_pending", "Wait: the table is answering a question.")
        view = self.view()
        if view.to_act != self._seat:
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if decision not in self.legal():
            raise IllegalMove("not_now", "That is not the decision to take now.")

    @property
    def started(self) -> bool:
        """Whether the table's match has begun (before: the lobby fills its seats)."""
        return self._state is not None and self._state.started

    def events(self) -> list[PublicEvent]:
        taken, self._events = self._events, []
        return taken


class RemoteControl:
    """What the table controls, from this seat (``TableControl``): undo, redo, restart and a new
    match are questions to the other people, done when they agree; the next round starts when
    every person said they are ready."""

    def __init__(self, session: RemoteSession, requests: Requests) -> None:
        self._session = session
        self._requests = requests

    @property
    def can_undo(self) -> bool:
        """Whether this seat may ask to take back its own last decision (the server says)."""
        state = self._session.state
        return state is not None and state.can_undo and self._session.talk.asking is None

    @property
    def can_redo(self) -> bool:
        state = self._session.state
        return state is not None and state.can_redo and self._session.talk.asking is None

    def undo(self) -> None:
        """Ask the others to let this seat take back its last decision."""
        if not self.can_undo:
            raise IllegalMove("nothing_to_undo", "There is nothing of yours to undo.")
        self._ask("undo")

    def redo(self) -> None:
        if not self.can_redo:
            raise IllegalMove("nothing_to_redo", "There is nothing of yours to redo.")
        self._ask("redo")

    def restart_round(self) -> None:
        if self._session.view().phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            raise IllegalMove("round_over", "The round is over.")
        self._ask("restart")

    def new_match(self, seed: int | None = None) -> None:
        """Ask the others to start a new match (the host's server deals it: ``seed`` is not used)."""
        self._ask("new_match")

    def _ask(self, kind: Agreement) -> None:
        if self._session.talk.asking is not None or self._requests.waiting("ask"):
            raise IllegalMove("agreement_pending", "Wait: the table is answering a question.")
        self._requests.send("ask", wire.Ask(kind), self._session.count)

    def next_round(self) -> None:
        """Say this seat is ready (once): the next round starts when every person is."""
        session = self._session
        if session.view().phase is not Phase.ROUND_OVER:
            raise IllegalMove("round_not_over", "The round is not over yet.")
        if session.seat not in session.ready_seats and not self._requests.waiting("ready"):
            self._requests.send("ready", wire.Ready(), session.count)


class RemoteTalk:
    """What this seat says to the other people (``TableTalk``): the question open and its
    answers, the pause this device holds, quick messages, and its name."""

    def __init__(self, session: RemoteSession, requests: Requests, link: Link) -> None:
        self._session = session
        self._requests = requests
        self._link = link
        self._asking: Asking | None = None
        self._paused = False

    @property
    def asking(self) -> Asking | None:
        return self._asking

    def take(self, asking: Asking | None) -> Asked | None:
        """The table's question now: an ``Asked`` event when it is a new one."""
        before, self._asking = self._asking, asking
        if asking is not None and (before is None or (before.kind, before.by) != (asking.kind, asking.by)):
            return Asked(asking.kind, asking.by)
        return None

    def answer(self, yes: bool) -> None:
        asking, seat = self._asking, self._session.seat
        if asking is None or asking.by == seat or seat in asking.agreed or self._requests.waiting("answer"):
            raise IllegalMove("nothing_asked", "Nobody is asking you anything.")
        self._requests.send("answer", wire.Answer(yes), self._session.count)

    def withdraw(self) -> None:
        asking = self._asking
        if asking is None or asking.by != self._session.seat or self._requests.waiting("withdraw"):
            raise IllegalMove("nothing_asked", "You are not asking anything.")
        self._requests.send("withdraw", wire.Withdraw(), self._session.count)

    @property
    def paused(self) -> bool:
        """Whether this device holds the game (its Rules or Log is open)."""
        return self._paused

    @property
    def paused_by(self) -> tuple[int, ...]:
        state = self._session.state
        return () if state is None else tuple(state.paused_by)

    def pause(self) -> None:
        self._paused = True
        self._link.send(wire.Pause(True))

    def resume(self) -> None:
        self._paused = False
        self._link.send(wire.Pause(False))

    def welcomed(self) -> None:
        """The table welcomed this device (again): a device that went away no longer held the game."""
        if self._paused:
            self._link.send(wire.Pause(True))

    def rename(self, name: str) -> None:
        """This seat is called ``name`` at the table from now on (as sent when the link is up)."""
        self._link.send(wire.Rename(name[:40]))

    def say(self, phrase: Phrase) -> None:
        """Say a quick message to everyone at the table; it comes back as a ``Said`` event."""
        if phrase not in PHRASES:
            raise ValueError(f"there is no quick message {phrase!r}")
        self._requests.check_sending()
        self._link.send(wire.Say(phrase))


class RemoteHosting:
    """What the host's seat alone does: open a seat or give it to a computer before the start,
    start, and let the computer play a person's seat meanwhile."""

    def __init__(self, session: RemoteSession, requests: Requests, link: Link) -> None:
        self._session = session
        self._requests = requests
        self._link = link

    def set_seat(self, seat: int, player: Player | None) -> None:
        """Before the start: ``seat`` is open to a friend (``player`` None), or the computer
        ``player``'s."""
        self._check_host()
        self._link.send(wire.SetSeat.of(seat, player))

    def start(self) -> None:
        """Start the match (the server refuses while a seat is open)."""
        self._check_host()
        self._link.send(wire.Start())

    def hand_to_computer(self, seat: int, computer: bool, stand_in: Player = AI) -> None:
        """The computer ``stand_in`` plays a person's ``seat`` meanwhile (``computer``), or gives it back."""
        self._check_host()
        self._link.send(wire.HandOver(seat, computer, stand_in.level_word))

    def _check_host(self) -> None:
        if not self._session.host:
            raise IllegalMove("not_host", "Only the host may do this.")
        self._requests.check_sending()


def _chairs(chairs: list[Chair]) -> tuple[Chair, ...]:
    """The four chairs of the wire, names cleaned; MalformedRecord when they are not seats 1 to 4."""
    taken = tuple(chair.cleaned() for chair in chairs)
    if len(taken) != 4 or [c.seat for c in taken] != [1, 2, 3, 4]:
        raise MalformedRecord("a table has four chairs, seats 1 to 4")
    return taken


def _seat_kind(chair: Chair) -> str:
    player = chair.player
    return str((PERSON if player is None else player).as_recorded)
