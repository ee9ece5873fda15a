"""Tiles as frozen values with a text round trip, and seeded deals."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Sequence

from game.core.errors import shown


class Tile:
    """One domino tile, ``low`` <= ``high``; written ``"low-high"``.

    Tiles are interned: there is one object per tile, so equality and hashing are
    identity, which keeps the look-ahead loops fast. Build them with ``Tile.of`` or
    ``Tile.from_str``; they cannot be changed.
    """

    __slots__ = ("low", "high", "pips", "is_double", "_key")
    low: int
    high: int
    pips: int
    is_double: bool
    _key: int

    def __init__(self, low: int, high: int) -> None:
        if (low, high) in _BY_PAIR:
            raise TypeError("tiles are interned: use Tile.of(a, b) or Tile.from_str(text)")
        for name, value in (
            ("low", low),
            ("high", high),
            ("pips", low + high),
            ("is_double", low == high),
            ("_key", low * 8 + high),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a tile cannot be changed")

    def __lt__(self, other: Tile) -> bool:
        return self._key < other._key

    def __le__(self, other: Tile) -> bool:
        return self._key <= other._key

    def __gt__(self, other: Tile) -> bool:
        return self._key > other._key

    def __ge__(self, other: Tile) -> bool:
        return self._key >= other._key

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Tile:
        return self

    def __reduce__(self) -> tuple[Callable[[int, int], Tile], tuple[int, int]]:
        return (Tile.of, (self.low, self.high))

    @staticmethod
    def from_str(text: str) -> Tile:
        """Parse ``"3-5"``, the smaller number first as records write it; ``"5-3"`` is refused."""
        try:
            tile = _BY_TEXT[text]
        except (KeyError, TypeError):
            raise ValueError(f"not a tile: {shown(text)}") from None
        return tile

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The canonical tile with numbers ``a`` and ``b`` in either order."""
        return _BY_PAIR[(a, b) if a <= b else (b, a)]

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile.from_str({str(self)!r})"

    def has(self, number: int) -> bool:
        """True when either half shows ``number``."""
        return self.low == number or self.high == number

    def other(self, number: int) -> int:
        """The number on the other half from ``number`` (which must be on the tile)."""
        return self.high if self.low == number else self.low


_BY_PAIR: dict[tuple[int, int], Tile] = {}
for _a in range(7):
    for _b in range(_a, 7):
        _BY_PAIR[(_a, _b)] = Tile(_a, _b)
_BY_TEXT = {str(t): t for t in _BY_PAIR.values()}

DOUBLE_SIX_SET: tuple[Tile, ...] = tuple(sorted(_BY_PAIR.values()))
DOUBLE_SIX = Tile.of(6, 6)


def fresh_seed() -> int:
    """A new random match seed, to be recorded so the match can be reproduced."""
    return secrets.randbelow(2**31)


def derived_rng(*parts: object) -> random.Random:
    """A generator seeded from a match seed and the place in the match it serves."""
    return random.Random("/".join(str(p) for p in parts))


def deal(tiles: Sequence[Tile], rng: random.Random, seats: int = 4) -> tuple[tuple[Tile, ...], ...]:
    """Shuffle ``tiles`` and split them evenly; each hand is returned sorted."""
    pool = list(tiles)
    rng.shuffle(pool)
    size = len(pool) // seats
    return tuple(tuple(sorted(pool[i * size : (i + 1) * size])) for i in range(seats))


def pips(hand: Iterable[Tile]) -> int:
    return sum(t.low + t.high for t in hand)
