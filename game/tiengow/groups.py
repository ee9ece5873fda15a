"""Tien Gow groups: what may be led, and which group beats which."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from game.core.tiles import Tile
from game.tiengow.chinese import KINDS, Suit, rank, standard_index, suit


class GroupKind(Enum):
    SINGLE = "single"
    CIVIL_PAIR = "civil_pair"
    MILITARY_PAIR = "military_pair"
    SUPREME = "supreme"
    MIXED = "mixed"


@dataclass(frozen=True, slots=True)
class Group:
    """One group of 1-4 tiles.

    ``shape`` is (civil count, military count); a single's shape therefore names its
    suit. ``rank`` is HIGHER for a stronger group and only compares groups of the same
    kind and shape. ``tiles`` are in the standard order.
    """

    kind: GroupKind
    shape: tuple[int, int]
    rank: int
    tiles: tuple[Tile, ...]


# Mixed-group families, strongest first: the civil tile and its two military tiles.
FAMILIES: tuple[tuple[Tile, tuple[Tile, Tile]], ...] = (
    (Tile.of(6, 6), (Tile.of(3, 6), Tile.of(4, 5))),  # Heaven and the nines
    (Tile.of(1, 1), (Tile.of(2, 6), Tile.of(3, 5))),  # Earth and the eights
    (Tile.of(4, 4), (Tile.of(2, 5), Tile.of(3, 4))),  # Man and the sevens
    (Tile.of(1, 3), (Tile.of(1, 4), Tile.of(2, 3))),  # Goose and the fives
)
SUPREME_TILES: tuple[Tile, Tile] = (Tile.of(2, 4), Tile.of(1, 2))


def _strength(tile: Tile) -> int:
    """A single's rank turned around so that higher is stronger (civil 1-11, military 1-6)."""
    return (12 if suit(tile) is Suit.CIVIL else 7) - rank(tile)


def _build() -> dict[tuple[int, ...], Group]:
    table: dict[tuple[int, ...], Group] = {}

    def add(kind: GroupKind, tiles: tuple[Tile, ...], strength: int) -> None:
        kinds = tuple(sorted(standard_index(t) for t in tiles))
        civil = sum(1 for t in tiles if suit(t) is Suit.CIVIL)
        table[kinds] = Group(kind, (civil, len(tiles) - civil), strength, tuple(KINDS[k] for k in kinds))

    for tile in KINDS:
        add(GroupKind.SINGLE, (tile,), _strength(tile))
        if suit(tile) is Suit.CIVIL:
            add(GroupKind.CIVIL_PAIR, (tile, tile), _strength(tile))
    military = [t for t in KINDS if suit(t) is Suit.MILITARY]
    for a, b in combinations(military, 2):
        if rank(a) == rank(b):
            add(GroupKind.MILITARY_PAIR, (a, b), _strength(a))
    add(GroupKind.SUPREME, SUPREME_TILES, 0)
    for order, (civil_tile, family) in enumerate(FAMILIES):
        for civil_count in (1, 2):
            for military_count in (1, 2):
                for chosen in combinations(family, military_count):
                    add(GroupKind.MIXED, (civil_tile,) * civil_count + chosen, len(FAMILIES) - order)
    return table


GROUPS: dict[tuple[int, ...], Group] = _build()
"""Every group, keyed by the sorted standard indices of its tiles."""


def classify(tiles: Iterable[Tile]) -> Group | None:
    """The group these 1-4 tiles form, or None when they form no group."""
    try:
        return GROUPS.get(tuple(sorted(standard_index(t) for t in tiles)))
    except KeyError:
        return None


def beats(challenger: Group, best: Group) -> bool:
    """True when ``challenger``, played after ``best``, takes over the trick (rules 4-8)."""
    return (
        challenger.kind is best.kind
        and challenger.shape == best.shape
        and challenger.kind is not GroupKind.SUPREME
        and challenger.rank > best.rank
    )
