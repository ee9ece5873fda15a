"""The menu: the game, who sits where, computer level, seed and animation speed."""
from __future__ import annotations

import pygame
import pygame_gui

from game.errors import IllegalMove
from game.match import Match

from .app import ANIMATION_SPEEDS
from .block_table import BlockTable
from .scene import Scene
from .table import FELT, FELT_DARK, GOLD, INK
from .table_layout import TableLayout
from .tiengow_table import TienGowTable
from .widgets import button, label

GAMES = ("chiva", "dekabes", "tiengow")
LEVELS = ("easy", "normal", "hard")
SEAT_CHOICES = ("human", "computer")
COMPUTER_KIND = "greedy"   # the table's computer seats: the basic player until the computer player lands


def seat_kinds(choices: list[str]) -> tuple[str, ...]:
    """The match's seat kinds for the menu's person/computer choices."""
    return tuple("human" if choice == "human" else COMPUTER_KIND for choice in choices)


def start_match(app) -> Match:
    settings = app.settings
    return Match(settings.game, seat_kinds(settings.seats), settings.seed)


def table_for(app, match: Match):
    """The table scene for the match's game."""
    return (TienGowTable if match.game.family == "tiengow" else BlockTable)(app, match)


class MenuScene(Scene):
    """Choose and start a match."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.error = ""

    def enter(self) -> None:
        ui, tr, settings = self.app.ui, self.app.tr, self.app.settings
        lay = TableLayout.for_size(self.app.size)
        w, _ = self.app.size
        row_h, gap = lay.button_h, lay.px(12)
        label_w, field_w, column_gap = lay.px(210), lay.px(250), lay.px(40)
        column_w = label_w + field_w + gap
        left = w // 2 - column_w - column_gap // 2
        right = w // 2 + column_gap // 2
        self.form_top = lay.px(150)
        y0 = self.form_top + lay.px(24)

        def row(x: int, y: int, key: str, name: str, options: list[tuple[str, str]], current: str) -> None:
            label(ui, pygame.Rect(x, y, label_w, row_h), tr(key))
            chosen = next(o for o in options if o[1] == current)
            self.widgets[name] = pygame_gui.elements.UIDropDownMenu(
                options, chosen, pygame.Rect(x + label_w + gap, y, field_w, row_h), ui,
                object_id=pygame_gui.core.ObjectID(object_id=f"#{name}"))

        step = row_h + gap
        row(left, y0, "menu.game", "game", [(tr(f"game.{g}"), g) for g in GAMES], settings.game)
        row(left, y0 + step, "menu.level", "level", [(tr(f"level.{lv}"), lv) for lv in LEVELS], settings.level)
        row(left, y0 + 2 * step, "menu.speed", "speed", [(tr(f"speed.{s}"), s) for s in ANIMATION_SPEEDS],
            settings.speed)
        label(ui, pygame.Rect(left, y0 + 3 * step, label_w, row_h), tr("menu.seed"))
        seed = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(left + label_w + gap, y0 + 3 * step, field_w, row_h), ui,
            placeholder_text=tr("menu.seed_placeholder"), object_id=pygame_gui.core.ObjectID(object_id="#seed"))
        seed.set_allowed_characters("numbers")
        if settings.seed is not None:
            seed.set_text(str(settings.seed))
        self.widgets["seed"] = seed
        for seat in range(1, 5):
            options = [(tr(f"menu.seat.{c}"), c) for c in SEAT_CHOICES]
            row(right, y0 + (seat - 1) * step, f"menu.seat{seat}", f"seat{seat}", options, settings.seats[seat - 1])
        self.form_bottom = y0 + 4 * step + lay.px(8)
        self.card = pygame.Rect(left - lay.px(24), self.form_top, 2 * column_w + column_gap + lay.px(48),
                                self.form_bottom - self.form_top + lay.px(8))
        width = lay.px(240)
        y = self.card.bottom + lay.px(24)
        self.widgets["start"] = button(ui, pygame.Rect(w // 2 - width - gap // 2, y, width, row_h),
                                       tr("menu.start"), "start", primary=True)
        self.widgets["quit"] = button(ui, pygame.Rect(w // 2 + gap // 2, y, width, row_h), tr("menu.quit"), "quit")
        self.layout = lay

    def exit(self) -> None:
        self.app.ui.clear_and_reset()
        self.widgets = {}

    def read_settings(self) -> bool:
        """Copy the form into the settings; False (with a message) when the seed is not a number."""
        settings = self.app.settings
        for name in ("game", "level", "speed"):
            setattr(settings, name, self.widgets[name].selected_option[1])
        settings.seats = [self.widgets[f"seat{s}"].selected_option[1] for s in range(1, 5)]
        text = self.widgets["seed"].get_text().strip()
        if text and not text.isdigit():
            self.error = self.app.tr("menu.bad_seed")
            return False
        settings.seed = int(text) if text else None
        return True

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.widgets.get("start"):
            self.start()
        elif event.ui_element is self.widgets.get("quit"):
            self.app.manager.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.running = False

    def start(self) -> None:
        if not self.read_settings():
            return
        try:
            match = start_match(self.app)
        except IllegalMove as error:
            self.error = self.app.tr(f"error.{error.code}", **error.params)
            return
        self.app.switch(table_for(self.app, match))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        lay, tr = self.layout, self.app.tr
        w = surface.get_width()
        title = self.app.font(lay.px(46), bold=True).render(tr("menu.title"), True, GOLD)
        surface.blit(title, title.get_rect(midtop=(w // 2, lay.px(26))))
        sub = self.app.font(lay.px(18)).render(tr(f"menu.about.{self.current_game()}"), True, INK)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, lay.px(26) + title.get_height() + lay.px(4))))
        pygame.draw.rect(surface, FELT_DARK, self.card, border_radius=lay.px(18))
        if self.error:
            text = self.app.font(lay.px(17), bold=True).render(self.error, True, (255, 196, 120))
            surface.blit(text, text.get_rect(midtop=(w // 2, self.widgets["start"].rect.bottom + lay.px(10))))

    def current_game(self) -> str:
        widget = self.widgets.get("game")
        return widget.selected_option[1] if widget else self.app.settings.game
