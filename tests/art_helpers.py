"""Looking at painted pictures in tests: pips counted as separate blobs, what was drawn where."""

from __future__ import annotations

import numpy as np
import pygame


def rgba(surface: pygame.Surface) -> np.ndarray:
    """The picture as an array (rows, columns, 4)."""
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(np.int32)
    alpha = pygame.surfarray.array_alpha(surface).T.astype(np.int32)[..., None]
    return np.concatenate((rgb, alpha), axis=2)


def pip_mask(surface: pygame.Surface) -> np.ndarray:
    """Where the picture shows a pip: opaque, and black or red."""
    pixels = rgba(surface)
    r, g, b, a = (pixels[..., i] for i in range(4))
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    black = (luminance < 85) & (r - b < 50)
    red = (r > 110) & (g < 90) & (r - g > 60)
    return (a > 200) & (black | red)


def red_mask(surface: pygame.Surface) -> np.ndarray:
    pixels = rgba(surface)
    r, g = pixels[..., 0], pixels[..., 1]
    return (pixels[..., 3] > 200) & (r > 110) & (g < 90) & (r - g > 60)


def black_mask(surface: pygame.Surface) -> np.ndarray:
    pixels = rgba(surface)
    luminance = 0.299 * pixels[..., 0] + 0.587 * pixels[..., 1] + 0.114 * pixels[..., 2]
    return (pixels[..., 3] > 200) & (luminance < 70)


def blobs(mask: np.ndarray) -> int:
    """How many separate groups of set pixels ``mask`` holds (touching sides join them)."""
    seen = np.zeros_like(mask, dtype=bool)
    count = 0
    rows, cols = mask.shape
    for start in zip(*np.nonzero(mask)):
        if seen[start]:
            continue
        count += 1
        stack = [start]
        seen[start] = True
        while stack:
            y, x = stack.pop()
            for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= ny < rows and 0 <= nx < cols and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    stack.append((ny, nx))
    return count


def drawn(surface: pygame.Surface) -> np.ndarray:
    """Where anything at all was drawn on a transparent picture."""
    return pygame.surfarray.array_alpha(surface) > 0


def blank(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    return surface
