"""The guided first deal of Chiva and Dékabès in words: what the person may do now, and
what the others did since, with what a pass tells about a hand. Only the person's view
is read: their hand and what everyone saw."""

from __future__ import annotations

from collections.abc import Callable

from game.blocks.moves import Choose, Pass, Play, ThrowIn
from game.blocks.view import BlockView
from game.core.phases import Phase
from scenes.blocks.text import decision_text, describe
from scenes.naming import Names

Tr = Callable[..., str]


def block_options(view: BlockView, names: Names, tr: Tr) -> list[str]:
    """What the person may do now, in a sentence or two."""
    legal = view.legal
    if view.phase is Phase.ACCEPTING:
        return [
            tr("learn.blocks.accept_throw_in" if any(isinstance(d, ThrowIn) for d in legal) else "learn.blocks.accept")
        ]
    if view.phase is Phase.CHOOSING or any(isinstance(d, Choose) for d in legal):
        return [tr("learn.blocks.choose")]
    plays = [d for d in legal if isinstance(d, Play)]
    if view.ends is None:
        if len(plays) == 1:
            return [tr("learn.blocks.lead_forced", tile=str(plays[0].tile))]
        return [tr("learn.blocks.lead_any")]
    left, right = view.ends
    if not plays:
        return [tr("learn.blocks.must_pass", left=left, right=right)]
    choices = ", ".join(decision_text(play, names, tr) for play in plays)
    return [tr("learn.blocks.fits", left=left, right=right, choices=choices)]


def block_events(view: BlockView, names: Names, tr: Tr, told: int) -> tuple[list[str], int]:
    """The turns since the first ``told`` of this round, each with what it teaches; and how
    many turns have now been told."""
    lines: list[str] = []
    for turn in view.turns[told:]:
        if isinstance(turn.move, Pass) and turn.ends is not None:
            left, right = turn.ends
            if names.is_you(turn.seat):
                lines.append(names.says("log.passed_on", turn.seat, left=left, right=right))
            else:
                lines.append(tr("learn.blocks.pass_tells", who=names.subject(turn.seat), left=left, right=right))
        else:
            lines.append(describe(names, turn.seat, turn.move, tr))
    return lines, len(view.turns)
