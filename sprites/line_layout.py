"""Where each tile of the line lies on the table: a snake anchored at the first tile.

The first tile sits in the centre. The right arm runs right, turns down at the edge
and comes back the other way; the left arm runs left and turns up. Doubles lie
crosswise. Pure geometry: rectangles in pixels, no drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.blocks.line import Placed
from game.core.tiles import Tile


@dataclass(frozen=True, slots=True)
class Slot:
    """A tile's place: its rectangle (x, y, w, h), whether it stands upright, and the
    number drawn on its top (upright) or left half."""

    x: float
    y: float
    w: float
    h: float
    vertical: bool
    first: int

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


def layout_line(
    placed: Sequence[Placed], anchor: int, board: tuple[float, float, float, float], short: float
) -> list[Slot]:
    """Slots for ``placed`` (left to right), the tile at index ``anchor`` played first."""
    if not placed:
        return []
    bx, by, bw, bh = board
    cx, cy = bx + bw / 2, by + bh / 2
    first = placed[anchor]
    if first.left == first.right:
        centre = Slot(cx - short / 2, cy - short, short, 2 * short, True, first.left)
    else:
        centre = Slot(cx - short, cy - short / 2, 2 * short, short, False, first.left)
    right = _arm(placed[anchor + 1 :], centre, +1, board, short)
    left = _arm(list(reversed(placed[:anchor])), centre, -1, board, short)
    return list(reversed(left)) + [centre] + right


def _arm(
    tiles: Sequence[Placed], centre: Slot, side: int, board: tuple[float, float, float, float], short: float
) -> list[Slot]:
    """One arm outward from the centre tile: ``side`` +1 runs right then down, -1 left then up."""
    bx, _by, bw, _bh = board
    gap = max(1.0, short / 16)
    margin = short / 2
    low, high = bx + margin, bx + bw - margin
    pitch = 2 * short + 2 * gap
    row_y = centre.y + centre.h / 2
    direction = side
    cursor = centre.x + centre.w + gap if side > 0 else centre.x - gap
    slots = []
    after_turn = False
    for placed in tiles:
        match, outer = (placed.left, placed.right) if side > 0 else (placed.right, placed.left)
        double = placed.left == placed.right
        along = short if double else 2 * short
        room = (high - cursor) if direction > 0 else (cursor - low)
        if along + short + gap <= room:
            x = cursor if direction > 0 else cursor - along
            if double and after_turn:
                # A double standing under (or over) the turned tile reaches half a tile
                # further than a plain tile would: move this row and the next ones away.
                row_y += side * short / 2
            after_turn = False
            if double:
                slots.append(Slot(x, row_y - short, short, 2 * short, True, match))
            else:
                slots.append(Slot(x, row_y - short / 2, 2 * short, short, False, match if direction > 0 else outer))
            cursor = cursor + direction * (along + gap)
            continue
        # Turn: the tile stands upright at the row's end, its matching half level with the row.
        # The next row starts under (or over) it, running back the other way.
        x = cursor if direction > 0 else cursor - short
        top = row_y - short / 2 if side > 0 else row_y - 1.5 * short
        slots.append(Slot(x, top, short, 2 * short, True, match if side > 0 else outer))
        row_y += side * pitch
        cursor = x + short if direction > 0 else x
        direction = -direction
        after_turn = True
    return slots


_ROOM = Placed(Tile.of(0, 1), -1, -2)  # a stand-in plain tile that only reserves room


def fits(slots: Sequence[Slot], board: tuple[float, float, float, float]) -> bool:
    bx, by, bw, bh = board
    return all(
        s.x >= bx - 0.5 and s.y >= by - 0.5 and s.x + s.w <= bx + bw + 0.5 and s.y + s.h <= by + bh + 0.5 for s in slots
    )


def tile_size_for(
    placed: Sequence[Placed],
    anchor: int,
    board: tuple[float, float, float, float],
    largest: int,
    smallest: int = 10,
    reserve: int = 3,
) -> int:
    """The largest short side (px) at which the line, plus ``reserve`` more tiles on each
    arm, fits the board."""
    if not placed:
        return largest
    padded = [_ROOM] * reserve + list(placed) + [_ROOM] * reserve
    for short in range(largest, smallest - 1, -1):
        if fits(layout_line(padded, anchor + reserve, board, short), board):
            return short
    return smallest
