"""The games the table plays, by the names the records use."""
from __future__ import annotations

from .block_game import BlockGame
from .chiva import ChivaRules
from .dekabes import DekabesRules
from .errors import IllegalMove
from .tiengow_game import TienGowGame

GAME_NAMES = ("chiva", "dekabes", "tiengow")


def game_named(name: str, deals: int | None = None):
    """The controller adapter for game ``name``; ``deals`` bounds a Tien Gow match."""
    if name == "chiva":
        return BlockGame(ChivaRules())
    if name == "dekabes":
        return BlockGame(DekabesRules())
    if name == "tiengow":
        return TienGowGame(deals)
    raise IllegalMove("unknown_game", "Unknown game {name}: choose chiva, dekabes or tiengow.", name=name)
