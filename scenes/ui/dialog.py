"""Themed questions over any scene, truly modal: a window over the whole screen dims
everything under it (the scene and its widgets alike) and takes every press of the mouse
or of a finger, and the scene hands it every key. On the dimmed screen, a panel in the
table's colours with a title, a few lines and large buttons. Tab and the arrows move the
focus between the buttons (a ring round it, on the panel), Enter or Space presses the focused one (at
first the primary one), Esc answers with the safe choice (the first, unless named). A key held
down as the question opens (the Enter that asked it) does nothing until it is let go."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from scenes.ui.app_services import AppServices
from scenes.ui.drawing import fit_text, wrap_text
from scenes.ui.focus import FocusRing
from scenes.ui.input import Command, command_of
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import TEXT_MARGIN, button, name_of

STACKED = 4  # from this many choices on, they are stacked in a column (a list of languages); fewer
# are stacked too when their words would not fit side by side


def modal_window(app: AppServices) -> pygame_gui.elements.UIWindow:
    """A window over the whole screen, above every other widget and window: it dims what
    lies under it (its theme's background is the shade) and takes every press; what is
    built in it is the only thing that reacts."""
    w, h = app.size
    window = pygame_gui.elements.UIWindow(
        pygame.Rect(0, 0, w, h),
        app.ui,
        object_id=ObjectID(object_id="#modal_window"),
        resizable=False,
        draggable=False,
        always_on_top=True,
    )
    window.set_blocking(True)
    app.ui.set_focus_set(window)  # a text field under it types no more
    return window


def panel_picture(app: AppServices, size: tuple[int, int], unit: float, title: str) -> pygame.Surface:
    """A modal panel in the table's colours, gold-edged, with its ``title`` at the top."""

    def px(design: float) -> int:
        return max(1, round(design * unit))

    picture = pygame.Surface(size, pygame.SRCALPHA)
    local = picture.get_rect()
    radius = px(18)
    pygame.draw.rect(picture, COLOURS.panel, local, border_radius=radius)
    pygame.draw.rect(picture, COLOURS.gold, local, width=max(2, px(2)), border_radius=radius)
    image = app.text_image(title, px(26), True, COLOURS.gold)
    if image.get_width() > size[0] - px(32):
        image = fit_text(app, title, px(26), size[0] - px(32), True, COLOURS.gold)
    picture.blit(image, image.get_rect(midtop=(local.centerx, px(28))))
    return picture


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer: its name, its text, whether it is the answer Enter gives, and what it
    then does (nothing: the question is only closed)."""

    name: str
    text: str
    primary: bool = False
    then: Callable[[], None] | None = None


class Dialog:
    """An open question; once a choice is taken, ``answer(name)`` is called with its name,
    then the choice's own ``then``."""

    def __init__(
        self,
        app: AppServices,
        unit: float,
        title: str,
        body: str,
        choices: Sequence[Choice],
        answer: Callable[[str], None],
        safe: str | None = None,
    ) -> None:
        self.app = app
        self.unit = unit
        self.title = title
        self.body = body
        self.choices = list(choices)
        self.answer = answer
        self.safe = safe or self.choices[0].name  # the answer Esc gives
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.window: pygame_gui.elements.UIWindow | None = None
        self.picture: pygame_gui.elements.UIImage | None = None
        self.open = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.primary = next((c.name for c in self.choices if c.primary), self.choices[-1].name)
        self.focus = FocusRing([])
        self.stale = set(app.manager.keys_down)  # keys held as it opened: they wait to be let go
        self.build()

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    def build(self) -> None:
        """Place the window, the panel and its buttons for the current window size (again
        after a resize or a change of language, which clear every widget)."""
        self.kill_widgets()
        w, h = self.app.size
        button_h = max(48, self.px(58))
        gap = self.px(14)
        stacked = len(self.choices) >= STACKED or not self.fit_in_a_row(min(w - self.px(24), self.px(640)), gap)
        width = min(w - self.px(24), self.px(520 if stacked else 640))
        body_font = self.app.font(self.px(19))
        lines = wrap_text(body_font, self.body, width - self.px(56)) if self.body else []
        line_h = body_font.get_linesize()
        title_h = self.app.font(self.px(26), True).get_linesize()
        rows = len(self.choices) if stacked else 1
        buttons_h = rows * button_h + (rows - 1) * gap
        height = self.px(28) + title_h + self.px(14) + len(lines) * line_h + self.px(26) + buttons_h + self.px(24)
        self.panel = pygame.Rect((w - width) // 2, max(0, (h - height) // 2), width, min(h, height))
        self.lines = lines
        self.window = modal_window(self.app)
        if stacked:
            rects = [
                pygame.Rect(
                    self.panel.x + self.px(24),
                    self.panel.bottom - self.px(24) - buttons_h + i * (button_h + gap),
                    width - self.px(48),
                    button_h,
                )
                for i in range(rows)
            ]
        else:
            count = len(self.choices)
            each = (width - self.px(48) - gap * (count - 1)) // count
            y = self.panel.bottom - self.px(24) - button_h
            rects = [
                pygame.Rect(self.panel.x + self.px(24) + i * (each + gap), y, each, button_h) for i in range(count)
            ]
        for choice, rect in zip(self.choices, rects):
            self.buttons[choice.name] = button(
                self.app.ui, rect, choice.text, f"dialog_{choice.name}", choice.primary, container=self.window
            )
        self.focus = FocusRing(list(self.buttons.items()), self.focus.focused or self.primary, self.focus.shown)
        self.picture = pygame_gui.elements.UIImage(
            self.panel, self.panel_picture(), self.app.ui, container=self.window, starting_height=0
        )

    def fit_in_a_row(self, width: int, gap: int) -> bool:
        """Whether every choice's words fit its button when the buttons share a row of ``width``."""
        count = len(self.choices)
        each = (width - self.px(48) - gap * (count - 1)) // count
        font = self.app.font(self.px(19))
        return all(font.size(choice.text)[0] + 2 * TEXT_MARGIN <= each for choice in self.choices)

    def panel_picture(self) -> pygame.Surface:
        """The panel with its title and lines, and the focus ring round the focused button."""
        picture = panel_picture(self.app, self.panel.size, self.unit, self.title)
        local = picture.get_rect()
        y = self.px(28) + self.app.font(self.px(26), True).get_linesize() + self.px(14)
        for line in self.lines:
            image = self.app.text_image(line, self.px(19), False, COLOURS.ink)
            picture.blit(image, image.get_rect(midtop=(local.centerx, y)))
            y += image.get_height()
        self.focus.draw(picture, max(2, self.px(3)), self.panel.topleft)
        return picture

    def kill_widgets(self) -> None:
        if self.window is not None:
            self.window.kill()
        self.window = self.picture = None
        self.buttons = {}

    def close(self) -> None:
        self.kill_widgets()
        self.open = False

    def choose(self, name: str) -> None:
        self.close()
        self.answer(name)
        chosen = next((choice for choice in self.choices if choice.name == name), None)
        if chosen is not None and chosen.then is not None:
            chosen.then()

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """Take a button press meant for this dialog; returns whether it was one."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = name_of(self.buttons, event.ui_element)
        if name is None:
            return False
        self.choose(name)
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys: Tab and the arrows move the focus, Enter or Space presses the focused button,
        Esc takes the safe choice. Every other event is the dialog's too: nothing
        under it reacts."""
        if event.type == pygame.KEYUP:
            self.stale.discard(event.key)
            return
        if event.type == pygame.KEYDOWN and event.key in self.stale:
            return
        shown = self.focus.shown
        if self.focus.handle(event) or shown != self.focus.shown:
            if self.picture is not None:
                self.picture.set_image(self.panel_picture())
            return
        if command_of(event) is Command.BACK:
            self.choose(self.safe)
            return
        name = self.focus.pressed(event)
        if name is not None:
            self.choose(name)

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing: the window over the screen draws the shade, the panel and the buttons."""
