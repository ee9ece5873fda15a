"""A hosted table without any input or output: chairs, tokens, agreements, pauses and the
match. The server feeds it what devices send and sends what it answers; the table never
waits, reads a clock or touches a socket (sans-IO), so every rule of a shared table is
tested here directly.

Each method that changes something returns a ``Change`` (what to tell every device) or
raises ``Refusal`` having changed nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import msgspec

from game.core.advice import LEVELS, Difficulty
from game.core.errors import IllegalMove, MalformedRecord, RecordError
from game.core.match import Match
from game.core.names import clean_name
from game.core.phases import Phase
from game.core.player import PERSON, STAND_IN, Player, chair_kind, hosted_seat
from game.core.savegame import match_from_save, match_to_save
from game.core.session import Acted, Agreement, Asking, Chair, Jumped, PublicEvent, Said, Settled, event_on_wire
from game.core.spec import Record
from game.core.thinking import Question
from game.registry import GAME_NAMES, game_named
from online import codes
from online.protocol import Event, Finished, MatchOver, State
from online.watching import public_view

SAVE_FORMAT = "domino-hosted-table/1"


class Refusal(Exception):
    """A request the table does not take; ``code`` and ``params`` for the device's catalogue."""

    def __init__(self, code: str, text: str, **params: str | int) -> None:
        super().__init__(text.format(**params) if params else text)
        self.code = code
        self.params = params


@dataclass(slots=True)
class Seating:
    """One chair: open (``player`` None), a person (with the token of its seat) or a computer
    player. A person's seat may be handed over to the computer (``handed_over``), which then
    plays ``stand_in`` for it: always the game's own computer player at a level, which keeps
    every rule a computer seat keeps (it throws a Dékabès deal in whenever it may); ``greedy``
    and ``random`` are the record spec's fixed players, chosen only for a computer's own chair."""

    player: Player | None = None
    stand_in: Player = STAND_IN
    name: str = ""
    token: str | None = None
    language: str = "en"
    connected: bool = False
    handed_over: bool = False

    @property
    def is_open(self) -> bool:
        return self.player is None

    @property
    def is_person(self) -> bool:
        return self.player is not None and self.player.is_person

    @property
    def computer(self) -> Player:
        """Who decides when the computer plays this chair: a computer chair's own player, or
        the stand-in of a person's."""
        player = self.player
        return player if player is not None and player.is_computer else self.stand_in

    @property
    def played_by_computer(self) -> bool:
        return (self.player is not None and self.player.is_computer) or self.handed_over

    @property
    def waited_for(self) -> bool:
        """A person who must be here for the table to go on (reconnecting: the table waits)."""
        return self.is_person and not self.handed_over


def seating_of(text: str) -> Seating:
    """A seat of the command line: ``remote``, ``ai:LEVEL`` (or ``ai``), ``greedy`` or ``random``."""
    try:
        return Seating(hosted_seat(text))
    except ValueError:
        levels = ", ".join(LEVELS)
        raise ValueError(f"a seat is remote, ai:LEVEL (LEVEL among {levels}), greedy or random, not {text!r}") from None


@dataclass(slots=True)
class Change:
    """What one request changed: the events of the game, decisions whole (every device gets a
    new state when ``state``, with the events as its seat may see them), messages for every
    device, rounds that just finished, and seats whose person the host asked to leave."""

    events: list[PublicEvent] = field(default_factory=list)
    state: bool = True
    notices: list[Said | Settled] = field(default_factory=list)
    finished: list[int] = field(default_factory=list)
    freed: list[int] = field(default_factory=list)
    saved: bool = True  # whether the table's save changes (not for who is connected, or paused)


@dataclass(slots=True)
class _Asking:
    kind: Agreement
    by: int
    yes: set[int]


