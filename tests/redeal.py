"""What a seat cannot see, dealt again: positions a seat must not be able to tell apart
from the real one. Honest views and honest computer players give the same answers in both."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from game.core.match import Match
from game.core.record import match_from_record, match_to_record
from game.core.tiles import Tile
from game.tiengow.chinese import CHINESE_SET
from game.tiengow.deal import TienGowDeal, TrickPlay
from game.tiengow.round import TienGowRoundState


def redealt_block_record(record: dict, seat: int, rng: random.Random) -> dict:
    """The record with every tile ``seat`` cannot see dealt again, consistent with the
    tile counts, the tiles played and the passes (found by backtracking)."""
    match = match_from_record(record)
    view = match.view_for(seat)
    last = copy.deepcopy(record["rounds"][-1])
    dealt = last["deals"][-1]["hands"] if "deals" in last else last["hands"]
    played = [set() for _ in range(4)]
    for turn in last.get("turns", []):
        if "tile" in turn:
            played[turn["seat"] - 1].add(turn["tile"])
    opener = last.get("opener")
    if opener is not None and not last.get("turns") and "6-6" in dealt[opener - 1]:
        played[opener - 1].add("6-6")  # who must lead the double six is public
    others = [s for s in range(4) if s != seat - 1]
    held = {s: [t for t in dealt[s] if t not in played[s]] for s in others}
    pool = sorted(t for s in others for t in held[s])
    rng.shuffle(pool)
    banned = {s: view.passed_on[s] for s in others}
    room = {s: len(held[s]) for s in others}
    placed: dict[str, int] = {}

    def fill(i: int) -> bool:
        if i == len(pool):
            return True
        tile = Tile.from_str(pool[i])
        for s in rng.sample(others, 3):
            if room[s] and not (banned[s] & {tile.low, tile.high}):
                room[s] -= 1
                placed[pool[i]] = s
                if fill(i + 1):
                    return True
                room[s] += 1
        return False

    assert fill(0)
    new = [list(h) for h in dealt]
    for s in others:
        new[s] = [t for t in dealt[s] if t in played[s]] + [t for t in pool if placed[t] == s]
    if "deals" in last:
        last["deals"][-1]["hands"] = new
    if "hands" in last:
        last["hands"] = new
    out = copy.deepcopy(record)
    out["rounds"][-1] = last
    return out


def played(deal: TienGowDeal) -> list[tuple[int, TrickPlay]]:
    return [entry for trick in deal.tricks for entry in trick.plays] + list(deal.current_plays)


def redealt_tiengow_state(state: TienGowRoundState, seat: int, rng: random.Random) -> TienGowRoundState:
    """The same deal and plays with everything ``seat`` cannot see dealt again: the other
    hands and the other seats' face-down plays, keeping every count and face-up play."""
    plays = played(state.deal)
    known = Counter(state.deal.dealt_hands[seat - 1])
    known.update(t for s, p in plays if s != seat and not p.face_down for t in p.tiles)
    pool = list((Counter(CHINESE_SET) - known).elements())
    rng.shuffle(pool)
    hands: list[list] = [[], [], [], []]
    moves = []
    for s, play in plays:
        if s != seat and play.face_down:
            play = TrickPlay(tuple(pool.pop() for _ in play.tiles), True)
        moves.append(play)
        hands[s - 1] += play.tiles
    for s in range(1, 5):
        hands[s - 1] += state.deal.hand(s) if s == seat else [pool.pop() for _ in state.deal.hand(s)]
    assert not pool
    other = TienGowRoundState(state.start, tuple(tuple(hand) for hand in hands))
    for move in moves:
        other.push(move)
    return other


def block_view_redealt(match: Match, seat: int, rng: random.Random) -> Any:
    return match_from_record(redealt_block_record(match_to_record(match), seat, rng)).view_for(seat)


def tiengow_view_redealt(match: Match, seat: int, rng: random.Random) -> Any:
    return match.game.view(redealt_tiengow_state(match.round, seat, rng), seat, match.seats)


REDEALT_VIEWS = {"chiva": block_view_redealt, "dekabes": block_view_redealt, "tiengow": tiengow_view_redealt}
"""Per registered game: the seat's view of the current position with its unseen tiles dealt again."""
