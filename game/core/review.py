"""The review of a finished round: every position, and the computer's verdict on each
decision a person took, computed from that person's own view at the time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, cast

from game.core.advice import DecisionT, Difficulty, Evaluation
from game.core.match import Decided, Match
from game.core.spec import StartT, StateT, ViewT
from game.core.thinking import Question


@dataclass(frozen=True, slots=True)
class Verdict(Generic[DecisionT]):
    """The computer's view of one decision a person took: the evaluation of that position
    (the same the hint gave there) and the decision taken."""

    seat: int
    taken: DecisionT
    evaluation: Evaluation[DecisionT]

    @property
    def best(self) -> DecisionT:
        return self.evaluation.best

    @property
    def as_good(self) -> bool:
        """The decision taken is the computer's, or as good within the estimate's noise."""
        return self.taken == self.best or self.evaluation.as_good(self.taken)

    @property
    def clearly_worse(self) -> bool:
        return self.evaluation.is_clearly_worse(self.taken)


@dataclass(frozen=True, slots=True)
class Position(Generic[StateT, DecisionT]):
    """One step of the round: the state after ``step`` (None at the start)."""

    state: StateT
    step: Decided[DecisionT] | None


class RoundReview(Generic[StateT, ViewT, DecisionT, StartT]):
    """Round ``index`` of ``match`` position by position, with verdicts computed on demand,
    here (``verdict``) or elsewhere (``question``, then ``settle``)."""

    def __init__(
        self, match: Match[StateT, ViewT, DecisionT, StartT], index: int, level: str = Difficulty.NORMAL
    ) -> None:
        self.match = match
        self.index = index
        self.level = level
        self.positions = [Position(state, step) for state, step in match.replay_states(index)]
        self._verdicts: dict[int, Verdict[DecisionT] | None] = {}

    def __len__(self) -> int:
        return len(self.positions)

    def verdict(self, at: int) -> Verdict[DecisionT] | None:
        """The verdict on the decision that led to position ``at`` (None when a computer took
        it or there was no choice)."""
        if not self.is_known(at):
            question = self.question(at)
            answer = question.answer() if question is not None else None
            self.settle(at, cast("Evaluation[DecisionT] | None", answer))  # an evaluate question's answer
        return self._verdicts[at]

    def is_known(self, at: int) -> bool:
        """Whether the verdict on position ``at`` is at hand: settled, or never needing the computer."""
        if at not in self._verdicts and self.question(at) is None:
            self._verdicts[at] = None
        return at in self._verdicts

    def question(self, at: int) -> Question | None:
        """What to ask the computer for the verdict on position ``at``; None when there is
        nothing to judge (the start, a computer's decision, a forced one)."""
        step = self.positions[at].step
        if step is None or not self.match.is_human(step.seat):
            return None
        before = self.positions[at - 1].state
        view = self.match.game.view(before, step.seat, self.match.seats)
        if len(view.legal) < 2:
            return None
        seed = ("advice", before.start.number, at - 1)  # the generator of ``advice_rng``: hint and review agree
        return Question("evaluate", view, self.level, seed, include=(step.decision,))

    def settle(self, at: int, evaluation: Evaluation[DecisionT] | None) -> None:
        """Keep the verdict the computer's ``evaluation`` of position ``at`` gives."""
        step = self.positions[at].step
        if evaluation is None or step is None:
            self._verdicts[at] = None
            return
        self._verdicts[at] = Verdict(step.seat, step.decision, evaluation)
