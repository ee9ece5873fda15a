"""Windows over the table: Rules, Log (with export) and confirmations."""

from __future__ import annotations

import html
import time
from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.files import write_atomic
from game.core.match import Match
from game.core.record import dumps, match_to_record
from scenes.services.persist import records_dir
from scenes.services.translation import Tr
from scenes.ui.widgets import button

WINDOW_CLASS = "@panel_window"  # the game's look for every window (assets/theme.json)
TEXT_CLASS = "@panel_text"


def panel_id(name: str) -> ObjectID:
    """The themed id of window ``name`` ("rules", "log", "settings"...)."""
    return ObjectID(class_id=WINDOW_CLASS, object_id=f"#{name}_window")


TITLE_BAR = 46  # px, the title bar's height in the theme


def readable_close(window: pygame_gui.elements.UIWindow) -> None:
    """A close button the game's font can draw (pygame-gui's own mark is not in it)."""
    if window.close_window_button is not None:
        window.close_window_button.set_text("×")


def _window_rect(size: tuple[int, int], unit: float) -> pygame.Rect:
    w, h = size
    width, height = min(w - 40, round(820 * unit)), min(h - 40, round(600 * unit))
    return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)


def text_width(size: tuple[int, int], unit: float) -> int:
    """The width available to a picture inside a panel's text (less borders and scroll bar)."""
    return _window_rect(size, unit).width - 100


class TextPanel:
    """A closable window with a scrolling text, optional buttons along its bottom and an
    optional drop-down of ``choices`` ((text, value) pairs) before them."""

    SCROLL_WHEEL_SPEED = 120.0  # pygame-gui's default of 40 crawls through a long log

    def __init__(
        self,
        ui: pygame_gui.UIManager,
        size: tuple[int, int],
        unit: float,
        title: str,
        body_html: str,
        name: str,
        buttons: Sequence[tuple[str, str]] = (),
        choices: Sequence[tuple[str, str]] = (),
        at_end: bool = False,
    ) -> None:
        rect = _window_rect(size, unit)
        self.window = pygame_gui.elements.UIWindow(
            rect, ui, window_display_title=title, object_id=panel_id(name), resizable=False
        )
        readable_close(self.window)
        inner = self.window.get_container().get_rect()
        bottom = 0
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.choices: pygame_gui.elements.UIDropDownMenu | None = None
        if buttons or choices:
            bh = max(44, round(48 * unit))
            bottom = bh + 16
            slots = len(buttons) + (1 if choices else 0)
            width = min(round(300 * unit), (inner.width - 24 - 8 * (slots - 1)) // slots)
            x = 12
            y = inner.height - bh - 8
            for key, text in buttons:
                if key == buttons[-1][0] and choices:
                    options: list[str | tuple[str, str]] = list(choices)
                    self.choices = pygame_gui.elements.UIDropDownMenu(
                        options,
                        options[0],
                        pygame.Rect(x, y, width, bh),
                        ui,
                        container=self.window,
                        object_id=ObjectID(object_id=f"#{name}_choice"),
                        expand_on_option_click=True,
                    )
                    x += width + 8
                self.buttons[key] = button(ui, pygame.Rect(x, y, width, bh), text, key, container=self.window)
                x += width + 8
        self.text = pygame_gui.elements.UITextBox(
            body_html,
            pygame.Rect(12, 12, inner.width - 24, inner.height - 24 - bottom),
            ui,
            container=self.window,
            object_id=ObjectID(class_id=TEXT_CLASS, object_id=f"#{name}_text"),
        )
        if self.text.scroll_bar is not None:
            self.text.scroll_bar.scroll_wheel_speed = self.SCROLL_WHEEL_SPEED
            if at_end:
                self.text.scroll_bar.set_scroll_from_start_percentage(1.0)

    @property
    def choice(self) -> str | None:
        """The value chosen in the drop-down (None without one)."""
        if self.choices is None:
            return None
        chosen: str = self.choices.selected_option[1]
        return chosen

    @property
    def alive(self) -> bool:
        return bool(self.window.alive())

    def close(self) -> None:
        if self.window.alive():
            self.window.kill()


def escape(text: str) -> str:
    return html.escape(text, quote=False)


def export_record(match: Match, tr: Tr) -> str:
    """Write the match record as JSON to the user's data folder, at once or not at all;
    returns the message to show: where it went, or why it could not be written."""
    folder = records_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{match.name}-{match.seed}-{stamp}.json"
    try:
        write_atomic(path, dumps(match_to_record(match)) + "\n", make_folders=True)
    except OSError as error:
        return tr("log.export_failed", reason=str(error))
    return tr("log.exported", path=str(path))
