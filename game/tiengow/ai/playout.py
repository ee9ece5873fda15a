"""Fast Tien Gow play-outs: a position with every hand known, played to the end of the
deal by a quick policy and valued as the points one seat gains from there.

Tiles are standard indices (``game.chinese``; 0 = Heaven ... 20 = Little Three) and a
hand is a list of them in the standard order with a multiset mask beside it, so finding
a group in a hand is one ``need & mask == need``. Seats are 0-based here.

The policy sees only the seat's own hand and the trick. It follows face up with the
cheapest group that takes the trick; otherwise it throws face down the tiles last in
the standard order: military tiles from the lowest up before any civil tile (in
trials this did better than throwing the tiles most easily beaten as singles). It
leads its whole hand when that is a group, else its largest, safest group or its
strongest single, keeping back its safest tile for the last trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from game.core.tiles import Tile
from game.tiengow.chinese import CIVIL_KINDS, KINDS, rank, standard_index
from game.tiengow.groups import GROUPS, SUPREME_TILES, GroupKind, beats

Kinds = tuple[int, ...]

# Multiset masks as in the engine: civil kind i owns bits 2i and 2i+1, military kind j bit CIVIL_KINDS + j.
BIT: tuple[int, ...] = tuple(1 << (2 * k) if k < CIVIL_KINDS else 1 << (CIVIL_KINDS + k) for k in range(len(KINDS)))
SUPREME: Kinds = tuple(sorted(standard_index(t) for t in SUPREME_TILES))
BIG_SIX = standard_index(Tile.of(2, 4))
LITTLE_THREE = standard_index(Tile.of(1, 2))


def mask_of(kinds: Sequence[int], mask: int = 0) -> int:
    """The multiset mask of some kinds (at most two copies of a civil kind, one of a
    military), added to the multiset ``mask``."""
    for kind in kinds:
        bit = BIT[kind]
        mask |= bit << 1 if mask & bit else bit
    return mask


def without(mask: int, kind: int) -> int:
    """``mask`` with one copy of ``kind`` taken out."""
    bit = BIT[kind]
    return mask ^ (bit << 1) if kind < CIVIL_KINDS and mask & (bit << 1) else mask ^ bit


def _stronger_tiles(kind: int) -> int:
    """How many tiles of the set beat this tile as a single: the lower, the safer."""
    civil = kind < CIVIL_KINDS
    return sum(
        (2 if civil else 1)
        for other in (range(CIVIL_KINDS) if civil else range(CIVIL_KINDS, len(KINDS)))
        if rank(KINDS[other]) < rank(KINDS[kind])
    )


WEAKNESS: tuple[int, ...] = tuple(_stronger_tiles(k) for k in range(len(KINDS)))
"""Per kind, the number of tiles that beat it as a single (0 for Heaven and the nines)."""

BEATERS: dict[Kinds, tuple[tuple[int, Kinds], ...]] = {
    best: tuple(
        (mask_of(kinds), kinds)
        for kinds in sorted(
            (kinds for kinds in GROUPS if beats(GROUPS[kinds], GROUPS[best])),
            key=lambda kinds: (GROUPS[kinds].rank, kinds),
        )
    )
    for best in GROUPS
}
"""Per group, the groups that beat it, cheapest first (lowest rank, then standard order)."""

LEADS: tuple[tuple[int, Kinds], ...] = tuple((mask_of(kinds), kinds) for kinds in sorted(GROUPS))
"""Every group, as it may be led."""

MULTI: tuple[tuple[int, Kinds], ...] = tuple(
    (mask_of(kinds), kinds)
    for kinds in sorted(
        (kinds for kinds in GROUPS if len(kinds) > 1),
        key=lambda kinds: (-len(kinds), GROUPS[kinds].kind is not GroupKind.SUPREME, len(BEATERS[kinds]), kinds),
    )
)
"""The groups of two or more tiles, largest first, then Supreme, then those fewest groups beat."""


def follow_choice(hand: Sequence[int], mask: int, k: int, best: Kinds, dead: bool) -> tuple[Kinds, bool]:
    """The policy's follow: (kinds, face up). ``dead`` when early death forbids face up."""
    if not dead:
        for need, kinds in BEATERS[best]:
            if need & mask == need:
                return kinds, True
    return discard(hand, k), False


def discard(hand: Sequence[int], k: int) -> Kinds:
    """The ``k`` tiles last in the standard order of ``hand`` (which is in that order)."""
    return tuple(hand[-k:])


def lead_choice(hand: Sequence[int], mask: int) -> Kinds:
    """The policy's lead from a non-empty ``hand``."""
    size = len(hand)
    if size == 1:
        return (hand[0],)
    keeper = min(hand, key=WEAKNESS.__getitem__)
    rest = without(mask, keeper)
    for need, kinds in MULTI:
        if need & mask == need and (len(kinds) == size or need & rest == need):
            return kinds
    return (min((kind for kind in hand if kind != keeper), key=WEAKNESS.__getitem__, default=keeper),)


def immediate_gain(me: int, winner: int, banker: int, base: int) -> int:
    """What ``me`` gains from a trick paying ``base`` at once to ``winner`` (rule 11)."""
    if me == winner:
        return sum(base * (2 if banker in (seat, winner) else 1) for seat in range(4) if seat != winner)
    return -base * (2 if banker in (me, winner) else 1)


