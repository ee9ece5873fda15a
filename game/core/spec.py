"""The written interface of a game: what the match controller, records, saves, reviews,
the command line and the client may ask of it. Each game family implements it once
(``game.blocks.spec``, ``game.tiengow.spec``) and ``game.registry`` lists the games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, Self, TypeAlias, cast

import msgspec
from typing_extensions import TypeVar  # type parameters with defaults (in ``typing`` from 3.13)

from game.core.advice import DecisionT, Evaluation, Hint
from game.core.errors import MalformedRecord
from game.core.phases import Phase
from game.core.tiles import Tile
from game.core.wire import WireView, json_values

Hands = tuple[tuple[Tile, ...], ...]
DealSource = Callable[[int, int], Hands]
"""(round number, deal index) -> the four hands of that deal."""

JsonValue: TypeAlias = "str | int | float | bool | Sequence[JsonValue] | Mapping[str, JsonValue] | None"
"""A value ``json.dumps`` writes (read-only containers, so that a list of strings is one)."""

Record = dict[str, JsonValue]
"""A JSON object of the record format (``shared/spec/record.md``), as it is written."""

DecisionJson = dict[str, str | int | bool | list[str] | None]
"""A decision as the record writes a turn (``{"seat": 2, "tile": "3-6", "end": "right"}``)."""


class NumberedStart(Protocol):
    """What every game's round start tells: which round (deal) it starts."""

    @property
    def number(self) -> int: ...


class Round(Protocol):
    """One round (a deal in Tien Gow) in play, as every game's reads: what a game-neutral
    caller may ask of a round whose decisions it does not know."""

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

    def legal_moves(self) -> Sequence[object]: ...

    def copy(self) -> Self: ...


class RoundState(Round, Protocol[DecisionT]):
    """A round over the game's decision type; every change goes through ``push``."""

    def legal_moves(self) -> Sequence[DecisionT]: ...

    def check(self, decision: DecisionT) -> None:
        """Raise IllegalMove (with the player's reason) unless ``decision`` is legal now."""

    def push(self, decision: DecisionT) -> None:
        """Check ``decision`` and take it for the seat to act."""


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
    def legal(self) -> tuple[object, ...]:
        """This seat's legal decisions when it is to act (of the game's decision type)."""


StateT = TypeVar("StateT", bound=Round, default=Round)
ViewT = TypeVar("ViewT", bound=SeatView, default=SeatView)
StartT = TypeVar("StartT", bound=NumberedStart, default=NumberedStart)
# The defaults are the bounds, as ``DecisionT``'s is ``object``: a game found by name
# (``game.registry``) is some game, its types known only to itself, so a game-neutral caller
# reads what every game has and no more; each family names its own
# (``game.blocks.spec.BlockGame``...) and a family's code checks a value it is handed
# (``assert isinstance``) where it leaves the game-neutral code.

_State_co = TypeVar("_State_co", bound=Round, covariant=True)
_Decision_contra = TypeVar("_Decision_contra", contravariant=True)
_Start_co = TypeVar("_Start_co", bound=NumberedStart, covariant=True)


class Replaying(Protocol[_State_co, _Decision_contra, _Start_co]):
    """The match a record is replayed through (``game.core.match.Match``)."""

    @property
    def round(self) -> _State_co: ...

    @property
    def start(self) -> _Start_co: ...

    @property
    def winner(self) -> str | None: ...

    def push(self, decision: _Decision_contra, seat: int | None = None) -> None: ...


class GameSpec(Protocol[StateT, ViewT, DecisionT, StartT]):
    """One game: its rules, record codec, seats and computer player, over its round state
    (a ``RoundState`` over ``DecisionT``: Python's bounds cannot say so), seat view, decision
    and round start types. ``GameSpec`` alone is some game found by name (``game.registry``),
    whose values a game-neutral caller only hands back to that game."""

    @property
    def name(self) -> str:
        """The name records use (``"chiva"``)."""

    def with_deals(self, deals: int | None) -> GameSpec[StateT, ViewT, DecisionT, StartT]:
        """This game for matches of ``deals`` deals, where a match is a number of deals
        (Tien Gow; None: an endless session); games whose match ends on the score ignore it."""

    # --- rounds ------------------------------------------------------------------

    def first_start(self, seed: int) -> StartT:
        """How the first round of a match with ``seed`` starts."""

    def recorded_start(self, rounds: Sequence[object], seed: int) -> StartT:
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

    def recorded_deals(self, rounds: Sequence[object]) -> dict[tuple[int, int], Hands]: ...

    def replay_round(self, match: Replaying[StateT, DecisionT, StartT], obj: object) -> None:
        """Re-apply one recorded round through ``match``, checking every recorded field."""

    def check_record_end(self, match: Replaying[StateT, DecisionT, StartT], record: Mapping[str, object]) -> None:
        """Check the record's fields besides its rounds against the replayed ``match``."""

    def decision_to_json(self, seat: int, decision: DecisionT) -> DecisionJson: ...

    def decision_from_json(self, obj: object) -> tuple[int, DecisionT]:
        """The seat and decision of a ``decision_to_json`` object; MalformedRecord if it is not one."""

    # --- across a network ------------------------------------------------------------

    @property
    def view_type(self) -> type[WireView]:
        """A seat's view on the wire (what a hosted table sends that seat's device): a msgspec
        struct tagged with the game's name in ``game`` (``game.core.wire.WireView``)."""

    def view_to_wire(self, view: ViewT) -> WireView:
        """``view`` as a ``view_type``; ``view_from_wire`` gives it back equal."""

    def view_from_wire(self, wire: WireView) -> ViewT:
        """The view of a ``view_to_wire`` struct; MalformedRecord when it is another game's."""

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

    def hint(self, view: ViewT, level: str, rng: random.Random) -> Hint[DecisionT]:
        """The decision ``decide`` would take with the same generator, and why."""

    def evaluate(
        self, view: ViewT, level: str, rng: random.Random, include: Sequence[DecisionT] = ()
    ) -> Evaluation[DecisionT] | None:
        """Every alternative of the seat's decision with the computer's estimate; None
        when there is nothing to weigh."""


def view_to_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], view: ViewT) -> Record:
    """A seat's view as JSON values, as a hosted table sends it."""
    return cast("Record", json_values(spec.view_to_wire(view)))  # a view struct: a JSON object


def view_from_json(spec: GameSpec[StateT, ViewT, DecisionT, StartT], obj: object) -> ViewT:
    """The view of ``view_to_json``'s object; MalformedRecord when it is not one of ``spec``'s."""
    try:
        wire = msgspec.convert(obj, spec.view_type)
    except msgspec.ValidationError as error:
        raise MalformedRecord(f"not a {spec.name} view: {error}") from None
    return spec.view_from_wire(wire)
