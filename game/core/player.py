"""Who sits at a seat: one frozen value, ``Player``, and its words.

A player is a person or one of the computer players: the game's own (``ai``, at a level:
easy, normal or hard), its fixed baseline (``greedy``) or a uniformly random legal decision
(``random``). Its text round trip is ``Player.parse("ai:hard")`` ↔ ``str(player)``; a
player without a level (``ai``: at the match's level) is the record spec's word as it is
(``human``, ``ai``, ``random``, ``greedy``). The hosted table's protocol names a computer by
one word (``level_word``: ``easy``, ``normal``, ``hard``, ``greedy`` or ``random``) and a
chair by its kind (open, a person, a computer) and that word: ``Player.from_chair`` reads
them, ``chair_kind`` and ``level_word`` write them. Nothing outside this module compares
these words: it asks the value (``is_person``, ``is_computer``, ``is_quick``, ``stands_in``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, TypeAlias, get_args

from game.core.advice import DecisionT, Difficulty
from game.core.errors import IllegalMove
from game.core.spec import GameSpec, SeatView, StartT, StateT, ViewT


class PlayerKind(StrEnum):
    """Who plays, as the record spec spells it (each member is its record word)."""

    HUMAN = "human"  # a person
    AI = "ai"  # the game's computer player, at a level
    RANDOM = "random"  # a uniformly random legal decision
    GREEDY = "greedy"  # the game's fixed baseline


ChairKind = Literal["open", "person", "computer"]
"""A hosted table's chair on the wire: nobody yet, a person, or a computer."""

LevelWord = Literal["easy", "normal", "hard", "greedy", "random"]
"""A computer on the wire and the bot's command line: the computer player's level, or the
fixed player's kind."""

LEVEL_WORDS: tuple[LevelWord, ...] = get_args(LevelWord)
CHAIR_KINDS: tuple[ChairKind, ...] = get_args(ChairKind)

Decider: TypeAlias = Callable[[ViewT, random.Random], object]
"""A computer seat's decision function: a decision of the game of the seat's view."""


