"""Deals of the hidden tiles consistent with what one seat has seen.

A seat that passed facing open numbers x and y holds no tile showing x or y. Every
other hidden tile may be anywhere. ``HiddenDeals`` draws the other seats' hands
uniformly among all deals that respect those passes and the tile counts: tiles are
grouped by the set of seats that may hold them, and a memoised count of the ways to
complete every partial split weights each split exactly, so a draw never fails,
never rejects and never backtracks. A view whose passes admit no deal at all (which
play cannot produce) falls back to ignoring the passes.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import cache
from math import comb

from game.blocks.ai.bits import bits_of

Split = tuple[int, int, int]


@cache
def _splits(size: int, allowed: int) -> tuple[Split, ...]:
    """Ways to share ``size`` tiles among the (up to three) seats set in ``allowed``."""
    return tuple(
        (a, b, size - a - b)
        for a in (range(size + 1) if allowed & 1 else (0,))
        for b in (range(size - a + 1) if allowed & 2 else (0,))
        if size - a - b == 0 or allowed & 4
    )


def _groups(hidden: int, banned: Sequence[int]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The hidden tiles grouped by the set of seats that may hold them."""
    by_allowed: dict[int, list[int]] = {}
    for bit in bits_of(hidden):
        allowed = sum(1 << j for j in range(3) if not banned[j] & bit) or 7
        by_allowed.setdefault(allowed, []).append(bit)
    return tuple((allowed, tuple(bits)) for allowed, bits in sorted(by_allowed.items()))


class HiddenDeals:
    """Uniform sampler of the other seats' hands."""

    def __init__(self, me: int, hand: int, hidden: int, counts: Sequence[int], banned: Sequence[int]) -> None:
        """``me`` is 0-based; ``hidden`` holds the tiles outside ``hand`` and the line; per-seat lists are 0-based."""
        self.me = me
        self.hand = hand
        self.others = tuple(s for s in range(4) if s != me)
        self.capacity = tuple(counts[s] for s in self.others)
        if sum(self.capacity) != hidden.bit_count():
            raise ValueError("the tile counts do not match the hidden tiles")
        self._options: dict[tuple[int, int, int, int], tuple[list[int], list[Split]]] = {}
        self._ways: dict[tuple[int, int, int, int], int] = {}
        self.groups = _groups(hidden, [banned[s] for s in self.others])
        self.consistent = bool(self._completions(0, *self.capacity))
        """Whether some deal respects every ban (else the bans are ignored)."""
        if not self.consistent:
            self._ways.clear()
            self.groups = _groups(hidden, (0, 0, 0))

    def _completions(self, index: int, a: int, b: int, c: int) -> int:
        """The number of ways to deal groups ``index`` onwards into capacities a, b, c."""
        if index == len(self.groups):
            return 1 if a == b == c == 0 else 0
        key = (index, a, b, c)
        ways = self._ways.get(key)
        if ways is None:
            ways = sum(weight for weight, _ in self._weighted(index, a, b, c))
            self._ways[key] = ways
        return ways

    def _weighted(self, index: int, a: int, b: int, c: int) -> Iterator[tuple[int, Split]]:
        size = len(self.groups[index][1])
        for x, y, z in _splits(size, self.groups[index][0]):
            if x <= a and y <= b and z <= c:
                rest = self._completions(index + 1, a - x, b - y, c - z)
                if rest:
                    yield comb(size, x) * comb(size - x, y) * rest, (x, y, z)

    def _choices(self, index: int, a: int, b: int, c: int) -> tuple[list[int], list[Split]]:
        key = (index, a, b, c)
        found = self._options.get(key)
        if found is None:
            cumulative, splits, total = [], [], 0
            for weight, split in self._weighted(index, a, b, c):
                total += weight
                cumulative.append(total)
                splits.append(split)
            found = self._options[key] = (cumulative, splits)
        return found

    def draw(self, rng: random.Random) -> list[int]:
        """Four hands as masks (0-based seats), this seat's own hand included."""
        taken = [0, 0, 0]
        a, b, c = self.capacity
        draw = rng.random
        for index, (_, bits) in enumerate(self.groups):
            cumulative, splits = self._choices(index, a, b, c)
            split = splits[0] if len(splits) == 1 else splits[bisect_right(cumulative, draw() * cumulative[-1])]
            left = list(bits)
            for j in (0, 1):  # seats 0 and 1 of the three pick their tiles at random; the third takes the rest
                for _ in range(split[j]):
                    taken[j] |= left.pop(int(draw() * len(left)))
            for bit in left:
                taken[2] |= bit
            a, b, c = a - split[0], b - split[1], c - split[2]
        hands = [0, 0, 0, 0]
        hands[self.me] = self.hand
        for seat, tiles in zip(self.others, taken):
            hands[seat] = tiles
        return hands
