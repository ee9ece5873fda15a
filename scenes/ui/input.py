"""The event translator: mouse, touch and keys become intents, one table of key bindings.

Pointer events become ``Tap``/``Hover``/``Drag`` intents in window pixels; touch
coordinates (0-1) are scaled to the window, and the mouse events SDL synthesises from
touches are ignored so nothing is handled twice. Keys become ``Action`` intents.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.ui.window import window_size

TAP_SLOP = 14  # px a press may move and still be a tap


@dataclass(frozen=True, slots=True)
class Tap:
    pos: tuple[int, int]
    touch: bool = False


@dataclass(frozen=True, slots=True)
class Press:
    """A pointer went down (a long press shows a tile's name)."""

    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Hover:
    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Drag:
    """A press that moved: where it started, where it is, and whether it has been let go."""

    start: tuple[int, int]
    pos: tuple[int, int]
    released: bool


@dataclass(frozen=True, slots=True)
class Action:
    name: str


Intent = Tap | Press | Hover | Drag | Action

KEY_ACTIONS = {
    pygame.K_RIGHT: "next",
    pygame.K_LEFT: "prev",
    pygame.K_DOWN: "end_next",
    pygame.K_UP: "end_prev",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "space",
    pygame.K_h: "hint",
    pygame.K_f: "face_down",
    pygame.K_ESCAPE: "back",
}
CTRL_KEY_ACTIONS = {pygame.K_z: "undo", pygame.K_y: "redo"}


class EventTranslator:
    """Turns pygame events into intents; keeps the state of a press in progress."""

    def __init__(self) -> None:
        self._press: tuple[int, int] | None = None
        self._dragging = False

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        kind = event.type
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return []
            if kind == pygame.MOUSEMOTION:
                return self._move(event.pos, pressed=bool(event.buttons[0]))
            if event.button != 1:
                return []
            return self._down(event.pos) if kind == pygame.MOUSEBUTTONDOWN else self._up(event.pos, False)
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            pos = _finger_pos(event)
            if kind == pygame.FINGERDOWN:
                return self._down(pos)
            if kind == pygame.FINGERUP:
                return self._up(pos, True)
            return self._move(pos, pressed=True)
        if kind == pygame.KEYDOWN:
            if event.mod & pygame.KMOD_CTRL and event.key in CTRL_KEY_ACTIONS:
                return [Action(CTRL_KEY_ACTIONS[event.key])]
            if event.key == pygame.K_TAB:
                return [Action("prev" if event.mod & pygame.KMOD_SHIFT else "next")]
            if event.key in KEY_ACTIONS and not event.mod & pygame.KMOD_CTRL:
                return [Action(KEY_ACTIONS[event.key])]
        return []

    def _down(self, pos: tuple[int, int]) -> list[Intent]:
        self._press = pos
        self._dragging = False
        return [Press(pos)]

    def _move(self, pos: tuple[int, int], pressed: bool) -> list[Intent]:
        if self._press is None or not pressed:
            return [Hover(pos)]
        if not self._dragging and _far(self._press, pos):
            self._dragging = True
        return [Drag(self._press, pos, False)] if self._dragging else []

    def _up(self, pos: tuple[int, int], touch: bool) -> list[Intent]:
        start, dragging = self._press, self._dragging
        self._press, self._dragging = None, False
        if start is None:
            return []
        if dragging:
            return [Drag(start, pos, True)]
        return [Tap(start, touch)]


def _finger_pos(event: pygame.event.Event) -> tuple[int, int]:
    width, height = window_size() or (1, 1)
    return int(event.x * width), int(event.y * height)


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) > TAP_SLOP or abs(a[1] - b[1]) > TAP_SLOP
