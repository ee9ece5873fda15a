"""A family's computer seat, one piece for every ``GameSpec``: ``decide``, ``hint`` and
``evaluate`` ask the family's computer player, the package ``AI`` laid out alike in every
family (``player.analyse`` at ``player.LEVEL_SETTINGS[level]``, ``evaluation.evaluate``,
and the ``hints`` function named ``HINT`` that tells an analysis in words). The package is
imported when first asked: start-up does without it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from importlib import import_module
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, cast

from game.core.advice import DecisionT, Evaluation, Hint, check_level, check_request
from game.core.spec import ViewT

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class Analysis(Protocol):
    """What the family's player makes of a view: the decision it takes, among the rest."""

    @property
    def decision(self) -> object: ...


class PlayerModule(Protocol):
    """``AI.player``: the levels' settings, and the analysis of a view at one of them."""

    @property
    def LEVEL_SETTINGS(self) -> Mapping[str, DataclassInstance]: ...

    def analyse(self, view: object, settings: DataclassInstance, rng: random.Random, /) -> Analysis: ...


class EvaluationModule(Protocol):
    """``AI.evaluation``: every alternative of a view weighed (None when there is nothing to weigh)."""

    def evaluate(
        self, view: object, level: str, rng: random.Random, include: Sequence[object] = (), /
    ) -> Evaluation[object] | None: ...


class ComputerSeat(Generic[ViewT, DecisionT]):
    """The computer-seat part of a spec whose computer player is the package ``AI``."""

    AI: ClassVar[str]  # "game.blocks.ai"
    HINT: ClassVar[str]  # the function of ``AI.hints`` that explains an analysis

    def _player(self) -> PlayerModule:
        return cast("PlayerModule", import_module(f"{self.AI}.player"))

    def _evaluation(self) -> EvaluationModule:
        return cast("EvaluationModule", import_module(f"{self.AI}.evaluation"))

    def _hints(self) -> Callable[[object, Analysis], Hint[object]]:
        hints = import_module(f"{self.AI}.hints")
        told: Callable[[object, Analysis], Hint[object]] = getattr(hints, self.HINT)  # Any: a name known at run time
        return told

    def decide(self, view: ViewT, level: str, rng: random.Random) -> DecisionT:
        player = self._player()
        check_request(view, level)
        return cast("DecisionT", player.analyse(view, player.LEVEL_SETTINGS[level], rng).decision)

    def hint(self, view: ViewT, level: str, rng: random.Random) -> Hint[DecisionT]:
        """The evaluation's choice and why: the same a review of this position gives; the
        player's own choice, told, when the evaluation has no hint."""
        evaluation, player = self._evaluation(), self._player()
        check_request(view, level)
        weighed = evaluation.evaluate(view, level, rng)
        if weighed is not None and weighed.hint is not None:
            return cast("Hint[DecisionT]", weighed.hint)
        analysis = player.analyse(view, replace(player.LEVEL_SETTINGS[level], slip=0.0), rng)
        return cast("Hint[DecisionT]", self._hints()(view, analysis))

    def evaluate(
        self, view: ViewT, level: str, rng: random.Random, include: Sequence[DecisionT] = ()
    ) -> Evaluation[DecisionT] | None:
        check_level(level)
        return cast("Evaluation[DecisionT] | None", self._evaluation().evaluate(view, level, rng, include))