@dataclass(frozen=True, slots=True)
class Player:
    """Who sits at a seat: a person or a computer player; ``level`` only for the game's
    computer player (None: the match's level)."""

    kind: PlayerKind
    level: Difficulty | None = None

    def __post_init__(self) -> None:
        if self.level is not None and self.kind is not PlayerKind.AI:
            raise ValueError(f"only the computer player has a level, not {self.kind}")

    @classmethod
    def parse(cls, text: str) -> Player:
        """The player of ``human``, ``ai``, ``ai:LEVEL``, ``greedy`` or ``random``; ValueError otherwise."""
        word, colon, level = text.partition(":")
        if word not in RECORD_WORDS or (colon and word != PlayerKind.AI):
            raise ValueError(f"a player is {', '.join(RECORD_WORDS)} or ai:LEVEL, not {text!r}")
        if not colon:
            return cls(PlayerKind(word))
        if level not in LEVEL_NAMES:
            raise ValueError(f"a level is {', '.join(LEVEL_NAMES)}, not {level!r}")
        return cls(PlayerKind.AI, Difficulty(level))

    @classmethod
    def from_record(cls, word: object) -> Player:
        """The player a record's seat names (``human``, ``ai``, ``random``, ``greedy``); ValueError otherwise."""
        if word not in RECORD_WORDS:
            raise ValueError(f"a seat kind is one of {', '.join(RECORD_WORDS)}, not {word!r}")
        return cls(PlayerKind(str(word)))

    @classmethod
    def from_level(cls, word: str) -> Player:
        """The computer a protocol level names: the computer player at ``easy``, ``normal`` or
        ``hard``, or the fixed ``greedy`` or ``random``; ValueError otherwise."""
        if word in LEVEL_NAMES:
            return cls(PlayerKind.AI, Difficulty(word))
        if word in (PlayerKind.GREEDY, PlayerKind.RANDOM):
            return cls(PlayerKind(word))
        raise ValueError(f"a computer is one of {', '.join(LEVEL_WORDS)}, not {word!r}")

    @classmethod
    def from_chair(cls, kind: str, level: str) -> Player | None:
        """Who sits at a chair of the wire (None: open): a person, or the computer ``level``
        names (the computer player at the match's level when it names none it knows)."""
        if kind not in CHAIR_KINDS:
            raise ValueError(f"a chair is one of {', '.join(CHAIR_KINDS)}, not {kind!r}")
        if kind == "open":
            return None
        if kind == "person":
            return PERSON
        return cls.from_level(level) if level in LEVEL_WORDS else AI

    def __str__(self) -> str:
        return self.kind.value if self.level is None else f"{self.kind.value}:{self.level.value}"

    def __repr__(self) -> str:
        return f"Player.parse({str(self)!r})"

    @property
    def is_person(self) -> bool:
        return self.kind is PlayerKind.HUMAN

    @property
    def is_computer(self) -> bool:
        return self.kind is not PlayerKind.HUMAN

    @property
    def is_quick(self) -> bool:
        """Whether its decision costs next to nothing (the fixed ``greedy`` and ``random``)."""
        return self.kind in (PlayerKind.GREEDY, PlayerKind.RANDOM)

    @property
    def stands_in(self) -> bool:
        """Whether it may play a person's seat meanwhile: only the game's computer player,
        which keeps every rule a computer seat keeps."""
        return self.kind is PlayerKind.AI

    @property
    def as_recorded(self) -> Player:
        """The player as a record's seat names it: without a level of its own (itself when it has none)."""
        return self if self.level is None else Player(self.kind)

    @property
    def chair_kind(self) -> ChairKind:
        """Its chair's kind on the wire."""
        return "person" if self.is_person else "computer"

    def at(self, level: str) -> Player:
        """The computer player at ``level`` (a level of its own kept); any other player as it is."""
        if self.kind is not PlayerKind.AI or self.level is not None:
            return self
        return Player(PlayerKind.AI, Difficulty(level))

    @property
    def level_word(self) -> LevelWord:
        """The computer as the protocol names it: the fixed player's kind, or the computer
        player's level (``normal`` when it has none of its own)."""
        if self.kind is PlayerKind.GREEDY:
            return "greedy"
        if self.kind is PlayerKind.RANDOM:
            return "random"
        if self.kind is PlayerKind.HUMAN:
            raise ValueError("a person has no computer level")
        return LEVEL_BY_NAME[self.level or Difficulty.NORMAL]

    def decider(
        self, game: GameSpec[StateT, ViewT, DecisionT, StartT], level: str = Difficulty.NORMAL
    ) -> Decider[ViewT]:
        """Its decision function in ``game`` (the computer player at its own level, else at ``level``)."""
        if self.kind is PlayerKind.RANDOM:
            return random_decision
        if self.kind is PlayerKind.GREEDY:
            return game.greedy
        if self.kind is PlayerKind.AI:
            thinks = self.level or level
            return lambda view, rng: game.decide(view, thinks, rng)
        raise IllegalMove("not_a_computer", "Seat kind {kind} is not a computer player.", kind=str(self))


def chair_kind(player: Player | None) -> ChairKind:
    """The kind of a chair where ``player`` sits (None: open) on the wire."""
    return "open" if player is None else player.chair_kind


def hosted_seat(text: str) -> Player | None:
    """A hosted table's seat as the server's command line gives it: ``remote`` (None: a device
    joins it), ``ai:LEVEL`` (or ``ai``: normal), ``greedy`` or ``random``; ValueError otherwise."""
    if text == "remote":
        return None
    player = Player.parse(text.removesuffix(":"))  # ``ai:`` is ``ai``, as it always was
    if not player.is_computer:
        raise ValueError(f"a hosted seat is remote or a computer, not {text!r}")
    return player.at(Difficulty.NORMAL)


def random_decision(view: SeatView, rng: random.Random) -> object:
    """A uniformly random legal decision."""
    return rng.choice(view.legal)


RECORD_WORDS: tuple[str, ...] = tuple(PlayerKind)
LEVEL_NAMES: tuple[str, ...] = tuple(Difficulty)
LEVEL_BY_NAME: dict[Difficulty, LevelWord] = {
    Difficulty.EASY: "easy",
    Difficulty.NORMAL: "normal",
    Difficulty.HARD: "hard",
}

PERSON = Player(PlayerKind.HUMAN)
AI = Player(PlayerKind.AI)  # the game's computer player at the match's level
GREEDY = Player(PlayerKind.GREEDY)
RANDOM = Player(PlayerKind.RANDOM)
PLAYERS = (PERSON, AI, RANDOM, GREEDY)  # every player a record's seat may name, in the spec's order
COMPUTERS = (AI, RANDOM, GREEDY)
STAND_IN = Player(PlayerKind.AI, Difficulty.NORMAL)  # who plays a person's seat meanwhile unless the host says
