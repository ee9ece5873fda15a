"""Small helpers for pygame-gui widgets with our object ids; text is shrunk, never clipped."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

SIZES = ("", "_small", "_tiny")  # theme classes from the regular font down
TEXT_MARGIN = 12  # px left free around a label's text


def text_fits(widget, text: str) -> bool:
    """Whether ``text`` in the widget's font fits inside its rectangle."""
    return widget.font.size(text)[0] + TEXT_MARGIN <= widget.rect.width


def looks_on_demand(ui: pygame_gui.UIManager) -> None:
    """Let each widget draw a look (hovered, pressed...) when it is first shown, instead of
    pygame-gui drawing one look ahead per widget per frame: at 1920x1080 that cost a new
    screen 15-25 ms in each of its first frames."""
    for element in ui.get_sprite_group().sprites():
        queue = getattr(getattr(element, "drawable_shape", None), "states_to_redraw_queue", None)
        if queue:
            queue.clear()


def button(
    ui: pygame_gui.UIManager,
    rect: pygame.Rect,
    text: str,
    name: str,
    primary: bool = False,
    tooltip: str | None = None,
    container=None,
) -> pygame_gui.elements.UIButton:
    """A themed button; ``name`` becomes its object id (``#name``); long text takes a smaller font."""
    base = "@primary" if primary else "@button"
    for size in SIZES:
        made = pygame_gui.elements.UIButton(
            relative_rect=rect,
            text=text,
            manager=ui,
            tool_tip_text=tooltip,
            container=container,
            object_id=ObjectID(class_id=base + size, object_id=f"#{name}"),
        )
        if text_fits(made, text) or size == SIZES[-1]:
            return made
        made.kill()
    raise AssertionError("unreachable")


def label(
    ui: pygame_gui.UIManager, rect: pygame.Rect, text: str, style: str = "label", container=None
) -> pygame_gui.elements.UILabel:
    """A themed label; long text takes a smaller font."""
    for size in SIZES:
        made = pygame_gui.elements.UILabel(
            relative_rect=rect,
            text=text,
            manager=ui,
            container=container,
            object_id=ObjectID(class_id=f"@{style}{size}"),
        )
        if text_fits(made, text) or size == SIZES[-1]:
            return made
        made.kill()
    raise AssertionError("unreachable")


def row_of_buttons(
    ui: pygame_gui.UIManager,
    area: pygame.Rect,
    items: list[tuple[str, str]],
    height: int,
    max_width: int,
    gap: int,
    primary: tuple[str, ...] = (),
) -> dict[str, pygame_gui.elements.UIButton]:
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
