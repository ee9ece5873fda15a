"""Issue 24, items 21 and 22: the words the table says, in every language, through the client's
own code (the summary, the Why? window, the Log, the lesson and the catalogues)."""

from __future__ import annotations

import re

import pytest
from client_helpers import advance, draw_recorded, frames, make_table, texts
from test_explaining import blocked_win, summary_of, summary_says, tie

from game.blocks.moves import Pass
from game.blocks.play import Termination
from game.core.match import Match
from scenes.panels import escape
from scenes.text import LANGUAGES

SEATS = ("human", "greedy", "greedy", "greedy")

# --- 21. A block names its number once; a tie says the scores stay once -------------------------


def blocked(game: str, seed: int) -> Match:
    return advance(Match(game, SEATS, seed), blocked_win)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "seed"), [("chiva", 1), ("dekabes", 10)])
def test_item21_a_block_with_equal_ends_names_the_number_once(lang, game, seed):
    """With every tile dealt, a block always ends on one number at both ends."""
    match = blocked(game, seed)
    app, table, summary = summary_of(match, lang)
    left, right = table.view.ends
    assert left == right
    said = summary_says(summary)
    assert app.tr("why.blocked.same", number=left) in said
    assert app.tr("why.blocked", left=left, right=right) not in said, "never 'a tile showing 2 or 2'"
    _, lines, _ = summary.screens.why(match, table.names, app.tr)
    assert app.tr("why.blocked.same", number=left) in lines
    assert not app.text.missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item21_the_round_end_caption_names_the_number_once(lang):
    match = blocked("chiva", 1)
    app, table, _ = make_table(match=match, lang=lang, speed="instant")
    frames(app, 3)
    left, right = table.view.ends
    shown = texts(draw_recorded(app, table.draw))
    assert app.tr("why.blocked.same", number=left) in shown
    assert app.tr("why.blocked", left=left, right=right) not in shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item21_a_pass_on_equal_ends_in_the_log_names_the_number_once(lang):
    match = advance(
        Match("chiva", SEATS, 1),
        lambda m: any(
            isinstance(t.move, Pass) and t.ends is not None and t.ends[0] == t.ends[1]
            for t in (m.round.play.turns if m.round.play else ())
        ),
    )
    app, table, _ = make_table(match=match, lang=lang, speed="instant")
    log = " ".join(table.screens.log_lines(match, table.names, app.tr))
    turn = next(t for t in match.round.play.turns if isinstance(t.move, Pass) and t.ends and t.ends[0] == t.ends[1])
    number = turn.ends[0]
    said = table.names.says("log.passed_on.same", turn.seat, number=number)
    assert escape(said) in log
    assert escape(table.names.says("log.passed_on", turn.seat, left=number, right=number)) not in log


STAY = {"en": r"\bstay", "fr": r"\brest(ent|e)\b", "it": r"\brest(ano|a)\b", "id": r"\btetap\b"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "seed"), [("chiva", 21), ("dekabes", 12)])
def test_item21_a_tie_says_the_scores_stay_only_once(lang, game, seed):
    match = advance(Match(game, SEATS, seed), tie)
    assert match.round.result.termination is Termination.BLOCK
    app, table, summary = summary_of(match, lang)
    said = summary_says(summary)
    assert len(re.findall(STAY[lang], said, flags=re.IGNORECASE)) == 1, said
    _, lines, _ = summary.screens.why(match, table.names, app.tr)
    assert len(re.findall(STAY[lang], " ".join(lines), flags=re.IGNORECASE)) == 1, lines
