"""The event translator: mouse, touch and keys become intents, one table of key bindings.

Pointer events become ``Tap``/``Hover``/``Drag`` intents in window pixels; touch
coordinates (0-1) are scaled to the window, and the mouse events SDL synthesises from
touches are ignored so nothing is handled twice. Keys become ``Action`` intents of the one key table, ``KEYS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame

from scenes.ui.event_fields import button_of, buttons_of, is_touch, key_of, mod_of, pos_of, x_of, y_of
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


class Command(StrEnum):
    """What a key asks for, wherever it is pressed (each screen takes the ones it knows), and
    what the table's buttons ask for: their names, themed ids and catalogue keys
    (``button.<name>``, ``done.<name>``) are these values."""

    NEXT = "next"  # →: the next tile, place or target to the right
    PREV = "prev"  # ←
    END_NEXT = "end_next"  # ↓: the next end of the line; the target below
    END_PREV = "end_prev"  # ↑
    FOCUS_NEXT = "focus_next"  # Tab: the next in order
    FOCUS_PREV = "focus_prev"  # Shift+Tab
    CONFIRM = "confirm"  # Enter
    SPACE = "space"  # Space: presses, and at the Tien Gow table adds a tile to the selection
    HINT = "hint"
    FACE_DOWN = "face_down"
    BACK = "back"  # Esc
    UNDO = "undo"  # Ctrl+Z
    REDO = "redo"  # Ctrl+Y
    FULLSCREEN = "fullscreen"  # F11
    FIRST = "first"  # Home
    LAST = "last"  # End
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    UP_FOLDER = "up_folder"  # Backspace, in the record picker
    RESTART = "restart"  # the table's buttons from here on (Hint, Undo, Redo and Face down above)
    NEW_MATCH = "new_match"
    RULES = "rules"
    LOG = "log"
    MENU = "menu"
    LAST_TRICK = "last_trick"
    PLAY = "play"
    SAY = "say"  # a shared table's quick messages


KEYS: dict[int, Command] = {
    pygame.K_RIGHT: Command.NEXT,
    pygame.K_LEFT: Command.PREV,
    pygame.K_DOWN: Command.END_NEXT,
    pygame.K_UP: Command.END_PREV,
    pygame.K_RETURN: Command.CONFIRM,
    pygame.K_KP_ENTER: Command.CONFIRM,
    pygame.K_SPACE: Command.SPACE,
    pygame.K_h: Command.HINT,
    pygame.K_f: Command.FACE_DOWN,
    pygame.K_ESCAPE: Command.BACK,
    pygame.K_F11: Command.FULLSCREEN,
    pygame.K_HOME: Command.FIRST,
    pygame.K_END: Command.LAST,
    pygame.K_PAGEUP: Command.PAGE_UP,
    pygame.K_PAGEDOWN: Command.PAGE_DOWN,
    pygame.K_BACKSPACE: Command.UP_FOLDER,
}
"""The one key table: every key a screen answers, and its command."""
CTRL_KEYS: dict[int, Command] = {pygame.K_z: Command.UNDO, pygame.K_y: Command.REDO}
TABLE_IGNORES = frozenset(
    {Command.FULLSCREEN, Command.FIRST, Command.LAST, Command.PAGE_UP, Command.PAGE_DOWN, Command.UP_FOLDER}
)
"""Keys the table leaves to the shell (F11) or that mean nothing there."""
GO_ON = (Command.CONFIRM, Command.SPACE)
"""The keys that go on past a hand-over screen or a finished round."""
AT_THE_TABLE = {Command.FOCUS_NEXT: Command.NEXT, Command.FOCUS_PREV: Command.PREV}
"""At the table Tab goes through the tiles and places as the arrows do."""


def command_of(event: pygame.event.Event) -> Command | None:
    """The command of a key press (None for other events and unbound keys)."""
    if event.type != pygame.KEYDOWN:
        return None
    if key_of(event) == pygame.K_TAB:
        return Command.FOCUS_PREV if mod_of(event) & pygame.KMOD_SHIFT else Command.FOCUS_NEXT
    if mod_of(event) & pygame.KMOD_CTRL and key_of(event) in CTRL_KEYS:
        return CTRL_KEYS[key_of(event)]
    return KEYS.get(key_of(event))


@dataclass(frozen=True, slots=True)
class Action:
    name: Command


Intent = Tap | Press | Hover | Drag | Action


class EventTranslator:
    """Turns pygame events into intents; keeps the state of a press in progress."""

    def __init__(self) -> None:
        self._press: tuple[int, int] | None = None
        self._dragging = False

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        kind = event.type
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if is_touch(event):
                return []
            if kind == pygame.MOUSEMOTION:
                return self._move(pos_of(event), pressed=bool(buttons_of(event)[0]))
            if button_of(event) != 1:
                return []
            return self._down(pos_of(event)) if kind == pygame.MOUSEBUTTONDOWN else self._up(pos_of(event), False)
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            pos = _finger_pos(event)
            if kind == pygame.FINGERDOWN:
                return self._down(pos)
            if kind == pygame.FINGERUP:
                return self._up(pos, True)
            return self._move(pos, pressed=True)
        command = command_of(event)
        if command is None or command in TABLE_IGNORES:
            return []
        if mod_of(event) & pygame.KMOD_CTRL and command not in (Command.UNDO, Command.REDO, *AT_THE_TABLE):
            return []  # Ctrl and a key is no command at the table unless the table says so
        return [Action(AT_THE_TABLE.get(command, command))]

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
    return int(x_of(event) * width), int(y_of(event) * height)


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) > TAP_SLOP or abs(a[1] - b[1]) > TAP_SLOP
