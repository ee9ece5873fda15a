"""Exact-hand fixtures for the Tien Gow tests: hands built from a script of tricks."""

from __future__ import annotations

from collections import Counter

from game.core.match import Match
from game.core.tiles import Tile
from game.tiengow.chinese import CHINESE_SET, in_standard_order
from game.tiengow.deal import TienGowDeal, TrickPlay
from game.tiengow.round import TienGowStart


def tiles(text: str) -> tuple[Tile, ...]:
    """``"6-6 3-6"`` -> the tiles."""
    return tuple(Tile.from_str(t) for t in text.split())


def play(text: str) -> TrickPlay:
    """``"6-6 3-6"`` is face up, ``"~6-6 3-6"`` face down."""
    return TrickPlay(tiles(text.lstrip("~")), text.startswith("~"))


def parse_trick(line: str) -> list[tuple[int, TrickPlay | None]]:
    """``"2:1-1 1-1 2-6 | 3:6-6 6-6 3-6 | 4:~"`` -> (seat, play) in order.

    A bare ``~`` (None) discards face down the k tiles last in the standard order
    among those the seat's later scripted plays do not need.
    """
    plays: list[tuple[int, TrickPlay | None]] = []
    for part in line.split("|"):
        seat, text = part.split(":")
        plays.append((int(seat), None if text.strip() == "~" else play(text.strip())))
    return plays


def build_hands(script: list[str], known: dict[int, str] | None = None) -> list[tuple[Tile, ...]]:
    """Each seat holds its ``known`` tiles plus every scripted tile they do not cover;
    the tiles nobody was given fill the hands to 8, seat 1 first, in the standard order."""
    known = known or {}
    hands = {seat: Counter(tiles(known.get(seat, ""))) for seat in range(1, 5)}
    unclaimed = {seat: Counter(hand) for seat, hand in hands.items()}
    for line in script:
        for seat, move in parse_trick(line):
            for tile in move.tiles if move else ():
                if unclaimed[seat][tile]:
                    unclaimed[seat][tile] -= 1
                else:
                    hands[seat][tile] += 1
    used: Counter[Tile] = sum(hands.values(), Counter())
    assert not used - Counter(CHINESE_SET), f"tiles used too often: {used - Counter(CHINESE_SET)}"
    for tile in in_standard_order((Counter(CHINESE_SET) - used).elements()):
        seat = next(s for s in range(1, 5) if sum(hands[s].values()) < 8)
        hands[seat][tile] += 1
    assert all(sum(hand.values()) == 8 for hand in hands.values()), hands
    return [in_standard_order(hands[seat].elements()) for seat in range(1, 5)]


def scripted(banker: int, script: list[str], known: dict[int, str] | None = None) -> TienGowDeal:
    """A deal whose hands fit ``script``, with every scripted play pushed in order."""
    deal = TienGowDeal(build_hands(script, known), banker)
    run(deal, script, known)
    return deal


def run(deal: TienGowDeal, script: list[str], keep: dict[int, str] | None = None) -> None:
    """Push every scripted play, checking that the scripted seat is the one to act.

    A bare ``~`` never discards a tile a later scripted play needs or one in ``keep``.
    """
    keep = keep or {}
    plays = [entry for line in script for entry in parse_trick(line)]
    for i, (seat, move) in enumerate(plays):
        assert deal.to_act == seat, f"play {i + 1}: seat {deal.to_act} is to act, not {seat}"
        if move is None:
            needed = Counter(t for s, later in plays[i + 1 :] if s == seat and later for t in later.tiles)
            spare = list(deal.hand(seat))
            for tile in (needed | Counter(tiles(keep.get(seat, "")))).elements():
                if tile in spare:
                    spare.remove(tile)
            move = TrickPlay(tuple(spare[-(deal.trick_size or 0) :]), True)
        deal.push(move)


def last_to_follow(seats=("human", "greedy", "greedy", "greedy")) -> Match:
    """A Tien Gow match where seat 2 (the banker) has led 6-6 and seats 3 and 4 have followed
    face down: seat 1's play ends the first trick."""
    dealt = tuple(build_hands(["2:6-6 | 3:~1-4 | 4:~2-3"]))
    match = Match(
        "tiengow", seats, seed=1, deal_source=lambda number, index: dealt, start=TienGowStart(1, 2, (0, 0, 0, 0))
    )
    for seat, text in ((2, "6-6"), (3, "~1-4"), (4, "~2-3")):
        match.push(play(text), seat=seat)
    return match


def played_deal(script: list[str], banker: int = 1, seats=("human", "greedy", "greedy", "greedy")) -> Match:
    """A Tien Gow match whose first deal fits ``script`` (every play written out), played to
    its end: ``banker`` leads the first trick."""
    dealt = tuple(build_hands(script))
    start = TienGowStart(1, banker, (0, 0, 0, 0))
    match = Match("tiengow", seats, seed=1, deal_source=lambda number, index: dealt, start=start)
    for line in script:
        for seat, move in parse_trick(line):
            assert move is not None, "every play written out"
            match.push(move, seat=seat)
    assert match.round.is_over
    return match
