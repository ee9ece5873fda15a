"""The play of one block-game round: turns, legal plays, domino and block.

``push`` checks a move and ``apply`` plays one already known to be legal; the round
keeps a count of every number still in the hands, so a block is seen at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from game.blocks.line import Line, Placed
from game.blocks.moves import PASS, End, Pass, Play
from game.core.errors import IllegalMove
from game.core.tiles import DOUBLE_SIX_SET, Tile

_FIRST = {t: Play(t, None) for t in DOUBLE_SIX_SET}
_LEFT = {t: Play(t, End.LEFT) for t in DOUBLE_SIX_SET}
_RIGHT = {t: Play(t, End.RIGHT) for t in DOUBLE_SIX_SET}
_WITH = tuple(frozenset(t for t in DOUBLE_SIX_SET if t.has(n)) for n in range(7))


class Termination(str, Enum):
    DOMINO = "domino"
    BLOCK = "block"


def team_of(seat: int) -> str:
    """Team "A" is seats 1 and 3, team "B" seats 2 and 4."""
    return "A" if seat % 2 == 1 else "B"


def partner_of(seat: int) -> int:
    return (seat + 1) % 4 + 1


class Turn(NamedTuple):
    """One turn of the play: ``ends`` are the open numbers the seat faced (None first)."""

    seat: int
    move: Play | Pass
    ends: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class PlayEnd:
    """How the play ended: who dominoed, the pips left, and whether the last tile fit both ends."""

    termination: Termination
    seat: int | None
    pips: tuple[int, int, int, int]
    fits_both: bool


class BlockRound:
    """The line, the four hands and the turns of one round, from the first tile on."""

    __slots__ = ("hands", "line", "to_act", "opener", "must_lead", "turns", "end", "_count")

    def __init__(self, hands: Sequence[Sequence[Tile]], opener: int, must_lead: Tile | None = None) -> None:
        self.hands: list[list[Tile]] = [list(h) for h in hands]
        self.line = Line()
        self.opener = opener
        self.to_act = opener
        self.must_lead = must_lead
        self.turns: list[Turn] = []
        self.end: PlayEnd | None = None
        count = [0] * 7
        for hand in self.hands:
            for tile in hand:
                count[tile.low] += 1
                if tile.high != tile.low:
                    count[tile.high] += 1
        self._count = count

    def copy(self) -> BlockRound:
        other = BlockRound.__new__(BlockRound)
        other.hands = [list(h) for h in self.hands]
        other.line = self.line.copy()
        other.opener, other.to_act, other.must_lead = self.opener, self.to_act, self.must_lead
        other.turns = list(self.turns)
        other.end = self.end
        other._count = list(self._count)
        return other

    @property
    def is_over(self) -> bool:
        return self.end is not None

    def legal_moves(self) -> list[Play | Pass]:
        """Every legal decision of the seat to act (empty once the round is over)."""
        if self.end is not None:
            return []
        hand = self.hands[self.to_act - 1]
        line = self.line
        if not line.tiles:
            if self.must_lead is not None:
                return [_FIRST[self.must_lead]] if self.must_lead in hand else []
            return [_FIRST[t] for t in hand]
        fit_left, fit_right = _WITH[line.left], _WITH[line.right]
        moves: list[Play | Pass] = [_LEFT[t] for t in hand if t in fit_left]
        moves += [_RIGHT[t] for t in hand if t in fit_right]
        return moves or [PASS]

    def check(self, move: Play | Pass) -> None:
        """Raise IllegalMove with the player's reason unless ``move`` is legal now."""
        if self.end is not None:
            raise IllegalMove("round_over", "The round is over.")
        hand = self.hands[self.to_act - 1]
        if isinstance(move, Pass):
            if self.legal_moves() != [PASS]:
                raise IllegalMove("must_play", "You have a tile that fits: you must play it.")
            return
        if not isinstance(move, Play):
            # unreachable by the types: for untyped callers
            raise IllegalMove("not_now", "That is not the decision to take now.")
        if move.tile not in hand:
            raise IllegalMove("not_in_hand", "You do not hold {tile}.", tile=str(move.tile))
        if not self.line.tiles:
            if self.must_lead is not None and move.tile != self.must_lead:
                raise IllegalMove("must_lead", "This round opens with {tile}.", tile=str(self.must_lead))
            if move.end is not None:
                raise IllegalMove("first_tile_no_end", "The first tile starts the line; it has no end.")
            return
        if move.end is None:
            raise IllegalMove("choose_end", "Choose the end to play {tile} on.", tile=str(move.tile))
        number = self.line.left if move.end is End.LEFT else self.line.right
        if not move.tile.has(number):
            raise IllegalMove(
                "does_not_fit",
                "{tile} does not match the {end} end ({number}).",
                tile=str(move.tile),
                end=move.end.value,
                number=number,
            )

    def push(self, move: Play | Pass) -> None:
        """Check ``move`` and play it for the seat to act."""
        self.check(move)
        self.apply(move)

    def apply(self, move: Play | Pass) -> None:
        """Play a move already checked by ``check``."""
        seat = self.to_act
        line = self.line
        self.turns.append(Turn(seat, move, (line.left, line.right) if line.tiles else None))
        if isinstance(move, Pass):
            self.to_act = seat % 4 + 1
            return
        tile = move.tile
        hand = self.hands[seat - 1]
        fits_both = (
            len(hand) == 1 and bool(line.tiles) and not tile.is_double and tile.has(line.left) and tile.has(line.right)
        )
        hand.remove(tile)
        line.place(tile, move.end)
        count = self._count
        count[tile.low] -= 1
        if not tile.is_double:
            count[tile.high] -= 1
        if not hand:
            self.end = PlayEnd(Termination.DOMINO, seat, self._pips(), fits_both)
        elif not (count[line.left] or count[line.right]):
            self.end = PlayEnd(Termination.BLOCK, None, self._pips(), False)
        else:
            self.to_act = seat % 4 + 1

    def _pips(self) -> tuple[int, int, int, int]:
        return tuple(sum(t.low + t.high for t in hand) for hand in self.hands)  # type: ignore[return-value]

    @property
    def placed(self) -> tuple[Placed, ...]:
        return tuple(self.line.tiles)
