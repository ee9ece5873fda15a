"""Themed questions over any scene: a shaded screen, a panel in the table's colours, a
title, a few lines and large buttons. While one is open the scene beneath takes no
input; Esc answers with the first choice (the safe one), Enter with the primary one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from scenes.drawing import shade, wrap_text
from scenes.theme import COLOURS
from scenes.widgets import button


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer: its name, its text, and whether it is the answer Enter gives."""

    name: str
    text: str
    primary: bool = False


class Dialog:
    """An open question; ``answer(name)`` is called once with the choice taken."""

    def __init__(
        self,
        app: Any,
        unit: float,
        title: str,
        body: str,
        choices: Sequence[Choice],
        answer: Callable[[str], None],
    ) -> None:
        self.app = app
        self.unit = unit
        self.title = title
        self.body = body
        self.choices = list(choices)
        self.answer = answer
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.open = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.build()

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    def build(self) -> None:
        """Place the panel and its buttons for the current window size."""
        for widget in self.buttons.values():
            widget.kill()
        w, h = self.app.size
        button_h = max(48, self.px(58))
        width = min(w - self.px(24), self.px(640))
        lines = wrap_text(self.app.font(self.px(19)), self.body, width - self.px(56))
        line_h = self.app.font(self.px(19)).get_linesize()
        title_h = self.app.font(self.px(26), True).get_linesize()
        height = self.px(28) + title_h + self.px(14) + len(lines) * line_h + self.px(26) + button_h + self.px(24)
        self.panel = pygame.Rect((w - width) // 2, max(0, (h - height) // 2), width, min(h, height))
        self.lines = lines
        gap = self.px(14)
        count = len(self.choices)
        each = (width - self.px(48) - gap * (count - 1)) // count
        x = self.panel.x + self.px(24)
        y = self.panel.bottom - self.px(24) - button_h
        for choice in self.choices:
            rect = pygame.Rect(x, y, each, button_h)
            self.buttons[choice.name] = button(self.app.ui, rect, choice.text, f"dialog_{choice.name}", choice.primary)
            x += each + gap

    def close(self) -> None:
        for widget in self.buttons.values():
            widget.kill()
        self.buttons = {}
        self.open = False

    def choose(self, name: str) -> None:
        self.close()
        self.answer(name)

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """Take a button press meant for this dialog; returns whether it was one."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = next((n for n, widget in self.buttons.items() if widget is event.ui_element), None)
        if name is None:
            return False
        self.choose(name)
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys: Esc takes the first (safe) choice, Enter the primary one."""
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.choose(self.choices[0].name)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            primary = next((c for c in self.choices if c.primary), self.choices[-1])
            self.choose(primary.name)

    def draw(self, surface: pygame.Surface) -> None:
        """The shade and the panel; pygame-gui draws the buttons over them."""
        if not self.open:
            return
        shade(surface, surface.get_rect(), COLOURS.shade)
        radius = self.px(18)
        pygame.draw.rect(surface, COLOURS.panel, self.panel, border_radius=radius)
        pygame.draw.rect(surface, COLOURS.gold, self.panel, width=max(2, self.px(2)), border_radius=radius)
        y = self.panel.y + self.px(28)
        title = self.app.text_image(self.title, self.px(26), True, COLOURS.gold)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, y)))
        y += title.get_height() + self.px(14)
        for line in self.lines:
            image = self.app.text_image(line, self.px(19), False, COLOURS.ink)
            surface.blit(image, image.get_rect(midtop=(self.panel.centerx, y)))
            y += image.get_height()
