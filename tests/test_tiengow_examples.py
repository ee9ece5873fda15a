"""RULES.md's Tien Gow worked examples, each played out on exact hands (banker seat 1)."""

from __future__ import annotations

import pytest
from tiengow_helpers import play, run, scripted

from game.core.errors import IllegalMove

# Seat 1 leads Big Head Six and seat 2 takes the lead with Plum.
SEAT_2_TAKES_THE_LEAD = "1:1-5 | 2:5-5 | 3:~3-3 | 4:~2-2"


def test_tiengow_example_equal_heaven_loses() -> None:
    deal = scripted(1, [SEAT_2_TAKES_THE_LEAD, "2:4-4 | 3:6-6 | 4:~3-6"], known={1: "6-6"})
    with pytest.raises(IllegalMove) as refused:
        deal.push(play("6-6"))
    assert refused.value.code == "does_not_beat"
    assert play("~6-6") in deal.legal_moves()
    deal.push(play("~6-6"))
    trick = deal.tricks[-1]
    assert (trick.leader, trick.winner, trick.columns) == (2, 3, 1)
    assert deal.columns == (0, 1, 1, 0)


def test_tiengow_example_heaven_mixed_beats_earth_mixed_and_man_shape_goes_down() -> None:
    deal = scripted(
        1,
        [SEAT_2_TAKES_THE_LEAD, "2:1-1 1-1 2-6 | 3:6-6 6-6 3-6"],
        known={4: "4-4 2-5 3-4", 1: "1-6 1-6 5-6"},
    )
    with pytest.raises(IllegalMove) as refused:
        deal.push(play("4-4 2-5 3-4"))
    assert refused.value.code == "does_not_beat"
    run(deal, ["4:~4-4 2-5 3-4 | 1:~1-6 1-6 5-6"])
    trick = deal.tricks[-1]
    assert (trick.winner, trick.columns) == (3, 3)
    assert deal.columns == (0, 1, 3, 0)


def test_tiengow_example_banker_leads_supreme() -> None:
    deal = scripted(1, ["1:1-2 2-4 | 2:~6-6 6-6 | 3:~1-1 1-1 | 4:~4-4 4-4"])
    assert deal.tricks[0].immediate == (12, -4, -4, -4)
    assert deal.tricks[0].bonus == "supreme"


def test_tiengow_example_heaven_quartet_beats_man_quartet() -> None:
    deal = scripted(
        1,
        [
            "1:1-5 | 2:~2-2 | 3:1-6 | 4:~3-3",
            "3:4-4 4-4 2-5 3-4 | 4:6-6 6-6 3-6 4-5 | 1:~1-1 1-1 1-3 1-3 | 2:~5-5 5-5 5-6 5-6",
        ],
    )
    assert deal.tricks[1].immediate == (-8, -4, -4, 16)
    assert deal.tricks[1].bonus == "quartet"


FINAL_COLUMNS_1_0_5_2 = [
    "1:6-6 | 2:~1-1 | 3:~1-1 | 4:~4-4",
    "1:1-5 | 2:~4-4 | 3:1-6 | 4:~1-3",
    "3:6-6 | 4:~1-3 | 1:~5-5 | 2:~5-5",
    "3:3-6 | 4:~4-5 | 1:~2-6 | 2:~3-5",
    "3:2-5 | 4:~3-4 | 1:~2-4 | 2:~1-4",
    "3:5-6 | 4:~5-6 | 1:~4-6 | 2:~4-6",
    "3:2-2 | 4:3-3 | 1:~2-3 | 2:~1-2",
    "4:3-3 | 1:~1-5 | 2:~1-6 | 3:~2-2",
]


