"""The ``greedy`` Tien Gow seat of the record spec, deciding from its view only."""
from __future__ import annotations

import random

from .tiengow import TrickPlay, greedy_choice
from .tiengow_view import TienGowView


def greedy_tiengow_decision(view: TienGowView, rng: random.Random) -> TrickPlay:
    return greedy_choice(view.hand, view.trick_size, view.legal)
