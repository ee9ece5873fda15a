"""One test per numbered rule of RULES.md's Tien Gow section (play: 1-10, payments: 11-15)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_tiengow_examples import EARLY_DEATH, FINAL_COLUMNS_1_0_5_2
from tiengow_helpers import build_hands, play, run, scripted

from game.core.errors import IllegalMove
from game.tiengow.chinese import CHINESE_SET
from game.tiengow.deal import TienGowDeal, new_deal
from game.tiengow.payments import settle
from game.tiengow.record import record_round


def refusal(deal: TienGowDeal, text: str) -> str:
    with pytest.raises(IllegalMove) as refused:
        deal.push(play(text))
    return refused.value.code


def plays(*texts: str) -> list:
    return [play(text) for text in texts]


def test_tiengow_rule1_deal_gives_eight_tiles_to_each_seat_from_all_32() -> None:
    deal = new_deal(random.Random(5), 2)
    assert deal.hand_sizes == (8, 8, 8, 8)
    assert Counter(t for hand in deal.hands for t in hand) == Counter(CHINESE_SET)
    hands = build_hands([])
    with pytest.raises(ValueError):
        TienGowDeal([hands[0][:7], hands[1], hands[2], hands[3] + hands[0][7:]], 1)
    with pytest.raises(ValueError):
        TienGowDeal([hands[0], hands[0], hands[2], hands[3]], 1)
    with pytest.raises(ValueError):
        TienGowDeal(hands, 5)


def test_tiengow_rule2_banker_leads_first_then_each_trick_winner_leads() -> None:
    texts = ["1-5", "~1-1", "6-6", "~1-1"]
    deal = TienGowDeal(build_hands([f"{s}:{t}" for s, t in zip((3, 4, 1, 2), texts)]), 3)
    assert (deal.leader, deal.to_act) == (3, 3)
    seats = []
    for text in texts:
        seats.append(deal.to_act)
        deal.push(play(text))
    assert seats == [3, 4, 1, 2]
    assert (deal.tricks[0].winner, deal.leader, deal.to_act) == (1, 1, 1)


def test_tiengow_rule3_the_lead_is_one_group_face_up() -> None:
    deal = TienGowDeal(build_hands([], known={1: "6-6 6-6 3-6 4-5 1-2 2-4 1-5 2-2"}), 1)
    assert set(deal.legal_moves()) == set(
        plays(
            "6-6",
            "1-5",
            "2-2",
            "3-6",
            "4-5",
            "2-4",
            "1-2",
            "6-6 6-6",
            "3-6 4-5",
            "1-2 2-4",
            "6-6 3-6",
            "6-6 4-5",
            "6-6 6-6 3-6",
            "6-6 6-6 4-5",
            "6-6 3-6 4-5",
            "6-6 6-6 3-6 4-5",
        )
    )
    assert len(deal.legal_moves()) == 16
    assert refusal(deal, "~6-6") == "lead_face_down"
    assert refusal(deal, "6-6 2-2") == "not_a_group"
    assert refusal(deal, "6-6 6-6 3-6 4-5 2-2") == "lead_size"
    assert refusal(deal, "1-1") == "not_in_hand"
    deal.push(play("6-6 6-6"))
    assert deal.trick_size == 2


def test_tiengow_rule4_follow_with_k_tiles_face_up_only_when_strictly_higher() -> None:
    deal = scripted(1, ["1:4-4"], known={2: "6-6 6-6 1-1 4-4 3-6 1-5 2-2 1-2"})
    assert deal.legal_moves() == plays("6-6", "1-1", "~6-6", "~1-1", "~4-4", "~2-2", "~1-5", "~3-6", "~1-2")
    assert refusal(deal, "6-6 6-6") == "wrong_count"
    assert refusal(deal, "4-4") == "does_not_beat"  # an equal rank loses
    assert refusal(deal, "1-5") == "does_not_beat"
    deal.push(play("~6-6"))  # a winning group may go face down
    assert deal.best_play() == (1, play("4-4"))


def test_tiengow_rule5_best_face_up_play_takes_k_columns_and_leads() -> None:
    deal = scripted(1, ["1:5-5 5-5 | 2:~ | 3:~ | 4:~"])
    assert (deal.tricks[0].winner, deal.columns, deal.leader) == (1, (2, 0, 0, 0), 1)
    deal = scripted(1, ["1:1-5 | 2:1-6 | 3:6-6"], known={4: "1-1"})
    assert deal.best_play() == (3, play("6-6"))
    run(deal, ["4:~1-1"])
    assert (deal.tricks[0].winner, deal.tricks[0].columns, deal.columns, deal.leader) == (3, 1, (0, 0, 1, 0), 3)


def test_tiengow_rule6_civil_and_military_singles_never_compare() -> None:
    deal = scripted(1, ["1:1-5"], known={2: "3-6 4-5 2-6 3-5 2-5 3-4 2-4 1-4"})
    assert all(move.face_down for move in deal.legal_moves())
    assert refusal(deal, "3-6") == "does_not_beat"
    deal = scripted(1, ["1:1-2"], known={2: "6-6 6-6 1-1 1-1 4-4 4-4 1-3 1-3"})
    assert all(move.face_down for move in deal.legal_moves())
    assert refusal(deal, "6-6") == "does_not_beat"


def test_tiengow_rule7_pairs_and_mixed_groups_need_same_kind_and_shape() -> None:
    deal = scripted(1, ["1:1-5 1-5"], known={2: "3-6 4-5 6-6 6-6 1-1 1-1 2-6 3-5"})
    assert refusal(deal, "3-6 4-5") == "does_not_beat"  # military pair against civil pair
    assert refusal(deal, "6-6 3-6") == "does_not_beat"  # mixed group against civil pair
    assert [m for m in deal.legal_moves() if not m.face_down] == plays("6-6 6-6", "1-1 1-1")
    deal = scripted(1, ["1:1-3 1-4 2-3"], known={2: "6-6 6-6 3-6 1-1 2-6 3-5 4-4 4-4"})
    assert refusal(deal, "6-6 6-6 3-6") == "does_not_beat"  # (2,1) against (1,2)
    assert [m for m in deal.legal_moves() if not m.face_down] == plays("1-1 2-6 3-5")
    deal.push(play("1-1 2-6 3-5"))
    assert deal.best_play() == (2, play("1-1 2-6 3-5"))


def test_tiengow_rule8_supreme_wins_when_led_and_beats_nothing_when_following() -> None:
    deal = scripted(1, ["1:1-2 2-4"], known={2: "3-6 4-5 6-6 6-6", 3: "2-6 3-5 1-1 1-1"})
    assert all(move.face_down for move in deal.legal_moves())
    run(deal, ["2:~ | 3:~ | 4:~"])
    assert deal.tricks[0].winner == 1
    deal = scripted(1, ["1:1-4 2-3"], known={2: "1-2 2-4"})
    assert refusal(deal, "1-2 2-4") == "supreme_follows"
    assert play("1-2 2-4") not in deal.legal_moves() and play("~1-2 2-4") in deal.legal_moves()


def test_tiengow_rule9_early_death_forces_face_down() -> None:
    deal = scripted(1, EARLY_DEATH + ["2:1-6"], known={3: "6-6", 4: "5-5", 1: "4-6"})
    assert deal.is_early_death(3)
    assert refusal(deal, "6-6") == "early_death"
    run(deal, ["3:~6-6 | 4:~5-5"])
    assert not deal.is_early_death(1)  # seat 1 has won columns before
    run(deal, ["1:4-6"])
    assert deal.tricks[-1].winner == 1
    # A seat without columns may still win a last trick of two tiles.
    singles = [f"1:{t} | 2:~ | 3:~ | 4:~" for t in "1-1 1-1 4-4 4-4 1-3 1-3".split()]
    deal = scripted(1, singles + ["1:5-5 5-5 | 2:6-6 6-6 | 3:~ | 4:~"], known={2: "6-6 6-6"})
    assert deal.result() is not None and deal.result().last_winner == 2


def test_tiengow_rule10_deal_ends_when_all_tiles_are_played() -> None:
    deal = TienGowDeal(build_hands(FINAL_COLUMNS_1_0_5_2), 1)
    run(deal, FINAL_COLUMNS_1_0_5_2[:-1])
    assert not deal.is_over and deal.result() is None
    run(deal, FINAL_COLUMNS_1_0_5_2[-1:])
    assert deal.is_over and deal.to_act is None and deal.legal_moves() == []
    assert len(deal.tricks) == 8 and deal.hand_sizes == (0, 0, 0, 0)
    assert deal.result() is not None and deal.result().last_winner == 4
    assert refusal(deal, "3-3") == "deal_over"


def test_tiengow_rule11_immediate_payments_for_supreme_and_quartet() -> None:
    deal = scripted(1, ["1:1-5 | 2:1-6 | 3:~ | 4:~", "2:1-2 2-4 | 3:~ | 4:~ | 1:~"])
    assert deal.tricks[0].immediate == (0, 0, 0, 0)
    assert deal.tricks[1].immediate == (-4, 8, -2, -2)
    deal = scripted(1, ["1:6-6 6-6 3-6 4-5 | 2:~ | 3:~ | 4:~"])
    assert deal.tricks[0].immediate == (24, -8, -8, -8)
    deal = scripted(2, ["2:1-1 1-1 2-6 3-5 | 3:~ | 4:~ | 1:~"])
    assert deal.tricks[0].immediate == (-8, 24, -8, -8)
    deal = scripted(1, ["1:6-6 6-6 | 2:~ | 3:~ | 4:~"])
    assert deal.tricks[0].immediate == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("count", "base", "winner_pays"),
    [
        (0, 5, False),
        (1, 3, False),
        (2, 2, False),
        (3, 1, False),
        (4, 0, False),
        (5, 1, True),
        (6, 2, True),
        (7, 3, True),
    ],
)
def test_tiengow_rule12_settlement_by_the_other_seats_columns(count: int, base: int, winner_pays: bool) -> None:
    columns = (7 - count, 0, count, 1)
    (line,) = [line for line in settle(columns, 4, 4, None, None) if line.seat == 3]
    assert (line.base, line.columns) == (base, count)
    assert (line.payer, line.payee) == ((4, 3) if winner_pays else (3, 4))
    assert line.amount == base * 2  # seat 4 is the banker


@pytest.mark.parametrize("bonus", [None, "quartet", "supreme", "little_three"])
@pytest.mark.parametrize("banker", [1, 2])
@pytest.mark.parametrize("sweep", [False, True])
def test_tiengow_rule13_multipliers_multiply(bonus: str | None, banker: int, sweep: bool) -> None:
    columns = (0, 8, 0, 0) if sweep else (0, 7, 1, 0)
    lines = {line.seat: line for line in settle(columns, 2, banker, bonus, None)}
    factor = (2 if bonus else 1) * (2 if sweep else 1)
    banker_factor = {1: 2, 3: 1, 4: 1} if banker == 1 else {1: 2, 3: 2, 4: 2}
    for seat, base in ((1, 5), (3, 5 if sweep else 3), (4, 5)):
        assert lines[seat].amount == base * factor * banker_factor[seat]
        assert ("sweep" in lines[seat].multipliers) == sweep
        assert (bonus in lines[seat].multipliers) == (bonus is not None)


def test_tiengow_rule14_big_six_capture_moves_only_what_the_others_would_pay() -> None:
    # Seat 2 led Little Three, seat 3 won with Big Six; seat 4 is the banker.
    lines = {line.seat: line for line in settle((5, 1, 2, 0), 3, 4, None, 2)}
    assert (lines[1].payer, lines[1].payee, lines[1].amount, lines[1].captured) == (3, 1, 1, False)
    assert (lines[2].payer, lines[2].amount, lines[2].captured) == (2, 3, False)
    assert (lines[4].payer, lines[4].amount, lines[4].multipliers, lines[4].captured) == (2, 10, ("banker",), True)


def test_tiengow_rule15_columns_immediate_and_settlement_shown_at_the_end() -> None:
    deal = TienGowDeal(build_hands(FINAL_COLUMNS_1_0_5_2), 1)
    run(deal, FINAL_COLUMNS_1_0_5_2[:3])
    assert deal.result() is None and "result" not in record_round(deal, 1)
    run(deal, FINAL_COLUMNS_1_0_5_2[3:])
    record = record_round(deal, 1)
    assert record["result"] == {
        "columns": [1, 0, 5, 2],
        "last_winner": 4,
        "immediate": [0, 0, 0, 0],
        "settlement": [-6, -5, 1, 10],
        "total": [-6, -5, 1, 10],
    }
    assert record["tricks"][0]["plays"][1] == {"seat": 2, "tiles": ["1-1"], "face_down": True}