def test_tiengow_example_final_columns_1_0_5_2_plain_single() -> None:
    result = scripted(1, FINAL_COLUMNS_1_0_5_2).result()
    assert result is not None
    assert result.columns == (1, 0, 5, 2)
    assert result.last_winner == 4
    lines = {line.seat: (line.payer, line.payee, line.amount) for line in result.settlements}
    assert lines == {1: (1, 4, 6), 2: (2, 4, 5), 3: (4, 3, 1)}
    assert result.settlement == (-6, -5, 1, 10)
    assert result.total == (-6, -5, 1, 10)
    assert result.last_trick_bonus is None and not result.sweep and not result.big_six_capture


EARLY_DEATH = [
    "1:6-6 | 2:~1-1 | 3:~1-3 | 4:~1-3",
    "1:1-1 | 2:~4-4 | 3:~3-3 | 4:~3-3",
    "1:4-4 | 2:~5-5 | 3:~2-2 | 4:~2-2",
    "1:1-5 | 2:1-6 | 3:~5-6 | 4:~5-6",
    "2:3-6 | 3:~4-6 | 4:~1-5 | 1:~4-5",
    "2:2-6 | 3:~3-5 | 4:~3-4 | 1:~2-4",
    "2:2-5 | 3:~1-4 | 4:~2-3 | 1:~1-2",
]


def test_tiengow_example_early_death() -> None:
    deal = scripted(1, EARLY_DEATH + ["2:1-6"], known={3: "6-6", 4: "5-5", 1: "4-6"})
    assert deal.columns == (3, 4, 0, 0)
    assert deal.legal_moves() == [play("~6-6")]  # Heaven would beat 1-6, but seat 3 is dead
    run(deal, ["3:~6-6"])
    assert deal.legal_moves() == [play("~5-5")]
    run(deal, ["4:~5-5 | 1:4-6"])
    result = deal.result()
    assert result is not None
    assert result.columns == (4, 4, 0, 0)
    assert result.settlement == (20, 0, -10, -10)


BIG_SIX_CAPTURE = [
    "1:6-6 | 2:~1-1 | 3:~1-1 | 4:~4-4",
    "1:5-5 | 2:~4-4 | 3:~1-3 | 4:~1-3",
    "1:1-5 | 2:~5-5 | 3:1-6 | 4:~3-3",
    "3:2-2 | 4:3-3 | 1:~2-2 | 2:~5-6",
    "4:4-6 | 1:~5-6 | 2:6-6 | 3:~4-6",
    "2:3-6 | 3:~4-5 | 4:~2-6 | 1:~3-5",
    "2:2-5 | 3:~3-4 | 4:~1-4 | 1:~2-3",
    "2:1-2 | 3:2-4 | 4:~1-5 | 1:~1-6",
]


def test_tiengow_example_big_six_captures_little_three() -> None:
    result = scripted(1, BIG_SIX_CAPTURE).result()
    assert result is not None
    assert result.columns == (2, 3, 2, 1)
    assert result.big_six_capture and result.last_trick_bonus is None
    lines = {line.seat: (line.payer, line.amount, line.multipliers, line.captured) for line in result.settlements}
    assert lines == {1: (2, 4, ("banker",), True), 2: (2, 1, (), False), 4: (2, 3, (), True)}
    assert result.settlement == (0, -8, 8, 0)


def test_tiengow_example_banker_sweep_with_plain_heaven() -> None:
    leads = "1-1 4-4 1-3 5-5 3-3 2-2 5-6 6-6".split()
    seat2 = "6-6 1-1 4-4 1-3 5-5 3-3 2-2 5-6".split()
    seat3 = "4-6 4-6 1-6 1-6 1-5 1-5 3-6 4-5".split()
    seat4 = "2-6 3-5 2-5 3-4 2-4 1-4 2-3 1-2".split()
    script = [f"1:{a} | 2:~{b} | 3:~{c} | 4:~{d}" for a, b, c, d in zip(leads, seat2, seat3, seat4)]
    result = scripted(1, script).result()
    assert result is not None
    assert result.sweep and result.columns == (8, 0, 0, 0)
    assert {line.multipliers for line in result.settlements} == {("banker", "sweep")}
    assert result.settlement == (60, -20, -20, -20)
