"""The game's own fonts (Noto Sans, shipped in assets) at a pixel size, loaded once."""

from __future__ import annotations

from functools import lru_cache

import pygame

from assets import asset_path

SMALLEST = 6


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> pygame.font.Font:
    """Noto Sans (bold or regular) ``size`` px, never below ``SMALLEST``."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return pygame.font.Font(str(asset_path("fonts", name)), max(SMALLEST, size))


pygame.register_quit(font.cache_clear)  # a font outlives neither pygame.quit() nor its module


def text(words: str, size: int, colour: tuple[int, ...], bold: bool = True) -> pygame.Surface:
    """``words`` rendered anti-aliased in ``colour``."""
    return font(size, bold).render(words, True, colour[:3])
