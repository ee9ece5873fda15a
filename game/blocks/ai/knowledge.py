"""What the deciding seat knows, taken from its view and turned into tile masks."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.blocks.ai.bits import ALL, BIT, NUMBER, PIPS, banned, mask_of
from game.blocks.ai.sampling import HiddenDeals
from game.blocks.moves import Play
from game.blocks.view import BlockView
from game.core.seats import four

HEAVIER = tuple(sum(1 << i for i, p in enumerate(PIPS) if p > pips) for pips in range(13))


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

    def shedders(self, view: BlockView) -> int:
        """The opponents (a mask of 0-based seats) whose plays so far bear out the habit of
        shedding the heaviest fitting tile: none of them played a tile that would have fitted,
        with more pips, at an earlier turn of its own."""
        found = 0
        for seat in range(4):
            if (seat - self.me) & 1 == 0:
                continue
            plays = [(t.ends, t.move.tile) for t in view.turns if t.seat - 1 == seat and isinstance(t.move, Play)]
            later = 0
            for ends, tile in reversed(plays):
                fitting = ALL if ends is None else NUMBER[ends[0]] | NUMBER[ends[1]]
                if later & fitting & HEAVIER[tile.pips]:
                    break
                later |= BIT[tile]
            else:
                found |= 1 << seat
        return found

    def heavy_first(self, view: BlockView) -> Knowledge:
        """This knowledge as if the opponents that ``shedders`` finds always played their
        heaviest fitting tile: each holds no tile heavier than one it played that would have
        fitted then. Those bans are kept, per opponent, only while some deal still fits them."""
        extra = [0, 0, 0, 0]
        shedders = self.shedders(view)
        for turn in view.turns:
            seat = turn.seat - 1
            if not isinstance(turn.move, Play) or not shedders >> seat & 1:
                continue
            pips = turn.move.tile.pips
            fitting = ALL if turn.ends is None else NUMBER[turn.ends[0]] | NUMBER[turn.ends[1]]
            extra[seat] |= fitting & HEAVIER[pips]
        found = self
        for seat in sorted(range(4), key=lambda s: -extra[s].bit_count()):
            if not extra[seat] & self.hidden:
                continue
            banned = tuple(tiles | extra[seat] if s == seat else tiles for s, tiles in enumerate(found.banned))
            trial = replace(found, banned=four(banned))
            if trial.deals().consistent:
                found = trial
        return found
