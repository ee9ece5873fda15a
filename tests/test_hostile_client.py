"""Issue 16, the client's files: every hostile settings, save, statistics or record file
ends in a message (the file set aside when it can be) and the game goes on."""

from __future__ import annotations

import json

import pygame
import pytest
from client_helpers import centre, frames, make_table, mouse_click, press
from hostile import full_disk, is_short, leftovers, lock, make_fifo, unlock

import main
from game.core.match import Match
from game.core.record import match_to_record
from game.core.savegame import match_to_save
from scenes.screens.menu import MenuScene
from scenes.screens.summary import SummaryScene
from scenes.services import persist
from scenes.services.settings import Settings
from scenes.shell.app import App

DEEP = "[" * 100_000
HUGE_NUMBER = '{"lang": ' + "9" * 5_000 + "}"


@pytest.fixture
def said(monkeypatch):
    """Every message the app shows in its toast."""
    texts: list[str] = []
    original = App.notify

    def notify(self, text):
        texts.append(text)
        original(self, text)

    monkeypatch.setattr(App, "notify", notify)
    return texts


@pytest.fixture
def locked(monkeypatch):
    folders = []

    def apply(folder):
        lock(monkeypatch, folder)
        folders.append(folder)

    yield apply
    for folder in folders:
        unlock(folder)


def settings_path():
    return persist.config_dir() / "settings.json"


def stats_path():
    return persist.data_dir() / "stats.json"


def put(path, content) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)


def open_menu():
    app = App((1280, 720), settings=Settings())
    menu = app.show("menu")
    frames(app, 2)
    return app, menu


def a_save(level="normal", version=1):
    match = Match("chiva", ("human", "ai", "ai", "ai"), seed=5, level="normal")
    match.run_computers()
    save = match_to_save(match)
    save["level"], save["save_version"] = level, version
    return json.dumps(save)


def no_continue(app, menu):
    """The menu reads the save as it opens: a refused one offers no Continue."""
    frames(app, 3)
    assert "continue" not in menu.widgets


# --- settings: the game always starts, with a message ----------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        '{"speed": []}',
        '{"speed": {}}',
        '{"lang": {}, "level": [], "handed": {}}',
        "{}",
        "[]",
        DEEP,
        HUGE_NUMBER,
        '{"volume": NaN}',
    ],
    ids=["speed-list", "speed-object", "all-objects", "empty", "array", "deep", "huge-number", "nan"],
)
def test_issue16_cases_4_5_6_the_game_starts_whatever_the_settings_file_holds(content, said):
    put(settings_path(), content)
    assert main.main(["--frames", "3"]) == 0


@pytest.mark.parametrize(
    "content",
    ["[]", DEEP, HUGE_NUMBER, "not json", b"\xff\xfe"],
    ids=["array", "deep", "huge-number", "text", "binary"],
)
def test_a_bad_settings_file_is_set_aside_with_a_message_at_start(content, said):
    put(settings_path(), content)
    assert main.main(["--frames", "2"]) == 0
    assert any("settings could not be read" in text and "set aside" in text for text in said)
    assert all(is_short(text) for text in said)
    assert not settings_path().exists() or json.loads(settings_path().read_text())
    assert list(settings_path().parent.glob("settings.unreadable-*.json"))


def test_issue16_case_11_a_fifo_settings_file_does_not_hang_the_start(said):
    make_fifo(settings_path())
    assert main.main(["--frames", "2"]) == 0
    assert any("named pipe" in text for text in said)


def test_issue16_case_7_read_only_config_folder_and_unreadable_settings(said, locked):
    put(settings_path(), '{"level": "hard"}')
    locked(settings_path().parent)
    assert main.main(["--frames", "2"]) == 0
    assert any("permission denied" in text and "nor set aside" in text for text in said)


# --- the saved match: Continue ---------------------------------------------------------------------


@pytest.mark.parametrize("level", ["godlike", "", None, 3])
def test_issue16_case_3_a_save_with_an_unknown_level_is_set_aside_when_the_menu_opens(level):
    put(persist.save_path(), a_save(level=level))
    app, menu = open_menu()
    no_continue(app, menu)
    assert isinstance(app.manager.scene, MenuScene) and "set aside" in menu.error
    assert not persist.save_path().exists()
    frames(app, 3)


def test_a_save_whose_version_is_true_is_refused():
    put(persist.save_path(), a_save(version=True))
    app, menu = open_menu()
    no_continue(app, menu)
    assert isinstance(app.manager.scene, MenuScene) and "set aside" in menu.error


@pytest.mark.parametrize("content", [DEEP, '{"save_version": ' + "1" * 5_000 + "}"], ids=["deep", "huge-number"])
def test_issue16_cases_4_5_a_hostile_save_is_set_aside_with_a_message(content):
    put(persist.save_path(), content)
    app, menu = open_menu()
    no_continue(app, menu)
    assert isinstance(app.manager.scene, MenuScene) and "set aside" in menu.error and is_short(menu.error)


def test_issue16_case_11_a_fifo_save_does_not_hang_the_menu():
    make_fifo(persist.save_path())
    app, menu = open_menu()
    no_continue(app, menu)
    assert isinstance(app.manager.scene, MenuScene) and "named pipe" in menu.error


