"""The Settings window: sound, volume, full screen, reduced motion, which hand the buttons
favour and how many may watch a table this device hosts. It looks as the menu's other panels
do (``scenes.ui.dialog``): the menu dimmed under it, a gold-edged panel in the table's colours
with its title, each setting on a row beside its name, and Close. Every drop-down opens its
list where the whole list is seen: down, or up when the panel's foot leaves too little room
below."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from scenes.services.settings import HANDS, WATCHER_CAPS
from scenes.ui.app_services import AppServices
from scenes.ui.dialog import modal_window, panel_picture
from scenes.ui.drawing import fit_text
from scenes.ui.event_fields import element_of
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button

ROWS = ("sound", "volume", "fullscreen", "reduced_motion", "hand", "watchers")
LIST_ITEM = 44  # px, the height of a drop-down's option (assets/theme.json, #drop_down_options_list)
OPENS_UP = "@drop_up"  # the theme class of a drop-down whose list opens upwards


class SettingsPanel:
    """Every change applies at once and is remembered."""

    def __init__(self, app: AppServices, unit: float) -> None:
        self.app = app
        self.unit = unit
        self.window: pygame_gui.elements.UIWindow | None = None
        self.picture: pygame_gui.elements.UIImage | None = None
        self.controls: dict[str, UIElement] = {}
        self.close_button: pygame_gui.elements.UIButton | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[str, pygame.Rect]] = []  # each setting's name and the row it is on
        self.build()

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    def build(self) -> None:
        """The dimmed screen, the panel, a row per setting and Close, for the window's size."""
        app, px = self.app, self.px
        tr, ui, settings = app.tr, app.ui, app.settings
        w, h = app.size
        row_h, gap, pad = max(44, px(48)), px(10), px(24)
        close_h = max(48, px(56))
        top = px(28) + app.font(px(26), True).get_linesize() + px(14)
        height = top + len(ROWS) * row_h + (len(ROWS) - 1) * gap + px(20) + close_h + px(24)
        width, height = min(w - px(24), px(600)), min(h - px(24), height)
        self.panel = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        self.window = window = modal_window(app)
        inner = self.panel.inflate(-2 * pad, 0)
        label_w = inner.width * 9 // 20
        field = pygame.Rect(inner.x + label_w + px(12), 0, inner.width - label_w - px(12), row_h)
        close = pygame.Rect(0, self.panel.bottom - px(24) - close_h, min(px(260), inner.width), close_h)
        close.centerx = self.panel.centerx
        self.rows = [
            (name, field.move(0, self.panel.y + top + index * (row_h + gap))) for index, name in enumerate(ROWS)
        ]
        places = dict(self.rows)

        def drop_down(name: str, options: list[str | tuple[str, str]], chosen: str | tuple[str, str]) -> UIElement:
            rect = places[name]
            room_below = self.panel.bottom - px(8) - rect.bottom
            up = room_below < len(options) * LIST_ITEM + px(8)
            return pygame_gui.elements.UIDropDownMenu(
                options,
                chosen,
                rect,
                ui,
                container=window,
                object_id=ObjectID(class_id=OPENS_UP if up else None, object_id=f"#{name}"),
            )

        def switch(name: str, value: bool) -> UIElement:
            options: list[str | tuple[str, str]] = [(tr("settings.on"), "on"), (tr("settings.off"), "off")]
            return drop_down(name, options, options[0] if value else options[1])

        hands: list[str | tuple[str, str]] = [(tr(f"settings.hand.{hand}"), hand) for hand in HANDS]
        caps: list[str | tuple[str, str]] = [
            (tr("settings.watchers.up_to", count=cap) if cap else tr("settings.watchers.none"), str(cap))
            for cap in WATCHER_CAPS
        ]
        made: dict[str, Callable[[], UIElement]] = {
            "sound": lambda: switch("sound", settings.sound),
            "volume": lambda: pygame_gui.elements.UIHorizontalSlider(
                places["volume"],
                round(settings.volume * 100),
                (0, 100),
                ui,
                container=window,
                object_id=ObjectID(object_id="#volume"),
            ),
            "fullscreen": lambda: switch("fullscreen", settings.fullscreen),
            "reduced_motion": lambda: switch("reduced_motion", settings.reduced_motion),
            "hand": lambda: drop_down("hand", hands, next(o for o in hands if o[1] == settings.handed)),
            "watchers": lambda: drop_down("watchers", caps, next(o for o in caps if o[1] == str(settings.watchers))),
        }
        self.controls = {name: made[name]() for name in ROWS}
        self.close_button = button(ui, close, tr("settings.close"), "settings_close", True, container=window)
        self.picture = pygame_gui.elements.UIImage(
            self.panel, self.panel_picture(), ui, container=window, starting_height=0
        )

    def panel_picture(self) -> pygame.Surface:
        """The panel with its title and each setting's name at the left of its row."""
        app, px = self.app, self.px
        picture = panel_picture(app, self.panel.size, self.unit, app.tr("settings.title"))
        for name, row in self.rows:
            width = row.x - px(12) - self.panel.x - px(24)
            image = fit_text(app, app.tr(f"settings.{name}"), px(18), width, colour=COLOURS.ink)
            picture.blit(image, image.get_rect(midleft=(px(24), row.centery - self.panel.y)))
        return picture

    @property
    def alive(self) -> bool:
        return self.window is not None and bool(self.window.alive())

    def close(self) -> None:
        if self.window is not None:
            self.window.kill()
        self.window = self.picture = self.close_button = None
        self.controls = {}

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """Apply a change made in this window, or close it; returns whether the event was ours."""
        settings = self.app.settings
        element = element_of(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is not None and element is self.close_button:
            self.close()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            assert isinstance(element, pygame_gui.elements.UIDropDownMenu), "a drop-down's change"
            value = element.selected_option[1]
            if element is self.controls.get("sound"):
                settings.sound = value == "on"
                self.app.sounds.play("click")
            elif element is self.controls.get("fullscreen"):
                settings.choose("fullscreen", settings.fullscreen)  # the player's from now on, not the command line's
                if (value == "on") != settings.fullscreen:
                    self.app.toggle_fullscreen()  # which stores it
                    return True
            elif element is self.controls.get("hand"):
                settings.handed = value
            elif element is self.controls.get("reduced_motion"):
                settings.reduced_motion = value == "on"
            elif element is self.controls.get("watchers"):
                settings.watchers = int(value)  # the next table this device hosts
            else:
                return False
        elif (
            event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
            and element is self.controls.get("volume")
            and isinstance(element, pygame_gui.elements.UIHorizontalSlider)
        ):
            settings.volume = element.get_current_value() / 100
            self.app.sounds.play("click")
        else:
            return False
        self.app.remember()
        return True
