"""The hint at a table: asked of the computer from the person's view only, shown by the board
as a preview with its reason on the status line, and a Why? button at the end of that line
that opens the numbers behind it, explained."""

from __future__ import annotations

from typing import Protocol

import pygame_gui

from game.core.advice import Hint, check_request
from game.core.errors import IllegalMove
from game.core.spec import SeatView
from game.core.thinking import Question
from scenes.screens.guide import Coach
from scenes.screens.table_panels import TablePanels
from scenes.services.thinker import TableThinking
from scenes.services.translation import hint_line
from scenes.ui.app_services import AppServices
from scenes.ui.board import Board, why_rect
from scenes.ui.game_screens import GameScreens
from scenes.ui.naming import Names
from scenes.ui.table_layout import TableLayout
from scenes.ui.widgets import TEXT_MARGIN, button

WHY_TEXT = 17  # px of the Why? button's words (the theme's button font)


class HintHost(Protocol):
    """What the hint reads and writes of its table (``scenes.screens.table.TableScene``)."""

    app: AppServices
    layout: TableLayout
    board: Board
    panels: TablePanels
    screens: GameScreens
    thinking: TableThinking
    coach: Coach | None
    view: SeatView
    buttons: dict[str, pygame_gui.elements.UIButton]
    handover: int | None
    hint_reason: str
    hint_detail: str
    last_hint: tuple[tuple[int, int], Hint] | None

    @property
    def turn_key(self) -> tuple[int, int]: ...

    @property
    def is_viewer_turn(self) -> bool: ...

    @property
    def round_over(self) -> bool: ...

    @property
    def names(self) -> Names: ...

    def say(self, text: str) -> None: ...

    def refuse(self, error: IllegalMove) -> None: ...


class TableHint:
    """The hint of one table scene and its Why? button."""

    def __init__(self, table: HintHost) -> None:
        self.table = table
        self.why_button: pygame_gui.elements.UIButton | None = None
        self.said = ""  # the hint's line as the message line said it

    def still_said(self, message: str) -> bool:
        """Whether ``message``, shown on the message line, still applies: not the hint's line once
        the person chose otherwise (the hint is dropped as soon as the selection changes)."""
        return not message or message != self.said or bool(self.table.hint_reason)

    def ask(self) -> None:
        """Ask the computer for a hint from the person's view only, at the settings' level (the
        guided deal's own while it lasts); it shows when it comes."""
        table = self.table
        level = table.coach.level if table.coach is not None else table.app.settings.level
        try:
            check_request(table.view, level)
        except IllegalMove as error:
            table.refuse(error)
            return
        seed = ("advice", *table.turn_key)  # the generator of ``advice_rng``: the review agrees with the hint
        table.thinking.ask_hint(Question("hint", table.view, level, seed))
        if table.thinking.hint_pending:
            table.say(table.app.tr("thinking.hint"))

    def show(self) -> None:
        """The hint the computer gave the person to act, shown by the board as a preview with its
        reason (applied only on confirmation); or why it was refused."""
        table = self.table
        try:
            hint = table.thinking.take_hint()
        except IllegalMove as error:
            table.refuse(error)
            return
        if hint is None:
            return
        table.last_hint = (table.turn_key, hint)
        table.hint_reason = table.board.show_hint(hint)
        table.hint_detail = table.screens.hint_detail(hint, table.names, table.app.tr)
        self.said = hint_line(table.app.text, table.hint_reason)
        table.say(self.said)
        self.update()

    def update(self) -> None:
        """The Why? button, at the end of the status line while the hint shown has numbers
        behind it and the person may still act on it; gone otherwise."""
        table = self.table
        wanted = bool(
            table.hint_reason
            and table.hint_detail
            and table.buttons
            and table.is_viewer_turn
            and not table.handover
            and not table.round_over
        )
        if wanted and self.why_button is None:
            words = table.app.tr("hint.why.button")
            width = max(table.layout.px(110), table.app.font(WHY_TEXT, True).size(words)[0] + 2 * TEXT_MARGIN)
            self.why_button = button(table.app.ui, why_rect(table.layout, width), words, "why_hint")
        elif not wanted:
            self.close()

    def close(self) -> None:
        """The Why? button goes."""
        if self.why_button is not None:
            self.why_button.kill()
            self.why_button = None

    def explain(self) -> None:
        """The Why? of the hint shown: the line again, then how the computer weighed it and what
        its numbers mean."""
        table = self.table
        if table.hint_reason and table.hint_detail:
            line = hint_line(table.app.text, table.hint_reason)
            table.panels.open_why(table.layout.unit, table.app.tr("hint.why.title"), line, table.hint_detail)
