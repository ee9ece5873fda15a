"""Your hand as a row of tiles in the hand's frame: where each lies, the room a tap on it
takes, the frame lit at your turn, the rings of focus and choice, and a tile shaking."""

from __future__ import annotations

import pygame

from game.core.tiles import Tile
from scenes.ui.drawing import row_of_rects
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import Colour
from sprites.tween import shake_offset

SHAKE_TIME = 0.4

FINGER = 53
"""px a tap on a hand tile may land in, across and down at the least: 9 mm, the least a
fingertip hits reliably, on the densest screen the table is meant for at its smallest
window: a 10.1-inch 1280x800 tablet (149.4 px per inch: sqrt(1280² + 800²) / 10.1), the
table in an 800x600 window on it: 9 / 25.4 * 149.4 = 52.9 px. A larger screen, or the
800x600 picture stretched over a whole one, makes the same target larger."""


class HandRow:
    """The row of your tiles, laid out after each change of your hand."""

    def __init__(self) -> None:
        self.rects: list[tuple[Tile, pygame.Rect]] = []
        self.gap = 4
        self.shake: tuple[Tile, float] | None = None  # a tile that fits nowhere, and how long it has shaken

    def lay_out(self, hand: tuple[Tile, ...], lay: TableLayout, size: tuple[int, int], gap: int, centre: int) -> None:
        """``hand``'s tiles of ``size``, ``gap`` apart, centred on ``centre``, at the foot of the frame."""
        self.gap = gap
        rects = row_of_rects(len(hand), size, gap, centre, lay.hand.bottom - size[1] - lay.px(8))
        self.rects = list(zip(hand, rects))

    def span(self, lay: TableLayout) -> tuple[int, int]:
        """The left and right edges of the row (the frame's centre when it is empty)."""
        if not self.rects:
            return lay.hand.centerx, lay.hand.centerx
        return self.rects[0][1].x, self.rects[-1][1].right

    def target(self, rect: pygame.Rect, shown: pygame.Rect) -> pygame.Rect:
        """Where a tap takes the tile at ``rect`` (``shown`` there, lifted or not): the tile and
        half the gap on each side, so the row has no dead space between its tiles, and never
        less than ``FINGER`` down (across, the gap the board chooses sees to it)."""
        target = shown.union(rect).inflate(self.gap, 0)
        return target.inflate(0, max(0, FINGER - target.height))

    def start_shake(self, tile: Tile) -> None:
        self.shake = (tile, 0.0)

    def update(self, dt: float) -> None:
        if self.shake is not None:
            tile, elapsed = self.shake
            self.shake = None if elapsed > SHAKE_TIME else (tile, elapsed + dt)

    def shaken(self, tile: Tile, shown: pygame.Rect) -> pygame.Rect:
        """Where ``tile`` (``shown`` at rest) is drawn now: moved sideways while it shakes."""
        if self.shake is not None and self.shake[0] is tile:
            return shown.move(round(shake_offset(self.shake[1])), 0)
        return shown


def draw_turn_glow(surface: pygame.Surface, lay: TableLayout, colour: Colour) -> None:
    """The hand's frame lit: it is your turn."""
    glow = lay.hand.inflate(-lay.px(8), -lay.px(4))
    pygame.draw.rect(surface, colour, glow, width=max(2, lay.px(3)), border_radius=lay.px(14))


def draw_ring(surface: pygame.Surface, shown: pygame.Rect, colour: Colour, grow: int, width: int, radius: int) -> None:
    """A ring round a tile of the hand (focus or choice), ``grow`` px wider and taller than it."""
    pygame.draw.rect(surface, colour, shown.inflate(grow, grow), width=width, border_radius=radius)