def settlement_gain(me: int, columns: Sequence[int], winner: int, banker: int, doubled: bool, captured: int) -> int:
    """What ``me`` gains at the settlement (rules 12-14). ``doubled`` for a last trick won by
    a quartet, Supreme or Little Three; ``captured`` is the Little Three leader whose lead
    Big Six captured, else -1."""
    sweep = columns[winner] == 8
    gain = 0
    for seat in range(4):
        if seat == winner:
            continue
        count = columns[seat]
        shift = (banker == seat or banker == winner) + doubled + sweep
        # positive: this seat pays the winner; negative: the winner pays this seat
        amount = -((count - 4) << shift) if count >= 5 else (5 if count == 0 else 4 - count) << shift
        if me == winner:
            gain += amount
        elif me == seat:
            if amount <= 0 or captured < 0 or captured == me:
                gain -= amount
        elif me == captured and amount > 0:
            gain -= amount
    return gain


class Position:
    """A position with every hand known: the state a play-out starts from and changes.

    ``plays`` is how many seats have played in the current trick (0 before the lead);
    ``lead`` and ``best`` are its led and best face-up kinds, ``best_seat`` who played it.
    """

    __slots__ = ("hands", "masks", "columns", "banker", "leader", "plays", "lead", "best", "best_seat")

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        columns: Sequence[int],
        banker: int,
        leader: int,
        plays: int = 0,
        lead: Kinds = (),
        best: Kinds = (),
        best_seat: int = -1,
    ) -> None:
        self.hands = [sorted(hand) for hand in hands]
        self.masks = [mask_of(hand) for hand in hands]
        self.columns = list(columns)
        self.banker, self.leader, self.plays = banker, leader, plays
        self.lead, self.best, self.best_seat = lead, best, best_seat

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.hands = [list(hand) for hand in self.hands]
        other.masks = list(self.masks)
        other.columns = list(self.columns)
        other.banker, other.leader, other.plays = self.banker, self.leader, self.plays
        other.lead, other.best, other.best_seat = self.lead, self.best, self.best_seat
        return other

    @property
    def to_act(self) -> int:
        return (self.leader + self.plays) & 3

    def is_dead(self, seat: int) -> bool:
        """Rule 9 for ``seat`` following now."""
        return len(self.lead) == 1 and len(self.hands[seat]) == 1 and self.columns[seat] == 0

    def play(self, kinds: Kinds, face_up: bool, me: int) -> int:
        """Play ``kinds`` for the seat to act (the policy's rules are trusted, not checked);
        returns what ``me`` gains, at once or, when this ends the deal, at the settlement."""
        seat = (self.leader + self.plays) & 3
        hand, mask = self.hands[seat], self.masks[seat]
        for kind in kinds:
            hand.remove(kind)
            mask = without(mask, kind)
        self.masks[seat] = mask
        if not self.plays:
            self.lead = self.best = kinds
            self.best_seat = seat
        elif face_up:
            self.best, self.best_seat = kinds, seat
        self.plays += 1
        if self.plays < 4:
            return 0
        return self._complete(me)

    def _complete(self, me: int) -> int:
        lead, best, winner, k = self.lead, self.best, self.best_seat, len(self.lead)
        self.columns[winner] += k
        gain = 0
        if lead == SUPREME:
            gain = immediate_gain(me, winner, self.banker, 2)
        elif k == 4:
            gain = immediate_gain(me, winner, self.banker, 4)
        if not self.hands[winner]:
            doubled = lead == SUPREME or k == 4 or best == (LITTLE_THREE,)
            victim = self.leader if lead == (LITTLE_THREE,) and best == (BIG_SIX,) else -1
            gain += settlement_gain(me, self.columns, winner, self.banker, doubled, victim)
        self.leader, self.plays, self.lead, self.best, self.best_seat = winner, 0, (), (), -1
        return gain

    @property
    def is_over(self) -> bool:
        return not self.plays and not self.hands[self.leader]

    def policy_move(self) -> tuple[Kinds, bool]:
        """The policy's decision for the seat to act: (kinds, face up)."""
        seat = (self.leader + self.plays) & 3
        if not self.plays:
            return lead_choice(self.hands[seat], self.masks[seat]), True
        return follow_choice(self.hands[seat], self.masks[seat], len(self.lead), self.best, self.is_dead(seat))

    def options(self) -> list[tuple[Kinds, bool]]:
        """Every distinct legal decision of the seat to act: (kinds, face up)."""
        seat = (self.leader + self.plays) & 3
        hand, mask = self.hands[seat], self.masks[seat]
        if not self.plays:
            return [(kinds, True) for need, kinds in LEADS if need & mask == need]
        found = (
            [] if self.is_dead(seat) else [(kinds, True) for need, kinds in BEATERS[self.best] if need & mask == need]
        )
        return found + [(kinds, False) for kinds in dict.fromkeys(combinations(hand, len(self.lead)))]

    def best_option(self, me: int) -> tuple[Kinds, bool]:
        """The option of ``me``, to act, after which the policy gains ``me`` the most."""
        best = 0
        choice: tuple[Kinds, bool] = ((), False)
        for number, (kinds, up) in enumerate(self.options()):
            trial = self.copy()
            value = trial.play(kinds, up, me) + trial.play_out(me)
            if not number or value > best:
                best, choice = value, (kinds, up)
        return choice

    def play_out(self, me: int, lookahead: int = 0) -> int:
        """Let the policy finish the deal; returns what ``me`` gains on the way. While ``me``
        holds at most ``lookahead`` tiles, its own decisions are ``best_option`` instead."""
        gain = 0
        while self.hands[(self.leader + self.plays) & 3]:
            if (self.leader + self.plays) & 3 == me and len(self.hands[me]) <= lookahead:
                kinds, up = self.best_option(me)
            else:
                kinds, up = self.policy_move()
            gain += self.play(kinds, up, me)
        return gain
