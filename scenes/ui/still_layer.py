"""The still layer of a table: the felt, the bars and the empty board composed once per
layout, and over them the parts that hold still between two changes, composed once after
each change, so a frame starts with one plain copy and draws only what moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import pygame

from scenes.ui.drawing import shade
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from sprites.table_surface import prepare_board, prepare_felt, take_board, take_felt


def rim_width(layout: TableLayout) -> int:
    """How wide the board's wooden rim is at ``layout``."""
    return max(4, layout.px(10))


def background_key(size: tuple[int, int], lay: TableLayout) -> tuple[object, ...]:
    """What a table's background depends on: the window's size and where the bars and the
    board lie."""
    return (size, lay.size, tuple(lay.board), tuple(lay.top_bar), tuple(lay.button_bar))


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

    def preparing(self, size: tuple[int, int], layout: TableLayout) -> Iterator[None]:
        """The felt and the board painted in pieces, yielding between them, then the background
        composed; nothing when it is composed for this layout already (a table prepared again
        under its summary: its felt is not painted again for nothing)."""
        if self._background is not None and self._background[0] == background_key(size, layout):
            return
        yield from prepare_felt(size, COLOURS.felt)
        yield from prepare_board(layout.board.size, COLOURS.board, rim_width(layout))
        self.background(size, layout)

    def background(self, size: tuple[int, int], layout: TableLayout) -> pygame.Surface:
        """The felt, the shaded bars and the empty board, composed once per layout into one
        opaque picture: a frame starts with a single plain copy of it."""
        lay = layout
        key = background_key(size, lay)
        if self._background is None or self._background[0] != key:
            picture = take_felt(size, COLOURS.felt)  # painted over and kept here, not in the felt's cache
            screen = pygame.display.get_surface()
            if screen is not None and (picture.get_bitsize(), picture.get_masks()) != (
                screen.get_bitsize(),
                screen.get_masks(),
            ):
                picture = picture.convert()
            shade(picture, lay.top_bar, COLOURS.line_shade)
            shade(picture, lay.button_bar, COLOURS.line_shade)
            picture.blit(take_board(lay.board.size, COLOURS.board, rim_width(lay)), lay.board)
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
