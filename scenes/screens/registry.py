"""The client's side of the game registry: each game's screens by the game's name.
A new game adds one line here (and one to ``game.registry``)."""

from __future__ import annotations

from game.blocks.chiva import ChivaRules
from game.blocks.dekabes import DekabesRules
from scenes.blocks.registration import BlockScreens
from scenes.blocks.score_words import score_words
from scenes.tiengow.registration import TienGowScreens, tiengow_lesson
from scenes.ui.game_screens import GameScreens
from scenes.ui.lesson import Lesson

SCREENS: dict[str, GameScreens] = {
    "chiva": BlockScreens(score_words(ChivaRules()), Lesson.of("chiva", 51, "learn.how.blocks"), ("blocks", "chiva")),
    "dekabes": BlockScreens(
        score_words(DekabesRules()), Lesson.of("dekabes", 117, "learn.how.blocks"), ("blocks", "dekabes")
    ),
    "tiengow": TienGowScreens(tiengow_lesson()),
}


def screens_for(name: str) -> GameScreens:
    """The screens of game ``name``; a game without screens is a programming error."""
    try:
        return SCREENS[name]
    except KeyError:
        raise KeyError(f"no screens are registered for the game {name!r}") from None
