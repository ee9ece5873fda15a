"""The review of a finished round: every position, and the computer's verdict on each
decision a person took, computed from that person's own view at the time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.advice import Evaluation
from game.core.match import Decided, Match
from game.core.thinking import Question

CLEARLY_WORSE = {"win_chance": 0.10, "points": 2.0}  # how far below the best a decision is marked


@dataclass(frozen=True, slots=True)
class Verdict:
    """The computer's view of one decision: its estimate of each alternative and whether
    the decision taken was clearly worse than its own choice."""

    seat: int
    taken: Any
    best: Any
    estimates: tuple[tuple[Any, float], ...]  # every alternative weighed, best first
    unit: str  # "win_chance" (block games) or "points" (Tien Gow)
    hint: Any  # why the computer prefers its choice (a code and parameters)

    def estimate(self, decision: Any) -> float:
        return next(value for choice, value in self.estimates if choice == decision)

    @property
    def clearly_worse(self) -> bool:
        return self.estimate(self.best) - self.estimate(self.taken) >= CLEARLY_WORSE[self.unit]


@dataclass(frozen=True, slots=True)
class Position:
    """One step of the round: the state after ``step`` (None at the start)."""

    state: Any
    step: Decided | None


class RoundReview:
    """Round ``index`` of ``match`` position by position, with verdicts computed on demand,
    here (``verdict``) or elsewhere (``question``, then ``settle``)."""

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
        if not self.is_known(at):
            question = self.question(at)
            self.settle(at, question.answer() if question is not None else None)
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
        return Question("evaluate", view, self.level, ("review", self.index, at), include=(step.decision,))

    def settle(self, at: int, evaluation: Evaluation | None) -> None:
        """Keep the verdict the computer's ``evaluation`` of position ``at`` gives."""
        step = self.positions[at].step
        if evaluation is None or step is None:
            self._verdicts[at] = None
            return
        self._verdicts[at] = Verdict(
            step.seat, step.decision, evaluation.best, evaluation.estimates, evaluation.unit, evaluation.hint
        )
