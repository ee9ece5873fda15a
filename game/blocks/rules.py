"""What a block game's rules decide, the interface ``ChivaRules`` and ``DekabesRules`` share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.blocks.play import PlayEnd
from game.blocks.result import RoundResult, RoundStart
from game.core.tiles import Tile


class BlockRules(Protocol):
    """How a block game opens, scores a round and goes on; the play itself is shared."""

    @property
    def name(self) -> str: ...

    @property
    def accepts_deals(self) -> bool:
        """Whether every seat looks at a deal and may throw it in before play."""

    @property
    def both_ends_bonus(self) -> bool:
        """Whether a last tile that fits both ends (not a double) wins a round worth double."""

    @property
    def block_to_lightest_hand(self) -> bool:
        """Whether a blocked round goes to the seat with the fewest pips (else the team with fewer)."""

    @property
    def scores_points(self) -> bool:
        """Whether a won round adds points worth a base (the losers' points return to 0),
        else one win to a streak (a broken streak returns both to 0)."""

    @property
    def domino_rule(self) -> str:
        """The rule (``RULES.md``, as ``game.rule``) a domino that pays no bonus wins by."""

    def may_throw_in(self, hand: Sequence[Tile]) -> bool:
        """Whether a seat holding ``hand`` may throw the deal in."""

    def first_start(self) -> RoundStart: ...

    def score(self, start: RoundStart, end: PlayEnd, opener: int) -> RoundResult: ...

    def next_start(self, start: RoundStart, result: RoundResult) -> RoundStart: ...
