"""The menu's Open record… window: a themed, translated, modal file picker that opens in the
folder Export writes to, lists its folders and records (newest first) in rows large enough
to touch, and works by keyboard: the arrows or Tab move the focus (a ring shows it) and
the focused record is the one chosen; Enter opens the focused row (a folder: goes into
it), Backspace goes up a folder, Page Up and Page Down turn the pages, Esc closes. A tap or click chooses a row;
a second one (or Open) opens it. When a record cannot be opened, the picker stays and
says why."""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

import pygame
import pygame_gui

from game.core.errors import capped
from scenes.ui.app_services import AppServices
from scenes.ui.dialog import modal_window, panel_picture
from scenes.ui.drawing import fit_text, wrap_text
from scenes.ui.event_fields import element_of, key_of, y_of
from scenes.ui.focus import FocusRing
from scenes.ui.input import Command, command_of
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button, name_of

SUFFIXES = (".json", ".jsonl")
ROW_GAP = 2  # px between two rows
NAME_LIMIT = 120  # characters of a file name shown
LISTED_AT_MOST = 2000  # entries of one folder listed (a folder of a million files stays quick)

Opener = Callable[[str], str | None]  # opens a record; the reason it could not, or None


@dataclass(frozen=True, slots=True)
class Entry:
    """A row of the list: a folder or a record file."""

    path: pathlib.Path
    folder: bool

    @property
    def label(self) -> str:
        return shown_name(self.path.name) + ("/" if self.folder else "")


def shown_name(name: str) -> str:
    """A file name as it can be drawn: bytes that are not text (a name in another encoding)
    and control characters become visible marks, and a very long name is cut."""
    return capped("".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in name), NAME_LIMIT)


def folder_entries(folder: pathlib.Path) -> list[Entry]:
    """The folders (by name) then the record files (newest first) in ``folder``; hidden ones
    left out. Raises OSError when it cannot be read."""
    folders: list[Entry] = []
    files: list[tuple[float, Entry]] = []
    with os.scandir(folder) as listing:
        for count, item in enumerate(listing):
            if count >= LISTED_AT_MOST:
                break
            if item.name.startswith("."):
                continue
            try:
                if item.is_dir():
                    folders.append(Entry(pathlib.Path(item.path), True))
                elif item.is_file() and item.name.endswith(SUFFIXES):
                    files.append((item.stat().st_mtime, Entry(pathlib.Path(item.path), False)))
            except OSError:
                continue
    folders.sort(key=lambda entry: entry.path.name.casefold())
    files.sort(key=lambda pair: (-pair[0], pair[1].path.name))
    return folders + [entry for _, entry in files]


class PickerButton(StrEnum):
    """The picker's buttons (its rows are named ``row0``, ``row1``...)."""

    UP = "up"
    RECORDS = "records"
    PREVIOUS = "previous"
    NEXT = "next"
    CANCEL = "cancel"
    OPEN = "open"


CLOSING = ((PickerButton.CANCEL, "confirm.cancel"), (PickerButton.OPEN, "picker.open"))
"""The buttons that close the picker, and their texts."""


