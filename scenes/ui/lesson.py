"""What a game's guided first deal is made of: its fixed deal, its pages and their pictures."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from dataclasses import dataclass

from scenes.ui.app_services import AppServices


@dataclass(frozen=True, slots=True)
class Lesson:
    """A game's guided deal: the seed of its fixed deal, the catalogue keys of the pages
    read before it, and of the sentence on how to take a decision at its table; each page
    may have a picture (its name in ``pictures``, "" for none) that ``painter(app, name,
    width)`` writes to a PNG, returning its path and the caption to say under it."""

    seed: int
    pages: tuple[str, ...]
    how: str
    pictures: tuple[str, ...] = ()
    painter: Callable[[AppServices, str, int], tuple[pathlib.Path, str]] | None = None

    def picture(self, page: int) -> str:
        """The name of page ``page``'s picture, or "" when it has none."""
        return self.pictures[page] if page < len(self.pictures) and self.painter is not None else ""

    @staticmethod
    def of(game: str, seed: int, how: str, pages: int = 4) -> Lesson:
        """The lesson of ``game`` with its pages ``learn.<game>.1`` to ``learn.<game>.<pages>``."""
        return Lesson(seed, tuple(f"learn.{game}.{n}" for n in range(1, pages + 1)), how)
