"""What the player chose: the match to start and the options remembered between runs."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from game.core.advice import LEVELS, Difficulty
from game.core.player import AI, PERSON, Player
from game.registry import GAME_NAMES

ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}
HANDS = ("right", "left")
WATCHER_CAPS = (0, 4, 8, 16)  # the watchers a hosted table may take, as Settings offers them
NAME_LIMIT = 40  # characters of a person's name at a hosted table
SEAT_CHOICES = {"human": PERSON, "computer": AI}
"""The menu's choices for a seat, as its buttons and ``Settings.seats`` name them, and who each seats."""
EVERY_NETWORK = "0.0.0.0"
LISTEN_VARIABLE = "DOMINO_TABLE_LISTEN"  # the environment's choice of ``listen_on``


@dataclass
class Settings:
    """What the player chose in the menu; the ``STORED`` ones are remembered between runs."""

    game: str = GAME_NAMES[0]
    seats: list[str] = field(default_factory=lambda: ["human", "computer", "computer", "computer"])
    level: str = "normal"
    seed: int | None = None
    speed: str = "normal"
    lang: str = "en"
    demo: bool = False
    sound: bool = True
    volume: float = 0.7
    fullscreen: bool = False
    handed: str = "right"
    reduced_motion: bool = False
    watchers: int = 8  # how many browsers may watch a table this device hosts (0: none)
    name: str = ""  # how this device's person is called at a hosted table
    listen_on: str = field(default_factory=lambda: os.environ.get(LISTEN_VARIABLE, EVERY_NETWORK))
    """Where a table this device hosts listens and is announced, and where the join screen looks
    for tables: every network of this machine, or one address (``--listen``; the tests' loopback)."""
    held: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    """The stored values of the options the command line set for this run only."""

    STORED = ("lang", "level", "speed", "sound", "volume", "fullscreen", "handed", "reduced_motion", "watchers", "name")

    @property
    def players(self) -> tuple[Player, ...]:
        """Who the menu seats: a person or the computer player (at the match's level) at each seat."""
        return tuple(SEAT_CHOICES.get(choice, AI) for choice in self.seats)

    @property
    def computer(self) -> Player:
        """The computer player at the chosen level, as a hosted table seats it."""
        return AI.at(self.level if self.level in LEVELS else Difficulty.NORMAL)

    @staticmethod
    def valid(name: str, value: object, languages: tuple[str, ...]) -> bool:
        """Whether a stored ``value`` may be used for setting ``name``."""
        if name in ("lang", "level", "speed", "handed") and not isinstance(value, str):
            return False
        if name == "lang":
            return value in languages
        if name == "level":
            return value in LEVELS
        if name == "speed":
            return value in ANIMATION_SPEEDS
        if name in ("sound", "fullscreen", "reduced_motion"):
            return isinstance(value, bool)
        if name == "volume":
            return isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0
        if name == "handed":
            return value in HANDS
        if name == "watchers":
            return value in WATCHER_CAPS and not isinstance(value, bool)
        if name == "name":
            return isinstance(value, str) and len(value) <= NAME_LIMIT and value.isprintable()
        return False

    def for_this_run(self, name: str, value: object) -> None:
        """Use ``value`` for option ``name`` in this run only (a command-line option): what is
        stored stays as it was."""
        self.held.setdefault(name, self._value(name))
        setattr(self, name, value)

    def choose(self, name: str, value: object) -> None:
        """The player chose ``value`` for option ``name``: it is stored from now on."""
        self.held.pop(name, None)
        setattr(self, name, value)

    def stored_values(self) -> dict[str, object]:
        """The options to store: the player's choices, never what the command line set for this run."""
        return {name: self.held.get(name, self._value(name)) for name in self.STORED}

    def _value(self, name: str) -> object:
        """Option ``name`` as it is now."""
        values: dict[str, object] = vars(self)
        return values[name]

    @property
    def pace(self) -> float:
        """Multiplier on every animation and computer pause."""
        return ANIMATION_SPEEDS.get(self.speed, 1.0)
