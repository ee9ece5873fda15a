"""Tien Gow: one deal of tricks with checked moves and its payments (rules 1-14).

Hands are kept internally as tuples of standard indices (see ``game.tiengow.chinese``)
and as bit masks, so that enumerating and checking moves is a handful of integer operations.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from game.core.errors import IllegalMove
from game.core.seats import four
from game.core.tiles import Tile
from game.core.tiles import deal as deal_tiles
from game.tiengow.chinese import CHINESE_SET, CIVIL_KINDS, KINDS, standard_index
from game.tiengow.groups import GROUPS, SUPREME_TILES, GroupKind, beats
from game.tiengow.payments import LITTLE_THREE, QUARTET, SUPREME, DealResult, deal_result, immediate_payments

SEATS = (1, 2, 3, 4)
HAND_SIZE = 8

_LITTLE_THREE = (standard_index(Tile.of(1, 2)),)
_BIG_SIX = (standard_index(Tile.of(2, 4)),)
_SUPREME = tuple(sorted(standard_index(t) for t in SUPREME_TILES))

# Multiset masks: civil kind i owns bits 2i (one copy) and 2i+1 (second copy), military
# kind j owns bit CIVIL_KINDS + j. A multiset A is inside B exactly when A & B == A.
_BIT = tuple(1 << (2 * k) if k < CIVIL_KINDS else 1 << (CIVIL_KINDS + k) for k in range(len(KINDS)))
_IMPOSSIBLE = 1 << 40  # no hand holds this bit: a multiset the set cannot supply


def _mask(kinds: tuple[int, ...]) -> int:
    mask = 0
    for kind in kinds:
        bit = _BIT[kind]
        if mask & bit:
            if kind >= CIVIL_KINDS or mask & (bit << 1):
                return _IMPOSSIBLE
            bit <<= 1
        mask |= bit
    return mask


def _text(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """The k tiles one seat puts into a trick, face up or face down.

    ``tiles`` are kept in the standard order, so equal plays compare equal; ``kinds``
    and ``mask`` are derived from them for the engine.
    """

    tiles: tuple[Tile, ...]
    face_down: bool
    kinds: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)  # set from tiles
    mask: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            kinds = tuple(sorted(standard_index(t) for t in self.tiles))
        except (KeyError, TypeError):
            raise ValueError(f"not Chinese tiles: {self.tiles!r}") from None
        object.__setattr__(self, "tiles", tuple(KINDS[k] for k in kinds))
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "mask", _mask(kinds))

    @staticmethod
    def of(*texts: str, face_down: bool = False) -> TrickPlay:
        """``TrickPlay.of("6-6", "3-6")``."""
        return TrickPlay(tuple(Tile.from_str(t) for t in texts), face_down)


class _Interned(dict[tuple[int, ...], TrickPlay]):
    """The one TrickPlay per multiset of kinds, built on first use."""

    def __init__(self, face_down: bool) -> None:
        super().__init__()
        self.face_down = face_down

    def __missing__(self, kinds: tuple[int, ...]) -> TrickPlay:
        play = self[kinds] = TrickPlay(tuple(KINDS[k] for k in kinds), self.face_down)
        return play


_UP = _Interned(False)
_DOWN = _Interned(True)
_GROUP_ORDER = sorted(GROUPS, key=lambda kinds: (len(kinds), kinds))
_LEADS = [(_mask(kinds), _UP[kinds]) for kinds in _GROUP_ORDER]
_BEATERS = {
    best: [(_mask(kinds), _UP[kinds]) for kinds in _GROUP_ORDER if beats(GROUPS[kinds], GROUPS[best])]
    for best in GROUPS
}


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: plays in order from the leader, the winner and what it paid."""

    leader: int
    plays: tuple[tuple[int, TrickPlay], ...]
    winner: int
    columns: int
    immediate: tuple[int, ...]
    bonus: str | None = None  # SUPREME or QUARTET when rule 11 paid at once

    @property
    def winning_play(self) -> TrickPlay:
        return next(play for seat, play in self.plays if seat == self.winner)


