"""Confetti for a won match: pieces that fall and flutter, moved only by ``dt``."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

COLOURS = ((230, 196, 110), (214, 46, 46), (244, 240, 230), (118, 150, 196), (120, 200, 150))


@dataclass
class Piece:
    x: float
    y: float
    speed: float
    phase: float
    colour: tuple[int, int, int]
    size: float


class Confetti:
    """A fixed set of pieces, seeded so every run looks the same."""

    def __init__(self, size: tuple[int, int], count: int = 120, seed: int = 4) -> None:
        rng = random.Random(seed)
        w, h = size
        self.size = size
        self.pieces = [
            Piece(
                rng.uniform(0, w),
                rng.uniform(-h, 0),
                rng.uniform(40, 110),
                rng.uniform(0, 6.3),
                rng.choice(COLOURS),
                rng.uniform(4, 9),
            )
            for _ in range(count)
        ]

    def update(self, dt: float) -> None:
        height = self.size[1]
        for piece in self.pieces:
            piece.y += piece.speed * dt
            piece.phase += 3.0 * dt
            if piece.y > height + 10:
                piece.y -= height + 20

    def draw(self, surface: pygame.Surface) -> None:
        for piece in self.pieces:
            width = max(1, round(piece.size * abs(math.cos(piece.phase))))
            x = round(piece.x + 12 * math.sin(piece.phase))
            pygame.draw.rect(surface, piece.colour, (x, round(piece.y), width, round(piece.size)))
