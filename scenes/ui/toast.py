"""A short message shown over any scene (a file that could not be written, say)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.ui.drawing import shade
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

    def draw(self, surface: pygame.Surface) -> None:
        if self.left <= 0 or not self.text:
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
