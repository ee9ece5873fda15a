"""Shipping features: save and resume, bad saves and settings, full screen, sound, touch drag."""

import json

import numpy as np
import pygame
import pytest
from client_helpers import centre, finger_tap, frames, make_table, mouse_click, wait_for_person

from game.blocks.moves import Play
from game.core.match import Match
from game.core.record import dumps, match_to_record
from scenes.screens.menu import MenuScene
from scenes.services import persist
from scenes.services.settings import Settings
from scenes.services.sound import Sounds, synthesise
from scenes.services.translation import LANGUAGES
from scenes.shell.app import App


def record_of(match):
    return dumps(match_to_record(match))


def open_menu():
    app = App((1280, 720), settings=Settings())
    menu = app.show("menu")
    frames(app, 2)
    return app, menu


def test_every_decision_is_saved_and_continue_resumes_exactly():
    app, table, match = make_table("dekabes", seed=4)
    for _ in range(3):
        if wait_for_person(app, table):
            mouse_click(app, centre(table.buttons["hint"]))
            table.key("confirm")
            frames(app, 2)
    if match.can_undo:
        mouse_click(app, centre(table.buttons["undo"]), settle=2)
    assert persist.has_saved_match()
    expected = (record_of(match), match.redo_groups)
    app2, menu = open_menu()
    assert menu.widgets["continue"].is_enabled
    mouse_click(app2, centre(menu.widgets["continue"]), settle=3)
    resumed = app2.manager.scene.match
    assert (record_of(resumed), resumed.redo_groups) == expected


@pytest.mark.parametrize(
    "content",
    [
        "",
        '{"save_version": 1, "rec',
        '{"save_version": 99}',
        '{"save_version": 1, "record": 5, "redo": []}',
        "[1, 2, 3]",
        "\udcff not text",
    ],
)
def test_a_corrupt_save_is_set_aside_with_a_message_and_a_fresh_start(content):
    path = persist.save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    app, menu = open_menu()
    assert isinstance(app.manager.scene, MenuScene)
    assert "set aside" in menu.error and not path.exists()
    assert list(path.parent.glob("match.unreadable-*.json"))
    assert "continue" not in menu.widgets and "start" in menu.widgets
    mouse_click(app, centre(menu.widgets["start"]), settle=3)
    assert app.manager.scene.match.start.number == 1


def test_settings_with_bad_values_fall_back_to_defaults():
    path = persist.config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "lang": "xx",
                "level": "insane",
                "speed": 3,
                "sound": "yes",
                "volume": 7,
                "fullscreen": 1,
                "handed": "middle",
            }
        )
    )
    loaded = persist.load_settings(Settings, LANGUAGES)[0]
    defaults = Settings()
    for name in Settings.STORED:
        if name != "lang":
            assert getattr(loaded, name) == getattr(defaults, name)
    assert loaded.lang in LANGUAGES
    path.write_text(json.dumps({"level": "hard", "volume": 0.25, "handed": "left", "sound": False}))
    loaded = persist.load_settings(Settings, LANGUAGES)[0]
    assert (loaded.level, loaded.volume, loaded.handed, loaded.sound) == ("hard", 0.25, "left", False)
    path.write_text("not json")
    assert persist.load_settings(Settings, LANGUAGES)[0].level == "normal"
    assert list(path.parent.glob("settings.unreadable-*.json"))


def test_settings_are_remembered_between_runs():
    app, _menu = open_menu()
    app.settings.volume, app.settings.handed = 0.4, "left"
    app.remember()
    loaded = persist.load_settings(Settings, LANGUAGES)[0]
    assert (loaded.volume, loaded.handed) == (0.4, "left")


def test_first_start_follows_the_system_language(monkeypatch):
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "xx_YY.UTF-8")
    assert persist.system_language(("en", "fr")) == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert persist.system_language(("en", "fr")) == "fr"


def test_fullscreen_toggles_with_f11_headless():
    app, table, _match = make_table("chiva")
    windowed = app.size
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    frames(app, 2)
    assert app.settings.fullscreen and table.layout.size == app.size
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    frames(app, 2)
    assert not app.settings.fullscreen and app.size == windowed


def test_sounds_are_synthesised_and_the_game_runs_without_an_audio_device(monkeypatch):
    waves = synthesise()
    assert set(waves) == {"click", "pass", "knock", "shuffle", "chip", "banner", "round_won", "match_won"}
    for wave in waves.values():
        assert np.isfinite(wave).all() and 0.5 < np.abs(wave).max() <= 1.0 and len(wave) > 1000

    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(Settings())
    assert not sounds.available
    sounds.play("click")
    app, _table, match = make_table("chiva", seats=("greedy",) * 4)
    app.sounds = sounds
    frames(app, 300)
    assert match.decisions


def test_touch_drag_and_tap_tap_commit_the_same_command():
    def play_first(use_drag):
        app, table, match = make_table("chiva", seed=3)
        assert wait_for_person(app, table)
        move = next(m for m in match.legal_moves() if isinstance(m, Play))
        rect = next(r for t, r in table.hand_rects if t is move.tile)
        if use_drag:
            table.select(move.tile)
            target = next(g for g in table.ghosts if g.decision == move).rect.center
            table.clear_selection()
            w, h = app.size
            common = {"touch_id": 1, "finger_id": 0, "pressure": 1.0}
            pygame.event.post(
                pygame.event.Event(pygame.FINGERDOWN, x=rect.centerx / w, y=rect.centery / h, dx=0.0, dy=0.0, **common)
            )
            pygame.event.post(
                pygame.event.Event(pygame.FINGERMOTION, x=target[0] / w, y=target[1] / h, dx=0.1, dy=0.1, **common)
            )
            pygame.event.post(
                pygame.event.Event(pygame.FINGERUP, x=target[0] / w, y=target[1] / h, dx=0.0, dy=0.0, **common)
            )
            frames(app, 2)
        else:
            finger_tap(app, rect.center)
            finger_tap(app, next(g for g in table.ghosts if g.decision == move).rect.center)
        return next(d for d in match.decisions if d.seat == 1)

    assert play_first(use_drag=True) == play_first(use_drag=False)


def test_touch_targets_are_at_least_nine_millimetres_on_a_ten_inch_1920x1200_screen():
    ppmm = (1920**2 + 1200**2) ** 0.5 / (10 * 25.4)
    app, table, _match = make_table("chiva", size=(1920, 1200))
    wait_for_person(app, table)
    smallest = min(min(b.rect.size) for b in table.buttons.values())
    tile = min(min(r.size) for _, r in table.hand_rects)
    assert smallest / ppmm >= 9 and tile / ppmm >= 9


def test_left_handed_layout_puts_the_decision_buttons_on_the_left():
    from scenes.services.settings import Settings as S

    right = make_table("tiengow", seed=5)
    app = App((1280, 720), settings=S(game="tiengow", handed="left", speed="fast"))
    match = Match("tiengow", ("human", "greedy", "greedy", "greedy"), seed=5)
    left_table = app.show("table", match=match)
    frames(app, 1)
    for a, table in ((right[0], right[1]), (app, left_table)):
        wait_for_person(a, table)
        table.make_decision_buttons()
    play_right = right[1].decision_buttons["play"].rect
    play_left = left_table.decision_buttons["play"].rect
    assert play_right.centerx > app.size[0] // 2 > play_left.centerx
    # issue 24 item 14: Hint and Undo under the favoured hand's thumb, at that edge of the bar
    assert right[1].buttons["hint"].rect.x > right[1].buttons["new_match"].rect.x
    assert left_table.buttons["hint"].rect.x < left_table.buttons["new_match"].rect.x
