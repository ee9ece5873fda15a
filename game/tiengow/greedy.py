"""The ``greedy`` Tien Gow seat of the record spec, deciding from what its seat sees."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.errors import IllegalMove
from game.core.tiles import Tile
from game.tiengow.deal import TienGowDeal, TrickPlay
from game.tiengow.groups import GROUPS
from game.tiengow.view import TienGowView


def greedy_decision(view: TienGowView, rng: random.Random) -> TrickPlay:
    return greedy_choice(view.hand, view.trick_size, view.legal)


def greedy_move(deal: TienGowDeal) -> TrickPlay:
    """The ``greedy`` seat's play for the seat to act of ``deal``."""
    seat = deal.to_act
    if seat is None:
        raise IllegalMove("deal_over", "The deal is over.")
    return greedy_choice(deal.hand(seat), deal.trick_size, deal.legal_moves())


def greedy_choice(hand: Sequence[Tile], trick_size: int | None, legal: Sequence[TrickPlay]) -> TrickPlay:
    """Lead the first single in the standard order; beat with the lowest-ranked group that
    beats (ties: standard order); otherwise discard the last k tiles face down.

    ``hand`` is in the standard order; everything here is visible to the seat itself.
    """
    if trick_size is None:
        return TrickPlay(tuple(hand[:1]), False)
    winning = [move for move in legal if not move.face_down]
    if winning:
        return min(winning, key=lambda move: (GROUPS[move.kinds].rank, move.kinds))
    return TrickPlay(tuple(hand[-trick_size:]), True)