class RecordPicker:
    """Pick a record file; ``opener(path)`` opens it and returns why it could not, or None."""

    def __init__(
        self, app: AppServices, unit: float, home: pathlib.Path, opener: Opener, on_close: Callable[[], None]
    ) -> None:
        self.app = app
        self.unit = unit
        self.home = home  # where Export writes: the picker opens there, and Records goes back there
        self.folder = home if home.is_dir() else pathlib.Path.home()
        self.opener = opener
        self.on_close = on_close
        self.entries: list[Entry] = []
        self.page = 0
        self.chosen: pathlib.Path | None = None
        self.message = ""  # why the folder or the record could not be opened
        self.window: pygame_gui.elements.UIWindow | None = None
        self.picture: pygame_gui.elements.UIImage | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.rows: dict[str, Entry] = {}  # the row buttons' names and what they stand for
        self.focus = FocusRing([])
        self.stale = set(app.manager.keys_down)
        self.open = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.read_folder()
        self.build()

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    # --- the folder -----------------------------------------------------------------------

    def read_folder(self) -> None:
        try:
            self.entries = folder_entries(self.folder)
        except OSError as error:
            self.entries = []
            self.message = self.app.tr("picker.unreadable_folder", reason=error.strerror or str(error))
        self.page = 0

    def go(self, folder: pathlib.Path) -> None:
        """Show ``folder`` (the focus on its first row)."""
        self.folder, self.chosen, self.message = folder, None, ""
        self.read_folder()
        self.focus = FocusRing([], None, self.focus.shown)
        self.build(first_row=True)

    @property
    def row_h(self) -> int:
        return max(44, self.px(48))

    @property
    def per_page(self) -> int:
        return max(1, (self.list_area.height + ROW_GAP) // (self.row_h + ROW_GAP))

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // self.per_page))

    # --- widgets --------------------------------------------------------------------------

    def build(self, first_row: bool = False) -> None:
        """Lay the picker out for the window's size: a panel with its title, the folder's path,
        Up and Records, the rows of this page, the page buttons, Cancel and Open."""
        if self.window is not None:
            self.window.kill()
        w, h = self.app.size
        px, row_h = self.px, self.row_h
        margin = px(12)
        width, height = min(w - 2 * margin, max(px(860), 640)), min(h - 2 * margin, max(px(640), 520))
        self.panel = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        self.window = modal_window(self.app)
        pad, gap = px(24), px(10)
        inner = self.panel.inflate(-2 * pad, 0)
        title_h = self.app.font(px(26), True).get_linesize()
        top = self.panel.y + px(28) + title_h + px(6)
        self.path_line = pygame.Rect(inner.x, top, inner.width, self.app.font(px(16)).get_linesize())
        tools = pygame.Rect(inner.x, self.path_line.bottom + px(6), inner.width, row_h)
        bottom = pygame.Rect(inner.x, self.panel.bottom - px(20) - row_h, inner.width, row_h)
        self.message_area = pygame.Rect(
            inner.x, bottom.y - gap - 2 * self.app.font(px(16)).get_linesize(), inner.width, 0
        )
        self.message_area.height = bottom.y - gap - self.message_area.y
        self.list_area = pygame.Rect(
            inner.x, tools.bottom + gap, inner.width, self.message_area.y - gap - tools.bottom - gap
        )
        self.buttons = {}
        tr = self.app.tr
        tool_w = min(px(260), (inner.width - gap) // 2)
        self.add(PickerButton.UP, pygame.Rect(tools.x, tools.y, tool_w, row_h), tr("picker.up"))
        self.add(
            PickerButton.RECORDS, pygame.Rect(tools.x + tool_w + gap, tools.y, tool_w, row_h), tr("picker.records")
        )
        if self.folder.parent == self.folder:
            self.buttons[PickerButton.UP].disable()
        self.page = min(self.page, self.pages - 1)
        self.rows = {}
        shown = self.entries[self.page * self.per_page : (self.page + 1) * self.per_page]
        for index, entry in enumerate(shown):
            self.rows[f"row{index}"] = entry
            self.add_row(f"row{index}")
        each = min(px(190), (inner.width - 3 * gap) // 4)
        for index, (name, key) in enumerate(
            ((PickerButton.PREVIOUS, "picker.previous"), (PickerButton.NEXT, "picker.next"))
        ):
            self.add(name, pygame.Rect(bottom.x + index * (each + gap), bottom.y, each, row_h), tr(key))
        for name, shut in ((PickerButton.PREVIOUS, self.page == 0), (PickerButton.NEXT, self.page >= self.pages - 1)):
            if self.pages == 1:
                self.buttons[name].hide()  # one page: nothing to turn
            elif shut:
                self.buttons[name].disable()
        for index, (name, key) in enumerate(
            ((PickerButton.CANCEL, "confirm.cancel"), (PickerButton.OPEN, "picker.open"))
        ):
            x = bottom.right - (2 - index) * each - (1 - index) * gap
            self.add(name, pygame.Rect(x, bottom.y, each, row_h), tr(key), primary=name is PickerButton.OPEN)
        if self.chosen is None:
            self.buttons[PickerButton.OPEN].disable()
        rows = list(self.rows)
        self.order = [PickerButton.UP, PickerButton.RECORDS, *rows, PickerButton.PREVIOUS, PickerButton.NEXT]
        self.order += [PickerButton.CANCEL, PickerButton.OPEN]
        wanted = self.focus.focused
        if first_row or wanted is None:
            wanted = rows[0] if rows else PickerButton.RECORDS
        self.focus = FocusRing([(name, self.buttons[name]) for name in self.order], wanted, self.focus.shown)
        self.picture = pygame_gui.elements.UIImage(
            self.panel, self.panel_picture(), self.app.ui, container=self.window, starting_height=0
        )

    def add(self, name: str, rect: pygame.Rect, text: str, primary: bool = False, style: str = "") -> None:
        self.buttons[name] = button(self.app.ui, rect, text, style or f"picker_{name}", primary, container=self.window)

    def add_row(self, name: str) -> None:
        """The button of row ``name``: drawn as the primary one when it is the chosen record."""
        index, entry = int(name.removeprefix("row")), self.rows[name]
        step = self.row_h + ROW_GAP
        rect = pygame.Rect(self.list_area.x, self.list_area.y + index * step, self.list_area.width, self.row_h)
        style = "picker_folder" if entry.folder else "picker_file"
        self.add(name, rect, entry.label, primary=entry.path == self.chosen, style=style)

    def panel_picture(self) -> pygame.Surface:
        """The panel: the title, the folder shown, an empty folder's words, the page, the
        message, and the focus ring."""
        px, tr = self.px, self.app.tr
        picture = panel_picture(self.app, self.panel.size, self.unit, tr("picker.title"))
        origin = self.panel.topleft

        def at(rect: pygame.Rect) -> pygame.Rect:
            return rect.move(-origin[0], -origin[1])

        folder = fit_text(
            self.app,
            tr("picker.folder", folder=shown_name(str(self.folder))),
            px(16),
            self.path_line.width,
            colour=COLOURS.muted,
        )
        picture.blit(folder, at(self.path_line))
        if not self.entries:
            empty = tr("picker.empty_records" if self.folder == self.home else "picker.empty")
            y = at(self.list_area).y + px(12)
            for line in wrap_text(self.app.font(px(18)), empty, self.list_area.width - px(20)):
                image = self.app.text_image(line, px(18), False, COLOURS.ink)
                picture.blit(image, (at(self.list_area).x + px(10), y))
                y += image.get_height()
        area = at(self.message_area)
        lines = [(self.message, COLOURS.warn)] if self.message else []
        if self.pages > 1:
            lines.append((tr("picker.page", page=self.page + 1, pages=self.pages), COLOURS.muted))
        y = area.y
        for text, colour in lines:
            for line in wrap_text(self.app.font(px(16)), text, area.width)[:2]:
                image = self.app.text_image(line, px(16), text == self.message, colour)
                picture.blit(image, (area.x, y))
                y += image.get_height()
        self.focus.draw(picture, max(2, px(3)), origin)
        return picture

    def refresh_picture(self) -> None:
        if self.picture is not None:
            self.picture.set_image(self.panel_picture())

    def close(self) -> None:
        if self.window is not None:
            self.window.kill()
        self.window = self.picture = None
        self.buttons, self.rows = {}, {}
        self.open = False

    # --- choosing --------------------------------------------------------------------------

    def press(self, name: str | None, by_key: bool = False) -> None:
        """A button pressed: by the pointer (a row is chosen first, opened by a second press)
        or by Enter on the focused one (a row opens at once)."""
        if name is None:
            return
        if name in self.rows:
            entry = self.rows[name]
            if by_key or entry.folder or entry.path == self.chosen:
                self.take(entry)
            else:
                self.choose(name)
        else:
            self.pressed_button(PickerButton(name))

    def pressed_button(self, button: PickerButton) -> None:
        if button is PickerButton.UP:
            self.go(self.folder.parent)
        elif button is PickerButton.RECORDS:
            self.go(self.home if self.home.is_dir() else pathlib.Path.home())
        elif button in (PickerButton.PREVIOUS, PickerButton.NEXT):
            self.turn(-1 if button is PickerButton.PREVIOUS else 1)
        elif button is PickerButton.CANCEL:
            self.finish()
        elif self.chosen is not None:
            self.take(Entry(self.chosen, False))

    def choose(self, name: str) -> None:
        """The row ``name`` becomes the chosen one (drawn as the primary button), focused."""
        before = next((row for row, entry in self.rows.items() if entry.path == self.chosen), None)
        self.chosen = self.rows[name].path
        self.message = ""
        for row in dict.fromkeys(row for row in (before, name) if row is not None):
            self.buttons[row].kill()
            self.add_row(row)
        self.buttons[PickerButton.OPEN].enable()
        self.focus.targets = [(row, self.buttons[row]) for row in self.order]
        self.focus.focus(name)
        self.refresh_picture()

    def take(self, entry: Entry) -> None:
        """Go into a folder, or open a record (the picker closes) or say why it cannot."""
        if entry.folder:
            self.go(entry.path)
            return
        problem = self.opener(str(entry.path))
        if problem is None:
            self.finish()
            return
        self.chosen, self.message = entry.path, problem
        self.build()

    def turn(self, by: int) -> None:
        """The previous or next page (the focus on its first row)."""
        page = max(0, min(self.pages - 1, self.page + by))
        if page != self.page:
            self.page = page
            self.build(first_row=True)

    def finish(self) -> None:
        self.close()
        self.on_close()

    # --- events ----------------------------------------------------------------------------

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """A press on one of the picker's buttons; whether it was one."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = name_of(self.buttons, element_of(event))
        if name is None:
            return False
        self.press(name)
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        """Every other event is the picker's too: nothing under it reacts."""
        if event.type == pygame.KEYUP:
            self.stale.discard(key_of(event))
            return
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if y_of(event) > 0 else 1)
            return
        if event.type != pygame.KEYDOWN:
            if self.focus.handle(event):
                self.refresh_picture()
            return
        if key_of(event) in self.stale:
            return
        command = command_of(event)
        if command is Command.BACK:
            self.finish()
        elif command is Command.UP_FOLDER:
            self.press(PickerButton.UP)
        elif command in (Command.PAGE_UP, Command.PAGE_DOWN):
            self.turn(-1 if command is Command.PAGE_UP else 1)
        elif command in (Command.END_PREV, Command.END_NEXT) and self.at_page_edge(command):
            self.turn(-1 if command is Command.END_PREV else 1)
        elif self.focus.handle(event):
            self.follow_focus()
        else:
            self.press(self.focus.pressed(event), by_key=True)

    def at_page_edge(self, key: Command) -> bool:
        """Whether Up on the first row or Down on the last one should turn the page."""
        rows = list(self.rows)
        if not rows or self.focus.focused not in rows:
            return False
        edge = rows[0] if key is Command.END_PREV else rows[-1]
        turn = self.page > 0 if key is Command.END_PREV else self.page < self.pages - 1
        return self.focus.focused == edge and turn

    def follow_focus(self) -> None:
        """The focused row is the chosen one; the ring moves in any case."""
        if self.focus.focused in self.rows and not self.rows[self.focus.focused].folder:
            self.choose(self.focus.focused)
        else:
            self.refresh_picture()
