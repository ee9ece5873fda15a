"""The written interface of a game: what the match controller, records, saves, reviews,
the command line and the client may ask of it. Each game family implements it once
(``game.blocks.spec``, ``game.tiengow.spec``) and ``game.registry`` lists the games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self

from typing_extensions import TypeVar  # type parameters with defaults (in ``typing`` from 3.13)

from game.core.advice import DecisionT, Evaluation, Hint
from game.core.phases import Phase
from game.core.tiles import Tile

Hands = tuple[tuple[Tile, ...], ...]
DealSource = Callable[[int, int], Hands]
"""(round number, deal index) -> the four hands of that deal."""

Decision = Any
"""A game's own frozen decision value (a play, a pass, a trick play...)."""

Record = dict[str, Any]
"""A JSON object of the record format (``shared/spec/record.md``)."""


class NumberedStart(Protocol):
    """What every game's round start tells: which round (deal) it starts."""

    @property
    def number(self) -> int: ...


class RoundState(Protocol):
    """One round (a deal in Tien Gow) in play; every change goes through ``push``."""

    @property
    def start(self) -> NumberedStart:
        """What the round started from (scores, opener or banker); restart returns to it."""

    @property
    def phase(self) -> Phase: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def result(self) -> object:
        """The round's result once it is over, else None."""

    def legal_moves(self) -> Sequence[Decision]: ...

    def check(self, decision: Decision) -> None:
        """Raise IllegalMove (with the player's reason) unless ``decision`` is legal now."""

    def push(self, decision: Decision) -> None:
        """Check ``decision`` and take it for the seat to act."""

    def copy(self) -> Self: ...


class SeatView(Protocol):
    """What one seat may see: the only input of computer players and hints."""

    @property
    def game(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def round_number(self) -> int: ...

    @property
    def legal(self) -> tuple[Decision, ...]: ...


class Replaying(Protocol):
    """The match a record is replayed through (``game.core.match.Match``)."""

    @property
    def round(self) -> Any: ...

    @property
    def start(self) -> Any: ...

    @property
    def winner(self) -> str | None: ...

    def push(self, decision: Decision, seat: int | None = None) -> None: ...


StateT = TypeVar("StateT", bound=RoundState, default=Any)
ViewT = TypeVar("ViewT", bound=SeatView, default=Any)
StartT = TypeVar("StartT", bound=NumberedStart, default=Any)
# The defaults are Any: a game found by name (``game.registry``) is some game, its types
# known only to itself; each family names its own (``game.blocks.spec.BlockGame``...).


class GameSpec(Protocol[StateT, ViewT, DecisionT, StartT]):
    """One game: its rules, record codec, seats and computer player, over its round state,
    seat view, decision and round start types."""

    @property
    def name(self) -> str:
        """The name records use (``"chiva"``)."""

    def with_deals(self, deals: int | None) -> GameSpec[StateT, ViewT, DecisionT, StartT]:
        """This game for matches of ``deals`` deals, where a match is a number of deals
        (Tien Gow; None: an endless session); games whose match ends on the score ignore it."""

    # --- rounds ------------------------------------------------------------------

    def first_start(self, seed: int) -> StartT:
        """How the first round of a match with ``seed`` starts."""

    def recorded_start(self, rounds: list[Any], seed: int) -> StartT:
        """How the first round of a recorded match starts (it may name its own banker)."""

    def seeded_deals(self, seed: int) -> DealSource: ...

    def begin(self, start: StartT, deals: DealSource) -> StateT: ...

    def next_start(self, start: StartT, state: StateT) -> StartT:
        """How the round after the finished ``state`` starts."""

    def is_match_over(self, state: StateT) -> bool: ...

    def match_winner(self, state: StateT) -> str | None:
        """The winning team once the match is decided (None in games without one)."""

    def view(self, state: StateT, seat: int, seat_kinds: tuple[str, ...]) -> ViewT:
        """Everything ``seat`` may see of ``state``, and nothing else."""

    # --- records -------------------------------------------------------------------

    def round_to_json(self, state: StateT) -> Record: ...

    def record_fields(self, winner: str | None) -> Record:
        """The record's fields besides its rounds that this game adds (Chiva and Dékabès: ``winner``)."""

    def recorded_deals(self, rounds: list[Any]) -> dict[tuple[int, int], Hands]: ...

    def replay_round(self, match: Replaying, obj: object) -> None:
        """Re-apply one recorded round through ``match``, checking every recorded field."""

    def check_record_end(self, match: Replaying, record: Record) -> None: ...

    def decision_to_json(self, seat: int, decision: DecisionT) -> Record: ...

    def decision_from_json(self, obj: object) -> tuple[int, DecisionT]:
        """The seat and decision of a ``decision_to_json`` object; MalformedRecord if it is not one."""

    # --- across a network ------------------------------------------------------------

    def view_to_json(self, view: ViewT) -> Record:
        """A seat's view as JSON values (what a hosted table sends that seat's device)."""

    def view_from_json(self, obj: object) -> ViewT:
        """The view of a ``view_to_json`` object, equal to the one written; MalformedRecord
        when it is not one."""

    def preview(self, view: ViewT, decision: DecisionT) -> ViewT:
        """The seat's own ``decision`` laid on its own ``view`` before anyone answers (no one
        to act, no legal decisions), computed from that view alone: a device previews by itself."""

    def seen_by(self, actor: int, decision: DecisionT, viewer: int) -> DecisionT | None:
        """What ``viewer`` may learn of ``actor``'s ``decision`` while the round goes on:
        the decision, or None when it is hidden from that seat (a face-down play)."""

    # --- seats ---------------------------------------------------------------------

    def greedy(self, view: ViewT, rng: random.Random) -> DecisionT:
        """The fixed ``greedy`` seat of the record spec."""

    def decide(self, view: ViewT, level: str, rng: random.Random) -> DecisionT:
        """The computer player's decision for the seat of ``view``."""

    def hint(self, view: ViewT, level: str, rng: random.Random) -> Hint:
        """The decision ``decide`` would take with the same generator, and why."""

    def evaluate(
        self, view: ViewT, level: str, rng: random.Random, include: Sequence[DecisionT] = ()
    ) -> Evaluation | None:
        """Every alternative of the seat's decision with the computer's estimate; None
        when there is nothing to weigh."""
