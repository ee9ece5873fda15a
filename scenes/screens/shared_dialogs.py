"""The questions of a table shared with other devices, each in the table's one dialog over
the table: another device's question answered for this device's people, the host's offer to
let the computer play a seat whose device is away, and the quick messages to choose from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.core.errors import IllegalMove
from game.core.session import PHRASES, Asked
from game.core.spec import SeatView
from online.seat_group import SeatGroup
from scenes.screens.table_panels import TablePanels
from scenes.ui.app_services import AppServices
from scenes.ui.board import Board
from scenes.ui.dialog import Choice, Dialog, Sight
from scenes.ui.game_screens import GameScreens
from scenes.ui.naming import Names
from scenes.ui.table_layout import TableLayout


class SharedHost(Protocol):
    """What the shared table reads and calls of its table (``scenes.screens.table.TableScene``)."""

    app: AppServices
    layout: TableLayout
    board: Board
    panels: TablePanels
    dialog: Dialog | None
    view: SeatView
    screens: GameScreens

    @property
    def names(self) -> Names: ...

    @property
    def viewer(self) -> int: ...

    def say(self, text: str) -> None: ...

    def refuse(self, error: IllegalMove) -> None: ...

    def refresh(self) -> None: ...

    def update_buttons(self) -> None: ...


def kind_said(screens: GameScreens, kind: str) -> str:
    """The catalogue's name of a question or jump ``kind`` at this game (a Tien Gow table
    restarts a deal, where a block game restarts a round)."""
    return screens.asked_as.get(kind, kind)


class SharedDialogs:
    """The shared table's questions in one table scene's dialog."""

    def __init__(self, table: SharedHost, group: SeatGroup) -> None:
        self.table = table
        self.group = group
        self.question: Dialog | None = None  # the question of the shared table, while it is open
        self.offered: int | None = None  # the seat the open question offers to the computer

    def asked(self, event: Asked) -> None:
        """Another device asks: a dialog answers for this device's people. An undo names the
        move it takes back (and how many were played after it), lit on the board."""
        table, tr = self.table, self.table.app.tr
        if not self.group.asked_here:
            return

        def answer(choice: str) -> None:
            try:
                self.group.talk.answer(choice == "yes")
            except IllegalMove as error:
                table.refuse(error)

        body = table.names.says(f"online.question.{kind_said(table.screens, event.kind)}", event.by)
        move = table.board.last_move(event.by) if event.kind == "undo" else None
        if move is not None:
            body += "\n" + tr("online.question.taken_back", move=move.sentence)
            if move.after:
                body += "\n" + tr("online.question.taken_back_after", count=move.after)
        self.open_dialog(
            tr("online.question.title"),
            body,
            (Choice("no", tr("online.answer.no"), primary=True), Choice("yes", tr("online.answer.yes"))),
            answer,
            lit=move.places if move is not None else (),
        )

    def open_dialog(
        self,
        title: str,
        body: str,
        choices: tuple[Choice, ...],
        then: Callable[[str], None],
        lit: tuple[pygame.Rect, ...] = (),
        safe: str | None = None,
        columns: int = 1,
    ) -> None:
        """Open a question of the shared table in the table's one dialog (closing another one),
        over the table with what it is about (``lit``) lit."""
        table = self.table
        if table.dialog is not None:
            table.dialog.close()

        def answer(choice: str) -> None:
            table.dialog = self.question = None
            table.update_buttons()
            then(choice)

        sight = Sight(table.board.in_sight(), lit)  # the table stays in sight round the question
        question = Dialog(table.app, table.layout.unit, title, body, choices, answer, safe, sight, columns)
        table.dialog = self.question = question
        table.update_buttons()

    def close_question(self) -> None:
        """Close this table's question if it is still open (another device settled it)."""
        table = self.table
        if self.question is not None and table.dialog is self.question:
            self.question.close()
            table.dialog = None
            table.update_buttons()
        self.question = None
        self.offered = None

    def offer_computer(self, seat: int) -> None:
        """The host may let the computer play a seat whose device is away."""
        table, tr = self.table, self.table.app.tr
        if table.dialog is not None:
            return  # the person is answering something else: the plate says the seat is away
        self.offered = seat

        def answer(_: str) -> None:
            self.offered = None

        hand_over = Choice("computer", tr("online.away.computer"), primary=True, then=lambda: self.hand(seat, True))
        self.open_dialog(
            tr("online.away.title"),
            table.names.says("online.away.question", seat),
            (Choice("wait", tr("online.away.wait")), hand_over),
            answer,
        )

    def hand(self, seat: int, computer: bool) -> None:
        try:
            self.group.hosting.hand_to_computer(seat, computer)
        except IllegalMove as error:
            self.table.refuse(error)

    def open_phrases(self) -> None:
        """The quick messages to choose from (each receiver reads it in its own language), in
        up to three columns as their words fit, so the table stays in sight; Cancel last."""
        table, tr = self.table, self.table.app.tr

        def answer(choice: str) -> None:
            for phrase in PHRASES:
                if phrase == choice:
                    try:
                        self.group.talk.say(phrase)
                    except IllegalMove as error:
                        table.refuse(error)

        self.open_dialog(
            tr("online.say.title"),
            "",
            (*(Choice(p, tr(f"phrase.{p}")) for p in PHRASES), Choice("cancel", tr("confirm.cancel"))),
            answer,
            safe="cancel",
            columns=3,
        )
