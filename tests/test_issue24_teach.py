"""Issue 24, items 23 and 24, through the real client (headless, real pygame events): a
Tien Gow lesson that teaches (pages with pictures of the real tiles, Back, a fixed deal
that shows a pair, a group beaten and a face-down follow of a pair, a coach that infers
and stays current), and the Rules, Log, Settings, Statistics and Why? windows in the
game's look, Statistics counting what each game's registration counts."""

from __future__ import annotations

import itertools
import json
import re

import pygame
import pytest
from client_helpers import centre, frames, make_table, mouse_click, press
from test_guide import FRAMES, open_lesson, play_the_hints, read_the_pages

from game.core.match import Match
from game.registry import GAME_NAMES
from game.tiengow.chinese import KINDS
from game.tiengow.groups import GroupKind, classify
from scenes.screens.registry import screens_for
from scenes.screens.summary import SummaryScene
from scenes.services import persist
from scenes.services.settings import Settings
from scenes.services.stats import EARLIER, record_round
from scenes.services.translation import Catalogue
from scenes.shell.app import App
from scenes.tiengow.lesson import highest_hidden, tiengow_events
from scenes.ui.naming import Names
from scenes.ui.theme import COLOURS, load_theme

SEATS = ("human", "greedy", "greedy", "greedy")
IMAGE = re.compile(r'<img src="([^"]+)">')


def pictures(html: str) -> list[str]:
    return IMAGE.findall(html)


# --- item 23: the Tien Gow lesson ------------------------------------------------------------


@pytest.mark.slow
def test_item23_the_lesson_deal_shows_a_pair_a_group_beaten_and_face_down_follows_of_a_pair():
    app, table = open_lesson("tiengow")
    read_the_pages(app, table)
    play_the_hints(app, table)
    tricks = table.match.view_for(1).tricks
    led = [(trick, classify(trick.plays[0].tiles)) for trick in tricks]
    pairs = [trick for trick, group in led if group.kind in (GroupKind.CIVIL_PAIR, GroupKind.MILITARY_PAIR)]
    assert pairs, "a trick is led with a pair"
    assert any(
        len(trick.plays[0].tiles) > 1 and sum(not play.face_down for play in trick.plays) >= 2 for trick in tricks
    ), "a group led is beaten face up by a higher one"
    assert any(play.face_down for trick in pairs for play in trick.plays[1:]), "a pair is followed face down"
    assert any(group.kind is GroupKind.MIXED for _, group in led), "a civil tile with military tiles of its family"


def test_item23_pages_teach_suits_ranks_columns_early_death_and_the_banker_with_tile_pictures_and_back():
    app, table = open_lesson("tiengow")
    coach, tr = table.coach, app.tr
    pages = coach.lesson.pages
    assert {"learn.tg.page.ranks", "learn.tg.page.early_death", "learn.tg.page.banker"} <= set(pages)
    seen: list[str] = []
    for page in range(len(pages)):
        html = coach.text.html_text
        assert tr(pages[page]) in html
        for path in pictures(html):
            image = pygame.image.load(path)
            assert image.get_width() <= coach.text.rect.width - 40, "the picture fits beside the scroll bar"
            assert image.get_height() > 60
            seen.append(path)
        if page > 0:
            mouse_click(app, centre(coach.widgets["back"]), settle=2)
            assert coach.page == page - 1 and tr(pages[page - 1]) in coach.text.html_text
            mouse_click(app, centre(coach.widgets["next"]), settle=2)
        else:
            assert not coach.widgets["back"].is_enabled, "nothing before the first page"
        assert coach.page == page
        last = page == len(pages) - 1  # issue 40 item 4: Deal the tiles has a row of its own
        mouse_click(app, centre(coach.widgets["deal" if last else "next"]), settle=2)
    assert {p.split("lesson-tiengow-")[1].split("-")[0] for p in seen} == {"chart", "groups", "columns", "settlement"}
    assert not coach.reading and table.match.seed == coach.lesson.seed
    assert not app.text.missing


@pytest.mark.slow
def test_item23_the_coach_tells_each_play_infers_from_face_down_plays_and_survives_restart_deal():
    app, table = open_lesson("tiengow")
    read_the_pages(app, table)
    coach = table.coach
    texts: dict[int, str] = {}
    told_restart = False
    for _ in range(FRAMES):
        if table.match.round.is_over:
            break
        view = table.view
        plays = sum(len(t.plays) for t in view.tricks) + len(view.current)
        if not table.animating and plays not in texts and coach.text is not None:
            frames(app)
            texts[plays] = coach.text.html_text
        if len(view.tricks) == 3 and not told_restart:
            mouse_click(app, centre(table.buttons["restart"]), settle=2)
            mouse_click(app, centre(table.dialog.buttons["ok"]), settle=3)
            assert len(table.match.decisions) == 0 or not table.match.view_for(1).tricks
            assert (
                app.tr("learn.restarted") in coach.text.html_text or app.tr("learn.your_turn") in coach.text.html_text
            )
            told_restart, texts = True, {}
            continue
        if table.is_viewer_turn and not table.animating and coach.hinted == table.turn_key:
            before = len(table.match.decisions)
            while len(table.match.decisions) == before:
                press(app, pygame.K_RETURN)
            continue
        held = getattr(table.board, "lingering", None)
        if held is not None and held.held:
            press(app, pygame.K_RETURN)
            continue
        frames(app)
    assert told_restart
    ordered = [texts[n] for n in sorted(texts) if n > 0]
    assert len(ordered) >= 10
    assert all(a != b for a, b in itertools.pairwise(ordered)), "the text changes after each play"
    told = " ".join(ordered)
    assert app.tr("learn.your_turn") in told, "after Restart deal the coach advises again"
    assert "went face down: most likely" in told, "the coach infers from face-down plays"


