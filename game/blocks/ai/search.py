"""Exact search of a block-game round with every hand known (one sampled deal).

With all four hands shown, the rest of a Chiva or Dékabès round is a small game between
two teams: seats alternate teams, so every ply changes side; a seat that cannot play
passes; the round ends on a domino or when no tile left anywhere fits an end (a block).
``Solver`` finds the outcome both teams steer towards when each plays its best with the
other's hands in view: alpha-beta over the rank of each outcome's worth to the deciding
team (the rules' value: in Chiva the match chance after the round with the streak at
stake, in Dékabès the points with the bonus and the base, as ``equity`` counts them),
with a transposition table keyed by one integer: the four hands as 28-bit masks side by
side, the two ends (the line is symmetric, so as a sorted pair) and the seat to act
(passes are taken before the key is made, so a position reached through passes is the
same position). Moves are ordered: a domino first, then plays that force the next seat
to pass, then heavier tiles first (a heavy tile shed is the likelier good play, and good
plays first prune the most).

The opponents named in ``heavy`` are not searched: each sheds its heaviest fitting tile
(on the lower end when it fits both, so that the sorted ends still make one position),
the habit the player reads them by while their plays bear it out; only the other seats'
plays branch.

A search is bounded: past ``limit`` positions it stops and says so (``None``), and the
caller finishes that deal another way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.blocks.ai.bits import ALL, DOUBLES, NUMBER, OTHER, pips_of
from game.blocks.ai.playout import LOSS, LOSS_DEKABES, TIE, WIN, WIN_DEKABES

EXACT, LOWER, UPPER = range(3)

_BOTH: tuple[tuple[int, ...], ...] = tuple(tuple(NUMBER[a] | NUMBER[b] for b in range(7)) for a in range(7))
_ENDS: tuple[tuple[int, ...], ...] = tuple(tuple(min(a, b) * 7 + max(a, b) for b in range(7)) for a in range(7))
_SINGLE = tuple(DOUBLES >> i & 1 == 0 for i in range(len(OTHER[0])))
_SHIFT = (0, 28, 56, 84)


class OutOfTime(Exception):
    """The search met more positions than its limit allowed."""


Search = Callable[[int, int, int, int, int, int], int]


class Solver:
    """Exact outcomes of positions of one deal for ``team`` (0: seats 1 and 3), the other
    team at its best, but for the seats set in the mask ``heavy`` (0-based), which shed
    their heaviest fitting tile.

    ``worth`` gives each outcome (WIN ... TIE) its worth to ``team``; only their order
    matters. The table is kept between calls, so the candidates of one decision tried on
    the same deal share what the search already found.
    """

    __slots__ = ("team", "dekabes", "heavy", "rank", "outcome_of", "top", "table", "limit", "_met", "_search")

    def __init__(self, team: int, dekabes: bool, worth: Sequence[float], limit: int, heavy: int = 0) -> None:
        self.team = team
        self.dekabes = dekabes
        self.heavy = heavy
        levels = sorted(set(worth))
        self.rank = tuple(levels.index(w) for w in worth)
        self.outcome_of = {self.rank[o]: o for o in (TIE, LOSS_DEKABES, LOSS, WIN_DEKABES, WIN)}
        self.top = len(levels) - 1
        self.table: dict[int, int] = {}
        self.limit = limit
        self._met = [0]
        self._search = _searcher(self)

    @property
    def nodes(self) -> int:
        """The positions searched so far (not counting those the table answered)."""
        return self._met[0]

    def outcome(self, hands: list[int], left: int, right: int, seat: int) -> int | None:
        """The outcome for the team with ``seat`` (0-based) to act on a line with these ends,
        or None when the search would pass its limit. The round must not be over."""
        packed = hands[0] | hands[1] << 28 | hands[2] << 56 | hands[3] << 84
        try:
            value = self._search(packed, left, right, seat, -1, self.top + 1)
        except OutOfTime:
            return None
        return self.outcome_of[value]


def _searcher(solver: Solver) -> Search:
    """The alpha-beta search of ``solver``'s deal, its table and counts bound as locals."""
    team, dekabes, heavy, rank, top, table, limit, met = (
        solver.team,
        solver.dekabes,
        solver.heavy,
        solver.rank,
        solver.top,
        solver.table,
        solver.limit,
        solver._met,
    )
    win, win_bonus, loss, loss_bonus, tie = (rank[o] for o in (WIN, WIN_DEKABES, LOSS, LOSS_DEKABES, TIE))
    number, both, other, single, shifts, ends_key = NUMBER, _BOTH, OTHER, _SINGLE, _SHIFT, _ENDS

    def blocked(packed: int) -> int:
        if dekabes:
            pips = [pips_of(packed >> shift & ALL) for shift in shifts]
            least = min(pips)
            ours = pips[team] == least or pips[team + 2] == least
            others = pips[1 - team] == least or pips[3 - team] == least
            return tie if ours and others else win if ours else loss
        first = pips_of((packed | packed >> 56) & ALL)
        second = pips_of((packed >> 28 | packed >> 84) & ALL)
        mine, theirs = (first, second) if team == 0 else (second, first)
        return win if mine < theirs else loss if theirs < mine else tie

    def search(packed: int, left: int, right: int, seat: int, alpha: int, beta: int) -> int:
        ends = both[left][right]
        hand = packed >> shifts[seat] & ALL
        while not hand & ends:  # pass: the next seat acts (some seat can play, or it was a block)
            seat = (seat + 1) & 3
            hand = packed >> shifts[seat] & ALL
        on_left = hand & number[left]
        on_right = 0 if left == right else hand & number[right]
        if hand & (hand - 1) == 0:  # the last tile: a domino, nothing beats it
            bonus = dekabes and single[hand.bit_length() - 1] and bool(on_left) and bool(hand & number[right])
            if seat & 1 == team:
                return win_bonus if bonus else win
            return loss_bonus if bonus else loss
        if heavy >> seat & 1:  # this opponent sheds its heaviest fitting tile, on the lower end if it fits both
            i = (on_left | on_right).bit_length() - 1
            bit = 1 << i
            if on_left & bit and not (on_right & bit and right < left):
                new_left, new_right = other[left][i], right
            else:
                new_left, new_right = left, other[right][i]
            child = packed ^ bit << shifts[seat]
            rest = (child | child >> 28 | child >> 56 | child >> 84) & ALL
            if not rest & both[new_left][new_right]:
                return blocked(child)
            return search(child, new_left, new_right, (seat + 1) & 3, alpha, beta)
        key = (packed << 6 | ends_key[left][right]) << 2 | seat
        found = table.get(key)
        if found is not None:
            value, kind = found >> 2, found & 3
            if kind == EXACT or (kind == LOWER and value >= beta) or (kind == UPPER and value <= alpha):
                return value
        met[0] += 1
        if met[0] > limit:
            raise OutOfTime
        start_alpha, start_beta = alpha, beta
        maximising = seat & 1 == team
        best = -1 if maximising else top + 1
        enough = top if maximising else 0
        rest = (packed | packed >> 28 | packed >> 56 | packed >> 84) & ALL
        after = (seat + 1) & 3
        following = packed >> shifts[after] & ALL
        shift = shifts[seat]
        forcing: list[tuple[int, int, int]] = []  # placements that leave the next seat nothing to play, tried first
        others: list[tuple[int, int, int]] = []
        fits = on_left | on_right
        while fits:  # heaviest first
            i = fits.bit_length() - 1
            bit = 1 << i
            fits ^= bit
            if on_left & bit:
                new = other[left][i]
                (others if following & both[new][right] else forcing).append((bit, new, right))
            if on_right & bit:
                new = other[right][i]
                (others if following & both[left][new] else forcing).append((bit, left, new))
        if forcing:
            forcing.extend(others)
            others = forcing
        for bit, new_left, new_right in others:
            child = packed ^ bit << shift
            if not (rest ^ bit) & both[new_left][new_right]:
                value = blocked(child)
            else:
                value = search(child, new_left, new_right, after, alpha, beta)
            if maximising:
                if value > best:
                    best = value
                    alpha = max(alpha, best)
            elif value < best:
                best = value
                beta = min(beta, best)
            if alpha >= beta or best == enough:
                break
        if best <= start_alpha:
            table[key] = best << 2 | UPPER
        elif best >= start_beta:
            table[key] = best << 2 | LOWER
        else:
            table[key] = best << 2 | EXACT
        return best

    return search
