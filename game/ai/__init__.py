"""The computer players and hints: ``decide`` and ``hint`` for any game's view.

Each takes only the deciding seat's view (its hand and public information), a level
among ``LEVELS`` and a seeded generator, and is deterministic in those.
"""
from __future__ import annotations

import random

from ..errors import IllegalMove
from .block_player import LEVEL_SETTINGS, analyse
from .hints import Hint, hint_for

LEVELS = ("easy", "normal", "hard")
BLOCK_GAMES = ("chiva", "dekabes")

__all__ = ["LEVELS", "Hint", "decide", "hint"]


def _analysis(view, level: str, rng: random.Random):
    if level not in LEVELS:
        raise IllegalMove("unknown_level", "Unknown level {level}: choose easy, normal or hard.", level=level)
    if view.game in BLOCK_GAMES:
        if view.to_act != view.seat or not view.legal:
            raise IllegalMove("not_your_turn", "It is not your turn.")
        return analyse(view, LEVEL_SETTINGS[level], rng)
    # Tien Gow dispatches here once its player exists.
    raise IllegalMove("ai_not_available", "The computer player for {game} is not available yet.", game=view.game)


def decide(view, level: str = "normal", rng: random.Random | None = None):
    """The decision the computer player takes for the seat of ``view``."""
    return _analysis(view, level, rng if rng is not None else random.Random(0)).decision


def hint(view, level: str = "normal", rng: random.Random | None = None) -> Hint:
    """The decision ``decide`` would take with the same generator, and why, in plain words."""
    return hint_for(view, _analysis(view, level, rng if rng is not None else random.Random(0)))
