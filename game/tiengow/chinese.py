"""The 32 Chinese dominoes: suits, ranks, names and the standard order."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from game.core.tiles import Tile


class Suit(Enum):
    CIVIL = "civil"
    MILITARY = "military"


# (tile, rank within its suit, name), in the standard order of RULES.md's table.
_CIVIL = (
    ((6, 6), 1, "Heaven"),
    ((1, 1), 2, "Earth"),
    ((4, 4), 3, "Man"),
    ((1, 3), 4, "Goose"),
    ((5, 5), 5, "Plum"),
    ((3, 3), 6, "Long Three"),
    ((2, 2), 7, "Bench"),
    ((5, 6), 8, "Hatchet"),
    ((4, 6), 9, "Partition"),
    ((1, 6), 10, "Long Leg Seven"),
    ((1, 5), 11, "Big Head Six"),
)
_MILITARY = (
    ((3, 6), 1, "Nines"),
    ((4, 5), 1, "Nines"),
    ((2, 6), 2, "Eights"),
    ((3, 5), 2, "Eights"),
    ((2, 5), 3, "Sevens"),
    ((3, 4), 3, "Sevens"),
    ((2, 4), 4, "Big Six"),
    ((1, 4), 5, "Fives"),
    ((2, 3), 5, "Fives"),
    ((1, 2), 6, "Little Three"),
)

KINDS: tuple[Tile, ...] = tuple(Tile.of(*ab) for ab, _, _ in _CIVIL + _MILITARY)
"""The 21 different tiles in the standard order; a tile's position is its standard index."""

CIVIL_KINDS = len(_CIVIL)
"""Standard indices below this are civil, the others military."""

CHINESE_SET: tuple[Tile, ...] = tuple(
    [tile for tile in KINDS[:CIVIL_KINDS] for _ in range(2)] + list(KINDS[CIVIL_KINDS:])
)

_INDEX = {tile: i for i, tile in enumerate(KINDS)}
_RANK = {Tile.of(*ab): rank for ab, rank, _ in _CIVIL + _MILITARY}
_NAME = {Tile.of(*ab): name for ab, _, name in _CIVIL + _MILITARY}
_SUIT = {tile: Suit.CIVIL if i < CIVIL_KINDS else Suit.MILITARY for tile, i in _INDEX.items()}


def is_chinese(tile: Tile) -> bool:
    """True for the 21 kinds of the Chinese set (no blanks)."""
    return tile in _INDEX


def standard_index(tile: Tile) -> int:
    """Position of the tile's kind in the standard order (0 = Heaven ... 20 = Little Three)."""
    return _INDEX[tile]


def suit(tile: Tile) -> Suit:
    return _SUIT[tile]


def rank(tile: Tile) -> int:
    """Rank within its suit, 1 = highest; military tiles of equal total share a rank."""
    return _RANK[tile]


def name(tile: Tile) -> str:
    """The English name of the tile's kind, as in RULES.md's table."""
    return _NAME[tile]


def in_standard_order(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles sorted in the standard order."""
    return tuple(sorted(tiles, key=_INDEX.__getitem__))
