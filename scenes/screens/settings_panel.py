"""The Settings window: sound, volume, full screen and which hand the buttons favour."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from scenes.services.settings import HANDS
from scenes.ui.app_services import AppServices
from scenes.ui.panels import TITLE_BAR, panel_id, readable_close
from scenes.ui.widgets import label


class SettingsPanel:
    """Every change applies at once and is remembered."""

    def __init__(self, app: AppServices, unit: float) -> None:
        self.app = app
        tr, ui, settings = app.tr, app.ui, app.settings
        w, h = app.size
        rows = 5
        fits = TITLE_BAR + rows * (max(44, round(48 * unit)) + round(10 * unit)) + 40  # the rows, no empty foot
        width, height = min(w - 40, round(560 * unit)), min(h - 40, fits)
        self.window = pygame_gui.elements.UIWindow(
            pygame.Rect((w - width) // 2, (h - height) // 2, width, height),
            ui,
            window_display_title=tr("settings.title"),
            object_id=panel_id("settings"),
        )
        readable_close(self.window)
        inner = self.window.get_container().get_rect()
        row_h = max(44, round(48 * unit))
        gap = round(10 * unit)
        label_w = inner.width // 2 - 16
        field_w = inner.width - label_w - 32
        y = 12
        self.controls: dict[str, UIElement] = {}

        def place(name: str, widget_for: Callable[[pygame.Rect], UIElement]) -> None:
            nonlocal y
            label(ui, pygame.Rect(12, y, label_w, row_h), tr(f"settings.{name}"), container=self.window)
            self.controls[name] = widget_for(pygame.Rect(24 + label_w, y, field_w, row_h))
            y += row_h + gap

        def switch(name: str, value: bool) -> Callable[[pygame.Rect], UIElement]:
            options: list[str | tuple[str, str]] = [(tr("settings.on"), "on"), (tr("settings.off"), "off")]
            return lambda rect: pygame_gui.elements.UIDropDownMenu(
                options,
                options[0] if value else options[1],
                rect,
                ui,
                container=self.window,
                object_id=ObjectID(object_id=f"#{name}"),
            )

        place("sound", switch("sound", settings.sound))
        place(
            "volume",
            lambda rect: pygame_gui.elements.UIHorizontalSlider(
                rect,
                round(settings.volume * 100),
                (0, 100),
                ui,
                container=self.window,
                object_id=ObjectID(object_id="#volume"),
            ),
        )
        place("fullscreen", switch("fullscreen", settings.fullscreen))
        place("reduced_motion", switch("reduced_motion", settings.reduced_motion))
        hands: list[str | tuple[str, str]] = [(tr(f"settings.hand.{hand}"), hand) for hand in HANDS]
        place(
            "hand",
            lambda rect: pygame_gui.elements.UIDropDownMenu(
                hands,
                next(o for o in hands if o[1] == settings.handed),
                rect,
                ui,
                container=self.window,
                object_id=ObjectID(object_id="#hand"),
            ),
        )

    @property
    def alive(self) -> bool:
        return self.window.alive()

    def close(self) -> None:
        if self.window.alive():
            self.window.kill()

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """Apply a change made in this window; returns whether the event was ours."""
        settings = self.app.settings
        element = event.ui_element
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            value = element.selected_option[1]
            if element is self.controls["sound"]:
                settings.sound = value == "on"
                self.app.sounds.play("click")
            elif element is self.controls["fullscreen"]:
                settings.choose("fullscreen", settings.fullscreen)  # the player's from now on, not the command line's
                if (value == "on") != settings.fullscreen:
                    self.app.toggle_fullscreen()  # which stores it
                    return True
            elif element is self.controls["hand"]:
                settings.handed = value
            elif element is self.controls["reduced_motion"]:
                settings.reduced_motion = value == "on"
            else:
                return False
        elif (
            event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
            and element is self.controls["volume"]
            and isinstance(element, pygame_gui.elements.UIHorizontalSlider)
        ):
            settings.volume = element.get_current_value() / 100
            self.app.sounds.play("click")
        else:
            return False
        self.app.remember()
        return True
