"""Where the line of play lies on a block-game table of a given layout: the same pure
rectangles for the table, its previews and the tests."""

from __future__ import annotations

from collections.abc import Sequence

from game.blocks.line import Placed
from scenes.ui.board import status_area
from scenes.ui.table_layout import TableLayout
from sprites.line_layout import Slot, layout_line, tile_size_for

LARGEST_TILE = 42  # design px of a tile's short side while the line is short
SMALLEST_TILE = 8

Area = tuple[float, float, float, float]


def line_area(layout: TableLayout) -> Area:
    """The part of the board the line may use: above the status line's strip, and as far from
    the board's top edge, so that a line is laid out round the board's middle."""
    inner = layout.board.inflate(-layout.px(16), -layout.px(16))
    strip = inner.bottom - (status_area(layout).y - layout.px(4))
    inner.inflate_ip(0, -2 * max(0, strip))
    return (inner.x, inner.y, inner.width, inner.height)


def line_tile_size(line: Sequence[Placed], anchor: int, layout: TableLayout) -> int:
    """The tiles' short side: as large as lets the line and a few more tiles fit."""
    return tile_size_for(line, anchor, line_area(layout), layout.px(LARGEST_TILE), smallest=SMALLEST_TILE)


def line_slots(line: Sequence[Placed], anchor: int, layout: TableLayout, short: int) -> list[Slot]:
    return layout_line(line, anchor, line_area(layout), short)
