"""Tien Gow payments: immediate trick bonuses and the final settlement (rules 11-14)."""

from __future__ import annotations

from dataclasses import dataclass

SEATS = (1, 2, 3, 4)

# Codes naming why an amount was doubled; the summary translates them.
BANKER = "banker"
SWEEP = "sweep"
QUARTET = "quartet"
SUPREME = "supreme"
LITTLE_THREE = "little_three"

_IMMEDIATE_BASE = {SUPREME: 2, QUARTET: 4}


@dataclass(frozen=True, slots=True)
class Settlement:
    """The settlement line between the last-trick winner and one other seat (rules 12-14).

    ``seat`` is the other seat and ``columns`` its columns; ``payer`` pays ``payee``
    ``amount`` = ``base`` doubled once per code in ``multipliers``. ``captured`` marks a
    line moved onto the Little Three leader by a Big Six capture (rule 14).
    """

    seat: int
    columns: int
    payer: int
    payee: int
    base: int
    multipliers: tuple[str, ...]
    amount: int
    captured: bool = False


@dataclass(frozen=True, slots=True)
class DealResult:
    """The end of a deal: per-seat tuples (index 0 = seat 1) and what explains them."""

    columns: tuple[int, ...]
    last_winner: int
    immediate: tuple[int, ...]
    settlement: tuple[int, ...]
    total: tuple[int, ...]
    settlements: tuple[Settlement, ...]
    last_trick_bonus: str | None  # QUARTET, SUPREME, LITTLE_THREE or None
    sweep: bool
    big_six_capture: bool


def immediate_payments(winner: int, banker: int, bonus: str | None) -> tuple[int, ...]:
    """Rule 11: what each seat gains from a trick won with ``bonus`` (SUPREME or QUARTET)."""
    base = _IMMEDIATE_BASE.get(bonus or "", 0)
    if not base:
        return (0, 0, 0, 0)
    amounts = [0, 0, 0, 0]
    for seat in SEATS:
        if seat != winner:
            amount = base * (2 if banker in (seat, winner) else 1)
            amounts[seat - 1] -= amount
            amounts[winner - 1] += amount
    return tuple(amounts)


def settle(
    columns: tuple[int, ...], winner: int, banker: int, bonus: str | None, little_three_leader: int | None
) -> tuple[Settlement, ...]:
    """Rules 12-14: one line per seat other than the last-trick winner, in seat order.

    ``little_three_leader`` is the seat whose Little Three lead Big Six captured in the
    last trick (rule 14), else None.
    """
    sweep = columns[winner - 1] == sum(columns)
    lines = []
    for seat in SEATS:
        if seat == winner:
            continue
        count = columns[seat - 1]
        if count >= 5:
            base, payer, payee = count - 4, winner, seat
        else:
            base, payer, payee = (5 if count == 0 else 4 - count), seat, winner
        reasons: tuple[tuple[str | None, bool], ...] = (
            (BANKER, banker in (seat, winner)),
            (bonus, bonus is not None),
            (SWEEP, sweep),
        )
        codes = tuple(code for code, applies in reasons if applies and code is not None)
        amount = base << len(codes)
        captured = False
        if little_three_leader is not None and seat != little_three_leader and payer == seat and amount > 0:
            payer, captured = little_three_leader, True
        lines.append(Settlement(seat, count, payer, payee, base, codes, amount, captured))
    return tuple(lines)


def deal_result(
    columns: tuple[int, ...],
    immediate: tuple[int, ...],
    winner: int,
    banker: int,
    bonus: str | None,
    little_three_leader: int | None,
) -> DealResult:
    """The full result of a finished deal."""
    lines = settle(columns, winner, banker, bonus, little_three_leader)
    settlement = [0, 0, 0, 0]
    for line in lines:
        settlement[line.payer - 1] -= line.amount
        settlement[line.payee - 1] += line.amount
    return DealResult(
        columns=tuple(columns),
        last_winner=winner,
        immediate=tuple(immediate),
        settlement=tuple(settlement),
        total=tuple(i + s for i, s in zip(immediate, settlement)),
        settlements=lines,
        last_trick_bonus=bonus,
        sweep=columns[winner - 1] == sum(columns),
        big_six_capture=little_three_leader is not None,
    )
