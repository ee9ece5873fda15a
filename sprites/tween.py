"""Tweens: values that move with ``dt`` only (no clock), with easing."""

from __future__ import annotations


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Tween:
    """Progress from 0 to 1 over ``duration`` seconds of ``update(dt)``."""

    def __init__(self, duration: float) -> None:
        self.duration = max(0.0, duration)
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + dt)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        return 1.0 if self.duration == 0 else ease_out_cubic(self.elapsed / self.duration)


def shake_offset(elapsed: float, duration: float = 0.35, amplitude: float = 8.0) -> float:
    """Horizontal offset of a short, fading shake."""
    if elapsed >= duration:
        return 0.0
    fade = 1 - elapsed / duration
    phase = elapsed / duration * 6
    return amplitude * fade * (1 if int(phase * 2) % 2 == 0 else -1) * (phase * 2 % 1)


def count_up(start: int, end: int, progress: float, reduced_motion: bool = False) -> int:
    """The number shown while a score counts from ``start`` to ``end``: quick at first, then
    settling; ``end`` from ``progress`` 1, and at once with ``reduced_motion``."""
    if reduced_motion or progress >= 1.0:
        return end
    return round(lerp(start, end, ease_out_cubic(max(0.0, progress))))
