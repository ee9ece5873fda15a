"""What one Tien Gow seat knows, taken from its view, and deals of what it cannot see.

The seat sees its own hand, every face-up play and its own face-down plays. The other
tiles (the unseen ones) are the other seats' hands and their face-down plays, in
numbers the view shows. ``Knowledge.draw`` deals the unseen tiles uniformly into those
places. ``Knowledge.likelihood`` then weighs a deal by how plausible it makes the
seats' past plays: a seat that went face down although it could have taken the trick
is allowed to (it may hold back on purpose) but is taken to do so rarely.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from game.tiengow.ai.playout import BEATERS, Kinds, Position, mask_of
from game.tiengow.chinese import CHINESE_SET, standard_index
from game.tiengow.view import SeenPlay, TienGowView

# One seat's past plays, oldest first: known kinds, or the index of a face-down play among
# the deal's hidden places (see ``Knowledge.layout``).
Event = Kinds | int


@dataclass(frozen=True, slots=True)
class Doubt:
    """A face-down follow after a play that some group beats: when ``seat`` played its
    ``event``-th play, the best play was ``best``. A deal giving it such a group then is
    less likely."""

    seat: int
    event: int
    best: Kinds


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The deciding seat ``me`` (0-based), its hand, the unseen tiles, where they hide, the
    other seats' histories, and the position of the deal (seats 0-based)."""

    me: int
    hand: Kinds
    unseen: Kinds
    layout: tuple[tuple[int, int], ...]  # per hidden place: (seat, size); hands first, seat order
    histories: tuple[tuple[Event, ...], ...]
    doubts: tuple[Doubt, ...]
    columns: tuple[int, ...]
    banker: int
    leader: int
    plays: int
    lead: Kinds
    best: Kinds
    best_seat: int

    @staticmethod
    def of(view: TienGowView) -> Knowledge:
        me = view.seat - 1
        hand = tuple(standard_index(t) for t in view.hand)
        seen = Counter(hand)
        histories: list[list[Event]] = [[], [], [], []]
        downs: list[tuple[int, int]] = []
        doubts: list[Doubt] = []
        columns = [0, 0, 0, 0]
        played = [0, 0, 0, 0]
        lead: Kinds = ()
        best: Kinds = ()
        best_seat = -1
        tricks = [(trick.plays, trick.winner) for trick in view.tricks] + [(view.current, 0)]
        for plays, winner in tricks:
            lead, best, best_seat = (), (), -1
            for play in plays:
                seat = play.seat - 1
                if play.tiles is None:
                    dead = play.count == 1 and played[seat] == 7 and columns[seat] == 0
                    if not dead and _could_beat(best):
                        doubts.append(Doubt(seat, len(histories[seat]), best))
                    histories[seat].append(len(view.hand_sizes) + len(downs))
                    downs.append((seat, play.count))
                else:
                    kinds = _kinds(play)
                    seen.update(kinds)
                    if seat != me:
                        histories[seat].append(kinds)
                    if not play.face_down:
                        best, best_seat = kinds, seat
                        lead = lead or kinds
                played[seat] += play.count
            if winner:
                columns[winner - 1] += len(lead)
        unseen = Counter(standard_index(t) for t in CHINESE_SET) - seen
        hands = [(seat, view.hand_sizes[seat] if seat != me else 0) for seat in range(4)]
        return Knowledge(
            me=me,
            hand=hand,
            unseen=tuple(sorted(unseen.elements())),
            layout=tuple(hands + downs),
            histories=tuple(tuple(h) for h in histories),
            doubts=tuple(doubts),
            columns=tuple(view.columns),
            banker=view.banker - 1,
            leader=view.leader - 1,
            plays=len(view.current),
            lead=lead,
            best=best,
            best_seat=best_seat,
        )

    def draw(self, rng: random.Random) -> list[Kinds]:
        """One uniform deal of the unseen tiles: the hidden contents of every place of
        ``layout`` (the seats' hands first, this seat's own hand in its place)."""
        pool = list(self.unseen)
        rng.shuffle(pool)
        places: list[Kinds] = []
        start = 0
        for seat, size in self.layout:
            if seat == self.me and len(places) < 4:
                places.append(self.hand)
                continue
            places.append(tuple(sorted(pool[start : start + size])))
            start += size
        return places

    def likelihood(self, places: list[Kinds], doubt_weight: float) -> float:
        """How plausible the past plays are for this deal: ``doubt_weight`` per face-down
        follow that the seat could have beaten face up."""
        weight = 1.0
        for seat in {doubt.seat for doubt in self.doubts}:
            history = self.histories[seat]
            held = mask_of(places[seat])
            checks = {doubt.event: doubt.best for doubt in self.doubts if doubt.seat == seat}
            for event in range(len(history) - 1, min(checks) - 1, -1):
                entry = history[event]
                held = mask_of(places[entry] if isinstance(entry, int) else entry, held)
                best = checks.get(event)
                if best is not None and any(need & held == need for need, _ in BEATERS[best]):
                    weight *= doubt_weight
        return weight

    def position(self, places: list[Kinds]) -> Position:
        """The deal as it stands, with the hands of ``places``."""
        return Position(
            places[:4], self.columns, self.banker, self.leader, self.plays, self.lead, self.best, self.best_seat
        )


def _kinds(play: SeenPlay) -> Kinds:
    assert play.tiles is not None
    return tuple(sorted(standard_index(t) for t in play.tiles))


def _could_beat(best: Kinds) -> bool:
    """True when a face-down play after ``best`` may have been a choice (some group beats it)."""
    return bool(best) and bool(BEATERS[best])
