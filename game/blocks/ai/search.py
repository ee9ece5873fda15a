"""Exact search of a block-game round with every hand known (one sampled deal).

With all four hands shown, the rest of a Chiva or Dékabès round is a small game between
two teams: seats alternate teams, so every ply changes side; a seat that cannot play
passes; the round ends on a domino or when no tile left anywhere fits an end (a block).
``Solver`` finds the outcome both teams steer towards when each plays its best with the
other's hands in view: alpha-beta over the rank of each outcome's worth to the deciding
team (the rules' value: in Chiva the match chance after the round with the streak at
stake, in Dékabès the points with the bonus and the base, as ``equity`` counts them),
with a transposition table keyed by the hands as bit masks, the two ends (the line is
symmetric, so as a sorted pair) and the seat to act. Heavier tiles are tried first:
a heavy tile shed is the likelier good play, and good plays first prune the most.

A search is bounded: past ``limit`` positions it stops and says so (``None``), and the
caller finishes that deal another way.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.blocks.ai.bits import DOUBLES, HIGH, LOW, NUMBER, pips_of
from game.blocks.ai.playout import LOSS, LOSS_DEKABES, TIE, WIN, WIN_DEKABES

EXACT, LOWER, UPPER = range(3)

_OTHER: tuple[tuple[int, ...], ...] = tuple(
    tuple(HIGH[i] if LOW[i] == n else LOW[i] if HIGH[i] == n else -1 for i in range(len(LOW))) for n in range(7)
)
_BOTH: tuple[tuple[int, ...], ...] = tuple(tuple(NUMBER[a] | NUMBER[b] for b in range(7)) for a in range(7))
_SINGLE = tuple(DOUBLES >> i & 1 == 0 for i in range(len(LOW)))


class OutOfTime(Exception):
    """The search met more positions than its limit allowed."""


class Solver:
    """Exact outcomes of positions of one deal for ``team`` (0: seats 1 and 3).

    ``worth`` gives each outcome (WIN ... TIE) its worth to ``team``; only their order
    matters. The table is kept between calls, so the candidates of one decision tried on
    the same deal share what the search already found.
    """

    __slots__ = ("team", "dekabes", "rank", "outcome_of", "top", "table", "nodes", "limit")

    def __init__(self, team: int, dekabes: bool, worth: Sequence[float], limit: int) -> None:
        self.team = team
        self.dekabes = dekabes
        levels = sorted(set(worth))
        self.rank = tuple(levels.index(w) for w in worth)
        self.outcome_of = {self.rank[o]: o for o in (TIE, LOSS_DEKABES, LOSS, WIN_DEKABES, WIN)}
        self.top = len(levels) - 1
        self.table: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0
        self.limit = limit

    def outcome(self, hands: list[int], left: int, right: int, seat: int) -> int | None:
        """The outcome for the team with ``seat`` (0-based) to act on a line with these ends,
        or None when the search would pass its limit. The round must not be over."""
        try:
            value = self._search(hands, left, right, seat, -1, self.top + 1)
        except OutOfTime:
            return None
        return self.outcome_of[value]

    def _leaf(self, seat: int, bit: int, left: int, right: int, played: int) -> int:
        """The rank of the outcome when ``seat`` plays its last tile ``bit``."""
        bonus = self.dekabes and _SINGLE[played] and bool(bit & NUMBER[left]) and bool(bit & NUMBER[right])
        if seat & 1 == self.team:
            return self.rank[WIN_DEKABES if bonus else WIN]
        return self.rank[LOSS_DEKABES if bonus else LOSS]

    def _blocked(self, hands: list[int]) -> int:
        pips = [pips_of(h) for h in hands]
        team = self.team
        if self.dekabes:
            least = min(pips)
            teams = {s & 1 for s in range(4) if pips[s] == least}
            if len(teams) == 2:
                return self.rank[TIE]
            return self.rank[WIN if team in teams else LOSS]
        mine, theirs = pips[team] + pips[team + 2], pips[1 - team] + pips[3 - team]
        return self.rank[WIN if mine < theirs else LOSS if theirs < mine else TIE]

    def _search(self, hands: list[int], left: int, right: int, seat: int, alpha: int, beta: int) -> int:
        ends = _BOTH[left][right]
        hand = hands[seat]
        while not hand & ends:  # pass: the next seat acts (some seat can play, or it was a block)
            seat = (seat + 1) & 3
            hand = hands[seat]
        key = (hands[0], hands[1], hands[2], hands[3], left * 8 + right if left < right else right * 8 + left, seat)
        found = self.table.get(key)
        if found is not None:
            value, kind = found
            if kind == EXACT or (kind == LOWER and value >= beta) or (kind == UPPER and value <= alpha):
                return value
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfTime
        start_alpha, start_beta = alpha, beta
        maximising = seat & 1 == self.team
        best = -1 if maximising else self.top + 1
        enough = self.top if maximising else 0
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        on_left, on_right = hand & NUMBER[left], hand & NUMBER[right]
        fits = on_left | on_right
        after = (seat + 1) & 3
        following = hands[after]
        moves = []  # (order, tile index, new left, new right): heaviest first, a pass forced on the next seat before
        while fits:
            i = fits.bit_length() - 1
            bit = 1 << i
            fits ^= bit
            if hand == bit:
                moves = [(-1, i, left, right)]  # the last tile: a domino, nothing beats it
                break
            if on_left & bit:
                new_left, new_right = _OTHER[left][i], right
                moves.append(
                    (len(moves) + (0 if following & _BOTH[new_left][new_right] else -40), i, new_left, new_right)
                )
            if on_right & bit and not (left == right and on_left & bit):
                new_left, new_right = left, _OTHER[right][i]
                moves.append(
                    (len(moves) + (0 if following & _BOTH[new_left][new_right] else -40), i, new_left, new_right)
                )
        moves.sort()
        for _, i, new_left, new_right in moves:
            bit = 1 << i
            remaining = hand ^ bit
            if not remaining:
                value = self._leaf(seat, bit, left, right, i)
            else:
                hands[seat] = remaining
                if not (rest ^ bit) & _BOTH[new_left][new_right]:
                    value = self._blocked(hands)
                else:
                    value = self._search(hands, new_left, new_right, after, alpha, beta)
                hands[seat] = hand
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
            self.table[key] = (best, UPPER)
        elif best >= start_beta:
            self.table[key] = (best, LOWER)
        else:
            self.table[key] = (best, EXACT)
        return best
