"""How a table is played, chosen once when its scene is made: on this device (``LocalTable``)
or shared with other devices (``scenes.screens.shared_table.SharedTable``).

The table scene asks its mode what differs, and never which mode it is: which match it holds
whole, the buttons only the mode has, how undo, redo, a new deal or a new match is done (at
once here; asked of the other people at a shared table), what the status line says, what a
seat's plate adds, how the seats are named, what is kept on disk and what leaving does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Literal, Protocol

from game.core.errors import IllegalMove
from game.core.local_session import LocalComputers, LocalSession
from game.core.match import Match
from game.core.phases import Phase
from game.core.player import Player
from game.core.session import Agreement, ComputerPacing, Jumped
from scenes.screens.pacing import Pacing
from scenes.services import persist
from scenes.ui.app_services import AppServices
from scenes.ui.board import Board
from scenes.ui.game_screens import GameScreens
from scenes.ui.naming import Names

GoOn = Literal["next_round", "restart", "new_match"]
"""How a round's summary goes on."""


class TableMode(Protocol):
    """What the table scene asks of the way it is played."""

    @property
    def computers(self) -> ComputerPacing | None:
        """The computer seats this device plays itself (none at a shared table: its server's)."""

    @property
    def match(self) -> Match | None:
        """The match as this device holds it whole (None while it holds none yet)."""

    @property
    def own_buttons(self) -> dict[str, Callable[[], None]]:
        """The top bar's buttons only this mode has, and what each does."""

    @property
    def restarts_after_round(self) -> bool:
        """Whether a round's summary offers to deal the round again."""

    def preparing(self) -> Iterator[None]:
        """What is made ready before the table shows, a step at a time."""

    def keep(self) -> None:
        """Keep the match after a change, as this mode keeps it."""

    def seat_notes(self) -> dict[int, str]:
        """What each seat's plate adds to its name."""

    def change(self, kind: Agreement) -> None:
        """Undo, redo, deal the round again or start a new match, as this mode does it."""

    def go_on(self, how: GoOn) -> None:
        """Go on after a round's summary; IllegalMove when it may not."""

    def update(self) -> bool:
        """Take in what came from elsewhere; whether the table must be drawn again."""

    def summary_match(self) -> Match | None:
        """The match whose round the summary may show now, if it may."""

    def names(self) -> Names:
        """How the table calls its seats and teams, seen from its viewer."""

    def status_text(self) -> str:
        """What the status line says when no message is shown."""

    def leave(self) -> None:
        """The person leaves the table."""


class LocalHost(Protocol):
    """What a table on this device reads and calls of its scene (``scenes.screens.table.TableScene``)."""

    app: AppServices
    board: Board
    screens: GameScreens
    pacing: Pacing
    practice: bool

    @property
    def viewer(self) -> int: ...

    def say(self, text: str) -> None: ...

    def refuse(self, error: IllegalMove) -> None: ...

    def refresh(self) -> None: ...


class LocalTable:
    """A table on this device: the match is here, kept on disk after every change (not a demo's
    or a lesson's), and what the table controls is done at once: nobody elsewhere is asked."""

    restarts_after_round = True

    def __init__(self, table: LocalHost, session: LocalSession, match: Match) -> None:
        self.table = table
        self.session = session
        self._match = match

    @property
    def match(self) -> Match:
        return self._match

    @property
    def computers(self) -> LocalComputers:
        return self.session.computers

    @property
    def own_buttons(self) -> dict[str, Callable[[], None]]:
        """None: the quick messages are for people at other devices."""
        return {}

    @property
    def keeps_on_disk(self) -> bool:
        """Whether the match is kept on disk (not a demo's or a lesson's)."""
        return not (self.table.app.settings.demo or self.table.practice)

    def preparing(self) -> Iterator[None]:
        """The save's file made ready, when the match is kept on disk."""
        if self.keeps_on_disk:
            yield from persist.preparing_save(self._match)

    def keep(self) -> None:
        """Keep the match on disk after every change, so closing the window loses nothing; a
        finished match is kept as the last finished one (reviewed and exported from the menu).
        A lesson's match is never saved."""
        if not self.keeps_on_disk:
            return
        try:
            if self._match.phase is Phase.MATCH_OVER:
                persist.keep_finished(self._match)
            else:
                persist.save_match(self._match)
        except OSError as error:
            self.table.say(self.table.app.tr("error.save_failed", reason=str(error)))

    def seat_notes(self) -> dict[int, str]:
        """Nothing: every seat is at this device."""
        return {}

    def change(self, kind: Agreement) -> None:
        """Done at once, animated and said."""
        table, control = self.table, self.session.control
        changes: dict[Agreement, Callable[[], None]] = {
            "undo": control.undo,  # only the person at the device's own moves
            "redo": control.redo,
            "restart": control.restart_round,
            "new_match": partial(control.new_match, table.app.settings.seed),
        }
        try:
            changes[kind]()
        except IllegalMove as error:
            table.refuse(error)
            return
        table.board.animate(Jumped(kind))
        if kind in ("restart", "new_match"):
            table.pacing.end_time = 0.0
        table.refresh()
        table.say(table.app.tr(table.screens.words["restarted"] if kind == "restart" else f"done.{kind}"))

    def go_on(self, how: GoOn) -> None:
        """Done at once (and animated, as the summary is left)."""
        control = self.session.control
        goes_on: dict[GoOn, Callable[[], None]] = {
            "next_round": control.next_round,
            "restart": control.restart_round,
            "new_match": partial(control.new_match, self.table.app.settings.seed),
        }
        try:
            goes_on[how]()
        finally:
            self.table.board.animate(Jumped(how))

    def update(self) -> bool:
        return self.session.poll()

    def summary_match(self) -> Match | None:
        """The match, once its round is over."""
        return self._match if self._match.round.is_over else None

    def names(self) -> Names:
        table = self.table
        players = tuple(map(Player.from_record, self.session.seat_kinds))
        return Names(table.app.text, players, table.viewer, table.screens.partners)

    def status_text(self) -> str:
        """The board's: whose turn it is (a table on one device waits for nobody else)."""
        return self.table.board.status_text()

    def leave(self) -> None:
        """The computer's question on its way is no longer wanted."""
        self.session.computers.close()
