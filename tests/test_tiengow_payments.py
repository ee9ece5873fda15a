"""Payments for every multiplier combination, played out on exact hands (banker seat 1)."""

from __future__ import annotations

from test_tiengow_examples import BIG_SIX_CAPTURE, EARLY_DEATH, FINAL_COLUMNS_1_0_5_2
from tiengow_helpers import play, run, scripted

from game.tiengow.payments import DealResult, deal_result, settle


def finished(banker: int, script: list[str], known: dict[int, str] | None = None) -> DealResult:
    result = scripted(banker, script, known).result()
    assert result is not None
    return result


def lines_of(result: DealResult) -> dict[int, tuple[int, int, int, tuple[str, ...]]]:
    return {line.seat: (line.payer, line.payee, line.amount, line.multipliers) for line in result.settlements}


def test_tiengow_payments_banker_sweep_ending_with_the_heaven_quartet() -> None:
    singles = [f"1:{t} | 2:~ | 3:~ | 4:~" for t in "1-1 1-1 4-4 4-4".split()]
    result = finished(1, singles + ["1:6-6 6-6 3-6 4-5 | 2:~ | 3:~ | 4:~"])
    assert result.last_trick_bonus == "quartet" and result.sweep
    assert {line.multipliers for line in result.settlements} == {("banker", "quartet", "sweep")}
    assert result.immediate == (24, -8, -8, -8)  # the sweep and last-trick bonus never touch these
    assert result.settlement == (120, -40, -40, -40)
    assert result.total == (144, -48, -48, -48)


def test_tiengow_payments_quartet_wins_the_last_trick() -> None:
    result = finished(
        1,
        [
            "1:1-5 | 2:~ | 3:~ | 4:~",
            "1:1-5 | 2:1-6 | 3:~ | 4:~",
            "2:1-3 | 3:~ | 4:~ | 1:~",
            "2:1-3 | 3:~ | 4:~ | 1:~",
            "2:4-4 4-4 2-5 3-4 | 3:6-6 6-6 3-6 4-5 | 4:~ | 1:~",
        ],
    )
    assert result.columns == (1, 3, 4, 0) and not result.sweep
    assert lines_of(result) == {
        1: (1, 3, 12, ("banker", "quartet")),
        2: (2, 3, 2, ("quartet",)),
        4: (4, 3, 10, ("quartet",)),
    }
    assert result.immediate == (-8, -4, 16, -4)
    assert result.total == (-20, -6, 40, -14)


def test_tiengow_payments_supreme_wins_the_last_trick() -> None:
    singles = [f"3:{t} | 4:~ | 1:~ | 2:~" for t in "6-6 1-1 1-1 4-4".split()]
    result = finished(
        1, ["1:6-6 | 2:~ | 3:~ | 4:~", "1:1-5 | 2:~ | 3:1-6 | 4:~", *singles, "3:1-2 2-4 | 4:~ | 1:~ | 2:~"]
    )
    assert result.columns == (1, 0, 7, 0) and result.last_trick_bonus == "supreme"
    assert result.immediate == (-4, -2, 8, -2)
    assert result.settlement == (-12, -10, 32, -10)
    assert result.total == (-16, -12, 40, -12)


def test_tiengow_payments_little_three_wins_the_last_single_trick() -> None:
    singles = [f"2:{t} | 3:~ | 4:~ | 1:~" for t in "6-6 1-1 1-1 4-4 4-4".split()]
    deal = scripted(1, ["1:6-6 | 2:~ | 3:~ | 4:~", "1:1-5 | 2:1-6 | 3:~ | 4:~", *singles, "2:1-2"], known={3: "2-4"})
    assert deal.legal_moves() == [play("~2-4")]  # early death: Big Six may not beat it
    run(deal, ["3:~2-4 | 4:~ | 1:~"])
    result = deal.result()
    assert result is not None and result.last_trick_bonus == "little_three"
    assert result.columns == (1, 7, 0, 0)
    assert result.settlement == (-12, 32, -10, -10)


def test_tiengow_payments_early_death_doubles_only_for_the_banker() -> None:
    result = finished(1, EARLY_DEATH + ["2:1-6 | 3:~6-6 | 4:~5-5 | 1:4-6"])
    assert lines_of(result) == {2: (2, 1, 0, ("banker",)), 3: (3, 1, 10, ("banker",)), 4: (4, 1, 10, ("banker",))}


def test_tiengow_payments_big_six_capture_with_the_banker_uninvolved() -> None:
    result = finished(1, BIG_SIX_CAPTURE)
    assert [line.captured for line in result.settlements] == [True, False, True]
    assert result.total == (0, -8, 8, 0)


def test_tiengow_payments_big_six_capture_when_the_banker_led_little_three() -> None:
    lines = {line.seat: line for line in settle((2, 3, 2, 1), 3, 2, None, 2)}
    assert [(lines[s].payer, lines[s].amount, lines[s].captured) for s in (1, 2, 4)] == [
        (2, 2, True),
        (2, 2, False),
        (2, 3, True),
    ]


def test_tiengow_payments_winner_owes_the_surplus_above_four_columns() -> None:
    result = finished(1, FINAL_COLUMNS_1_0_5_2)
    assert lines_of(result)[3] == (4, 3, 1, ())
    lines = {line.seat: line for line in settle((6, 0, 0, 2), 4, 1, "little_three", None)}
    assert (lines[1].payer, lines[1].payee, lines[1].base, lines[1].amount) == (4, 1, 2, 8)


def test_tiengow_payments_total_is_immediate_plus_settlement() -> None:
    result = deal_result((0, 8, 0, 0), (-4, 8, -2, -2), 2, 1, "supreme", None)
    assert result.settlement == (-40, 80, -20, -20)
    assert result.total == (-44, 88, -22, -22)
