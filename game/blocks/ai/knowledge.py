"""What the deciding seat knows, taken from its view and turned into tile masks."""

from __future__ import annotations

from dataclasses import dataclass

from game.blocks.ai.bits import ALL, banned, mask_of
from game.blocks.ai.sampling import HiddenDeals
from game.blocks.view import BlockView
from game.core.seats import four


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The deciding seat (0-based), its hand, the open ends (-1 when the line is empty),
    the hidden tiles, every seat's tile count and the tiles each seat cannot hold."""

    me: int
    hand: int
    left: int
    right: int
    hidden: int
    counts: tuple[int, int, int, int]
    banned: tuple[int, int, int, int]

    @staticmethod
    def of(view: BlockView) -> Knowledge:
        hand = mask_of(view.hand)
        left, right = view.ends if view.ends is not None else (-1, -1)
        hidden = ALL ^ hand ^ mask_of(p.tile for p in view.line)
        return Knowledge(
            view.seat - 1,
            hand,
            left,
            right,
            hidden,
            view.tile_counts,
            four([banned(sorted(numbers)) for numbers in view.passed_on]),
        )

    @property
    def team(self) -> int:
        """0 for seats 1 and 3, 1 for seats 2 and 4."""
        return self.me & 1

    def deals(self) -> HiddenDeals:
        """The sampler of the other seats' hands."""
        return HiddenDeals(self.me, self.hand, self.hidden, self.counts, self.banned)
