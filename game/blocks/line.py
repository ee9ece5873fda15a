"""The line of play: two open ends, legal placements and tile orientation."""

from __future__ import annotations

from typing import NamedTuple

from game.blocks.moves import End
from game.core.tiles import Tile


class Placed(NamedTuple):
    """A tile on the line, read left to right as ``left``-``right``."""

    tile: Tile
    left: int
    right: int


class Line:
    """The tiles placed so far, left to right."""

    __slots__ = ("tiles", "left", "right")

    def __init__(self) -> None:
        self.tiles: list[Placed] = []
        self.left = -1
        self.right = -1

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def ends(self) -> tuple[int, int] | None:
        """The open numbers (left, right), or None while the line is empty."""
        return None if not self.tiles else (self.left, self.right)

    def fits(self, tile: Tile) -> tuple[End, ...]:
        """The ends ``tile`` may go on (both for the first tile is not asked: use ``place``)."""
        if not self.tiles:
            return ()
        found = []
        if tile.low == self.left or tile.high == self.left:
            found.append(End.LEFT)
        if tile.low == self.right or tile.high == self.right:
            found.append(End.RIGHT)
        return tuple(found)

    def place(self, tile: Tile, end: End | None) -> Placed:
        """Put ``tile`` on ``end`` (None for the first tile), oriented to match."""
        tiles = self.tiles
        low, high = tile.low, tile.high
        if not tiles:
            placed = Placed(tile, low, high)
            tiles.append(placed)
            self.left, self.right = low, high
        elif end is End.LEFT:
            inner = self.left
            outer = high if low == inner else low
            placed = Placed(tile, outer, inner)
            tiles.insert(0, placed)
            self.left = outer
        else:
            inner = self.right
            outer = high if low == inner else low
            placed = Placed(tile, inner, outer)
            tiles.append(placed)
            self.right = outer
        return placed

    def copy(self) -> Line:
        line = Line()
        line.tiles = list(self.tiles)
        line.left, line.right = self.left, self.right
        return line
