"""The one list of games. Everything else finds a game here by the name records use;
a new game adds one line to ``GAMES`` (and one to ``scenes.screens.registry`` for the table)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Union, cast

from game.blocks.chiva import ChivaRules
from game.blocks.dekabes import DekabesRules
from game.blocks.spec import block_game
from game.core.errors import IllegalMove
from game.core.spec import GameSpec
from game.core.wire import WireView
from game.tiengow.spec import tiengow_game


def listed(game: object) -> GameSpec:
    """``game`` as some game (``GameSpec`` alone): its own types are known only to itself, and
    a caller that finds it by name hands it back only what it gave (Python has no existential
    type, and a game's ``GameSpec`` over its own types fits no other parameters)."""
    return cast(GameSpec, game)


GAMES: tuple[GameSpec, ...] = (
    listed(block_game(ChivaRules())),
    listed(block_game(DekabesRules())),
    listed(tiengow_game()),
)

GAME_NAMES: tuple[str, ...] = tuple(game.name for game in GAMES)
_BY_NAME: dict[str, GameSpec] = {game.name: game for game in GAMES}

if TYPE_CHECKING:
    GameView = WireView
else:
    GameView = Union[tuple(game.view_type for game in GAMES)]  # noqa: UP007  (made from the list)
"""A seat's view on the wire, of any game listed here: one of their ``view_type``, told apart
by its ``game`` (the hosted-table protocol and the thinking worker carry it so)."""


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