class HostedTable:
    """The authoritative table: the only full state is its match; each device sees one seat."""

    def __init__(
        self,
        game: str,
        seats: Sequence[Seating],
        seed: int | None = None,
        deals: int | None = None,
        code: str | None = None,
        key: str | None = None,
        autostart: bool = True,
    ) -> None:
        if game not in GAME_NAMES:
            raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAME_NAMES)}")
        if len(seats) != 4:
            raise ValueError("a table has four seats")
        self.game_name = game
        self.spec = game_named(game, deals)
        self.deals = deals
        self.seed = seed
        self.code = code or codes.table_code()
        self.host_key = key or codes.host_key()
        self.chairs = [replace(seat) for seat in seats]  # each its own, even if the same one was given twice
        self.autostart = autostart
        self.match: Match | None = None
        self.position = 0
        self.paused_by: set[int] = set()
        self.asking: _Asking | None = None
        self.ready: set[int] = set()
        self._finished: list[Record] = []

    # --- where the table stands -------------------------------------------------

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def is_over(self) -> bool:
        return self.match is not None and self.match.phase is Phase.MATCH_OVER

    def chair(self, seat: int) -> Seating:
        return self.chairs[seat - 1]

    def chair_info(self) -> list[Chair]:
        return [
            Chair(
                seat,
                chair_kind(c.player),
                c.name,
                _chair_level(c),
                c.is_person and not c.connected,
                c.handed_over,
            )
            for seat, c in enumerate(self.chairs, start=1)
        ]

    def state_for(
        self, seat: int | None, events: Sequence[PublicEvent] = (), chairs: list[Chair] | None = None
    ) -> State:
        """What the device at ``seat`` (None: a host device without a seat) may see now
        (``chairs``: ``chair_info()``, when the caller has it already)."""
        match = self.match
        view = None
        if match is not None and seat is not None:
            view = self.spec.view_to_wire(match.view_for(seat))
        asking = self.asking
        return State(
            position=self.position,
            started=match is not None,
            chairs=self.chair_info() if chairs is None else chairs,
            view=view,
            events=[self._seen(event, seat) for event in events],
            paused_by=sorted(self.paused_by),
            asking=None if asking is None else Asking(asking.kind, asking.by, tuple(sorted(asking.yes))),
            ready=sorted(self.ready),
            over=self.is_over,
            can_undo=self._may_undo(seat),
            can_redo=self._may_redo(seat),
        )

    def watch_state(self, events: Sequence[PublicEvent] = (), chairs: list[Chair] | None = None) -> State:
        """What a watcher may see now: the public view (``online.watching``) and the events as
        no seat sees them (another seat's face-down play hidden)."""
        state = self.state_for(None, events, chairs)
        if self.match is None:
            return state
        return msgspec.structs.replace(state, view=public_view(self.spec.view_to_wire(self.match.view_for(1))))

    def _may_undo(self, seat: int | None) -> bool:
        match = self.match
        return match is not None and seat is not None and not match.round.is_over and match.can_undo_for(seat)

    def _may_redo(self, seat: int | None) -> bool:
        match = self.match
        return match is not None and seat is not None and not match.round.is_over and match.can_redo_for(seat)

    def _seen(self, event: PublicEvent, viewer: int | None) -> Event:
        if isinstance(event, Acted) and event.decision is not None:
            event = Acted(event.seat, self.spec.seen_by(event.seat, event.decision, viewer or 0))
        seen = event_on_wire(self.spec, event)
        assert isinstance(seen, (Acted, Jumped)), "a table's events are decisions and jumps"
        return seen

    def finished_rounds(self) -> list[Finished]:
        """Every finished round of this match as its frame, the match's end on the last one."""
        last = len(self._finished) - 1
        return [
            Finished(index, obj, self.match_over() if index == last else None)
            for index, obj in enumerate(self._finished)
        ]

    def match_over(self) -> MatchOver | None:
        """The record's other fields, the deal seed among them: only once the match is over."""
        match = self.match
        if match is None or not self.is_over:
            return None
        return MatchOver(match.seed, list(match.seats), match.game.record_fields(match.winner))

    def record(self) -> Record | None:
        """The match record so far, as ``game.cli record`` writes it (None before the start)."""
        from game.core.record import match_to_record

        return None if self.match is None else match_to_record(self.match)

    # --- joining ---------------------------------------------------------------------

    def join(self, code: str, token: str | None, seat: int | None, name: str, language: str) -> tuple[int, str]:
        """Seat a device: back to its seat by token, or on seat ``seat`` / the first open one."""
        if not codes.same_secret(codes.normal_code(code), self.code):
            raise Refusal("wrong_code", "There is no table with this code.")
        if token is not None:
            for number, chair in enumerate(self.chairs, start=1):
                if chair.is_person and codes.same_secret(token, chair.token):
                    if seat is not None and seat != number:
                        raise Refusal("wrong_token", "This token is not for that seat.")
                    chair.connected = True
                    return number, token
            raise Refusal("wrong_token", "This token opens no seat at this table.")
        if seat is None:
            seat = next((n for n, c in enumerate(self.chairs, start=1) if c.is_open), None)
            if seat is None:
                raise Refusal("table_full", "Every seat at this table is taken.")
        elif not self.chair(seat).is_open:
            raise Refusal("seat_taken", "Seat {seat} is taken.", seat=seat)
        chair = self.chair(seat)
        chair.player, chair.name, chair.language = PERSON, name, language
        chair.token, chair.connected = codes.seat_token(), True
        return seat, chair.token

    def connect(self, seat: int) -> Change:
        """A device of ``seat`` is here; the match starts when every seat is taken (autostart)."""
        self.chair(seat).connected = True
        if self.autostart and not self.started and not any(c.is_open for c in self.chairs):
            return self.start()
        return Change(saved=False)

    def disconnect(self, seat: int) -> Change:
        """The device of ``seat`` went away: its seat is kept, the table waits for it."""
        chair = self.chair(seat)
        chair.connected = False
        self.paused_by.discard(seat)
        return Change(saved=False)

    # --- the host --------------------------------------------------------------------

    def is_host(self, key: str | None) -> bool:
        return codes.same_secret(key, self.host_key)

    def set_seat(self, seat: int, player: Player | None) -> Change:
        """Before the start: ``seat`` is open (``player`` None), or the computer ``player``'s; a
        person sitting there leaves it (its token opens nothing any more)."""
        if self.started:
            raise Refusal("already_started", "The match has started: seats are set.")
        assert player is None or player.is_computer, "a seat is set open or to a computer"
        freed = [seat] if self.chair(seat).is_person else []
        self.chairs[seat - 1] = Seating(player)
        return Change(freed=freed)

    def start(self) -> Change:
        if self.started:
            raise Refusal("already_started", "The match has started.")
        players = [c.player.as_recorded for c in self.chairs if c.player is not None]
        if len(players) != 4:
            raise Refusal("seats_open", "Every seat needs a person or a computer before the start.")
        self.match = Match(self.game_name, players, self.seed, deals=self.deals)
        self.seed = self.match.seed
        self.position += 1
        return Change([Jumped("started")])

    def hand_over(self, seat: int, computer: bool, stand_in: Player = STAND_IN) -> Change:
        """A person's seat is played by the computer (``stand_in``) meanwhile, or given back to the person."""
        chair = self.chair(seat)
        if not chair.is_person:
            raise Refusal("not_a_person", "Seat {seat} is not a person's seat.", seat=seat)
        if computer and not stand_in.stands_in:
            raise Refusal("not_a_stand_in", "A person's seat is played by the computer player: easy, normal or hard.")
        chair.handed_over = computer
        if computer:
            chair.stand_in = stand_in.at(Difficulty.NORMAL)
            self.paused_by.discard(seat)
        change = Change()
        self._settle_if_answered(change)
        self._next_round_if_ready(change)
        return change

    # --- decisions ---------------------------------------------------------------------

    def _playing(self) -> Match:
        if self.match is None:
            raise Refusal("not_started", "The match has not started yet.")
        return self.match

    def decide(self, seat: int, position: int, wire: object) -> Change:
        """A person's decision, checked by the engine; refused (nothing changed) when it is
        not that seat's, is stale (the table moved on since ``position``) or is illegal."""
        match = self._playing()
        if self.asking is not None:
            raise Refusal("agreement_pending", "Wait: the table is answering a question.")
        if position != self.position:
            raise Refusal("stale", "The table has moved on: look again.", position=self.position)
        if self.chair(seat).handed_over:
            raise Refusal("handed_over", "The computer plays this seat for now.")
        try:
            actor, decision = self.spec.decision_from_json(wire)
        except MalformedRecord:
            raise Refusal("bad_decision", "This is not a decision of this game.") from None
        if actor != seat:
            raise Refusal("not_your_seat", "You may decide only for your own seat.", seat=seat)
        try:
            match.push(decision, seat)
        except IllegalMove as error:
            raise Refusal(error.code, str(error), **_params(error.params)) from None
        return self._decided(seat, decision)

    def _decided(self, seat: int, decision: object) -> Change:
        match = self._playing()
        self.position += 1
        change = Change([Acted(seat, decision)])
        if match.round.is_over:
            self._finished.append(match.game.round_to_json(match.round))
            change.finished.append(len(self._finished) - 1)
            self.ready.clear()
        return change

    def computer_turn(self) -> tuple[int, Question] | None:
        """The question for the computer seat to act and the position it is asked at, when the
        table is not waiting (a pause, a question, a person reconnecting); else None."""
        match = self.match
        if match is None or match.round.is_over or self.asking is not None or self.paused_by:
            return None
        if any(c.waited_for and not c.connected for c in self.chairs):
            return None
        seat = match.to_act
        if seat is None or not self.chair(seat).played_by_computer:
            return None
        chair = self.chair(seat)
        return self.position, match.question_for(seat, chair.computer)

    def computer_decided(self, position: int, decision: object) -> Change | None:
        """Take the computer's answer to the question asked at ``position``; None when the table
        has moved on since (the question is asked again)."""
        if position != self.position or self.computer_turn() is None:
            return None
        match = self._playing()
        seat = match.to_act
        assert seat is not None, "a computer question is asked for the seat to act"
        match.push(decision, seat)
        return self._decided(seat, decision)

    # --- rounds ----------------------------------------------------------------------

    def mark_ready(self, seat: int) -> Change:
        match = self._playing()
        if not match.round.is_over or self.is_over:
            raise Refusal("round_not_over", "The round is not over yet.")
        self.ready.add(seat)
        change = Change()
        self._next_round_if_ready(change)
        return change

    def _next_round_if_ready(self, change: Change) -> None:
        match = self.match
        if match is None or not match.round.is_over or self.is_over:
            return
        if all(seat in self.ready for seat, c in enumerate(self.chairs, start=1) if c.waited_for):
            match.next_round()
            self.ready.clear()
            self.position += 1
            change.events.append(Jumped("next_round"))

    def advance(self) -> Change | None:
        """Go to the next round when nobody has to say ready (every seat a computer's)."""
        change = Change()
        self._next_round_if_ready(change)
        return change if change.events else None

    # --- agreements and the rest of the table talk -------------------------------------------

    def ask(self, seat: int, kind: Agreement) -> Change:
        """Ask the other people for undo, redo, restart or a new match; computers accept."""
        match = self._playing()
        if self.asking is not None:
            raise Refusal("agreement_pending", "Wait: the table is answering a question.")
        over = match.round.is_over
        if kind == "undo" and not self._may_undo(seat):
            raise Refusal("nothing_to_undo", "There is nothing of yours to undo.")
        if kind == "redo" and not self._may_redo(seat):
            raise Refusal("nothing_to_redo", "There is nothing of yours to redo.")
        if kind == "restart" and over:
            raise Refusal("round_over", "The round is over.")
        self.asking = _Asking(kind, seat, {seat})
        change = Change()
        self._settle_if_answered(change)
        return change

    def answer(self, seat: int, yes: bool) -> Change:
        asking = self.asking
        if asking is None or seat == asking.by:
            raise Refusal("nothing_asked", "Nobody is asking you anything.")
        change = Change()
        if not yes:
            self.asking = None
            change.notices.append(Settled(asking.kind, asking.by, False))
            return change
        asking.yes.add(seat)
        self._settle_if_answered(change)
        return change

    def withdraw(self, seat: int) -> Change:
        asking = self.asking
        if asking is None or asking.by != seat:
            raise Refusal("nothing_asked", "You are not asking anything.")
        self.asking = None
        return Change(notices=[Settled(asking.kind, seat, False)])

    def _settle_if_answered(self, change: Change) -> None:
        asking, match = self.asking, self.match
        if asking is None or match is None:
            return
        if any(c.waited_for and n not in asking.yes for n, c in enumerate(self.chairs, start=1)):
            return
        self.asking = None
        kind = asking.kind
        if kind == "undo":
            match.undo(asking.by)
        elif kind == "redo":
            match.redo(asking.by)
        elif kind == "restart":
            match.restart_round()
        else:
            match.new_match(None)
            self.seed = match.seed
            self._finished = []
        self.ready.clear()
        self.position += 1
        change.events.append(Jumped(kind))
        change.notices.append(Settled(kind, asking.by, True))

    def rename(self, seat: int, name: str) -> Change:
        """``seat``'s person is called ``name`` from now on (the same name again changes nothing)."""
        chair = self.chair(seat)
        if chair.name == name:
            return Change(state=False, saved=False)
        chair.name = name
        return Change()

    def pause(self, seat: int, on: bool) -> Change:
        """``seat`` holds the computers (its Rules or Log is open), or lets them go on."""
        if (seat in self.paused_by) == on:
            return Change(state=False, saved=False)
        if on:
            self.paused_by.add(seat)
        else:
            self.paused_by.discard(seat)
        return Change(saved=False)

    # --- saving ------------------------------------------------------------------------

    def to_save(self) -> Record:
        """Everything to reopen this table after the host stopped: code, key, chairs, match."""
        return {
            "format": SAVE_FORMAT,
            "game": self.game_name,
            "deals": self.deals,
            "seed": self.seed,
            "code": self.code,
            "host_key": self.host_key,
            "autostart": self.autostart,
            "position": self.position,
            "chairs": [
                {
                    "kind": chair_kind(c.player),
                    "computer": c.computer.kind.value,
                    "level": (c.computer.level or Difficulty.NORMAL).value,
                    "name": c.name,
                    "token": c.token,
                    "language": c.language,
                    "handed_over": c.handed_over,
                }
                for c in self.chairs
            ],
            "match": None if self.match is None else match_to_save(self.match),
        }

    @classmethod
    def from_save(cls, obj: object) -> HostedTable:
        """The saved table, every device away until it reconnects; RecordError when the save is not one."""
        try:
            if not isinstance(obj, dict) or obj.get("format") != SAVE_FORMAT:
                raise MalformedRecord("not a hosted table save")
            chairs = [
                Seating(
                    *_saved_players(c["kind"], c["computer"], c["level"]),
                    clean_name(str(c["name"])),
                    None if c["token"] is None else str(c["token"]),
                    str(c["language"])[:8],
                    False,
                    bool(c["handed_over"]),
                )
                for c in obj["chairs"]
            ]
            table = cls(
                obj["game"],
                chairs,
                obj["seed"],
                obj["deals"],
                str(obj["code"]),
                str(obj["host_key"]),
                bool(obj["autostart"]),
            )
            table.position = int(obj["position"])
            if obj["match"] is not None:
                match = match_from_save(obj["match"])
                match.game = game_named(match.name, table.deals)
                table.match = match
                table.seed = match.seed
                table._finished = [match.game.round_to_json(s) for s in match.round_states() if s.is_over]
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise MalformedRecord(f"not a hosted table save: {type(error).__name__}") from None
        return table


def _chair_level(chair: Seating) -> str:
    """What a computer chair shows of its player: ``greedy`` or ``random``, or the ai's level."""
    player = chair.player
    return player.level_word if player is not None and player.is_computer else ""


def _saved_players(kind: object, computer: object, level: object) -> tuple[Player | None, Player]:
    """Who sits at a saved chair, and the computer that plays it or stands in for its person
    (ValueError when the save names no such chair)."""
    player = Player.from_record(computer)
    if not player.is_computer or level not in LEVELS:
        raise ValueError(f"{computer!r} at {level!r} is not a computer player")
    player = player.at(str(level))
    return Player.from_chair(str(kind), player.level_word), player


def _params(params: dict[str, object]) -> dict[str, str | int]:
    return {key: value if isinstance(value, int) else str(value) for key, value in params.items()}
