"""A short message shown over any scene (a file that could not be written, say)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.ui.drawing import READABLE_TEXT, shade, wrap_text
from scenes.ui.theme import COLOURS

SHOWN_FOR = 4.0  # seconds


class Toast:
    """The latest message, drawn at the top of the window until its time runs out."""

    def __init__(self, font: Callable[[int, bool], pygame.font.Font]) -> None:
        self._font = font
        self.text = ""
        self.left = 0.0

    def show(self, text: str) -> None:
        self.text, self.left = text, SHOWN_FOR

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def draw(self, surface: pygame.Surface, place: pygame.Rect | None = None) -> None:
        """The message across the top of the window, or over ``place`` (a scene's own place for
        it: the table's status strip), in as many lines as it takes, none below 12 px."""
        if self.left <= 0 or not self.text:
            return
        if place is not None:
            self.draw_in(surface, place)
            return
        width, height = surface.get_size()
        size = max(12, min(20, height // 36))
        image = self._font(size, True).render(self.text, True, COLOURS.warn)
        if image.get_width() > width - 16:
            image = pygame.transform.smoothscale(
                image, (max(1, width - 16), max(1, image.get_height() * (width - 16) // image.get_width()))
            )
        box = image.get_rect(midtop=(width // 2, 8))
        shade(surface, box.inflate(20, 10), COLOURS.shade, 10)
        surface.blit(image, box)

    def draw_in(self, surface: pygame.Surface, place: pygame.Rect) -> None:
        """Over ``place``, shrunk to 12 px at the least to fit it, a word too long for a line
        (a file's path) broken where it must; taller than ``place`` (upwards) only if it must."""
        size = max(READABLE_TEXT, min(20, place.height // 3))
        while True:
            font = self._font(size, True)
            lines = [
                part
                for line in wrap_text(font, self.text, place.width - 16)
                for part in broken(font, line, place.width - 16)
            ]
            if size <= READABLE_TEXT or len(lines) * font.get_linesize() <= place.height - 8:
                break
            size -= 1
        tall = len(lines) * font.get_linesize()
        box = place.copy()
        box.height = max(place.height, tall + 8)
        box.bottom = place.bottom
        pygame.draw.rect(surface, COLOURS.felt_dark, box, border_radius=10)  # opaque: over the words it stands for
        pygame.draw.rect(surface, COLOURS.warn, box, width=2, border_radius=10)
        y = box.centery - tall // 2
        for line in lines:
            image = font.render(line, True, COLOURS.warn)
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += font.get_linesize()


def broken(font: pygame.font.Font, line: str, width: int) -> list[str]:
    """``line`` as it is if it fits ``width``, else cut into pieces that do (a path has no spaces)."""
    pieces = [""]
    for char in line:
        if pieces[-1] and font.size(pieces[-1] + char)[0] > width:
            pieces.append("")
        pieces[-1] += char
    return pieces
