"""Sounds synthesised with numpy at start-up: a tile click, a pass, a round won, a match won.

With no audio device the game runs silently: every call becomes a no-op.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pygame

RATE = 44100


def _envelope(length: int, attack: float, decay: float) -> np.ndarray:
    t = np.arange(length) / RATE
    rise = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return rise * np.exp(-t / decay)


def _tone(freq: float, seconds: float, decay: float, attack: float = 0.004) -> np.ndarray:
    length = int(RATE * seconds)
    t = np.arange(length) / RATE
    wave = np.sin(2 * np.pi * freq * t) + 0.3 * np.sin(4 * np.pi * freq * t)
    return wave * _envelope(length, attack, decay)


def _click() -> np.ndarray:
    rng = np.random.default_rng(7)
    length = int(RATE * 0.07)
    noise = rng.standard_normal(length) * _envelope(length, 0.0005, 0.008)
    knock = _tone(1850, 0.07, 0.012, 0.0005) + 0.6 * _tone(920, 0.07, 0.02, 0.0005)
    return 0.5 * noise + knock


def _sequence(notes: list[tuple[float, float]], gap: float, decay: float) -> np.ndarray:
    parts = []
    for freq, seconds in notes:
        parts.append(_tone(freq, seconds, decay))
        parts.append(np.zeros(int(RATE * gap)))
    return np.concatenate(parts)


def synthesise() -> dict[str, np.ndarray]:
    """Every sound as float samples in -1..1."""
    c5, e5, g5, c6 = 523.25, 659.25, 783.99, 1046.5
    chord = _tone(c5, 0.9, 0.45) + _tone(e5, 0.9, 0.45) + _tone(g5, 0.9, 0.45) + _tone(c6, 0.9, 0.45)
    waves = {
        "click": _click(),
        "pass": _sequence([(392.0, 0.12), (311.1, 0.16)], 0.02, 0.07),
        "round_won": _sequence([(c5, 0.11), (e5, 0.11), (g5, 0.22)], 0.015, 0.12),
        "match_won": np.concatenate([_sequence([(c5, 0.1), (e5, 0.1), (g5, 0.1), (c6, 0.14)], 0.01, 0.1), chord]),
    }
    return {name: wave / max(1e-9, float(np.max(np.abs(wave)))) * 0.8 for name, wave in waves.items()}


class Sounds:
    """Plays the named sounds at the settings' volume; silent when audio is off or missing."""

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
            mixer = pygame.mixer.get_init()
        except pygame.error:
            return
        if mixer is None:
            return
        frequency, _, channels = mixer
        for name, wave in synthesise().items():
            if frequency != RATE:
                positions = np.arange(0, len(wave), RATE / frequency)
                wave = np.interp(positions, np.arange(len(wave)), wave)
            samples = (wave * 32767).astype(np.int16)
            if channels > 1:
                samples = np.repeat(samples[:, None], channels, axis=1)
            self._sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(samples))

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is None or not self.settings.sound:
            return
        sound.set_volume(max(0.0, min(1.0, self.settings.volume)))
        sound.play()
