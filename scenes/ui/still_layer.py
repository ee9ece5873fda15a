"""The still layer of a table: the felt, the bars and the empty board composed once per
layout, and over them the parts that hold still between two changes, composed once after
each change, so a frame starts with one plain copy and draws only what moves."""

from __future__ import annotations

from typing import Protocol

import pygame

from scenes.ui.drawing import shade
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from sprites.table_surface import board, felt


def rim_width(layout: TableLayout) -> int:
    """How wide the board's wooden rim is at ``layout``."""
    return max(4, layout.px(10))


class StillPainter(Protocol):
    """What a still layer composes: the key of what holds still, and how to paint it."""

    def still_key(self) -> tuple[object, ...]: ...

    def paint_still(self, surface: pygame.Surface) -> None: ...


class StillLayer:
    """The background and the still picture of one table, each kept until its key changes."""

    def __init__(self, painter: StillPainter) -> None:
        self.painter = painter
        self._background: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._still: tuple[tuple[object, ...], pygame.Surface] | None = None

    def background(self, size: tuple[int, int], layout: TableLayout) -> pygame.Surface:
        """The felt, the shaded bars and the empty board, composed once per layout into one
        opaque picture: a frame starts with a single plain copy of it."""
        lay = layout
        key = (size, lay.size, tuple(lay.board), tuple(lay.top_bar), tuple(lay.button_bar))
        if self._background is None or self._background[0] != key:
            cloth = felt(size, COLOURS.felt)
            picture = cloth.convert() if pygame.display.get_surface() is not None else cloth.copy()
            shade(picture, lay.top_bar, COLOURS.line_shade)
            shade(picture, lay.button_bar, COLOURS.line_shade)
            picture.blit(board(lay.board.size, COLOURS.board, rim_width(lay)), lay.board)
            self._background = key, picture
        return self._background[1]

    def lay(self, surface: pygame.Surface, lagging: bool) -> None:
        """Everything that holds still, in one copy. ``lagging`` (on screen in real time), the
        picture of a change is composed in the time the frame leaves (``catch_up``): the frame
        of the change shows the still parts as they were a frame before."""
        size = surface.get_size()
        if lagging and self._still is not None and self._still[1].get_size() == size:
            surface.blit(self._still[1], (0, 0))
        else:
            surface.blit(self.still(size), (0, 0))

    def give_up(self, size: tuple[int, int]) -> pygame.Surface:
        """The still picture, up to date, for another scene to draw over and keep (the summary's
        backdrop): one picture the size of the window fewer; a new one is composed when needed."""
        picture = self.still(size)
        self._still = None
        return picture

    def catch_up(self, size: tuple[int, int]) -> bool:
        """Compose the still picture if it is behind; whether it was."""
        if self.is_current():
            return False
        self.still(size)
        return True

    def is_current(self) -> bool:
        """Whether the still picture shows the table as it is now."""
        return self._still is not None and self._still[0] == (self._still[1].get_size(), self.painter.still_key())

    def still(self, size: tuple[int, int]) -> pygame.Surface:
        """The background and the parts of the table that hold still, composed into one opaque
        picture after each change; a frame then draws only what moves."""
        key = (size, self.painter.still_key())
        if self._still is None or self._still[0] != key:
            picture = self._still[1] if self._still is not None and self._still[1].get_size() == size else None
            if picture is None:
                screen = pygame.display.get_surface()
                picture = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
            self.painter.paint_still(picture)
            self._still = key, picture
        return self._still[1]
