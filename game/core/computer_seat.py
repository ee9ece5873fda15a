"""A family's computer seat, one piece for every ``GameSpec``: ``decide``, ``hint`` and
``evaluate`` ask the family's computer player, the package ``AI`` laid out alike in every
family (``player.analyse`` at ``player.LEVEL_SETTINGS[level]``, ``evaluation.evaluate``,
and the ``hints`` function named ``HINT`` that tells an analysis in words). The package is
imported when first asked: start-up does without it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from importlib import import_module
from types import ModuleType
from typing import ClassVar, Generic, cast

from game.core.advice import DecisionT, Evaluation, Hint, check_level, check_request
from game.core.spec import ViewT


class ComputerSeat(Generic[ViewT, DecisionT]):
    """The computer-seat part of a spec whose computer player is the package ``AI``."""

    AI: ClassVar[str]  # "game.blocks.ai"
    HINT: ClassVar[str]  # the function of ``AI.hints`` that explains an analysis

    def _ai(self, module: str) -> ModuleType:
        return import_module(f"{self.AI}.{module}")

    def decide(self, view: ViewT, level: str, rng: random.Random) -> DecisionT:
        player = self._ai("player")
        check_request(view, level)
        return cast("DecisionT", player.analyse(view, player.LEVEL_SETTINGS[level], rng).decision)

    def hint(self, view: ViewT, level: str, rng: random.Random) -> Hint[DecisionT]:
        """The evaluation's choice and why: the same a review of this position gives; the
        player's own choice, told, when the evaluation has no hint."""
        evaluation, player = self._ai("evaluation"), self._ai("player")
        check_request(view, level)
        weighed = evaluation.evaluate(view, level, rng)
        if weighed is not None and weighed.hint is not None:
            return cast("Hint[DecisionT]", weighed.hint)
        analysis = player.analyse(view, replace(player.LEVEL_SETTINGS[level], slip=0.0), rng)
        return cast("Hint[DecisionT]", getattr(self._ai("hints"), self.HINT)(view, analysis))

    def evaluate(
        self, view: ViewT, level: str, rng: random.Random, include: Sequence[DecisionT] = ()
    ) -> Evaluation[DecisionT] | None:
        check_level(level)
        return cast("Evaluation[DecisionT] | None", self._ai("evaluation").evaluate(view, level, rng, include))
