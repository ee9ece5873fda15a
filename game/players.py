"""The fixed seat kinds of the record spec: ``random`` and ``greedy``; each sees only a view."""
from __future__ import annotations

import random
from typing import Callable

from . import ai
from .errors import IllegalMove
from .moves import ACCEPT, BlockDecision, Choose, Play
from .phases import Phase
from .tiengow_players import greedy_tiengow_decision
from .view import BlockView

SEAT_KINDS = ("human", "ai", "random", "greedy")
COMPUTER_KINDS = ("ai", "random", "greedy")


def random_decision(view, rng: random.Random):
    """A uniformly random legal decision."""
    return rng.choice(view.legal)


def greedy_block_decision(view: BlockView, rng: random.Random) -> BlockDecision:
    """Most pips first (ties: hand order, then left); accepts every deal; opens itself."""
    if view.phase is Phase.ACCEPTING:
        return ACCEPT
    if view.phase is Phase.CHOOSING:
        return Choose(view.seat)
    best = view.legal[0]
    if isinstance(best, Play):
        order = {tile: i for i, tile in enumerate(view.hand)}
        best = min(view.legal, key=lambda m: (-m.tile.pips, order[m.tile], m.end is not None and m.end.value != "left"))
    return best


Decider = Callable[[object, random.Random], object]


def decider_for(kind: str, family: str, level: str = "normal") -> Decider:
    """The decision function of a computer seat kind for a game family (``level`` for ``ai``)."""
    if kind == "random":
        return random_decision
    if kind == "greedy":
        return greedy_block_decision if family == "block" else greedy_tiengow_decision
    if kind == "ai":
        return lambda view, rng: ai.decide(view, level, rng)
    raise IllegalMove("not_a_computer", "Seat kind {kind} is not a computer player.", kind=kind)
