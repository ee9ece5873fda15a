"""Why a Tien Gow trick went to its winner, by which rule: what the table says when a
trick ends, and what the summary and the guided deal explain. Facts only; the client
turns them into sentences."""

from __future__ import annotations

from dataclasses import dataclass

from game.tiengow.groups import Group, GroupKind, classify
from game.tiengow.payments import BANKER, SWEEP, DealResult
from game.tiengow.view import SeenTrick


@dataclass(frozen=True, slots=True)
class TrickStory:
    """The winner and its group; the face-up group it beat last (None when nothing else
    went face up); the seats that went face down; ``rule`` the rule that decided it
    ("tiengow.8" for a Supreme lead, else "tiengow.4" when a follower took the lead's
    place or "tiengow.5" when the lead held); the immediate payment's reason, if any."""

    winner: int
    winning: Group
    beaten_seat: int | None
    beaten: Group | None
    face_down: tuple[int, ...]
    rule: str
    bonus: str | None
    columns: int


def trick_story(trick: SeenTrick) -> TrickStory:
    """The story of a finished trick, from what every seat saw of it."""
    face_up = [(play.seat, classify(play.tiles)) for play in trick.plays if not play.face_down and play.tiles]
    groups = [(seat, group) for seat, group in face_up if group is not None]
    winning = next(group for seat, group in groups if seat == trick.winner)
    before = [(seat, group) for seat, group in groups if seat != trick.winner]
    beaten_seat, beaten = before[-1] if before else (None, None)
    if winning.kind is GroupKind.SUPREME:
        rule = "tiengow.8"
    elif beaten is not None:
        rule = "tiengow.4"
    else:
        rule = "tiengow.5"
    return TrickStory(
        winner=trick.winner,
        winning=winning,
        beaten_seat=beaten_seat,
        beaten=beaten,
        face_down=tuple(play.seat for play in trick.plays if play.face_down),
        rule=rule,
        bonus=trick.bonus,
        columns=trick.columns,
    )


def doubling_rules(result: DealResult) -> tuple[str, ...]:
    """The parts of rule 13 that doubled a settlement paid in ``result``, in the rule's order:
    "tiengow.13.banker", "tiengow.13.last_trick" (a quartet, Supreme or Little Three took the
    last trick), "tiengow.13.sweep"; none when nothing paid was doubled."""
    codes = {code for line in result.settlements if line.amount for code in line.multipliers}
    parts = (("banker", BANKER in codes), ("last_trick", bool(codes - {BANKER, SWEEP})), ("sweep", SWEEP in codes))
    return tuple(f"tiengow.13.{part}" for part, applies in parts if applies)
