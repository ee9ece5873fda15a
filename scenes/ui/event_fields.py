"""The fields of pygame's events, typed. pygame gives each field as ``Any``; the client reads
them here, from the event's own dictionary, as what pygame puts there."""

from __future__ import annotations

from typing import cast

import pygame
from pygame_gui.core import UIElement


def _field(event: pygame.event.Event, name: str, default: object = None) -> object:
    """The field ``name`` of ``event`` (``default`` where it has none)."""
    fields: dict[str, object] = event.dict
    return fields.get(name, default)


def key_of(event: pygame.event.Event) -> int:
    """The key of a KEYDOWN or KEYUP."""
    return cast("int", _field(event, "key"))


def mod_of(event: pygame.event.Event) -> int:
    """The modifier keys held at a KEYDOWN or KEYUP (``pygame.KMOD_*`` bits)."""
    return cast("int", _field(event, "mod"))


def pos_of(event: pygame.event.Event) -> tuple[int, int]:
    """Where the pointer is, at a mouse event."""
    return cast("tuple[int, int]", _field(event, "pos"))


def button_of(event: pygame.event.Event) -> int:
    """The mouse button pressed or let go (1: the left one)."""
    return cast("int", _field(event, "button"))


def buttons_of(event: pygame.event.Event) -> tuple[int, int, int]:
    """The mouse buttons held during a MOUSEMOTION (left, middle, right)."""
    return cast("tuple[int, int, int]", _field(event, "buttons"))


def is_touch(event: pygame.event.Event) -> bool:
    """Whether a mouse event was made by a finger (SDL sends both)."""
    return bool(_field(event, "touch", False))


def x_of(event: pygame.event.Event) -> float:
    """A finger's x (0..1 of the window), or a wheel's sideways turn."""
    return cast("float", _field(event, "x"))


def y_of(event: pygame.event.Event) -> float:
    """A finger's y (0..1 of the window), or a wheel's turn (up above 0)."""
    return cast("float", _field(event, "y"))


def element_of(event: pygame.event.Event) -> UIElement | None:
    """The widget of a pygame-gui event."""
    return cast("UIElement | None", _field(event, "ui_element"))
