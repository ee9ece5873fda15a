"""The client's side of the game registry: each game's screens by the game's name.
A new game adds one line here (and one to ``game.registry``)."""

from __future__ import annotations

from game.blocks.chiva import ChivaRules
from game.blocks.dekabes import DekabesRules
from scenes.blocks.lesson import block_lesson
from scenes.blocks.registration import BlockScreens
from scenes.blocks.score_words import score_words
from scenes.tiengow.registration import TienGowScreens, tiengow_lesson
from scenes.ui.game_screens import GameScreens

BLOCK_PICTURES = {  # each block game's lesson pages' pictures (scenes.blocks.lesson_pictures)
    "chiva": ("seats", "line", "teams", "streak"),
    "dekabes": ("seats", "doubles", "single", "bonus"),
}
HOW = "learn.how.blocks"

SCREENS: dict[str, GameScreens] = {
    "chiva": BlockScreens(
        score_words(ChivaRules()), block_lesson("chiva", 51, HOW, BLOCK_PICTURES["chiva"]), ("blocks", "chiva")
    ),
    "dekabes": BlockScreens(
        score_words(DekabesRules()), block_lesson("dekabes", 117, HOW, BLOCK_PICTURES["dekabes"]), ("blocks", "dekabes")
    ),
    "tiengow": TienGowScreens(tiengow_lesson()),
}


def screens_for(name: str) -> GameScreens:
    """The screens of game ``name``; a game without screens is a programming error."""
    try:
        return SCREENS[name]
    except KeyError:
        raise KeyError(f"no screens are registered for the game {name!r}") from None
