"""The Log panel's lines: the public history of the match, translated."""
from __future__ import annotations

from typing import Callable

from game.block import Pass

from .panels import escape


def block_log_lines(match, viewer: int, tr: Callable[..., str]) -> list[str]:
    """Every round so far, newest last: deals thrown in, opener, each turn and the result."""
    lines: list[str] = []
    for state in match.finished + [match.round]:
        lines.append(f"<b>{escape(tr('log.round', round=state.start.number))}</b>")
        for deal in state.deals:
            if deal.redeal_by is not None:
                lines.append(escape(tr("log.thrown_in", seat=deal.redeal_by)))
        if state.chooser is not None and state.opener is not None:
            lines.append(escape(tr("log.chose", seat=state.chooser, opener=state.opener)))
        if state.play is not None:
            for index, turn in enumerate(state.play.turns):
                if isinstance(turn.move, Pass):
                    a, b = turn.ends
                    lines.append(escape(tr("log.passed", seat=turn.seat, left=a, right=b)))
                elif index == 0:
                    lines.append(escape(tr("log.opened", seat=turn.seat, tile=str(turn.move.tile))))
                else:
                    lines.append(escape(tr("log.played", seat=turn.seat, tile=str(turn.move.tile),
                                           end=tr(f"end.{turn.move.end.value}"))))
        if state.result is not None:
            lines.append(f"<i>{escape(result_line(state.result, tr))}</i>")
    return lines


def result_line(result, tr: Callable[..., str]) -> str:
    """One sentence: who won the round and how."""
    if result.winner is None:
        return tr("result.tie")
    how = "result.dekabes" if result.dekabes else (
        "result.domino" if result.termination.value == "domino" else "result.block")
    seat = result.domino_seat
    return tr(how, team=tr(f"team.{result.winner}"), seat=seat if seat is not None else "")

