"""This device's seats at a hosted table, as the one session its table talks to.

A device holds one seat of a hosted table, or several (pass-and-play on the host: the
people at the device take turns, hidden from each other by the hand-over screen). Each seat
is a ``RemoteSession`` with its own connection and token; the group shows the table through
the seat whose turn it is at the device (``hand_over``), takes the table's events once (from
the first seat's connection: every seat receives the same), and speaks for all its seats
where the table asks each person: a question put by one of them is agreed by the others at
once (they sit at the same screen), a question from another device is answered for all of
them, and all of them are ready together for the next round. Its roles are objects of their
own: ``control`` (``GroupControl``), ``talk`` (``GroupTalk``), and the host seat's ``hosting``.
It plays no computer seat: the server does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from game.core.errors import IllegalMove, RecordError
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import Replaying
from game.core.session import Asking, Chair, Phrase, PublicEvent, Refused, TableControl, TableTalk
from game.core.spec import Record, SeatView
from online.hosting import HostingServer
from online.remote_session import RemoteHosting, RemoteSession
from online.seats_file import TableSeats


class SeatGroup:
    """One or more seats of a hosted table played on this device (the first one the host's, when hosting)."""

    def __init__(self, sessions: Sequence[RemoteSession], server: HostingServer | None = None) -> None:
        if not sessions:
            raise ValueError("a device holds at least one seat")
        self.server = server  # the table server this device runs, when it hosts the table
        self.remembered: TableSeats | None = None  # this device's seats as kept for Continue
        self._sessions = tuple(sessions)
        self._primary = self._sessions[0]
        self._active = self._primary
        self._replay: Replaying | None = None  # the finished rounds played again so far
        self._replayed = (0, 0)  # the match and the seed they were played again for
        self._broken: tuple[tuple[int, int], int] | None = None  # rounds that did not replay
        self._shown: Match | None = None  # the finished match as last played again, for the screens
        self.control: TableControl = GroupControl(self)
        self.talk: TableTalk = GroupTalk(self)

    # --- the seats ------------------------------------------------------------------

    @property
    def sessions(self) -> tuple[RemoteSession, ...]:
        return self._sessions

    @property
    def local_seats(self) -> tuple[int, ...]:
        """The seats played at this device."""
        return tuple(s.seat for s in self._sessions if s.has_view)

    def of(self, seat: int) -> RemoteSession | None:
        """The session of ``seat`` if it is played at this device."""
        return next((s for s in self._sessions if s.has_view and s.seat == seat), None)

    def hand_over(self, seat: int) -> None:
        """The device goes to the person at ``seat`` (one of its own seats)."""
        session = self.of(seat)
        if session is None:
            raise ValueError(f"seat {seat} is not played at this device")
        self._active = session

    @property
    def host(self) -> bool:
        return self._primary.host

    @property
    def hosting(self) -> RemoteHosting:
        """What the host's seat does (the first one, when this device hosts)."""
        return self._primary.hosting

    @property
    def active(self) -> RemoteSession:
        """The seat the device is handed to now."""
        return self._active

    @property
    def tokens(self) -> dict[int, str]:
        """Each seat's token, to come back to it (Continue)."""
        return {s.seat: s.token for s in self._sessions if s.token is not None and s.has_view}

    @property
    def connected(self) -> bool:
        return all(s.connected for s in self._sessions)

    @property
    def lost(self) -> bool:
        """Whether the table is gone for good (the match is over, or it refused this device)."""
        return self._primary.lost

    def leave(self) -> None:
        """Leave the table: every connection closes, the seats are kept for a return with their
        tokens; a hosting device stops serving the table (it stays saved, to reopen)."""
        for session in self._sessions:
            session.close()
        if self.server is not None:
            self.server.stop()

    # --- where the match stands -----------------------------------------------------

    @property
    def game(self) -> str:
        return self._primary.game

    @property
    def seat(self) -> int:
        return self._active.seat

    @property
    def chairs(self) -> tuple[Chair, ...]:
        return self._primary.chairs

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        return self._primary.seat_kinds

    def is_human(self, seat: int) -> bool:
        return self._primary.is_human(seat)

    @property
    def position(self) -> tuple[int, int, int]:
        return self._primary.position

    @property
    def phase(self) -> Phase:
        return self._primary.phase

    @property
    def to_act(self) -> int | None:
        return self._primary.to_act

    @property
    def ready_seats(self) -> tuple[int, ...]:
        return self._primary.ready_seats

    @property
    def ready(self) -> bool:
        """Whether every seat of this device said it is ready for the next round."""
        ready = self.ready_seats
        return all(seat in ready for seat in self.local_seats)

    @property
    def rounds(self) -> list[Record]:
        return self._primary.rounds

    @property
    def record_fields(self) -> Record | None:
        return self._primary.record_fields

    @property
    def finished_match(self) -> Match | None:
        """The finished rounds played again on this device from their records (every hand shown,
        as after a round): what the Log, the summary and the review read. None before the first
        round ends, or if the table sent rounds that do not replay. A round that comes is played
        on from the rounds before it (an endless Tien Gow session stays quick); the match is
        played again whole once the deal seed comes with the match's end."""
        rounds, fields = self.rounds, self.record_fields
        seed = fields.get("seed") if fields is not None else 0  # the deal seed comes once the match is over
        key = (self._primary.matches, seed if isinstance(seed, int) else 0)
        if not rounds or (key, len(rounds)) == self._broken:
            return None
        replay = self._replay
        if replay is None or self._replayed != key:  # the seed came, or a new match began: from the start
            replay, self._replayed = Replaying(self.game, list(self.seat_kinds), key[1]), key
        if len(rounds) != replay.played:
            try:
                shown = replay.extend(list(rounds)).copy()  # what a summary or review holds stays as it was
            except RecordError:  # MalformedRecord too: nothing of it is shown
                self._broken, replay, shown = (key, len(rounds)), None, None
            self._shown = shown
        self._replay = replay
        return self._shown

    @property
    def asked_here(self) -> bool:
        """Whether the question put to the table now waits for an answer of this device."""
        asking = self.talk.asking
        return asking is not None and any(
            seat != asking.by and seat not in asking.agreed and self.is_human(seat) for seat in self.local_seats
        )

    def poll(self) -> bool:
        changed = False
        for session in self._sessions:
            changed = session.poll() or changed
        self._agree_for_the_others()
        return changed

    def _agree_for_the_others(self) -> None:
        """A question one of this device's people put is agreed by the others at the device."""
        asking = self.talk.asking
        if asking is None or asking.by not in self.local_seats:
            return
        for session in self._sessions:
            if session.has_view and session.seat != asking.by and session.seat not in asking.agreed:
                with contextlib.suppress(IllegalMove):  # on its way already, or coming back: the next poll tries again
                    session.talk.answer(True)

    def view(self) -> SeatView:
        return self._active.view()

    def legal(self) -> tuple[object, ...]:
        return self._active.legal()

    def preview(self, decision: object) -> SeatView:
        return self._active.preview(decision)

    def commit(self, decision: object) -> None:
        self._active.commit(decision)

    def events(self) -> list[PublicEvent]:
        """The table's events (once), and each seat's own refusals."""
        taken = self._primary.events()
        for session in self._sessions[1:]:
            taken += [event for event in session.events() if isinstance(event, Refused)]
        return taken


class GroupControl:
    """What the table controls, from this device (``TableControl``): asked by the seat the
    device is handed to; all of its seats are ready together for the next round."""

    def __init__(self, group: SeatGroup) -> None:
        self._group = group

    @property
    def can_undo(self) -> bool:
        return self._group.active.control.can_undo

    @property
    def can_redo(self) -> bool:
        return self._group.active.control.can_redo

    def undo(self) -> None:
        self._group.active.control.undo()

    def redo(self) -> None:
        self._group.active.control.redo()

    def restart_round(self) -> None:
        self._group.active.control.restart_round()

    def new_match(self, seed: int | None = None) -> None:
        self._group.active.control.new_match(seed)

    def next_round(self) -> None:
        """Every seat of this device is ready for the next round."""
        for session in self._group.sessions:
            if session.has_view:
                session.control.next_round()


class GroupTalk:
    """What this device's people say to the others (``TableTalk``): a question from another
    device is answered for all of them, one of theirs is agreed by the others here at once, and
    the device holds the game for all of them."""

    def __init__(self, group: SeatGroup) -> None:
        self._group = group

    @property
    def _primary(self) -> TableTalk:
        """The first seat's talk: the table's question and pauses as every seat sees them."""
        return self._group.sessions[0].talk

    @property
    def asking(self) -> Asking | None:
        return self._primary.asking

    def answer(self, yes: bool) -> None:
        """Answer the question for every seat of this device that has not answered."""
        asking = self.asking
        if asking is None or asking.by in self._group.local_seats:
            raise IllegalMove("nothing_asked", "Nobody is asking you anything.")
        answered = False
        for session in self._group.sessions:
            if session.has_view and session.seat not in asking.agreed:
                session.talk.answer(yes)
                answered = True
        if not answered:
            raise IllegalMove("nothing_asked", "Nobody is asking you anything.")

    def withdraw(self) -> None:
        asking = self.asking
        asker = None if asking is None else self._group.of(asking.by)
        if asker is None:
            raise IllegalMove("nothing_asked", "You are not asking anything.")
        asker.talk.withdraw()

    @property
    def paused(self) -> bool:
        return self._primary.paused

    def pause(self) -> None:
        self._primary.pause()

    def resume(self) -> None:
        self._primary.resume()

    @property
    def paused_by(self) -> tuple[int, ...]:
        return self._primary.paused_by

    def say(self, phrase: Phrase) -> None:
        self._group.active.talk.say(phrase)
