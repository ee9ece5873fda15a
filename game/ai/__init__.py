"""The computer players and hints: ``decide`` and ``hint`` for any game's view.

Each takes only the deciding seat's view (its hand and public information), a level
among ``LEVELS`` and a seeded generator, and is deterministic in those.
"""
from __future__ import annotations

import random

from ..errors import IllegalMove
from . import tiengow_player
from .block_player import LEVEL_SETTINGS, analyse
from .evaluation import evaluate as weigh_all
from .hints import Hint, hint_for
from .tiengow_hints import tiengow_hint

LEVELS = ("easy", "normal", "hard")
BLOCK_GAMES = ("chiva", "dekabes")

__all__ = ["LEVELS", "Hint", "decide", "hint"]


def _analysis(view, level: str, rng: random.Random):
    if level not in LEVELS:
        raise IllegalMove("unknown_level", "Unknown level {level}: choose easy, normal or hard.", level=level)
    if view.to_act != view.seat or not view.legal:
        raise IllegalMove("not_your_turn", "It is not your turn.")
    if view.game in BLOCK_GAMES:
        return analyse(view, LEVEL_SETTINGS[level], rng)
    return tiengow_player.analyse(view, tiengow_player.LEVEL_SETTINGS[level], rng)


def decide(view, level: str = "normal", rng: random.Random | None = None):
    """The decision the computer player takes for the seat of ``view``."""
    return _analysis(view, level, rng if rng is not None else random.Random(0)).decision


def hint(view, level: str = "normal", rng: random.Random | None = None) -> Hint:
    """The decision ``decide`` would take with the same generator, and why, in plain words."""
    analysis = _analysis(view, level, rng if rng is not None else random.Random(0))
    return hint_for(view, analysis) if view.game in BLOCK_GAMES else tiengow_hint(view, analysis)


def evaluate(view, level: str = "normal", rng: random.Random | None = None, include=()):
    """Every alternative of the seat's decision with the computer's estimate (see ``evaluation``)."""
    if level not in LEVELS:
        raise IllegalMove("unknown_level", "Unknown level {level}: choose easy, normal or hard.", level=level)
    return weigh_all(view, level, rng if rng is not None else random.Random(0), include)
