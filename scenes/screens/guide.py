"""The guided first deal: a coach beside the table that teaches one game on a fixed deal.

First a few pages on how the game goes (the table waits); then, at each of the person's
turns, what happened since their last one and what it tells, what they may do now, and
the hint with its reason from the same engine as the Hint button (its choice is shown on
the table, ready to confirm). It reads only the person's view. Skip leaves the pages for the
deal (the coach stays); End the lesson asks, then the coach leaves at once; when the deal is
over the coach leaves and the table is the normal one.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from game.core.advice import Difficulty, Hint
from game.core.match import Match
from game.core.player import AI, PERSON
from scenes.services.translation import continuing
from scenes.ui.app_services import AppServices
from scenes.ui.dialog import Choice, Dialog, Sight
from scenes.ui.drawing import fit_text, shade
from scenes.ui.event_fields import element_of
from scenes.ui.game_screens import GameScreens
from scenes.ui.input import Command
from scenes.ui.lesson import Lesson
from scenes.ui.naming import Names
from scenes.ui.panels import escape
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button, name_of

if TYPE_CHECKING:
    from scenes.ui.board import Board

LESSON_SEATS = (PERSON, AI, AI, AI)
DOCKED_TABLE = 900  # px of table a window must keep beside the coach's column
LESSON_LEVEL = (
    Difficulty.HARD
)  # the computer's level (the strongest) in every guided deal, its hints included: one way each


def lesson_match(game: str, lesson: Lesson) -> Match:
    """The match of a game's guided deal: the person at the bottom, the computer elsewhere."""
    return Match(game, LESSON_SEATS, lesson.seed, level=LESSON_LEVEL)


