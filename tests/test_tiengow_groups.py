"""The Chinese set and the group table, checked against tables written out by hand."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from tiengow_helpers import tiles

from game.tiengow.chinese import CHINESE_SET, KINDS, Suit, name, rank, standard_index, suit
from game.tiengow.groups import GroupKind, beats, classify

CIVIL = ["6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5"]
MILITARY = ["3-6", "4-5", "2-6", "3-5", "2-5", "3-4", "2-4", "1-4", "2-3", "1-2"]
MILITARY_TIERS = [["3-6", "4-5"], ["2-6", "3-5"], ["2-5", "3-4"], ["2-4"], ["1-4", "2-3"], ["1-2"]]
NAMES = {
    "6-6": "Heaven",
    "1-1": "Earth",
    "4-4": "Man",
    "1-3": "Goose",
    "5-5": "Plum",
    "3-3": "Long Three",
    "2-2": "Bench",
    "5-6": "Hatchet",
    "4-6": "Partition",
    "1-6": "Long Leg Seven",
    "1-5": "Big Head Six",
    "3-6": "Nines",
    "4-5": "Nines",
    "2-6": "Eights",
    "3-5": "Eights",
    "2-5": "Sevens",
    "3-4": "Sevens",
    "2-4": "Big Six",
    "1-4": "Fives",
    "2-3": "Fives",
    "1-2": "Little Three",
}

S, CP, MP, SU, MX = "single", "civil_pair", "military_pair", "supreme", "mixed"

# Every group, written out: key -> (kind, shape, position in its class, 0 = strongest).
GROUP_TABLE: dict[tuple[str, ...], tuple[str, tuple[int, int], int]] = {}
for position, tile in enumerate(CIVIL):
    GROUP_TABLE[(tile,)] = (S, (1, 0), position)
    GROUP_TABLE[(tile, tile)] = (CP, (2, 0), position)
for position, tier in enumerate(MILITARY_TIERS):
    for tile in tier:
        GROUP_TABLE[(tile,)] = (S, (0, 1), position)
GROUP_TABLE.update(
    {
        ("3-6", "4-5"): (MP, (0, 2), 0),
        ("2-6", "3-5"): (MP, (0, 2), 1),
        ("2-5", "3-4"): (MP, (0, 2), 2),
        ("1-4", "2-3"): (MP, (0, 2), 3),
        ("1-2", "2-4"): (SU, (0, 2), 0),
        # Heaven and the nines
        ("6-6", "3-6"): (MX, (1, 1), 0),
        ("6-6", "4-5"): (MX, (1, 1), 0),
        ("6-6", "6-6", "3-6"): (MX, (2, 1), 0),
        ("6-6", "6-6", "4-5"): (MX, (2, 1), 0),
        ("6-6", "3-6", "4-5"): (MX, (1, 2), 0),
        ("6-6", "6-6", "3-6", "4-5"): (MX, (2, 2), 0),
        # Earth and the eights
        ("1-1", "2-6"): (MX, (1, 1), 1),
        ("1-1", "3-5"): (MX, (1, 1), 1),
        ("1-1", "1-1", "2-6"): (MX, (2, 1), 1),
        ("1-1", "1-1", "3-5"): (MX, (2, 1), 1),
        ("1-1", "2-6", "3-5"): (MX, (1, 2), 1),
        ("1-1", "1-1", "2-6", "3-5"): (MX, (2, 2), 1),
        # Man and the sevens
        ("4-4", "2-5"): (MX, (1, 1), 2),
        ("4-4", "3-4"): (MX, (1, 1), 2),
        ("4-4", "4-4", "2-5"): (MX, (2, 1), 2),
        ("4-4", "4-4", "3-4"): (MX, (2, 1), 2),
        ("4-4", "2-5", "3-4"): (MX, (1, 2), 2),
        ("4-4", "4-4", "2-5", "3-4"): (MX, (2, 2), 2),
        # Goose and the fives
        ("1-3", "1-4"): (MX, (1, 1), 3),
        ("1-3", "2-3"): (MX, (1, 1), 3),
        ("1-3", "1-3", "1-4"): (MX, (2, 1), 3),
        ("1-3", "1-3", "2-3"): (MX, (2, 1), 3),
        ("1-3", "1-4", "2-3"): (MX, (1, 2), 3),
        ("1-3", "1-3", "1-4", "2-3"): (MX, (2, 2), 3),
    }
)
EXPECTED = {tuple(sorted(key)): value for key, value in GROUP_TABLE.items()}


def test_tiengow_set_has_32_tiles_in_standard_order() -> None:
    expected = [t for t in CIVIL for _ in range(2)] + MILITARY
    assert [str(t) for t in CHINESE_SET] == expected
    assert [str(t) for t in KINDS] == CIVIL + MILITARY
    assert [standard_index(t) for t in KINDS] == list(range(21))
    assert all(t.low >= 1 for t in CHINESE_SET)


def test_tiengow_suits_ranks_and_names_follow_the_table() -> None:
    for position, text in enumerate(CIVIL, 1):
        (tile,) = tiles(text)
        assert (suit(tile), rank(tile)) == (Suit.CIVIL, position)
    for position, tier in enumerate(MILITARY_TIERS, 1):
        for (tile,) in map(tiles, tier):
            assert (suit(tile), rank(tile)) == (Suit.MILITARY, position)
    assert {text: name(tiles(text)[0]) for text in NAMES} == NAMES


def test_tiengow_classify_every_combination_of_one_to_four_kinds() -> None:
    kinds = CIVIL + MILITARY
    checked = 0
    for size in range(1, 5):
        for combo in combinations_with_replacement(kinds, size):
            group = classify(tiles(" ".join(combo)))
            expected = EXPECTED.get(tuple(sorted(combo)))
            got = None if group is None else (group.kind.value, group.shape)
            assert got == (expected[:2] if expected else None), combo
            checked += 1
    assert checked == 21 + 231 + 1771 + 10626
    assert len(EXPECTED) == 61


def test_tiengow_classify_is_order_free_and_keeps_standard_order() -> None:
    group = classify(tiles("4-5 6-6 3-6 6-6"))
    assert group is not None and [str(t) for t in group.tiles] == ["6-6", "6-6", "3-6", "4-5"]
    assert classify(tiles("0-6")) is None
    assert classify(()) is None


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_tiengow_beats_over_every_pair_of_groups_of_equal_size(size: int) -> None:
    keys = [key for key in EXPECTED if len(key) == size]
    for best in keys:
        for challenger in keys:
            kind, shape, position = EXPECTED[challenger]
            best_kind, best_shape, best_position = EXPECTED[best]
            expected = (kind, shape) == (best_kind, best_shape) and kind != SU and position < best_position
            got = beats(classify(tiles(" ".join(challenger))), classify(tiles(" ".join(best))))
            assert got == expected, (challenger, best)


def test_tiengow_group_rank_higher_is_stronger() -> None:
    heaven, goose = classify(tiles("6-6 3-6")), classify(tiles("1-3 2-3"))
    assert heaven is not None and goose is not None
    assert heaven.kind is GroupKind.MIXED and heaven.rank > goose.rank
