"""Every scene in every language: no missing text, and every label fits its widget."""

import pygame_gui
import pytest
from client_helpers import frames

from game.core.match import Match
from scenes.screens.settings_panel import SettingsPanel
from scenes.services.settings import Settings
from scenes.services.translation import LANGUAGES
from scenes.shell.app import App
from scenes.ui.widgets import text_fits

SIZES = [(800, 600), (1280, 720), (2560, 1440)]


def clipped(app):
    """Buttons and labels whose text is wider than the widget."""
    found = []
    for element in app.ui.get_sprite_group().sprites():
        if isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
            text = element.text
            if len(text) > 2 and element.visible and not text_fits(element, text):
                found.append((text, element.rect.width, element.font.size(text)[0]))
    return found


def check(app):
    frames(app, 3)
    assert not app.text.missing, app.text.missing
    assert not clipped(app), clipped(app)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_menu_and_settings_fit_in_every_language(lang, size):
    app = App(size, settings=Settings(lang=lang))
    menu = app.show("menu")
    check(app)
    menu.windows.settings_panel = SettingsPanel(app, menu.layout.unit)
    check(app)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
@pytest.mark.parametrize("size", [SIZES[0], pytest.param(SIZES[2], marks=pytest.mark.slow)])
def test_tables_and_summaries_fit_in_every_language(lang, game, size):
    app = App(size, settings=Settings(lang=lang, speed="instant"))
    match = Match(game, ("human", "greedy", "greedy", "greedy"), seed=2)
    table = app.show("table", match=match)
    check(app)
    table.control("rules")
    check(app)
    table.panels.close()
    table.control("log")
    check(app)
    table.panels.close()
    while not match.round.is_over:
        match.push(match.computer_decision() if match.computer_to_act else match.legal_moves()[0])
    table.refresh()
    app.show("summary", table=table)
    check(app)


def test_switching_language_in_the_menu_applies_at_once_and_is_remembered():
    from scenes.services import persist

    app = App((1280, 720), settings=Settings(lang="en"))
    menu = app.show("menu")
    frames(app, 2)
    before = menu.widgets["start"].text
    app.set_language("fr")
    frames(app, 2)
    assert app.manager.scene is menu and menu.widgets["start"].text != before
    assert persist.load_settings(Settings, LANGUAGES)[0].lang == "fr"