def aside_width(size: tuple[int, int]) -> int:
    """How wide the coach's column is in a window of ``size``."""
    return max(240, min(420, size[0] * 27 // 100))


def docks(size: tuple[int, int]) -> bool:
    """Whether the coach has a column of its own (a wide window) or a card over the board."""
    return size[0] - aside_width(size) >= DOCKED_TABLE


class CoachButton(StrEnum):
    """The coach's buttons."""

    SKIP = "skip"  # skip the pages: the coach stays for the deal
    BACK = "back"
    NEXT = "next"
    DEAL = "deal"  # after the last page
    END = "end"  # end the lesson (it asks first)
    FOLD = "fold"  # the coach folds away over a narrow board
    UNFOLD = "unfold"


class CoachedTable(Protocol):
    """The table a coach sits beside, as the coach reads and drives it
    (``scenes.screens.table.TableScene``, whose module imports this one)."""

    dialog: Dialog | None

    @property
    def app(self) -> AppServices: ...

    @property
    def layout(self) -> TableLayout: ...

    @property
    def screens(self) -> GameScreens: ...

    @property
    def board(self) -> Board: ...

    @property
    def names(self) -> Names: ...

    @property
    def view(self) -> object:
        """The viewer's view of the round (the game's own)."""

    @property
    def match(self) -> Match | None:
        """The match as this device holds it whole."""

    @property
    def last_hint(self) -> tuple[tuple[int, int], Hint] | None:
        """The last hint, and the turn it was for."""

    @property
    def handover(self) -> int | None:
        """The seat the device is being handed to, if it is."""

    @property
    def is_viewer_turn(self) -> bool: ...

    @property
    def animating(self) -> bool: ...

    @property
    def turn_key(self) -> tuple[int, int]:
        """Which decision of the match is to be taken: its round and how many came before."""

    def control(self, name: str) -> None:
        """Do what the table's button ``name`` does."""

    def update_buttons(self) -> None: ...

    def end_lesson(self, message: str) -> None:
        """The coach leaves and the table says ``message``."""


class Coach:
    """The coach of one table's guided deal (``table.coach`` while it lasts)."""

    def __init__(self, table: CoachedTable, lesson: Lesson) -> None:
        self.table = table
        self.lesson = lesson
        self.page = 0
        self.coached: tuple[int, int] | None = None  # the turn whose advice is shown
        self.hinted: tuple[int, int] | None = None  # the turn whose hint is in the advice
        self.told = 0  # events of this round already told
        self.told_round = self.match.start.number
        self.body = ""
        self.events: list[str] = []  # what happened since the person's last decision
        self.heard = False  # plays added to ``events`` and not yet shown
        self.folded = False  # the card put away to see the board (a narrow window only)
        self.docked = True
        self.widgets: dict[CoachButton, UIElement] = {}
        self.text: pygame_gui.elements.UITextBox | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.picture_width = 240

    @property
    def match(self) -> Match:
        """The lesson's match: a table on this device holds it whole."""
        match = self.table.match
        assert match is not None, "a lesson is played on this device"
        return match

    @property
    def level(self) -> str:
        """The level the lesson's computer seats play at: its hints are asked at it."""
        return self.match.level

    @property
    def reading(self) -> bool:
        """Whether a page before the deal is open: the table waits."""
        return self.page < len(self.lesson.pages)

    # --- widgets ----------------------------------------------------------------------

    def enter(self, size: tuple[int, int], board: pygame.Rect, unit: float) -> None:
        """Build the coach: a column at the right of a wide window, else a card over the
        ``board`` (or, folded, a button to bring it back).

        No button ever comes up under the pointer where another one was a moment before: the
        pages' row keeps its three places (Skip, Back, Next; one greyed where it does nothing)
        under the title, the last page's Deal the tiles has a row of its own below them, and in
        play End the lesson (with See the table) sits at the card's foot, where the text was
        while the pages were read (the card over the board; a column beside it puts End under
        its title and the pages' rows at its foot); folded, the Coach button is at the board's
        top right corner, where only text lies in play."""
        self.docked = docks(size)
        ui, tr = self.table.app.ui, self.table.app.tr
        pad = max(8, round(12 * unit))
        button_h = max(44, round(48 * unit))
        unfold_w = max(120, round(150 * unit))
        unfold = pygame.Rect(board.right - pad - unfold_w, board.y + pad, unfold_w, button_h)  # the folded card's place
        if self.docked:
            width = aside_width(size)
            self.rect = pygame.Rect(size[0] - width, 0, width, size[1])
            top = max(28, round(44 * unit))
        elif self.folded:
            self.widgets[CoachButton.UNFOLD] = button(ui, unfold, tr("learn.coach"), "learn_unfold", primary=True)
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        else:
            from scenes.ui.board import decision_area  # not at start-up: the menu imports this module

            self.rect = board.inflate(-2 * pad, -2 * pad)
            if not self.reading:  # the table waits while the pages are read: they take the board
                self.rect.height = decision_area(self.table.layout).y - pad - self.rect.y  # decisions stay clear
            top = max(26, round(36 * unit))
        inner = self.rect.inflate(-2 * pad, 0)
        area = pygame.Rect(inner.x, self.rect.y + top, inner.width, self.rect.bottom - pad - self.rect.y - top)
        if self.reading and not self.docked:  # the buttons under the title, the page below them
            last = self.page == len(self.lesson.pages) - 1
            row = [
                (CoachButton.SKIP, "learn.skip", not last),
                (CoachButton.BACK, "learn.back", self.page > 0),
                (CoachButton.NEXT, "learn.next", not last),
            ]
            self.add_row(row, pygame.Rect(inner.x, area.y, inner.width, button_h), pad)
            area.height -= button_h + pad
            area.y += button_h + pad
            if last:  # under the pages' row: after it, the play's text lies there, never a button
                rect = pygame.Rect(inner.x, area.y, inner.width, button_h)
                self.widgets[CoachButton.DEAL] = button(ui, rect, tr("learn.deal"), "learn_deal", primary=True)
                area.height -= button_h + pad
                area.y += button_h + pad
        elif self.reading:
            last = self.page == len(self.lesson.pages) - 1
            row = [
                (CoachButton.SKIP, "learn.skip", not last),
                (CoachButton.BACK, "learn.back", self.page > 0),
                (CoachButton.NEXT, "learn.next", not last),
            ]
            self.add_row(row, pygame.Rect(inner.x, area.bottom - button_h, inner.width, button_h), pad)
            area.height -= button_h + pad
            if last:
                rect = pygame.Rect(inner.x, area.bottom - button_h, inner.width, button_h)
                self.widgets[CoachButton.DEAL] = button(ui, rect, tr("learn.deal"), "learn_deal", primary=True)
                area.height -= button_h + pad
        elif self.docked:
            self.add_row(
                [(CoachButton.END, "learn.end", True)], pygame.Rect(inner.x, area.y, inner.width, button_h), pad
            )
            area.height -= button_h + pad
            area.y += button_h + pad
        else:  # at the card's foot: where the pages' buttons were (under the title) the text lies
            row = [(CoachButton.END, "learn.end", True), (CoachButton.FOLD, "learn.fold", True)]
            self.add_row(row, pygame.Rect(inner.x, area.bottom - button_h, inner.width, button_h), pad)
            area.height -= button_h + pad
        self.picture_width = min(480, area.width - 60)  # inside the margins and scroll bar (pygame-gui loops on wider)
        self.text = pygame_gui.elements.UITextBox(self.html(), area, ui, object_id=ObjectID(object_id="#coach"))

    def add_row(self, row: list[tuple[CoachButton, str, bool]], place: pygame.Rect, pad: int) -> None:
        """Buttons side by side across ``place``, each (name, words, whether it may be pressed)."""
        ui, tr = self.table.app.ui, self.table.app.tr
        each = (place.width - pad * (len(row) - 1)) // len(row)
        for index, (name, key, enabled) in enumerate(row):
            rect = pygame.Rect(place.x + index * (each + pad), place.y, each, place.height)
            primary = enabled and name in (CoachButton.NEXT, CoachButton.FOLD)
            self.widgets[name] = widget = button(ui, rect, tr(key), f"learn_{name}", primary=primary)
            if not enabled:
                widget.disable()

    def exit(self) -> None:
        for widget in self.widgets.values():
            widget.kill()
        if self.text is not None:
            self.text.kill()
        self.widgets, self.text = {}, None

    def rebuild(self) -> None:
        self.exit()
        self.enter(self.table.app.size, self.table.layout.board, self.table.layout.unit)

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """A press on one of the coach's buttons; returns whether it was one."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = name_of(self.widgets, element_of(event))
        if name is CoachButton.NEXT:
            self.turn_page()
        elif name in (CoachButton.SKIP, CoachButton.DEAL):
            self.page = len(self.lesson.pages) - 1
            self.turn_page()
        elif name is CoachButton.BACK:
            self.page = max(0, self.page - 1)
            self.rebuild()
        elif name in (CoachButton.FOLD, CoachButton.UNFOLD):
            self.folded = name is CoachButton.FOLD
            self.rebuild()
        elif name is CoachButton.END:
            self.ask_to_end()
        return name is not None

    def ask_to_end(self) -> None:
        """A themed question over the dimmed table before the coach leaves; its safe answer
        (Keep learning) is the one Enter and Esc give."""
        table, tr = self.table, self.table.app.tr
        end = self.widgets.get(CoachButton.END)

        def answer(choice: str) -> None:
            table.dialog = None
            table.update_buttons()
            if choice == "end":
                table.end_lesson(tr("learn.skipped"))

        pressed = ((end.rect.copy(),),) if end is not None else ()  # left clear: no answer under the pointer
        table.dialog = Dialog(
            table.app,
            table.layout.unit,
            tr("learn.end.title"),
            tr("learn.end.question"),
            (Choice("keep", tr("learn.end.keep"), primary=True), Choice("end", tr("learn.end.ok"))),
            answer,
            sight=Sight((*pressed, *table.board.in_sight())),
        )
        table.update_buttons()

    def turn_page(self) -> None:
        """The next page, or the deal after the last one."""
        self.page += 1
        if not self.reading:
            self.body = self.table.app.tr("learn.watch")
        self.rebuild()

    # --- what it says -----------------------------------------------------------------

    def html(self) -> str:
        tr = self.table.app.tr
        if self.reading:
            count = tr("learn.page", page=self.page + 1, pages=len(self.lesson.pages))
            page = escape(tr(self.lesson.pages[self.page]))
            picture = self.lesson.picture(self.page)
            if picture and self.lesson.painter is not None:
                path, caption = self.lesson.painter(self.table.app, picture, self.picture_width)
                page += f'<br><br><img src="{path}">'
                if caption:
                    page += f"<br><i>{escape(caption)}</i>"
            return f"{page}<br><br><i>{escape(count)}</i>"
        return self.body

    def show(self, body: str) -> None:
        """New advice: in the text, and the card unfolded to show it."""
        self.body = body
        if self.folded:
            self.folded = False
            self.rebuild()
        elif self.text is not None:
            self.text.set_text(body)

    def update(self) -> None:
        """Tell each play as it comes, advise the person when their turn comes (again, once
        the hint is in), and sum up the deal when it ends; after Restart deal or Undo (fewer
        plays than told) start the story again from what the table now shows."""
        table = self.table
        if self.reading:
            return
        match = self.match
        if match.start.number != self.told_round:
            self.told, self.told_round, self.events = 0, match.start.number, []
        if match.round.is_over:
            if self.coached != (-1, -1):
                self.coached = (-1, -1)
                self.show(self.round_over())
            return
        restarted = self.catch_up()
        if not table.is_viewer_turn or table.animating or table.handover:
            if not self.docked and not self.folded and self.coached != table.turn_key:
                self.folded = True  # the card steps aside while the others play
                self.rebuild()
            elif restarted or self.heard:
                self.heard = False
                self.tell(self.watching(restarted))
            return
        key = table.turn_key
        if self.coached != key:
            self.coached = key
            table.control(Command.HINT)
        hint = table.last_hint[1] if table.last_hint is not None and table.last_hint[0] == key else None
        if self.hinted != key and (hint is not None or self.coached == key):
            if hint is not None:
                self.hinted = key
            self.show(self.advice(hint))
            if hint is not None:
                self.events, self.heard = [], False  # told: the next story starts after this turn

    def catch_up(self) -> bool:
        """Add the plays made since the last look to the story; returns whether the deal went
        back (Restart deal, Undo), in which case the story starts again."""
        table = self.table
        lines, seen = table.screens.lesson_events(table.view, table.names, table.app.tr, self.told)
        restarted = seen < self.told
        if restarted:
            self.events, self.coached, self.hinted = [], None, None
            lines, seen = table.screens.lesson_events(table.view, table.names, table.app.tr, 0)
        self.told = seen
        if lines:
            self.events += lines
            self.heard = True
        return restarted

    def watching(self, restarted: bool) -> str:
        """The story so far while the others play."""
        tr = self.table.app.tr
        parts = [f"<i>{escape(tr('learn.restarted'))}</i>", ""] if restarted else []
        if self.events:
            parts.append(f"<b>{escape(tr('learn.since'))}</b>")
            parts += [escape(line) for line in self.events]
        else:
            parts.append(escape(tr("learn.watch")))
        return "<br>".join(parts)

    def tell(self, body: str) -> None:
        """New text without unfolding a card put away (the story may wait for the person's turn)."""
        self.body = body
        if self.text is not None:
            self.text.set_text(body)
            if self.text.scroll_bar is not None:
                self.text.scroll_bar.set_scroll_from_start_percentage(1.0)

    def advice(self, hint: Hint | None) -> str:
        table, tr = self.table, self.table.app.tr
        screens, names = table.screens, table.names
        parts = []
        if self.events:
            parts.append(f"<b>{escape(tr('learn.since'))}</b>")
            parts += [escape(line) for line in self.events]
            parts.append("")
        parts.append(f"<b>{escape(tr('learn.your_turn'))}</b>")
        parts += [escape(line) for line in screens.lesson_options(table.view, names, tr)]
        parts.append("")
        if hint is not None:
            choice = continuing(screens.decision_text(hint.decision, names, tr), table.app.text)
            parts.append(f"<b>{escape(tr('learn.hint', decision=choice))}</b>")
            parts.append(escape(screens.hint_text(hint, names, tr)))
            parts.append("")
            parts.append(f"<i>{escape(tr(self.lesson.how))}</i>")
        else:
            parts.append(f"<i>{escape(tr('learn.thinking'))}</i>")
        return "<br>".join(parts)

    def round_over(self) -> str:
        tr = self.table.app.tr
        self.catch_up()
        lines = self.events
        parts = [f"<b>{escape(tr('learn.since'))}</b>", *(escape(line) for line in lines), ""] if lines else []
        parts.append(f"<b>{escape(tr('learn.deal_over'))}</b>")
        parts += [escape(line) for line in self.table.board.round_end_caption()]
        parts += ["", escape(tr("learn.finished"))]
        return "<br>".join(parts)

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The column or the card under its text and buttons, with the lesson's title."""
        if not self.rect.width:
            return
        table = self.table
        lay, tr = table.layout, table.app.tr
        if self.docked:
            shade(surface, self.rect, COLOURS.shade)
            pygame.draw.line(surface, COLOURS.gold, self.rect.topleft, self.rect.bottomleft, max(2, lay.px(2)))
        else:
            radius = lay.px(14)
            pygame.draw.rect(surface, COLOURS.panel, self.rect, border_radius=radius)
            pygame.draw.rect(surface, COLOURS.gold, self.rect, width=max(2, lay.px(2)), border_radius=radius)
        title = fit_text(
            table.app,
            tr("learn.title", game=tr(f"game.{self.match.name}")),
            lay.px(22),
            self.rect.width - lay.px(24),
            bold=True,
            colour=COLOURS.gold,
        )
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + max(6, lay.px(8)))))
