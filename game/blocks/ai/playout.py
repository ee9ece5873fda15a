"""Fast play-outs of a block-game round on tile masks, and how their ends are valued.

A play-out starts from a complete position (all four hands known: one sampled deal)
and lets every seat follow the same quick policy to the end of the round. The policy
sees only the seat's own hand and the line: it plays the tile that scores best on
its pips, whether it is a double, and how many of the seat's remaining tiles will fit
the ends it leaves (on a tile that fits both ends, that also picks the end).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.blocks.ai.bits import DOUBLES, HIGH, LOW, NUMBER, OTHER, PIPS, pips_of

Policy = tuple[int, int, int] | None
"""A seat's play-out policy: the weights of ``choose``, or None to shed the heaviest fitting tile."""

# Outcomes of a round for one team, indexes into a value table.
WIN, WIN_DEKABES, LOSS, LOSS_DEKABES, TIE = range(5)

_IS_DOUBLE = tuple(bool(DOUBLES >> i & 1) for i in range(len(PIPS)))


def block_outcome(hands: list[int], team: int, dekabes: bool) -> int:
    """The outcome for ``team`` (0: seats 1 and 3) of a block with these hands."""
    pips = [pips_of(h) for h in hands]
    if dekabes:
        least = min(pips)
        teams = {s & 1 for s in range(4) if pips[s] == least}
        if len(teams) == 2:
            return TIE
        return WIN if team in teams else LOSS
    mine, theirs = pips[team] + pips[team + 2], pips[1 - team] + pips[3 - team]
    return WIN if mine < theirs else LOSS if theirs < mine else TIE


def domino_outcome(seat: int, fits_both: bool, team: int, dekabes: bool) -> int:
    """The outcome for ``team`` when ``seat`` (0-based) plays its last tile."""
    bonus = dekabes and fits_both
    if seat & 1 == team:
        return WIN_DEKABES if bonus else WIN
    return LOSS_DEKABES if bonus else LOSS


def choose(hand: int, left: int, right: int, weights: tuple[int, int, int]) -> tuple[int, int, int]:
    """The policy's play for ``hand`` on a line with these ends: (tile bit, new left, new right).

    ``weights`` are the points for a pip, for a double and for each remaining tile
    that fits one of the ends left open. The caller knows some tile fits.
    """
    pip_w, double_w, keep_w = weights
    on_left = hand & NUMBER[left]
    on_right = hand & NUMBER[right]
    best = -1
    choice = (0, left, right)
    fits = on_left | on_right
    while fits:
        bit = fits & -fits
        fits ^= bit
        i = bit.bit_length() - 1
        rest = hand ^ bit
        base = PIPS[i] * pip_w + (double_w if _IS_DOUBLE[i] else 0)
        if on_left & bit:
            new = HIGH[i] if LOW[i] == left else LOW[i]
            score = base + keep_w * (rest & (NUMBER[new] | NUMBER[right])).bit_count()
            if score > best:
                best, choice = score, (bit, new, right)
        if on_right & bit:
            new = HIGH[i] if LOW[i] == right else LOW[i]
            score = base + keep_w * (rest & (NUMBER[left] | NUMBER[new])).bit_count()
            if score > best:
                best, choice = score, (bit, left, new)
    return choice


def lead(hand: int, weights: tuple[int, int, int]) -> int:
    """The policy's opening tile: the best by the same scores on an empty line."""
    pip_w, double_w, keep_w = weights
    best, choice = -1, 0
    fits = hand
    while fits:
        bit = fits & -fits
        fits ^= bit
        i = bit.bit_length() - 1
        score = (
            PIPS[i] * pip_w
            + (double_w if _IS_DOUBLE[i] else 0)
            + keep_w * ((hand ^ bit) & (NUMBER[LOW[i]] | NUMBER[HIGH[i]])).bit_count()
        )
        if score > best:
            best, choice = score, bit
    return choice


def wander(hand: int, left: int, right: int, rng: random.Random) -> tuple[int, int, int]:
    """A uniformly random fitting tile, on a random end where it fits both."""
    fits = hand & (NUMBER[left] | NUMBER[right])
    for _ in range(int(rng.random() * fits.bit_count())):
        fits &= fits - 1
    bit = fits & -fits
    i = bit.bit_length() - 1
    if bit & NUMBER[left] and not (bit & NUMBER[right] and rng.random() < 0.5):
        return bit, HIGH[i] if LOW[i] == left else LOW[i], right
    return bit, left, HIGH[i] if LOW[i] == right else LOW[i]


def play_out(
    hands: list[int],
    left: int,
    right: int,
    seat: int,
    team: int,
    dekabes: bool,
    policies: Sequence[Policy],
    wildness: Sequence[float],
    rng: random.Random,
) -> int:
    """Play the round to its end from ``seat`` (0-based) to act; returns the outcome for ``team``.

    Each seat follows its policy in ``policies`` (per 0-based seat: the weights of ``choose``,
    or None to shed the heaviest fitting tile, on the lower end where it fits both), or with
    its chance in ``wildness`` plays a random fitting tile. A seat with one way to play
    takes it. ``hands`` is consumed. The line must not be empty and the round not over.
    """
    rest = hands[0] | hands[1] | hands[2] | hands[3]
    number, other = NUMBER, OTHER
    draw = rng.random
    while True:
        hand = hands[seat]
        on_left, on_right = hand & number[left], hand & number[right]
        fits = on_left | on_right
        if fits:
            if not fits & (fits - 1) and not (on_left and on_right and left != right):
                bit = fits
                i = bit.bit_length() - 1
                new_left, new_right = (other[left][i], right) if on_left else (left, other[right][i])
            elif draw() < wildness[seat]:
                bit, new_left, new_right = wander(hand, left, right, rng)
            elif (policy := policies[seat]) is None:
                i = fits.bit_length() - 1
                bit = 1 << i
                if on_left & bit and not (on_right & bit and right < left):
                    new_left, new_right = other[left][i], right
                else:
                    new_left, new_right = left, other[right][i]
            else:
                bit, new_left, new_right = choose(hand, left, right, policy)
            hand ^= bit
            rest ^= bit
            if not hand:
                i = bit.bit_length() - 1
                fits_both = not _IS_DOUBLE[i] and bool(bit & number[left]) and bool(bit & number[right])
                return domino_outcome(seat, fits_both, team, dekabes)
            hands[seat] = hand
            left, right = new_left, new_right
            if not rest & (number[left] | number[right]):
                return block_outcome(hands, team, dekabes)
        seat = (seat + 1) & 3
