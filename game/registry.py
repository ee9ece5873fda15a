"""The one list of games. Everything else finds a game here by the name records use;
a new game adds one line to ``GAMES`` (and one to ``scenes.screens.registry`` for the table)."""

from __future__ import annotations

from game.blocks.chiva import ChivaRules
from game.blocks.dekabes import DekabesRules
from game.blocks.spec import block_game
from game.core.errors import IllegalMove
from game.core.spec import GameSpec
from game.tiengow.spec import tiengow_game

GAMES: tuple[GameSpec, ...] = (
    block_game(ChivaRules()),
    block_game(DekabesRules()),
    tiengow_game(),
)

GAME_NAMES: tuple[str, ...] = tuple(game.name for game in GAMES)
_BY_NAME: dict[str, GameSpec] = {game.name: game for game in GAMES}


def game_named(name: str, deals: int | None = None) -> GameSpec:
    """The game called ``name`` (for matches of ``deals`` deals where a match is a number
    of deals); an unknown name raises IllegalMove naming the games there are."""
    game = _BY_NAME.get(name) if isinstance(name, str) else None
    if game is None:
        raise IllegalMove(
            "unknown_game",
            "Unknown game {name}: choose one of {names}.",
            name=repr(name)[:40],
            names=", ".join(GAME_NAMES),
        )
    return game.with_deals(deals)
