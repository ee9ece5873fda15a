"""Small helpers for pygame-gui widgets with our object ids."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID


def button(ui: pygame_gui.UIManager, rect: pygame.Rect, text: str, name: str,
           primary: bool = False, tooltip: str | None = None) -> pygame_gui.elements.UIButton:
    """A themed button; ``name`` becomes its object id (``#name``)."""
    return pygame_gui.elements.UIButton(
        relative_rect=rect, text=text, manager=ui, tool_tip_text=tooltip,
        object_id=ObjectID(class_id="@primary" if primary else "@button", object_id=f"#{name}"))


def label(ui: pygame_gui.UIManager, rect: pygame.Rect, text: str, style: str = "label",
          container=None) -> pygame_gui.elements.UILabel:
    return pygame_gui.elements.UILabel(relative_rect=rect, text=text, manager=ui, container=container,
                                       object_id=ObjectID(class_id=f"@{style}"))


def row_of_buttons(ui: pygame_gui.UIManager, area: pygame.Rect, items: list[tuple[str, str]],
                   height: int, max_width: int, gap: int,
                   primary: tuple[str, ...] = ()) -> dict[str, pygame_gui.elements.UIButton]:
    """Buttons of equal width centred in ``area``; ``items`` are (name, text)."""
    count = len(items)
    width = min(max_width, (area.width - gap * (count + 1)) // count)
    total = count * width + (count - 1) * gap
    x = area.centerx - total // 2
    y = area.centery - height // 2
    made = {}
    for name, text in items:
        made[name] = button(ui, pygame.Rect(x, y, width, height), text, name, primary=name in primary)
        x += width + gap
    return made
