"""Sounds synthesised with numpy: a tile click, a pass, a knock on wood, a shuffle, a chip
clink, a banner sting, a round won, a match won; each peak-normalised. None is made at
start-up (``Sounds``). Each is made in steps (a maker yields after each part: a tone, a
band of noise), so spare time between frames makes it a few milliseconds at a time. numpy
itself is loaded with the first sound made, not at start-up: the menu's first frame goes
without it.

With no audio device the game runs silently: every call becomes a no-op.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

import pygame

from scenes.services.settings import Settings
from sprites.steps import finished, step

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = None  # loaded by ``_load_numpy`` before the first sound is made

RATE = 44100


def _load_numpy() -> None:
    """numpy for the makers below (the first time: tens of milliseconds, in spare time)."""
    global np  # noqa: PLW0603 (numpy once, when the first sound is made)
    import numpy

    np = numpy


def _envelope(length: int, attack: float, decay: float) -> NDArray[np.float64]:
    t = np.arange(length) / RATE
    rise = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return rise * np.exp(-t / decay)


def _tone(freq: float, seconds: float, decay: float, attack: float = 0.004) -> NDArray[np.float64]:
    length = int(RATE * seconds)
    t = np.arange(length) / RATE
    wave = np.sin(2 * np.pi * freq * t) + 0.3 * np.sin(4 * np.pi * freq * t)
    return wave * _envelope(length, attack, decay)


Steps = Generator[None, None, "NDArray[np.float64]"]  # a sound made a part at a time; its samples at the end


def _click() -> Steps:
    rng = np.random.default_rng(7)
    length = int(RATE * 0.07)
    noise = rng.standard_normal(length) * _envelope(length, 0.0005, 0.008)
    yield
    knock = _tone(1850, 0.07, 0.012, 0.0005) + 0.6 * _tone(920, 0.07, 0.02, 0.0005)
    return 0.5 * noise + knock


def _sequence(notes: list[tuple[float, float]], gap: float, decay: float) -> Steps:
    parts = []
    for freq, seconds in notes:
        parts.append(_tone(freq, seconds, decay))
        parts.append(np.zeros(int(RATE * gap)))
        yield
    return np.concatenate(parts)


def _band(noise: NDArray[np.float64], low: float, high: float) -> NDArray[np.float64]:
    """``noise`` with only the frequencies between ``low`` and ``high`` Hz kept."""
    spectrum = np.fft.rfft(noise)
    freqs = np.fft.rfftfreq(len(noise), 1 / RATE)
    spectrum[(freqs < low) | (freqs > high)] = 0
    return np.fft.irfft(spectrum, len(noise))


def _place(parts: list[tuple[float, NDArray[np.float64]]], seconds: float) -> NDArray[np.float64]:
    """Sounds laid on silence ``seconds`` long, each at its start time."""
    out = np.zeros(int(RATE * seconds))
    for start, wave in parts:
        at = int(RATE * start)
        end = min(len(out), at + len(wave))
        out[at:end] += wave[: end - at]
    return out


def _modes(freqs: tuple[float, ...], decays: tuple[float, ...], seconds: float) -> NDArray[np.float64]:
    """Struck resonances: sines at ``freqs`` dying away at ``decays``, each quieter than the last."""
    length = int(RATE * seconds)
    t = np.arange(length) / RATE
    wave = np.zeros(length)
    for i, (freq, decay) in enumerate(zip(freqs, decays)):
        wave += np.sin(2 * np.pi * freq * t) * np.exp(-t / decay) / (i + 1)
    return wave * np.clip(t / 0.0008, 0.0, 1.0)


def _rap(rng: np.random.Generator, loudness: float) -> NDArray[np.float64]:
    """One knuckle on a wooden table: a dull thump, the board ringing briefly, a dry tick."""
    body = _modes((170.0, 395.0, 730.0, 1180.0), (0.045, 0.03, 0.018, 0.01), 0.16)
    tick = _band(rng.standard_normal(int(RATE * 0.16)), 800, 4000) * _envelope(int(RATE * 0.16), 0.0004, 0.006)
    return loudness * (body + 0.35 * tick / max(1e-9, float(np.max(np.abs(tick)))))


def _knock() -> Steps:
    rng = np.random.default_rng(19)
    first = _rap(rng, 1.0)
    yield
    return _place([(0.0, first), (0.15, _rap(rng, 0.8))], 0.34)


def _shuffle() -> Steps:
    """Tiles swept round the table: a soft slide under irregular clacks."""
    rng = np.random.default_rng(23)
    seconds = 0.75
    length = int(RATE * seconds)
    t = np.arange(length) / RATE
    swell = np.sin(np.pi * np.clip(t / seconds, 0.0, 1.0)) ** 1.5
    slide = _band(rng.standard_normal(length), 1200, 6500) * swell * 0.07
    yield
    clacks = []
    at = 0.02
    while at < seconds - 0.08:
        freq = rng.uniform(1700, 3300)
        clack = _modes((freq, freq * 1.58, freq * 2.31), (0.012, 0.008, 0.005), 0.06)
        clacks.append((at, clack * rng.uniform(0.35, 0.9)))
        at += rng.uniform(0.025, 0.07)
        if len(clacks) % 4 == 0:
            yield
    return slide / max(1e-9, float(np.max(np.abs(slide)))) * 0.25 + _place(clacks, seconds)


def _clink() -> Steps:
    """Two clay chips meeting: bright, short, inharmonic."""
    chip = _modes((2350.0, 3810.0, 5960.0, 8150.0), (0.05, 0.035, 0.022, 0.012), 0.2)
    yield
    return _place([(0.0, chip), (0.075, 0.55 * chip), (0.12, 0.25 * chip)], 0.34)


def _chord(tones: list[tuple[float, float, float, float, float]]) -> Steps:
    """Tones (frequency, seconds, decay, attack, loudness) sounded together, one a step."""
    chord = np.zeros(max(int(RATE * seconds) for _, seconds, _, _, _ in tones))
    for freq, seconds, decay, attack, loudness in tones:
        tone = _tone(freq, seconds, decay, attack)
        chord[: len(tone)] += loudness * tone
        yield
    return chord


def _sting() -> Steps:
    """A short, warm flourish for a banner: a rising fourth, then a soft open chord."""
    g4, c5, e5, g5 = 392.0, 523.25, 659.25, 783.99
    rise = yield from _sequence([(g4, 0.09), (c5, 0.09)], 0.01, 0.09)
    chord = yield from _chord([(f, 0.7, 0.3, 0.02, 1.0) for f in (c5, e5, g5)] + [(2 * c5, 0.7, 0.22, 0.03, 0.5)])
    return np.concatenate([rise, chord])


C5, E5, G5, C6 = 523.25, 659.25, 783.99, 1046.5


def _pass() -> Steps:
    return (yield from _sequence([(392.0, 0.12), (311.1, 0.16)], 0.02, 0.07))


def _round_won() -> Steps:
    return (yield from _sequence([(C5, 0.11), (E5, 0.11), (G5, 0.22)], 0.015, 0.12))


def _match_won() -> Steps:
    rise = yield from _sequence([(C5, 0.1), (E5, 0.1), (G5, 0.1), (C6, 0.14)], 0.01, 0.1)
    chord = yield from _chord([(f, 0.9, 0.45, 0.004, 1.0) for f in (C5, E5, G5, C6)])
    return np.concatenate([rise, chord])


WAVES: dict[str, Callable[[], Steps]] = {
    "click": _click,
    "pass": _pass,
    "knock": _knock,
    "shuffle": _shuffle,
    "chip": _clink,
    "banner": _sting,
    "round_won": _round_won,
    "match_won": _match_won,
}


def synthesise() -> dict[str, NDArray[np.float64]]:
    """Every sound as float samples in -1..1."""
    _load_numpy()
    return {name: _finished(finished(make())) for name, make in WAVES.items()}


def _finished(wave: NDArray[np.float64]) -> NDArray[np.float64]:
    """``wave`` faded out over its last 5 ms (no click at the end), its peak at 0.8."""
    fade = min(len(wave), int(RATE * 0.005))
    wave = wave.copy()
    wave[len(wave) - fade :] *= np.linspace(1.0, 0.0, fade)
    return wave / max(1e-9, float(np.max(np.abs(wave)))) * 0.8


class Sounds:
    """Plays the named sounds at the settings' volume; silent when audio is off or missing.
    Each sound is made in spare time (``make_one``), or when it is first played if that comes
    sooner."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._owed: list[str] = []  # sounds not made yet, in the order spare time makes them
        self._making: tuple[str, Steps] | None = None  # the sound spare time is making, and its steps left
        self._mixer: tuple[int, int] | None = None  # the mixer's frequency and channels
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
            mixer = pygame.mixer.get_init()
        except pygame.error:
            return
        if mixer is None:
            return
        frequency, _, channels = mixer
        self._mixer = (frequency, channels)
        self._owed = list(WAVES)

    @property
    def available(self) -> bool:
        return self._mixer is not None

    def make_one(self) -> bool:
        """A step of making the next sound not made yet (a piece of spare work); whether there
        was one."""
        if not self._owed:
            return False
        name = self._owed[0]
        _load_numpy()
        if self._making is None or self._making[0] != name:
            self._making = name, WAVES[name]()
        made = step(self._making[1])
        if made is not None:
            self._keep(name, made[0])
        return True

    def _make(self, name: str) -> pygame.mixer.Sound:
        """Sound ``name`` synthesised whole (the steps spare time has not made yet), and kept."""
        _load_numpy()
        steps = self._making[1] if self._making is not None and self._making[0] == name else WAVES[name]()
        return self._keep(name, finished(steps))

    def _keep(self, name: str, made: NDArray[np.float64]) -> pygame.mixer.Sound:
        """Sound ``name`` from its samples ``made``, for the mixer, and kept."""
        assert self._mixer is not None, "sounds are owed only with a mixer"
        self._owed.remove(name)
        if self._making is not None and self._making[0] == name:
            self._making = None
        frequency, channels = self._mixer
        wave = _finished(made)
        if frequency != RATE:
            positions = np.arange(0, len(wave), RATE / frequency)
            wave = np.interp(positions, np.arange(len(wave)), wave)
        samples = (wave * 32767).astype(np.int16)
        if channels > 1:
            samples = np.repeat(samples[:, None], channels, axis=1)
        sound = pygame.sndarray.make_sound(np.ascontiguousarray(samples))
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        if not self.settings.sound:
            return
        sound = self._sounds.get(name)
        if sound is None and name in self._owed:
            sound = self._make(name)
        if sound is None:
            return
        sound.set_volume(max(0.0, min(1.0, self.settings.volume)))
        sound.play()
