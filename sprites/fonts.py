"""The game's own fonts (Noto Sans, shipped in assets) at a pixel size, loaded once. Each
font file is read into memory once, and every font is made from those bytes: a font opened
from its file keeps the file open, and with many sizes that ran out of file descriptors."""

from __future__ import annotations

import io
from functools import cache, lru_cache

import pygame

from assets import asset_path

SMALLEST = 6


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> pygame.font.Font:
    """Noto Sans (bold or regular) ``size`` px, never below ``SMALLEST``."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return pygame.font.Font(font_file(name), max(SMALLEST, size))


@cache
def font_bytes(name: str) -> bytes:
    """The font file ``name`` (in assets/fonts), read once (every font made from it shares it)."""
    return asset_path("fonts", name).read_bytes()


def font_file(name: str) -> io.BytesIO:
    """The font file ``name`` (in assets/fonts) as a file in memory, for ``pygame.font.Font``."""
    return io.BytesIO(font_bytes(name))


def forget_fonts() -> None:
    """No font outlives pygame.quit() or its module: run at each quit, not only the first
    (pygame forgets a quit function once it has run it)."""
    font.cache_clear()
    pygame.register_quit(forget_fonts)


pygame.register_quit(forget_fonts)


def text(words: str, size: int, colour: tuple[int, ...], bold: bool = True) -> pygame.Surface:
    """``words`` rendered anti-aliased in ``colour``."""
    return font(size, bold).render(words, True, colour[:3])
