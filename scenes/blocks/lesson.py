"""The guided first deal of Chiva and Dékabès in words: what the person may do now, and
what the others did since, with what a pass tells about a hand. Only the person's view
is read: their hand and what everyone saw."""

from __future__ import annotations

import pathlib

from game.blocks.moves import Choose, Pass, Play, ThrowIn
from game.blocks.view import BlockView
from game.core.phases import Phase
from scenes.blocks.text import by_ends, decision_text, describe
from scenes.services.translation import Tr
from scenes.ui.app_services import AppServices
from scenes.ui.lesson import Lesson
from scenes.ui.naming import Names


def block_lesson(game: str, seed: int, how: str, pictures: tuple[str, ...]) -> Lesson:
    """The lesson of Chiva or Dékabès: its pages ``learn.<game>.1`` on, with the picture under
    each (``scenes.blocks.lesson_pictures``)."""

    def painter(app: AppServices, name: str, width: int) -> tuple[pathlib.Path, str]:
        from scenes.blocks.lesson_pictures import lesson_picture  # not at start-up

        return lesson_picture(app, game, name, width), ""

    pages = tuple(f"learn.{game}.{n}" for n in range(1, len(pictures) + 1))
    return Lesson(seed, pages, how, pictures, painter)


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
    if not plays:
        key, numbers = by_ends("learn.blocks.must_pass", *view.ends)
        return [tr(key, **numbers)]
    choices = ", ".join(decision_text(play, names, tr) for play in plays)
    key, numbers = by_ends("learn.blocks.fits", *view.ends)
    return [tr(key, choices=choices, **numbers)]


def block_events(view: BlockView, names: Names, tr: Tr, told: int) -> tuple[list[str], int]:
    """The turns since the first ``told`` of this round, each with what it teaches; and how
    many turns have now been told."""
    lines: list[str] = []
    for turn in view.turns[told:]:
        if isinstance(turn.move, Pass) and turn.ends is not None:
            if names.is_you(turn.seat):
                key, numbers = by_ends("log.passed_on", *turn.ends)
                lines.append(names.says(key, turn.seat, **numbers))
            else:
                key, numbers = by_ends("learn.blocks.pass_tells", *turn.ends)
                lines.append(tr(key, who=names.subject(turn.seat), **numbers))
        else:
            lines.append(describe(names, turn.seat, turn.move, tr))
    return lines, len(view.turns)
