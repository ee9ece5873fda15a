"""The ``greedy`` seat of the record spec in Chiva and Dékabès, deciding from its view only."""

from __future__ import annotations

import random

from game.blocks.moves import ACCEPT, BlockDecision, Choose, End, Play
from game.blocks.view import BlockView
from game.core.phases import Phase


def greedy_decision(view: BlockView, rng: random.Random) -> BlockDecision:
    """Most pips first (ties: hand order, then left); accepts every deal; opens itself."""
    if view.phase is Phase.ACCEPTING:
        return ACCEPT
    if view.phase is Phase.CHOOSING:
        return Choose(view.seat)
    best = view.legal[0]
    if isinstance(best, Play):
        order = {tile: i for i, tile in enumerate(view.hand)}
        plays = [move for move in view.legal if isinstance(move, Play)]
        best = min(plays, key=lambda m: (-m.tile.pips, order[m.tile], m.end is not None and m.end is not End.LEFT))
    return best
