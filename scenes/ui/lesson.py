"""What a game's guided first deal is made of: its fixed deal, its pages and their pictures,
and the sheet a page's picture is drawn on (its words kept inside their boxes)."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from dataclasses import dataclass

import platformdirs
import pygame

from scenes.ui.app_services import AppServices
from scenes.ui.drawing import wrap_text
from scenes.ui.theme import COLOURS, Colour

PICTURES_VERSION = 2  # in the cached files' names: a picture drawn anew when its drawing changes
TALL = 4000  # px a sheet may grow to before it is cut to what was drawn on it
MARGIN = 8  # px of felt round what a sheet shows


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


class Sheet:
    """A page's picture as it is drawn: a tall felt that is cut, once finished, to what was
    put on it. Every line of words is wrapped inside its box and remembered with it
    (``words``), so a test can see that none runs out of its place."""

    def __init__(self, app: AppServices, width: int) -> None:
        self.app = app
        self.width = width
        self.surface = pygame.Surface((width, TALL))
        self.surface.fill(COLOURS.felt_dark)
        self.bottom = 0
        self.words: list[tuple[pygame.Rect, pygame.Rect]] = []  # each line's place, and its box

    def put(self, image: pygame.Surface, place: tuple[int, int] | pygame.Rect) -> pygame.Rect:
        """``image`` at ``place`` (its top left, or a rect it is centred in)."""
        rect = image.get_rect(center=place.center) if isinstance(place, pygame.Rect) else image.get_rect(topleft=place)
        self.surface.blit(image, rect)
        self.bottom = max(self.bottom, rect.bottom)
        return rect

    def ring(self, rect: pygame.Rect, colour: Colour = COLOURS.gold) -> None:
        """A ring round ``rect`` (what the words under it speak of)."""
        pygame.draw.rect(self.surface, colour, rect.inflate(6, 6), 2, border_radius=5)
        self.bottom = max(self.bottom, rect.inflate(6, 6).bottom)

    def words_in(
        self,
        text: str,
        box: pygame.Rect,
        size: int = 14,
        colour: Colour = COLOURS.ink,
        bold: bool = False,
        centred: bool = False,
    ) -> int:
        """``text`` wrapped to the width of ``box`` from its top (centred in it, or from its
        left); returns the y under the last line."""
        font = self.app.font(size, bold)
        y = box.y
        for line in wrap_text(font, text, box.width):
            image = font.render(line, True, colour)
            rect = image.get_rect(midtop=(box.centerx, y)) if centred else image.get_rect(topleft=(box.x, y))
            self.surface.blit(image, rect)
            self.words.append((rect, box))
            y += font.get_linesize()
        self.bottom = max(self.bottom, y)
        return y

    def finished(self) -> pygame.Surface:
        """The sheet cut to what was drawn, with a margin under it."""
        return self.surface.subsurface((0, 0, self.width, min(TALL, self.bottom + MARGIN))).copy()


def picture_file(app: AppServices, game: str, name: str, width: int, draw: Callable[[Sheet], None]) -> pathlib.Path:
    """The PNG of ``game``'s lesson picture ``name`` at ``width`` px in the current language,
    drawn by ``draw`` the first time it is asked for (kept in the user's cache folder)."""
    folder = platformdirs.user_cache_path("domino-table", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"lesson-{game}-{name}-{app.text.lang}-{width}-v{PICTURES_VERSION}.png"
    if not path.exists():
        sheet = Sheet(app, width)
        draw(sheet)
        pygame.image.save(sheet.finished(), str(path))
    return path