def test_issue16_case_7_read_only_data_folder_menu_and_statistics_do_not_crash(locked):
    put(persist.save_path(), a_save())
    put(stats_path(), "{}")
    locked(persist.data_dir())
    app, menu = open_menu()
    no_continue(app, menu)
    assert isinstance(app.manager.scene, MenuScene)
    assert "permission denied" in menu.error and "nor set aside" in menu.error
    mouse_click(app, centre(menu.widgets["stats"]), settle=2)
    assert "nor set aside" in menu.windows.panel.text.html_text
    press(app, pygame.K_ESCAPE)
    mouse_click(app, centre(menu.widgets["start"]), settle=3)
    assert app.manager.scene.match.start.number == 1


def test_a_failed_autosave_on_a_full_disk_leaves_the_old_save_and_no_temporary(monkeypatch):
    _app, table, match = make_table("chiva", seed=2)
    persist.save_match(match)
    before = persist.save_path().read_text()
    full_disk(monkeypatch)
    match.run_computers()
    match.push(match.legal_moves()[0])
    table.refresh()
    persist.settle()  # the save is written in the background: its failure is said at the next one
    table.refresh()
    assert "could not be saved" in table.messages.text and "disk is full" in table.messages.text
    assert persist.save_path().read_text() == before and leftovers(persist.data_dir()) == []


# --- statistics ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content", [DEEP, '{"chiva": {"played": ' + "7" * 5_000 + "}}", "[1]"], ids=["deep", "huge-number", "array"]
)
def test_issue16_cases_4_5_statistics_with_a_hostile_file_open_with_a_message(content):
    put(stats_path(), content)
    app, menu = open_menu()
    mouse_click(app, centre(menu.widgets["stats"]), settle=2)
    assert "statistics could not be read" in menu.windows.panel.text.html_text
    assert list(stats_path().parent.glob("stats.unreadable-*.json"))


def test_a_hostile_statistics_file_met_after_a_round_is_set_aside_with_a_message(said):
    put(stats_path(), DEEP)
    match = Match("chiva", ("human", "greedy", "greedy", "greedy"), seed=4)
    while not match.round.is_over:
        match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
    app, _table, _match = make_table(match=match)
    for _ in range(200):
        if isinstance(app.manager.scene, SummaryScene):
            break
        frames(app)
    assert any("statistics could not be read" in text and "set aside" in text for text in said)
    assert set(json.loads(stats_path().read_text())) == {"chiva", "dekabes", "tiengow"}


def test_statistics_in_a_fifo_do_not_hang():
    make_fifo(stats_path())
    app, menu = open_menu()
    mouse_click(app, centre(menu.widgets["stats"]), settle=2)
    assert "named pipe" in menu.windows.panel.text.html_text


# --- Open record… ----------------------------------------------------------------------------------


def record_with_tile(text: str) -> str:
    record = match_to_record(Match("chiva", ("greedy",) * 4, seed=1))
    record["rounds"][0]["hands"][0][0] = text
    return json.dumps(record)


@pytest.mark.parametrize(
    "content",
    [DEEP, '{"seed": ' + "3" * 5_000 + "}", record_with_tile("x" * (3 << 20)), record_with_tile("y" * (10 << 20))],
    ids=["deep", "huge-number", "3MB-tile", "10MB-tile"],
)
def test_issue16_cases_4_5_9_open_record_shows_a_short_message(tmp_path, content):
    path = tmp_path / "bad.jsonl"
    put(path, content)
    app, menu = open_menu()
    menu.windows.open_record(str(path))
    frames(app, 3)
    assert app.manager.scene is menu and "not a valid match record" in menu.error and is_short(menu.error)


def test_issue16_case_11_open_record_on_a_fifo_or_a_folder_says_so(tmp_path):
    make_fifo(tmp_path / "pipe.jsonl")
    app, menu = open_menu()
    menu.windows.open_record(str(tmp_path / "pipe.jsonl"))
    assert "could not be read" in menu.error and "named pipe" in menu.error
    menu.windows.open_record(str(tmp_path))
    assert "could not be read" in menu.error and "folder" in menu.error
    frames(app, 2)


def test_a_reversed_tile_in_an_opened_record_is_refused(tmp_path):
    record = match_to_record(Match("chiva", ("greedy",) * 4, seed=1))
    tile = next(t for t in record["rounds"][0]["hands"][0] if t[0] != t[2])
    record["rounds"][0]["hands"][0][record["rounds"][0]["hands"][0].index(tile)] = tile[::-1]
    put(tmp_path / "r.jsonl", json.dumps(record))
    _app, menu = open_menu()
    menu.windows.open_record(str(tmp_path / "r.jsonl"))
    assert "not a valid match record" in menu.error and tile[::-1] in menu.error


# --- Log → Export ----------------------------------------------------------------------------------


def export_from_the_log(app, table) -> None:
    mouse_click(app, centre(table.buttons["log"]), settle=2)
    mouse_click(app, table.panels.log.buttons["export"].rect.center, settle=2)


def test_issue16_case_8_export_on_a_full_disk_says_so_and_writes_nothing(monkeypatch):
    app, table, _match = make_table("chiva", seed=2)
    frames(app, 5)
    full_disk(monkeypatch)
    export_from_the_log(app, table)
    assert "could not be saved" in table.panels.export_note and "disk is full" in table.panels.export_note
    folder = persist.data_dir() / "records"
    assert not list(folder.glob("*.json")) and leftovers(folder) == []


def test_issue16_case_8_export_when_the_records_folder_is_a_file_says_so():
    put(persist.data_dir() / "records", "not a folder")
    app, table, _match = make_table("chiva", seed=2)
    frames(app, 5)
    export_from_the_log(app, table)
    assert "could not be saved" in table.panels.export_note and "folder" in table.panels.export_note
    assert (persist.data_dir() / "records").read_text() == "not a folder"
