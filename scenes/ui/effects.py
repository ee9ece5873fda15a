"""Feedback that shows rather than tells: a knock on a pass, payments flying
between seats. Each effect runs for a while, moved only by ``update(dt)``; with reduced
motion the sprites draw still forms of the same pictures."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from sprites.chips import draw_payment
from sprites.knock import draw_knock

KNOCK_TIME = 0.8
BANNER_TIME = 2.6  # a summary's banner unfurls in the first part of this
PAYMENT_TIME = 1.3


def knock_size(plate: pygame.Rect) -> int:
    """How wide the knock of a pass is at a seat's plate."""
    return max(40, plate.height * 3 // 2)


@dataclass
class Knock:
    centre: tuple[int, int]
    diameter: int
    time: float = 0.0
    duration: float = KNOCK_TIME

    def draw(self, surface: pygame.Surface, progress: float, reduced: bool) -> None:
        draw_knock(surface, self.centre, self.diameter, progress, reduced_motion=reduced)


@dataclass
class Payment:
    start: tuple[int, int]
    end: tuple[int, int]
    label: str
    diameter: int
    time: float = 0.0
    duration: float = PAYMENT_TIME

    def draw(self, surface: pygame.Surface, progress: float, reduced: bool) -> None:
        draw_payment(surface, self.start, self.end, self.label, progress, self.diameter, reduced_motion=reduced)


Effect = Knock | Payment


class Effects:
    """The effects running on one scene; a pace of 0 (instant) shows none."""

    def __init__(self) -> None:
        self.running: list[Effect] = []

    def add(self, effect: Effect, pace: float, delay: float = 0.0) -> None:
        """Start ``effect`` (after ``delay`` seconds), its time scaled by the animation ``pace``."""
        if pace <= 0:
            return
        effect.duration *= pace
        effect.time = -delay * pace
        self.running.append(effect)

    def update(self, dt: float) -> None:
        for effect in self.running:
            effect.time += dt
        self.running = [effect for effect in self.running if effect.time < effect.duration]

    def clear(self) -> None:
        self.running = []

    @property
    def busy(self) -> bool:
        return bool(self.running)

    def draw(self, surface: pygame.Surface, reduced: bool) -> None:
        for effect in self.running:
            if effect.time >= 0:
                effect.draw(surface, effect.time / effect.duration, reduced)
