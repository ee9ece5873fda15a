"""The menu: the game, who sits where, computer level, seed and animation speed."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.core.errors import IllegalMove, RecordError
from game.core.match import Match
from game.registry import GAME_NAMES
from scenes import panels, persist
from scenes.about import about_text, stats_text
from scenes.record_file import read_record_file
from scenes.scene import Scene
from scenes.settings import ANIMATION_SPEEDS, LEVELS
from scenes.settings_panel import SettingsPanel
from scenes.table_layout import TableLayout
from scenes.text import LANGUAGE_NAMES, LANGUAGES
from scenes.theme import COLOURS
from scenes.widgets import button, label, row_of_buttons

SEAT_CHOICES = ("human", "computer")


def seat_kinds(choices: list[str]) -> tuple[str, ...]:
    """The match's seat kinds for the menu's person/computer choices."""
    return tuple("human" if choice == "human" else "ai" for choice in choices)


def start_match(settings: Any) -> Match:
    """A new match as the settings describe it."""
    return Match(settings.game, seat_kinds(settings.seats), settings.seed, level=settings.level)


class MenuScene(Scene):
    """Choose and start a match."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.widgets: dict[str, Any] = {}
        self.error = ""
        self.settings_panel: SettingsPanel | None = None
        self.file_dialog: Any = None
        self.panel: panels.TextPanel | None = None

    def enter(self) -> None:
        ui, tr, settings = self.app.ui, self.app.tr, self.app.settings
        lay = TableLayout.for_size(self.app.size)
        w, _ = self.app.size
        row_h, gap = lay.button_h, lay.px(12)
        column_gap = lay.px(40)
        column_w = min(max(lay.px(472), 350), (w - lay.px(60) - column_gap) // 2)
        label_w = column_w * 45 // 100
        field_w = column_w - label_w - gap
        left = w // 2 - column_w - column_gap // 2
        right = w // 2 + column_gap // 2
        self.form_top = lay.px(136)
        y0 = self.form_top + lay.px(20)
        step = row_h + gap

        def row(x: int, index: int, key: str, name: str, options: list[Any], current: str) -> None:
            y = y0 + index * step
            label(ui, pygame.Rect(x, y, label_w, row_h), tr(key))
            chosen = next(o for o in options if o[1] == current)
            self.widgets[name] = pygame_gui.elements.UIDropDownMenu(
                options,
                chosen,
                pygame.Rect(x + label_w + gap, y, field_w, row_h),
                ui,
                object_id=pygame_gui.core.ObjectID(object_id=f"#{name}"),
            )

        row(left, 0, "menu.game", "game", [(tr(f"game.{g}"), g) for g in GAME_NAMES], settings.game)
        row(left, 1, "menu.language", "lang", [(LANGUAGE_NAMES[code], code) for code in LANGUAGES], self.app.text.lang)
        row(left, 2, "menu.level", "level", [(tr(f"level.{lv}"), lv) for lv in LEVELS], settings.level)
        row(left, 3, "menu.speed", "speed", [(tr(f"speed.{s}"), s) for s in ANIMATION_SPEEDS], settings.speed)
        label(ui, pygame.Rect(left, y0 + 4 * step, label_w, row_h), tr("menu.seed"))
        seed = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(left + label_w + gap, y0 + 4 * step, field_w, row_h),
            ui,
            placeholder_text=tr("menu.seed_placeholder"),
            object_id=pygame_gui.core.ObjectID(object_id="#seed"),
        )
        seed.set_allowed_characters("numbers")
        if settings.seed is not None:
            seed.set_text(str(settings.seed))
        self.widgets["seed"] = seed
        for seat in range(1, 5):
            options = [(tr(f"menu.seat.{c}"), c) for c in SEAT_CHOICES]
            row(right, seat - 1, f"menu.seat{seat}", f"seat{seat}", options, settings.seats[seat - 1])
        self.widgets["settings"] = button(
            ui, pygame.Rect(right + label_w + gap, y0 + 4 * step, field_w, row_h), tr("menu.settings"), "settings"
        )
        self.form_bottom = y0 + 5 * step
        self.card = pygame.Rect(
            left - lay.px(24),
            self.form_top,
            2 * column_w + column_gap + lay.px(48),
            self.form_bottom - self.form_top + lay.px(8),
        )
        area = pygame.Rect(self.card.x, self.card.bottom + lay.px(18), self.card.width, row_h)
        items = [
            ("start", tr("menu.start")),
            ("continue", tr("menu.continue")),
            ("open_record", tr("menu.open_record")),
            ("stats", tr("menu.stats")),
            ("about", tr("menu.about")),
            ("quit", tr("menu.quit")),
        ]
        self.widgets.update(row_of_buttons(ui, area, items, row_h, lay.px(220), gap, primary=("start", "continue")))
        if not persist.has_saved_match():
            self.widgets["continue"].disable()
        self.layout = lay

    def exit(self) -> None:
        self.close_windows()
        self.app.ui.clear_and_reset()
        self.widgets = {}

    def read_settings(self) -> bool:
        """Copy the form into the settings; False (with a message) when the seed is not a number."""
        settings = self.app.settings
        for name in ("game", "level", "speed"):
            setattr(settings, name, self.widgets[name].selected_option[1])
        self.app.remember()
        settings.seats = [self.widgets[f"seat{s}"].selected_option[1] for s in range(1, 5)]
        text = self.widgets["seed"].get_text().strip()
        if text and not text.isdigit():
            self.error = self.app.tr("menu.bad_seed")
            return False
        settings.seed = int(text) if text else None
        return True

    def widget_name(self, element: object) -> str | None:
        """The name this scene gave ``element``, or None for another scene's widget."""
        return next((name for name, widget in self.widgets.items() if widget is element), None)

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        if self.settings_panel is not None and self.settings_panel.alive and self.settings_panel.handle_ui_event(event):
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.file_dialog:
            self.file_dialog = None
            self.open_record(event.text)
            return
        element: Any = event.ui_element
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.widget_name(element) == "lang":
            self.read_settings()
            self.app.set_language(element.selected_option[1])
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        name = next((n for n, w in self.widgets.items() if w is event.ui_element), None)
        if name == "start":
            self.start()
        elif name == "continue":
            self.resume()
        elif name == "open_record":
            self.close_windows()
            w, h = self.app.size
            rect = pygame.Rect(
                w // 2 - min(w - 40, 700) // 2, h // 2 - min(h - 40, 520) // 2, min(w - 40, 700), min(h - 40, 520)
            )
            self.file_dialog = pygame_gui.windows.UIFileDialog(
                rect, self.app.ui, self.app.tr("menu.open_record"), allowed_suffixes={".json", ".jsonl"}
            )
        elif name == "settings":
            self.close_windows()
            self.settings_panel = SettingsPanel(self.app, self.layout.unit)
        elif name == "stats":
            self.close_windows()
            self.panel = panels.TextPanel(
                self.app.ui,
                self.app.size,
                self.layout.unit,
                self.app.tr("stats.title"),
                stats_text(self.app.tr),
                "stats",
            )
        elif name == "about":
            self.close_windows()
            self.panel = panels.TextPanel(
                self.app.ui,
                self.app.size,
                self.layout.unit,
                self.app.tr("about.title"),
                about_text(self.app.tr),
                "about",
            )
        elif name == "quit":
            self.app.manager.running = False

    def close_windows(self) -> None:
        for window in (self.settings_panel, self.panel):
            if window is not None:
                window.close()
        if self.file_dialog is not None and self.file_dialog.alive():
            self.file_dialog.kill()
        self.settings_panel = self.panel = self.file_dialog = None

    def open_record(self, path: str) -> None:
        """Review the first record of a file; a bad file gets its message, never a crash."""
        try:
            match = read_record_file(path)
        except OSError as error:
            self.error = self.app.tr("menu.record_unreadable", reason=str(error))
            return
        except RecordError as error:
            self.error = self.app.tr("menu.record_bad", reason=str(error))
            return
        self.app.show("review", match=match, round_index=0, back=self)

    def resume(self) -> None:
        """Continue the saved match exactly where it was left."""
        try:
            match = persist.load_match()
        except persist.SaveUnreadable as error:
            self.error = error.problem.message(self.app.tr, *persist.SAVE_KEYS)
            self.widgets["continue"].disable()
            return
        if match is None:
            self.widgets["continue"].disable()
            return
        self.app.show("table", match=match)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.settings_panel or self.panel:
                self.close_windows()
            else:
                self.app.manager.running = False

    def start(self) -> None:
        if not self.read_settings():
            return
        try:
            match = start_match(self.app.settings)
        except IllegalMove as error:
            self.error = self.app.tr(f"error.{error.code}", **error.params)
            return
        self.app.show("table", match=match)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(COLOURS.felt)
        lay, tr = self.layout, self.app.tr
        w = surface.get_width()
        title = self.app.font(lay.px(46), bold=True).render(tr("menu.title"), True, COLOURS.gold)
        surface.blit(title, title.get_rect(midtop=(w // 2, lay.px(26))))
        sub = self.app.font(lay.px(18)).render(tr(f"menu.about.{self.current_game()}"), True, COLOURS.ink)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, lay.px(26) + title.get_height() + lay.px(4))))
        pygame.draw.rect(surface, COLOURS.felt_dark, self.card, border_radius=lay.px(18))
        if self.error:
            text = self.app.font(lay.px(17), bold=True).render(self.error, True, COLOURS.warn)
            surface.blit(text, text.get_rect(midtop=(w // 2, self.widgets["start"].rect.bottom + lay.px(10))))

    def current_game(self) -> str:
        widget = self.widgets.get("game")
        return widget.selected_option[1] if widget else self.app.settings.game
