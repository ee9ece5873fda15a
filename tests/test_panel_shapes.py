"""Windows open at once at any size: pygame-gui draws a rounded shape at 16 times its pixels
and keeps only small ones, so a rounded Rules window at 1920x1080 cost 0.8 s of CPU each time
it opened. Windows and their text boxes are plain rectangles; buttons stay rounded."""

from __future__ import annotations

import pygame_gui
from client_helpers import centre, frames, mouse_click
from pygame_gui.core.drawable_shapes import RoundedRectangleShape

from game.core.match import Match
from scenes.services.settings import Settings
from scenes.shell.app import App

LARGE = (pygame_gui.elements.UIWindow, pygame_gui.elements.UITextBox)


def rounded_large_elements(app: App) -> list[str]:
    return [
        element.most_specific_combined_id
        for element in app.ui.get_sprite_group().sprites()
        if isinstance(element, LARGE) and isinstance(getattr(element, "drawable_shape", None), RoundedRectangleShape)
    ]


def test_the_tables_windows_are_plain_rectangles_and_buttons_stay_rounded():
    app = App((1920, 1080), settings=Settings(lang="en", speed="instant"))
    table = app.show("table", match=Match("tiengow", ("human", "greedy", "greedy", "greedy"), seed=2))
    frames(app, 3)
    assert isinstance(table.buttons["rules"].drawable_shape, RoundedRectangleShape)
    for name in ("rules", "log"):
        mouse_click(app, centre(table.buttons[name]), settle=2)
        opened = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, LARGE)]
        assert opened, f"the {name} window opened"
        assert not rounded_large_elements(app)
        table.panels.close()
        frames(app, 1)


def test_the_menus_windows_are_plain_rectangles():
    app = App((1920, 1080), settings=Settings(lang="en"))
    menu = app.show("menu")
    frames(app, 2)
    for name in ("stats", "settings", "about"):
        mouse_click(app, centre(menu.widgets[name]), settle=2)
        assert any(isinstance(e, pygame_gui.elements.UIWindow) for e in app.ui.get_sprite_group().sprites())
        assert not rounded_large_elements(app)
        menu.windows.close()
        frames(app, 1)
