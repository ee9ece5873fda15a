"""Confetti for a won match: pieces that fall and flutter, moved only by ``dt``."""

from __future__ import annotations

import math
import random

import pygame

COLOURS = ((230, 196, 110), (214, 46, 46), (244, 240, 230), (118, 150, 196), (120, 200, 150))


class Confetti:
    """A fixed set of pieces, seeded so every run looks the same."""

    def __init__(self, size: tuple[int, int], count: int = 120, seed: int = 4) -> None:
        rng = random.Random(seed)
        w, h = size
        self.size = size
        self.pieces = [
            [
                rng.uniform(0, w),
                rng.uniform(-h, 0),
                rng.uniform(40, 110),
                rng.uniform(0, 6.3),
                rng.choice(COLOURS),
                rng.uniform(4, 9),
            ]
            for _ in range(count)
        ]

    def update(self, dt: float) -> None:
        _w, h = self.size
        for piece in self.pieces:
            piece[1] += piece[2] * dt
            piece[3] += 3.0 * dt
            if piece[1] > h + 10:
                piece[1] -= h + 20

    def draw(self, surface: pygame.Surface) -> None:
        for x, y, _, phase, colour, size in self.pieces:
            width = max(1, round(size * abs(math.cos(phase))))
            pygame.draw.rect(surface, colour, (round(x + 12 * math.sin(phase)), round(y), width, round(size)))
