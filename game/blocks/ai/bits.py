"""Tiles as bits of a 28-bit mask, the representation of the fast look-ahead.

Bit ``i`` is ``TILES[i]``; the tiles are ordered lightest first (doubles after the
other tiles of equal pips), so the highest set bit of a mask is its heaviest tile.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.tiles import DOUBLE_SIX_SET, Tile

TILES: tuple[Tile, ...] = tuple(sorted(DOUBLE_SIX_SET, key=lambda t: (t.pips, t.is_double, t.low)))
BIT: dict[Tile, int] = {tile: 1 << i for i, tile in enumerate(TILES)}
LOW: tuple[int, ...] = tuple(t.low for t in TILES)
HIGH: tuple[int, ...] = tuple(t.high for t in TILES)
PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
ALL = (1 << len(TILES)) - 1
NUMBER: tuple[int, ...] = tuple(sum(BIT[t] for t in TILES if t.has(n)) for n in range(7))
DOUBLES = sum(BIT[t] for t in TILES if t.is_double)
OTHER: tuple[tuple[int, ...], ...] = tuple(
    tuple(HIGH[i] if LOW[i] == n else LOW[i] if HIGH[i] == n else -1 for i in range(len(TILES))) for n in range(7)
)
"""``OTHER[n][i]``: the number tile ``i`` leaves open when placed on an end showing ``n`` (-1 if it cannot)."""


def _byte_table(shift: int) -> tuple[int, ...]:
    return tuple(
        sum(PIPS[i + shift] for i in range(8) if byte >> i & 1 and i + shift < len(TILES)) for byte in range(256)
    )


_P0, _P1, _P2, _P3 = (_byte_table(s) for s in (0, 8, 16, 24))


def pips_of(mask: int) -> int:
    """The pips of the tiles in ``mask``."""
    return _P0[mask & 255] + _P1[mask >> 8 & 255] + _P2[mask >> 16 & 255] + _P3[mask >> 24]


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= BIT[tile]
    return mask


def bits_of(mask: int) -> list[int]:
    """The single-tile masks of ``mask``, lightest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found


def banned(numbers: Iterable[int]) -> int:
    """The tiles showing any of ``numbers``."""
    mask = 0
    for n in numbers:
        mask |= NUMBER[n]
    return mask
