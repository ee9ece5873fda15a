"""The review of a finished round: every position, and the computer's verdict on each
decision a person took, computed from that person's own view at the time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.advice import Evaluation, advice_rng
from game.core.match import Decided, Match


@dataclass(frozen=True, slots=True)
class Verdict:
    """The computer's view of one decision a person took: the evaluation of that position
    (the same the hint gave there) and the decision taken."""

    seat: int
    taken: Any
    evaluation: Evaluation

    @property
    def best(self) -> Any:
        return self.evaluation.best

    @property
    def as_good(self) -> bool:
        """The decision taken is the computer's, or as good within the estimate's noise."""
        return self.taken == self.best or self.evaluation.as_good(self.taken)

    @property
    def clearly_worse(self) -> bool:
        return self.evaluation.is_clearly_worse(self.taken)


@dataclass(frozen=True, slots=True)
class Position:
    """One step of the round: the state after ``step`` (None at the start)."""

    state: Any
    step: Decided | None


class RoundReview:
    """Round ``index`` of ``match`` position by position, with verdicts computed on demand."""

    def __init__(self, match: Match, index: int, level: str = "normal") -> None:
        self.match = match
        self.index = index
        self.level = level
        self.positions = [Position(state, step) for state, step in match.replay_states(index)]
        self._verdicts: dict[int, Verdict | None] = {}

    def __len__(self) -> int:
        return len(self.positions)

    def verdict(self, at: int) -> Verdict | None:
        """The verdict on the decision that led to position ``at`` (None when a computer took
        it or there was no choice)."""
        if at not in self._verdicts:
            self._verdicts[at] = self._judge(at)
        return self._verdicts[at]

    def _judge(self, at: int) -> Verdict | None:
        step = self.positions[at].step
        if step is None or not self.match.is_human(step.seat):
            return None
        before = self.positions[at - 1].state
        view = self.match.game.view(before, step.seat, self.match.seats)
        if len(view.legal) < 2:
            return None
        rng = advice_rng(before.start.number, at - 1)
        evaluation = self.match.game.evaluate(view, self.level, rng, include=(step.decision,))
        if evaluation is None:
            return None
        return Verdict(step.seat, step.decision, evaluation)
