"""Issue 40, item 21: each computer level is a step above the one below it, in what it does,
and says so to the player.

The strength of each step is measured by the benches, not here (head to head on 1,000
duplicate deals: ``bench/ai.py --players hard --opponents normal``, ``bench/ai_tiengow.py
--level hard --versus normal``); these tests pin what makes the steps: each level thinks on
more play-outs than the one below, reads the others' plays only at hard, looks further
ahead at the end only at hard, slips only at easy; that the command line's ``ai`` seat and
the guided deals play at hard; and that the menu and the About window describe each level.
"""

from __future__ import annotations

import pygame
import pytest
from client_helpers import centre, frames

from game import cli
from game.blocks.ai.player import LEVEL_SETTINGS as BLOCK_LEVELS
from game.core.advice import LEVELS
from game.tiengow.ai.player import LEVEL_SETTINGS as TIENGOW_LEVELS
from scenes.screens.about import about_text
from scenes.screens.guide import LESSON_LEVEL
from scenes.screens.menu import MenuScene
from scenes.services.settings import Settings
from scenes.services.translation import load_catalogue
from scenes.shell.app import App

STEPS = (("easy", "normal"), ("normal", "hard"))
LANGUAGES = ("en", "fr", "it", "id")


@pytest.mark.parametrize("lower, upper", STEPS)
def test_each_block_level_thinks_more_reads_more_and_looks_further_than_the_one_below(lower, upper):
    low, high = BLOCK_LEVELS[lower], BLOCK_LEVELS[upper]
    assert high.most_playouts > low.most_playouts
    assert high.pool >= low.pool and high.exact_tiles >= low.exact_tiles and high.slip <= low.slip
    assert (high.pool, high.exact_tiles, high.heavy_first, high.slip == 0) != (
        low.pool,
        low.exact_tiles,
        low.heavy_first,
        low.slip == 0,
    )


def test_only_hard_reads_the_others_plays_and_works_the_last_tiles_out_in_chiva_and_dekabes():
    easy, normal, hard = (BLOCK_LEVELS[level] for level in LEVELS)
    assert hard.pool > 1 and hard.heavy_first and hard.heavy_playouts and hard.heavy_search
    assert hard.exact_tiles > 0 and hard.more_deals > 0  # it deals more while a choice is close
    for weaker in (easy, normal):
        assert weaker.pool == 1 and not (weaker.heavy_first or weaker.heavy_playouts or weaker.heavy_search)
        assert weaker.exact_tiles == 0 and weaker.more_deals == 0
    assert easy.slip > 0 == normal.slip == hard.slip


def test_tiengow_levels_play_out_more_read_more_and_look_further_one_above_the_other():
    easy, normal, hard = (TIENGOW_LEVELS[level] for level in LEVELS)
    assert easy.playouts < normal.playouts < hard.playouts
    assert easy.pool == normal.pool == 1 < hard.pool  # only hard reads the others' face-down follows
    assert easy.lookahead == normal.lookahead == 0 < hard.lookahead
    assert easy.slip > 0 == normal.slip == hard.slip


def test_the_command_lines_ai_and_the_guided_deals_play_at_the_strongest_level():
    match = cli.play_match("chiva", 3, ("greedy",) * 4, 1)
    assert match.level == "hard" and LESSON_LEVEL == "hard"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_level_is_described_in_every_language(lang):
    words, english = load_catalogue(lang), load_catalogue("en")
    about = [words[f"level.about.{level}"] for level in LEVELS]
    assert len(set(about)) == 3 and all(len(text) > 40 for text in about)
    if lang != "en":
        assert all(words[f"level.about.{level}"] != english[f"level.about.{level}"] for level in LEVELS)


def test_the_english_descriptions_name_what_differs():
    words = load_catalogue("en")
    assert "at random" in words["level.about.easy"] and "one move in five" in words["level.about.easy"]
    assert "reads nothing" in words["level.about.normal"] and "no further ahead" in words["level.about.normal"]
    hard = words["level.about.hard"]
    assert "Thinks longest" in hard and "reads the tiles" in hard and "exactly" in hard


def test_the_about_window_lists_each_level_with_what_it_does():
    words = load_catalogue("fr")
    text = about_text(lambda key, **values: words[key].format(**values))
    for level in LEVELS:
        assert words[f"level.{level}"] in text and words[f"level.about.{level}"] in text


def test_pointing_at_a_level_in_the_menu_shows_what_it_does_and_choosing_one_keeps_it():
    app = App((1280, 720), settings=Settings(lang="en", level="normal"))
    menu = app.show("menu")
    frames(app, 2)
    assert isinstance(menu, MenuScene)
    tr = app.tr
    for level in LEVELS:
        assert menu.widgets[f"level:{level}"].tool_tip_text == tr(f"level.about.{level}")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre(menu.widgets["level:hard"])))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre(menu.widgets["level:hard"])))
    frames(app, 2)
    assert app.settings.level == "hard"
    hard = menu.widgets["level:hard"]
    assert hard.tool_tip_text == tr("level.about.hard")
    pygame.mouse.set_pos(centre(hard))  # the pointer rests on Hard (pygame_gui reads where it is)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(hard), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 90)  # past the tooltip's delay of a second
    assert hard.tool_tip is not None and tr("level.about.hard") in hard.tool_tip.text_block.html_text
