"""What a table shared with other devices adds to the table scene.

The seats of this device are a ``SeatGroup`` at a hosted table. Each frame takes in what the
table sent (``poll``) and shows what the others did: their decisions animate as a computer's
do, a question they put is answered in a dialog, what was agreed or declined is said, a quick
message shows in this device's language, a seat whose device is away says "reconnecting…" on
its plate (the host may let the computer play it meanwhile), and whoever holds the game with
an open Rules or Log panel is named. Undo, redo, restart and a new match are questions to the
table here, done when everyone agrees; the next round starts when everyone is ready. It is
the table scene's mode (``scenes.screens.table_mode.TableMode``) at such a table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.phases import Phase
from game.core.player import AI, PERSON, Player
from game.core.session import (
    Acted,
    Agreement,
    Asked,
    Jumped,
    Paused,
    PublicEvent,
    Refused,
    Said,
    Saving,
    Seated,
    Settled,
)
from online.protocol import SAVE_PROBLEMS
from online.seat_group import SeatGroup
from scenes.screens.shared_dialogs import SharedDialogs, SharedHost, kind_said
from scenes.screens.table_mode import GoOn
from scenes.services import persist
from scenes.services.translation import listing
from scenes.ui.input import Command
from scenes.ui.naming import Names


class SharedTable:
    """The shared table's side of one table scene: its mode."""

    restarts_after_round = False  # a shared table's finished round is in its record

    def __init__(self, table: SharedHost, group: SeatGroup) -> None:
        self.table = table
        self.group = group
        self.dialogs = SharedDialogs(table, group)
        self.away: set[int] = set()  # seats whose device is away
        self.looked = False  # the chairs were looked at once the table opened
        self.gone = False  # the table ended for good and the person was told
        self.kept = False  # the finished match was kept as the last one
        self.unsaved = ""  # why the host cannot save the table now (empty: it can)

    @property
    def match(self) -> Match | None:
        """The finished rounds played again from their records (None before the first ends)."""
        return self.group.finished_match

    @property
    def computers(self) -> None:
        """None: the host's server plays the computer seats."""

    @property
    def own_buttons(self) -> dict[str, Callable[[], None]]:
        """The quick messages."""
        return {Command.SAY: self.dialogs.open_phrases}

    def preparing(self) -> Iterator[None]:
        """Nothing to make ready: the host's server keeps the table on its disk."""
        yield from ()

    def keep(self) -> None:
        """Never saved here (its host's server saves it); the finished match is kept as the last one."""
        self.keep_finished()

    def seat_notes(self) -> dict[int, str]:
        return {seat: self.seat_note(seat) for seat in range(1, 5)}

    def go_on(self, how: GoOn) -> None:
        """The next round when every person is ready; a new match asked of the table."""
        if how == "new_match":
            self.change("new_match")
        elif how == "restart":
            self.group.control.restart_round()
        else:
            self.group.control.next_round()

    def summary_match(self) -> Match | None:
        return self.group.finished_match if self.may_sum_up() else None

    def names(self) -> Names:
        """The people by the names they gave."""
        table = self.table
        return Names(table.app.text, self.naming_kinds(), table.viewer, table.screens.partners, self.people_names())

    def status_text(self) -> str:
        """Why the table waits for another device, else the board's."""
        return self.waiting_text() or self.table.board.status_text()

    # --- each frame ------------------------------------------------------------------

    def update(self) -> bool:
        """Take in what the table sent; whether the table must be drawn again."""
        group, table = self.group, self.table
        holding = table.panels.open
        if holding != group.talk.paused:
            (group.talk.pause if holding else group.talk.resume)()
        if not self.looked:  # seats already away when the table opened (their news came to the lobby)
            self.looked = True
            for chair in group.chairs:
                if chair.reconnecting:
                    self.seated(Seated(chair))
        if not group.poll():
            self.check_lost()
            return False
        table.refresh()
        for event in group.events():
            self.take(event)
        return True

    def check_lost(self) -> None:
        """A table that ends for good before its match does (the host left for good) is said once."""
        group = self.group
        if group.lost and not self.gone and group.phase is not Phase.MATCH_OVER:
            self.gone = True
            self.table.say(self.table.app.tr("online.table_gone"))

    def take(self, event: PublicEvent) -> None:
        table, tr, names = self.table, self.table.app.tr, self.table.names
        if isinstance(event, Acted):
            table.board.animate(event)
        elif isinstance(event, Jumped):
            table.board.animate(event)
            if event.kind == "new_match":
                self.remember_again()
            if event.kind != "started":
                table.say(tr(f"online.done.{kind_said(self.table.screens, event.kind)}"))
        elif isinstance(event, Asked):
            self.dialogs.asked(event)
        elif isinstance(event, Settled):
            if self.dialogs.offered is None:  # the question open answers the table's question, not an offer
                self.dialogs.close_question()
            kind = kind_said(self.table.screens, event.kind)
            key = f"online.agreed.{kind}" if event.agreed else f"online.declined.{kind}"
            table.say(names.says(key, event.by))
        elif isinstance(event, Said):
            table.app.notify(tr("online.said", who=names.subject(event.seat), text=tr(f"phrase.{event.phrase}")))
        elif isinstance(event, Seated):
            self.seated(event)
        elif isinstance(event, Refused):
            table.refuse(event.error())
        elif isinstance(event, Paused) and event.by:
            table.say(self.paused_text())
        elif isinstance(event, Saving):
            self.unsaved = event.problem
            table.say(self.waiting_text() if event.problem else tr("online.saves_again"))

    # --- questions ----------------------------------------------------------------------

    def change(self, kind: Agreement) -> None:
        """Put ``kind`` (undo, redo, restart, new_match) to the table: done when all agree."""
        group, table = self.group, self.table
        control = group.control
        asks = {
            "undo": control.undo,
            "redo": control.redo,
            "restart": control.restart_round,
            "new_match": control.new_match,
        }
        try:
            asks[kind]()
        except IllegalMove as error:
            table.refuse(error)
            return
        what = table.app.tr(f"online.what.{kind_said(table.screens, kind)}")
        table.say(table.app.tr("online.asking", what=what))
        table.update_buttons()

    # --- chairs -------------------------------------------------------------------------

    def seated(self, event: Seated) -> None:
        """A chair changed: a device went away, came back, or the computer took a seat or gave
        it back. The host is offered to let the computer play a seat whose device is away (not
        once the match is over), and gives the seat back when its device returns."""
        chair, table = event.chair, self.table
        seat, names = chair.seat, table.names
        if chair.reconnecting and seat not in self.away:
            self.away.add(seat)
            table.say(names.says("online.away", seat))
            if self.group.host and not chair.handed_over and self.group.phase is not Phase.MATCH_OVER:
                self.dialogs.offer_computer(seat)
        elif chair.is_person and not chair.reconnecting and seat in self.away:
            self.away.discard(seat)
            if self.dialogs.offered == seat:
                self.dialogs.close_question()
            table.say(names.says("online.back", seat))
            if self.group.host and chair.handed_over:
                self.dialogs.hand(seat, False)
        elif chair.is_person and chair.handed_over:
            table.say(names.says("online.computer_plays", seat))

    def seat_note(self, seat: int) -> str:
        """What ``seat``'s plate adds: its device is away, or the computer plays it meanwhile
        (nothing once the match is over: devices leave then)."""
        chair = self.group.chairs[seat - 1]
        if self.group.phase is Phase.MATCH_OVER:
            return ""
        if chair.reconnecting and not chair.handed_over:
            return self.table.app.tr("online.plate.away")
        if chair.is_person and chair.handed_over:
            return self.table.app.tr("online.plate.computer")
        return ""

    def people_names(self) -> dict[int, str]:
        """The names the other people at the table gave themselves: the table calls them so."""
        viewer = self.group.seat
        return {c.seat: c.name for c in self.group.chairs if c.is_person and c.name and c.seat != viewer}

    def naming_kinds(self) -> tuple[Player, ...]:
        """The seats as this device's names read them: with one person here, the others are
        named from their places (Partner, Left, Right); with several, every person is Player N."""
        local = self.group.local_seats
        people = local if len(local) == 1 else tuple(c.seat for c in self.group.chairs if c.is_person)
        return tuple(PERSON if seat in people else AI for seat in range(1, 5))

    def may_sum_up(self) -> bool:
        """Whether the round's summary may show: its record has come, and this device has not
        said yet it is ready for the next round (then it waits for the others, on the table)."""
        match, view = self.group.finished_match, self.table.view
        return match is not None and match.start.number == view.round_number and not self.group.ready

    # --- what the status line says ------------------------------------------------------------

    def paused_text(self) -> str:
        names = self.table.names
        held = [names.name(seat) for seat in self.group.talk.paused_by]
        return self.table.app.tr("online.paused", who=listing(held, self.table.app.tr))

    def waiting_text(self) -> str:
        """Why the table waits, when it waits for another device; else nothing."""
        group, tr = self.group, self.table.app.tr
        if not group.connected:
            return tr("online.reconnecting")
        if self.unsaved:
            problem = self.unsaved if self.unsaved in SAVE_PROBLEMS else "cannot_write"
            return tr(f"online.cannot_save.{problem}")
        away = [c.seat for c in group.chairs if c.reconnecting and not c.handed_over]
        if away and group.phase is not Phase.MATCH_OVER:
            names = self.table.names
            return tr("online.waiting_for", who=listing([names.name(s) for s in away], tr))
        if group.talk.asking is not None:
            return tr("online.waiting_answer")
        if any(seat not in group.local_seats for seat in group.talk.paused_by):
            return self.paused_text()
        if group.phase is Phase.ROUND_OVER and group.ready:
            return tr("online.waiting_ready")
        return ""

    def keep_finished(self) -> None:
        """Once the match is over: it is this device's last finished match (to review or export
        from the menu), and the device no longer sits at the table (Continue forgets it)."""
        group = self.group
        if self.kept or group.record_fields is None:
            return
        match = group.finished_match
        if match is None or match.phase is not Phase.MATCH_OVER:
            return
        self.kept = True
        if group.server is not None:
            group.server.save_to(None)
        try:
            persist.keep_finished(match, in_progress=False)
            persist.forget_table()
        except OSError as error:
            self.table.say(self.table.app.tr("error.save_failed", reason=str(error)))

    def remember_again(self) -> None:
        """A new match at the table after one ended: Continue comes back to it again."""
        group = self.group
        if not self.kept or group.remembered is None:
            return
        self.kept = False
        if group.server is not None:
            group.server.save_to(persist.hosted_table_path())
        try:
            persist.save_table_seats(group.remembered)
        except OSError as error:
            self.table.say(self.table.app.tr("error.save_failed", reason=str(error)))

    def leave(self) -> None:
        """The person leaves the table: the seats are kept for a return with their tokens."""
        self.dialogs.close_question()
        self.group.leave()
