"""One Tien Gow deal in a session: where it starts from and its live state."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import IllegalMove
from game.core.phases import Phase
from game.core.spec import Hands
from game.tiengow.deal import TienGowDeal, TrickPlay
from game.tiengow.payments import DealResult


@dataclass(frozen=True, slots=True)
class TienGowStart:
    """What a deal starts from: its number, the banker and the running totals before it."""

    number: int
    banker: int
    totals: tuple[int, int, int, int]


class TienGowRoundState:
    """The live state of one deal; every change goes through ``push``."""

    def __init__(self, start: TienGowStart, hands: Hands) -> None:
        self.start = start
        self.deal = TienGowDeal(hands, start.banker)

    def copy(self) -> TienGowRoundState:
        other = TienGowRoundState.__new__(TienGowRoundState)
        other.start, other.deal = self.start, self.deal.copy()
        return other

    @property
    def phase(self) -> Phase:
        return Phase.ROUND_OVER if self.deal.is_over else Phase.PLAYING

    @property
    def is_over(self) -> bool:
        return self.deal.is_over

    @property
    def result(self) -> DealResult | None:
        return self.deal.result()

    @property
    def to_act(self) -> int | None:
        return self.deal.to_act

    @property
    def totals_after(self) -> tuple[int, int, int, int]:
        result = self.deal.result()
        if result is None:
            return self.start.totals
        a, b, c, d = (before + gain for before, gain in zip(self.start.totals, result.total))
        return a, b, c, d

    def legal_moves(self) -> list[TrickPlay]:
        return self.deal.legal_moves()

    def check(self, decision: object) -> None:
        if not isinstance(decision, TrickPlay):
            raise IllegalMove("must_play_tiles", "Play tiles from your hand.")
        self.deal.check(decision)

    def push(self, decision: TrickPlay) -> None:
        self.check(decision)
        self.deal.push(decision)