class TienGowDeal:
    """One deal: 4 hands of 8, played in tricks until every tile is down (rules 1-14)."""

    __slots__ = (
        "banker",
        "_dealt",
        "_hands",
        "_masks",
        "_leader",
        "_plays",
        "_best",
        "_best_seat",
        "_columns",
        "_immediate",
        "_tricks",
        "_result",
    )

    def __init__(self, hands: Sequence[Sequence[Tile]], banker: int) -> None:
        if banker not in SEATS:
            raise ValueError(f"the banker must be a seat 1 to 4, not {banker!r}")
        if len(hands) != len(SEATS) or any(len(hand) != HAND_SIZE for hand in hands):
            raise ValueError("Tien Gow deals 8 tiles to each of 4 seats")
        if Counter(t for hand in hands for t in hand) != Counter(CHINESE_SET):
            raise ValueError("the hands must hold exactly the 32 Chinese tiles")
        self.banker = banker
        self._dealt = tuple(tuple(sorted(standard_index(t) for t in hand)) for hand in hands)
        self._hands = list(self._dealt)
        self._masks = [_mask(hand) for hand in self._dealt]
        self._leader = banker
        self._plays: tuple[tuple[int, TrickPlay], ...] = ()
        self._best: TrickPlay | None = None
        self._best_seat = 0
        self._columns = (0, 0, 0, 0)
        self._immediate = (0, 0, 0, 0)
        self._tricks: list[Trick] = []
        self._result: DealResult | None = None

    # -- state -----------------------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every current hand in the standard order. Secret: only for the end of a deal."""
        return tuple(tuple(KINDS[k] for k in hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """One seat's current hand, in the standard order."""
        return tuple(KINDS[k] for k in self._hands[seat - 1])

    @property
    def dealt_hands(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(tuple(KINDS[k] for k in hand) for hand in self._dealt)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self._hands)

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        return self._leader

    @property
    def is_over(self) -> bool:
        return not self._plays and not self._hands[self._leader - 1]

    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        return (self._leader + len(self._plays) - 1) % 4 + 1

    @property
    def trick_size(self) -> int | None:
        """k, the number of tiles each seat plays in the current trick; None before the lead."""
        return len(self._plays[0][1].tiles) if self._plays else None

    @property
    def current_plays(self) -> tuple[tuple[int, TrickPlay], ...]:
        return self._plays

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    @property
    def columns(self) -> tuple[int, ...]:
        return self._columns

    @property
    def immediate(self) -> tuple[int, ...]:
        """The immediate payments so far, per seat."""
        return self._immediate

    def best_play(self) -> tuple[int, TrickPlay] | None:
        """The seat and play that would win the current trick now; None before the lead."""
        return (self._best_seat, self._best) if self._best is not None else None

    def result(self) -> DealResult | None:
        return self._result

    def is_early_death(self, seat: int) -> bool:
        """Rule 9: in a single-tile last trick, a follower with no column must go face down."""
        return (
            bool(self._plays)
            and len(self._plays[0][1].kinds) == 1
            and len(self._hands[seat - 1]) == 1
            and self._columns[seat - 1] == 0
        )

    # -- moves -----------------------------------------------------------------

    def legal_moves(self) -> list[TrickPlay]:
        """Every legal play, each once: groups face up first, then face-down sets of k tiles."""
        seat = self.to_act
        if seat is None:
            return []
        mask = self._masks[seat - 1]
        if not self._plays:
            return [play for need, play in _LEADS if need & mask == need]
        assert self._best is not None
        k = len(self._plays[0][1].kinds)
        moves = (
            []
            if self.is_early_death(seat)
            else [play for need, play in _BEATERS[self._best.kinds] if need & mask == need]
        )
        moves += map(_DOWN.__getitem__, dict.fromkeys(combinations(self._hands[seat - 1], k)))
        return moves

    def check(self, move: TrickPlay) -> None:
        """Raise IllegalMove with a player-facing message when ``move`` is not legal now."""
        refusal = self._refusal(move)
        if refusal is not None:
            raise refusal

    def is_legal(self, move: TrickPlay) -> bool:
        return self._refusal(move) is None

    def _refusal(self, move: TrickPlay) -> IllegalMove | None:
        seat = self.to_act
        if seat is None:
            return IllegalMove("deal_over", "The deal is over.")
        count = len(move.kinds)
        if not self._plays:
            if move.face_down:
                return IllegalMove("lead_face_down", "The lead must be played face up.")
            if not 1 <= count <= 4:
                return IllegalMove("lead_size", "Lead a group of one to four tiles.")
        elif count != len(self._plays[0][1].kinds):
            return IllegalMove(
                "wrong_count", "Play exactly {count} tiles in this trick.", count=len(self._plays[0][1].kinds)
            )
        if move.mask & self._masks[seat - 1] != move.mask:
            return IllegalMove("not_in_hand", "You do not hold {tile}.", tile=_text(move.tiles))
        if move.face_down:
            return None
        group = GROUPS.get(move.kinds)
        if not self._plays:
            if group is None:
                return IllegalMove("not_a_group", "{tiles} is not a group that may be led.", tiles=_text(move.tiles))
            return None
        assert self._best is not None
        if self.is_early_death(seat):
            return IllegalMove("early_death", "You have won no column, so your last tile must go face down.")
        if group is None:
            return IllegalMove(
                "not_a_group_face_up", "{tiles} is not a group, so it must go face down.", tiles=_text(move.tiles)
            )
        if group.kind is GroupKind.SUPREME:
            return IllegalMove("supreme_follows", "Supreme beats nothing when it follows, so it must go face down.")
        if not beats(group, GROUPS[self._best.kinds]):
            return IllegalMove(
                "does_not_beat",
                "{tiles} does not beat {best}, so it must go face down.",
                tiles=_text(move.tiles),
                best=_text(self._best.tiles),
            )
        return None

    def push(self, move: TrickPlay) -> None:
        """Check and play ``move`` for the seat to act; a fourth play completes the trick."""
        self.check(move)
        seat = (self._leader + len(self._plays) - 1) % 4 + 1
        i = seat - 1
        rest = list(self._hands[i])
        for kind in move.kinds:
            rest.remove(kind)
        self._hands[i] = tuple(rest)
        self._masks[i] = _mask(self._hands[i])
        if not move.face_down:
            self._best, self._best_seat = move, seat
        self._plays += ((seat, move),)
        if len(self._plays) == 4:
            self._complete_trick()

    def _complete_trick(self) -> None:
        plays = self._plays
        lead = plays[0][1]
        k = len(lead.kinds)
        winner = self._best_seat
        bonus = SUPREME if lead.kinds == _SUPREME else QUARTET if k == 4 else None
        immediate = immediate_payments(winner, self.banker, bonus)
        columns = list(self._columns)
        columns[winner - 1] += k
        self._columns = four(columns)
        self._immediate = four([a + b for a, b in zip(self._immediate, immediate)])
        self._tricks.append(Trick(self._leader, plays, winner, k, immediate, bonus))
        self._leader, self._plays, self._best, self._best_seat = winner, (), None, 0
        if not self._hands[winner - 1]:
            self._result = self._final_result()

    def _final_result(self) -> DealResult:
        last = self._tricks[-1]
        lead, won = last.plays[0][1], last.winning_play
        bonus = last.bonus or (LITTLE_THREE if won.kinds == _LITTLE_THREE else None)
        captured = last.leader if lead.kinds == _LITTLE_THREE and won.kinds == _BIG_SIX else None
        return deal_result(self._columns, self._immediate, last.winner, self.banker, bonus, captured)

    def copy(self) -> TienGowDeal:
        """An independent copy."""
        other = TienGowDeal.__new__(TienGowDeal)
        other.banker, other._dealt, other._leader = self.banker, self._dealt, self._leader
        other._hands, other._masks = list(self._hands), list(self._masks)
        other._plays, other._best, other._best_seat = self._plays, self._best, self._best_seat
        other._columns, other._immediate, other._result = self._columns, self._immediate, self._result
        other._tricks = list(self._tricks)
        return other


def new_deal(rng: random.Random, banker: int) -> TienGowDeal:
    """Rule 1: shuffle the 32 tiles with ``rng`` and deal 8 to each seat."""
    return TienGowDeal(deal_tiles(CHINESE_SET, rng), banker)
