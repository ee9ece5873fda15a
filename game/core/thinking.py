"""Questions to the computer player that can be answered anywhere, in this process or in
another one: a question holds everything its answer depends on (the asking seat's view,
the level, the seat kind and the seed of its generator) and pickles, so the same question
gets the same answer wherever it is asked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.advice import Evaluation, Hint
from game.core.player import AI, Player
from game.core.spec import SeatView
from game.core.tiles import derived_rng
from game.registry import game_named

Verb = Literal["decide", "hint", "evaluate"]


@dataclass(frozen=True, slots=True)
class Question:
    """``verb`` asked of the computer player for the seat of ``view``: its decision (as a
    seat of ``player``), a hint, or its estimate of every alternative (``include`` adds some)."""

    verb: Verb
    view: SeatView
    level: str
    seed: tuple[object, ...]  # the parts of ``derived_rng`` that seed the answer's generator
    player: Player = AI
    include: tuple[object, ...] = ()  # decisions of the view's game

    @property
    def is_quick(self) -> bool:
        """Whether the answer costs next to nothing (the fixed ``greedy`` and ``random`` seats)."""
        return self.verb == "decide" and self.player.is_quick

    def fits(self, answer: object) -> bool:
        """Whether ``answer`` may be this question's: a decision the view may take, a hint
        suggesting one, an evaluation choosing one (or None)."""
        legal = self.view.legal
        if self.verb == "decide":
            return answer in legal
        if self.verb == "hint":
            return isinstance(answer, Hint) and answer.decision in legal
        return answer is None or (isinstance(answer, Evaluation) and answer.best in legal)

    def answer(self) -> object:
        """The decision, the ``Hint`` or the ``Evaluation`` (None when there is nothing to weigh):
        the verb's type, which the one who asked knows (``fits`` checks an answer from elsewhere)."""
        game = game_named(self.view.game)
        rng = derived_rng(*self.seed)
        if self.verb == "decide":
            return self.player.decider(game, self.level)(self.view, rng)
        if self.verb == "hint":
            return game.hint(self.view, self.level, rng)
        return game.evaluate(self.view, self.level, rng, self.include)