def test_item23_the_coach_says_when_the_highest_civil_tile_out_of_sight_changes():
    text = Catalogue("en")
    tr = text.tr
    said = []
    for seed in range(1, 6):
        match = finished("tiengow", seed, "normal")
        view = match.view_for(1)
        lines, _ = tiengow_events(view, Names(text, match.players, 1, False), tr, 0)
        said += [line for line in lines if line.startswith("The highest civil tile you have not seen yet")]
        marks = [highest_hidden(view, n) for n in range(len(view.tricks) + 1)]
        order = [KINDS.index(mark) for mark in marks if mark is not None]
        assert order == sorted(order), "tiles seen never come back out of sight"
    assert said, "a top civil tile seen twice moves the mark down"
    assert all(("(" in line and ")" in line) for line in said)


# --- item 24: themed windows, statistics -----------------------------------------------------


def themed(window) -> None:
    theme = load_theme()
    assert "@panel_window" in window.class_ids and "@panel_window" in theme
    assert "@panel_window.#title_bar" in theme
    assert pygame.Color(window.background_colour) == pygame.Color(*COLOURS.panel)
    assert window.close_window_button.text == "×"


def test_item24_rules_log_settings_statistics_and_why_use_the_game_theme():
    app, table, match = make_table("tiengow", seed=3)
    mouse_click(app, centre(table.buttons["rules"]), settle=2)
    themed(table.panels.rules.window)
    assert "@panel_text" in table.panels.rules.text.class_ids
    press(app, pygame.K_ESCAPE)
    mouse_click(app, centre(table.buttons["log"]), settle=2)
    themed(table.panels.log.window)
    press(app, pygame.K_ESCAPE)
    while not match.round.is_over:
        match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
    table.refresh()
    for _ in range(300):
        if isinstance(app.manager.scene, SummaryScene):
            break
        press(app, pygame.K_RETURN)
    summary = app.manager.scene
    mouse_click(app, centre(summary.buttons["why"]), settle=2)
    themed(summary.why_panel.window)
    menu = app.show("menu")
    frames(app, 2)
    mouse_click(app, centre(menu.widgets["settings"]), settle=2)
    panel = menu.windows.settings_panel
    assert panel.window.object_ids == ["#modal_window"], "Settings: the menu's modal panel (issue 40)"
    mouse_click(app, centre(menu.windows.settings_panel.close_button), settle=2)
    mouse_click(app, centre(menu.widgets["stats"]), settle=2)
    themed(menu.windows.panel.window)


def finished(game: str, seed: int, level: str) -> Match:
    match = Match(game, SEATS, seed, level=level)
    while not match.round.is_over:
        match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
    return match


def open_statistics() -> tuple[App, str]:
    app = App((1280, 720), settings=Settings())
    menu = app.show("menu")
    frames(app, 2)
    mouse_click(app, centre(menu.widgets["stats"]), settle=2)
    return app, menu.windows.panel.text.html_text


def test_item24_statistics_show_each_games_registered_counts_per_level_and_a_chart():
    for game in GAME_NAMES:
        for seed, level in ((1, "easy"), (2, "hard"), (3, "hard")):
            assert record_round(screens_for, finished(game, seed, level), 1) is None
    stored = json.loads((persist.data_dir() / "stats.json").read_text())
    app, html = open_statistics()
    tr = app.tr
    for game in GAME_NAMES:
        screens = screens_for(game)
        levels = stored[game]["levels"]
        assert set(levels) == {"easy", "hard"}
        for level, entry in levels.items():
            assert set(entry) == set(screens.stats_fields), "the fields are the game's registration's"
            assert tr("stats.level", level=tr(f"level.{level}")) in html
            for line in screens.stats_lines(entry, tr):
                assert line in html
        assert len(stored[game]["history"]) == 3
        assert tr(screens.chart_key, count=3) in html
    charts = pictures(html)
    assert len(charts) == len(GAME_NAMES)
    assert all(pygame.image.load(path).get_width() > 100 for path in charts)


def test_item24_a_statistics_file_of_the_first_format_is_still_read_and_kept():
    old = {"chiva": {"played": 4, "won": 2, "longest_streak": 3, "dekabes": 0}, "tiengow": {"played": 5, "won": 1}}
    path = persist.data_dir() / "stats.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(old))
    app, html = open_statistics()
    tr = app.tr
    assert tr("stats.earlier") in html
    assert tr("stats.matches", played=4, won=2) in html and tr("stats.streak", count=3) in html
    assert tr("stats.deals", played=5, won=1) in html
    record_round(screens_for, finished("chiva", 1, "normal"), 1)
    stored = json.loads(path.read_text())
    assert stored["chiva"]["levels"][EARLIER]["matches_played"] == 4
    assert stored["chiva"]["levels"]["normal"]["rounds_played"] == 1


def test_item24_a_corrupt_statistics_file_gets_a_clear_message_and_loses_nothing():
    path = persist.data_dir() / "stats.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"chiva": {"levels": ')
    _app, html = open_statistics()
    assert "statistics could not be read" in html
    kept = list(path.parent.glob("stats.unreadable-*.json"))
    assert [p.read_bytes() for p in kept] == [b'{"chiva": {"levels": '], "the file is kept as it was"
    assert not path.exists(), "opening the window writes nothing new"
