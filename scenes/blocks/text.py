"""Chiva and Dékabès in words: decisions, results, hints and the Log's lines, translated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.blocks.moves import Accept, BlockDecision, Choose, Pass, Play, ThrowIn
from game.blocks.result import RoundResult
from game.blocks.round import BlockRoundState
from game.core.advice import Hint
from scenes.panels import escape

Tr = Callable[..., str]


def decision_text(decision: BlockDecision, tr: Tr) -> str:
    """A decision in a few words: "3-6 (right)", "Pass", "Throw in"..."""
    if isinstance(decision, Play):
        return str(decision.tile) if decision.end is None else f"{decision.tile} ({tr(f'end.{decision.end.value}')})"
    if isinstance(decision, Pass):
        return tr("button.pass")
    if isinstance(decision, Choose):
        return tr("review.choose", seat=decision.seat)
    if isinstance(decision, ThrowIn):
        return tr("button.throw_in")
    if isinstance(decision, Accept):
        return tr("button.accept")
    raise TypeError(f"not a Chiva or Dékabès decision: {decision!r}")


def describe(seat: int, decision: BlockDecision, tr: Tr) -> str:
    """A decision as a sentence about the seat that took it."""
    if isinstance(decision, Play):
        if decision.end is None:
            return tr("log.opened", seat=seat, tile=str(decision.tile))
        return tr("log.played", seat=seat, tile=str(decision.tile), end=tr(f"end.{decision.end.value}"))
    if isinstance(decision, Pass):
        return tr("review.passed", seat=seat)
    return tr("review.decided", seat=seat, decision=decision_text(decision, tr))


def hint_text(hint: Hint, tr: Tr) -> str:
    """The sentence of ``hint`` through the catalogue (``hint.<reason>``)."""
    params: dict[str, Any] = dict(hint.params)
    if "number" in params and "numbers" in params:
        params["numbers"] = tr(f"numbers.{params['number']}")
    return tr(f"hint.{hint.reason}", **params)


def result_line(result: RoundResult, tr: Tr) -> str:
    """One sentence: who won the round and how."""
    if result.winner is None:
        return tr("result.tie")
    how = (
        "result.dekabes"
        if result.dekabes
        else ("result.domino" if result.termination.value == "domino" else "result.block")
    )
    seat = result.domino_seat
    return tr(how, team=tr(f"team.{result.winner}"), seat=seat if seat is not None else "")


def block_log_lines(match: Any, viewer: int, tr: Tr) -> list[str]:
    """Every round so far, newest last: deals thrown in, opener, each turn and the result."""
    lines: list[str] = []
    state: BlockRoundState
    for state in match.round_states():
        lines.append(f"<b>{escape(tr('log.round', round=state.start.number))}</b>")
        for deal in state.deals:
            if deal.redeal_by is not None:
                lines.append(escape(tr("log.thrown_in", seat=deal.redeal_by)))
        if state.chooser is not None and state.opener is not None:
            lines.append(escape(tr("log.chose", seat=state.chooser, opener=state.opener)))
        if state.play is not None:
            for turn in state.play.turns:
                if isinstance(turn.move, Pass) and turn.ends is not None:
                    left, right = turn.ends
                    lines.append(escape(tr("log.passed", seat=turn.seat, left=left, right=right)))
                else:
                    lines.append(escape(describe(turn.seat, turn.move, tr)))
        if state.result is not None:
            lines.append(f"<i>{escape(result_line(state.result, tr))}</i>")
    return lines
