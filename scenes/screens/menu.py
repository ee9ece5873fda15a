"""The menu: the game cards first (name, what it is, a picture), then who sits where
and the options, then Continue (first when a match is saved) or Start, and the last
finished match, Open record…, Statistics, About and Quit.

Everything is reached by keyboard too: Tab and the arrows move the focus (a ring shows
it), Enter or Space presses the focused button (a card: chooses its game; the language:
opens the list; the seed: types in it, Enter again leaves it). Esc closes a window, or
asks before quitting; Quit asks too. Learn never touches the saved match (a lesson is
not saved), so it asks nothing."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from game.core.errors import IllegalMove
from game.core.match import Match
from game.registry import GAME_NAMES
from scenes.screens.menu_cards import GameCards
from scenes.screens.menu_windows import MenuWindows
from scenes.screens.registry import screens_for
from scenes.services import persist
from scenes.services.settings import ANIMATION_SPEEDS, LEVELS, SEAT_CHOICES, Settings
from scenes.services.translation import LANGUAGE_NAMES, LANGUAGES
from scenes.ui.app_services import AppServices
from scenes.ui.button_looks import ButtonLooks
from scenes.ui.drawing import fit_text
from scenes.ui.event_fields import button_of, element_of, is_touch, pos_of, x_of, y_of
from scenes.ui.focus import FocusRing, Target
from scenes.ui.input import Command, command_of
from scenes.ui.naming import Names
from scenes.ui.scene import Scene
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button, clear_widgets, name_of, row_rects

CATCH_UP = 0.004  # seconds of building widgets a frame may leave for the next (a row at least)
SEGMENTS = {"level": LEVELS, "speed": tuple(ANIMATION_SPEEDS)}


def start_match(settings: Settings) -> Match:
    """A new match as the settings describe it."""
    return Match(settings.game, settings.players, settings.seed, level=settings.level)


def option_rows(lay: TableLayout) -> tuple[int, int, int, int]:
    """The heights of the options under the cards: a control, its caption, the gap between
    rows and the big Start button."""
    return max(44, lay.px(48)), max(16, lay.px(22)), lay.px(8), max(48, lay.px(56))


def options_height(lay: TableLayout) -> int:
    """How tall the options are: four rows of captioned controls, Start, and the last row."""
    row_h, caption_h, gap, big = option_rows(lay)
    return 4 * (caption_h + row_h + gap) + lay.px(14) + big + gap + row_h


def option_cell(area: pygame.Rect, lay: TableLayout, index: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Where option ``index`` goes in the two columns from the top of ``area``: its caption,
    and its control under it."""
    row_h, caption_h, gap, _ = option_rows(lay)
    half = (area.width - lay.px(24)) // 2
    x = area.x if index % 2 == 0 else area.x + half + lay.px(24)
    top = area.y + (index // 2) * (caption_h + row_h + gap)
    return pygame.Rect(x, top, half, caption_h), pygame.Rect(x, top + caption_h, half, row_h)


def level_tip(app: AppServices, name: str, value: str) -> str | None:
    """What a button of the row ``name`` says when pointed at: a level says what it does."""
    return app.tr(f"level.about.{value}") if name == "level" else None


def let_go_at(event: pygame.event.Event, size: tuple[int, int]) -> tuple[int, int] | None:
    """Where a click or a tap of ``event`` was let go in a window of ``size`` (None: it is
    neither; a touch's own mouse event is left to its touch)."""
    if event.type == pygame.MOUSEBUTTONUP and button_of(event) == 1 and not is_touch(event):
        return pos_of(event)
    if event.type == pygame.FINGERUP:
        return int(x_of(event) * size[0]), int(y_of(event) * size[1])
    return None


@dataclass(frozen=True, slots=True)
class Planned:
    """One of the menu's widgets, to be built: its name among the menu's widgets, where it
    goes, its words, its object id (``#...``), whether it is drawn as chosen and what it says
    when pointed at."""

    name: str
    rect: pygame.Rect
    text: str
    object_id: str
    primary: bool = False
    tip: str | None = None

    @property
    def look(self) -> tuple[str, tuple[int, int]]:
        """Its theme class and size: what its plain look is painted from."""
        return ("@primary" if self.primary else "@button", self.rect.size)


@dataclass(frozen=True, slots=True)
class Row:
    """Widgets built together, in one piece, and the captions over them; ``later``: in the
    interactive loop the menu's first frame goes without them (they are built after it)."""

    widgets: list[Planned]
    captions: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    later: bool = False


class MenuButton(StrEnum):
    """The menu's own buttons (beside the cards, their Learn and the option segments)."""

    START = "start"
    CONTINUE = "continue"
    FRIENDS = "friends"
    LAST = "last"
    OPEN_RECORD = "open_record"
    LANG = "lang"
    SEED = "seed"
    SETTINGS = "settings"
    STATS = "stats"
    ABOUT = "about"
    QUIT = "quit"


class MenuScene(Scene):
    """Choose a game and start it, or continue the saved match; ``starting``: Start is pressed
    as it opens (a start from the command line, which asks first too when a match is saved)."""

    def __init__(self, app: AppServices, starting: bool = False) -> None:
        super().__init__(app)
        self.starting = starting
        self.widgets: dict[str, UIElement] = {}
        self.error = ""
        self.focus = FocusRing([])
        self.windows = MenuWindows(self, self)  # what opens over the menu
        self.cards = GameCards(app, GAME_NAMES)
        self.captions: list[tuple[str, pygame.Rect]] = []
        self.order: list[str] = []  # every widget's name, in the keyboard's order
        self.unbuilt: list[Row] = []  # rows of widgets laid out, built after the first frame
        self.drawn = False  # whether a frame has shown the menu since it was entered
        self.drawn_once = False  # whether a frame has shown it at all
        self.looks = ButtonLooks(app.ui)
        self.saved: Match | None = None
        self.layout = TableLayout.for_size(app.size)

    # --- building -------------------------------------------------------------------

    def enter(self) -> None:
        self.layout = lay = TableLayout.for_size(self.app.size)
        self.saved = self.load_saved()
        area = self.cards.lay_out(lay, options_height(lay))
        self.looks = ButtonLooks(self.app.ui)  # the theme's sizes follow the window's
        learn = self.app.tr("learn.button")
        learns = [
            Planned(f"learn_{game}", self.cards.learn_rect(rect), learn, f"learn_{game}") for game, rect in self.cards
        ]
        rows = [Row(learns, later=True), *self.plan_options(area)]
        self.order = [plan.name for row in rows for plan in row.widgets]
        self.captions = []
        # only as the menu opens, in the interactive loop (a new language or size rebuilds it whole;
        # Start pressed as it opens reads the seed)
        later = self.app.manager.real_time and not self.starting and not self.drawn_once
        self.drawn = False
        self.unbuilt = [row for row in rows if row.later and later]
        for row in rows:
            if not (row.later and later):
                self.build(row)
        self.build_focus()
        self.windows.build()
        if self.starting:
            self.starting = False
            self.start()

    def build_focus(self) -> None:
        """The keyboard's way through the menu, over what is built: each card and its Learn,
        then the rest in reading order; at first on Continue (or Start)."""
        cards = dict(self.cards)
        targets: list[tuple[str, Target]] = []
        for name in self.order:
            game = name.removeprefix("learn_")
            if game in cards:
                targets.append((f"card_{game}", cards[game]))
            if name in self.widgets:
                targets.append((name, self.widgets[name]))
        first = MenuButton.CONTINUE if MenuButton.CONTINUE in self.widgets else MenuButton.START
        self.focus = FocusRing(targets, self.focus.focused or first, self.focus.shown)

    def plan_options(self, area: pygame.Rect) -> list[Row]:
        """Seats, level, speed, language, seed and settings (each under its caption), then
        the start buttons: their rows of widgets, from the top of ``area``. The row of the
        language and the seed may come after the first frame."""
        tr, settings, lay = self.app.tr, self.app.settings, self.layout
        row_h, _, gap, big = option_rows(lay)
        names = self.seat_names()
        captions = [*(names.label(seat) for seat in range(1, 5)), *map(tr, ("menu.level", "menu.speed"))]
        captions += [tr("menu.language"), tr("menu.seed")]
        cells = [option_cell(area, lay, index) for index in range(len(captions))]
        over = [[(caption, cell[0])] for caption, cell in zip(captions, cells, strict=True)]
        controls = [control for _, control in cells]
        seats = {v: tr(f"menu.seat.{v}") for v in SEAT_CHOICES}
        rows = [
            Row(self.segments(f"seat{seat}", seats, settings.seats[seat - 1], controls[seat - 1]), over[seat - 1], True)
            for seat in range(1, 5)
        ]
        levels = {v: tr(f"level.{v}") for v in SEGMENTS["level"]}
        rows.append(Row(self.segments("level", levels, settings.level, controls[4]), over[4], later=True))
        speeds = {v: tr(f"speed.{v}") for v in SEGMENTS["speed"]}
        rows.append(Row(self.segments("speed", speeds, settings.speed, controls[5]), over[5], later=True))
        seed_area = controls[7]
        seed = pygame.Rect(seed_area.x, seed_area.y, (seed_area.width - gap) // 2, row_h)
        beside = pygame.Rect(seed.right + gap, seed_area.y, seed_area.right - seed.right - gap, row_h)
        language_row = [
            Planned(MenuButton.LANG, controls[6], "", "lang"),
            Planned(MenuButton.SEED, seed, tr("menu.seed_placeholder"), "seed"),
            Planned(MenuButton.SETTINGS, beside, tr("menu.settings"), MenuButton.SETTINGS),
        ]
        rows.append(Row(language_row, over[6] + over[7], later=True))
        y = seed_area.bottom + lay.px(14)
        if self.saved is not None:
            round_of = tr(screens_for(self.saved.name).words["round_of"], number=self.saved.start.number)
            first = [
                (MenuButton.CONTINUE, tr("menu.continue_game", game=tr(f"game.{self.saved.name}"), round=round_of)),
                (MenuButton.START, tr("menu.start_new")),
            ]
        else:
            first = [(MenuButton.START, tr("menu.start"))]
        first.append((MenuButton.FRIENDS, tr("menu.friends")))
        second = [(MenuButton.LAST, tr("menu.last_match"))] if persist.has_finished_match() else []
        second += [
            (MenuButton.OPEN_RECORD, tr("menu.open_record")),
            (MenuButton.STATS, tr("menu.stats")),
            (MenuButton.ABOUT, tr("menu.about")),
            (MenuButton.QUIT, tr("menu.quit")),
        ]
        places = row_rects(pygame.Rect(area.x, y, area.width, big), len(first), big, lay.px(420), gap)
        rows.append(Row([Planned(n, rect, text, n, n == first[0][0]) for (n, text), rect in zip(first, places)]))
        y += big + gap
        places = row_rects(pygame.Rect(area.x, y, area.width, row_h), len(second), row_h, lay.px(220), gap)
        rows.append(Row([Planned(n, rect, text, n) for (n, text), rect in zip(second, places)], later=True))
        return rows

    def segments(self, name: str, values: dict[str, str], current: str, area: pygame.Rect) -> list[Planned]:
        """A row of buttons, one per value (saying its words in ``values``); the current
        one drawn as chosen."""
        gap = max(2, self.layout.px(4))
        width = (area.width - gap * (len(values) - 1)) // len(values)
        return [
            Planned(
                f"{name}:{value}",
                pygame.Rect(area.x + index * (width + gap), area.y, width, area.height),
                words,
                f"{name}_{value}",
                value == current,
                level_tip(self.app, name, value),
            )
            for index, (value, words) in enumerate(values.items())
        ]

    def build(self, row: Row) -> None:
        """The widgets of ``row``, built (the plain looks of its wide buttons made first,
        cheaply: ``ButtonLooks``), and its captions shown."""
        ui, settings = self.app.ui, self.app.settings
        self.looks.make(plan.look for plan in row.widgets if plan.name not in (MenuButton.LANG, MenuButton.SEED))
        for plan in row.widgets:
            if plan.name == MenuButton.LANG:
                options: list[str | tuple[str, str]] = [(LANGUAGE_NAMES[code], code) for code in LANGUAGES]
                chosen = next(o for o in options if isinstance(o, tuple) and o[1] == self.app.text.lang)
                self.widgets[plan.name] = pygame_gui.elements.UIDropDownMenu(
                    options, chosen, plan.rect, ui, object_id=ObjectID(object_id="#lang")
                )
            elif plan.name == MenuButton.SEED:
                seed = pygame_gui.elements.UITextEntryLine(
                    plan.rect, ui, placeholder_text=plan.text, object_id=ObjectID(object_id="#seed")
                )
                seed.set_allowed_characters("numbers")
                if settings.seed is not None:
                    seed.set_text(str(settings.seed))
                self.widgets[plan.name] = seed
            else:
                self.widgets[plan.name] = button(ui, plan.rect, plan.text, plan.object_id, plan.primary, plan.tip)
        self.captions += row.captions

    def catch_up(self) -> bool:
        """Build the rows the first frame went without, once it is drawn, a few at a time (as
        many as ``CATCH_UP`` seconds take, a row at least); whether there were any."""
        if not self.unbuilt or not self.drawn:
            return False
        until = time.perf_counter() + CATCH_UP
        while self.unbuilt and (time.perf_counter() < until):
            self.build(self.unbuilt.pop(0))
        self.build_focus()
        return True

    def exit(self) -> None:
        self.windows.close()
        clear_widgets(self.app.ui)
        self.widgets = {}
        self.unbuilt = []

    def load_saved(self) -> Match | None:
        """The saved match, if there is one that can be read (else its message)."""
        try:
            return persist.load_match()
        except persist.SaveUnreadable as error:
            self.error = error.problem.message(self.app.tr, *persist.SAVE_KEYS)
            return None

    # --- choosing -------------------------------------------------------------------

    def choose_game(self, game: str) -> None:
        self.app.settings.game = game
        self.app.remember()
        self.name_seats()

    def seat_names(self) -> Names:
        """The seats named as the table will name them, for the seats and the game now chosen."""
        settings = self.app.settings
        players = settings.players
        people = [seat for seat in range(1, 5) if players[seat - 1].is_person]
        return Names(self.app.text, players, people[0] if people else 1, screens_for(settings.game).partners)

    def name_seats(self) -> None:
        """The seats' captions (the first four) renamed after a seat or the game changed."""
        names = self.seat_names()
        self.captions[:4] = [(names.label(seat), rect) for seat, (_, rect) in enumerate(self.captions[:4], 1)]

    def read_seed(self) -> bool:
        """The seed from the form; False (with a message) when it is not a number."""
        seed = self.widgets.get(MenuButton.SEED)
        if seed is None:
            return True  # not built yet: the seed stays the one it will show
        assert isinstance(seed, pygame_gui.elements.UITextEntryLine)
        text = seed.get_text().strip()
        if text and not text.isdigit():
            self.error = self.app.tr("menu.bad_seed")
            return False
        self.app.settings.seed = int(text) if text else None
        return True

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        if self.windows.handle_ui_event(event):
            return
        element = element_of(event)
        name = name_of(self.widgets, element)
        changed = event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
        if changed and isinstance(element, pygame_gui.elements.UIDropDownMenu) and name == MenuButton.LANG:
            self.pick_language(element.selected_option[1])
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and name == MenuButton.SEED:
            self.app.ui.set_focus_set(None)  # Enter leaves the seed: the keys move the focus again
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if name is not None:
            self.focus.focus(name)
            self.press(name)

    def press(self, name: str) -> None:
        """A button of the menu pressed, by the pointer or by Enter on the focused one."""
        if ":" in name:
            self.set_option(*name.split(":"))
        elif name.startswith("card_"):
            self.choose_game(name.removeprefix("card_"))
        elif name.startswith("learn_"):
            self.begin_lesson(name.removeprefix("learn_"))
        else:
            self.buttons()[MenuButton(name)]()

    def buttons(self) -> dict[MenuButton, Callable[[], None]]:
        """What each of the menu's own buttons does."""
        windows = self.windows
        return {
            MenuButton.START: self.start,
            MenuButton.CONTINUE: self.resume,
            MenuButton.FRIENDS: windows.open_friends,
            MenuButton.LAST: windows.open_last,
            MenuButton.OPEN_RECORD: windows.open_picker,
            MenuButton.LANG: windows.ask_language,
            MenuButton.SEED: partial(self.app.ui.set_focus_set, self.widgets.get(MenuButton.SEED)),
            MenuButton.SETTINGS: windows.open_settings,
            MenuButton.STATS: partial(windows.open_text, "stats"),
            MenuButton.ABOUT: partial(windows.open_text, "about"),
            MenuButton.QUIT: windows.ask_quit,
        }

    def pick_language(self, lang: str) -> None:
        self.read_seed()
        self.app.set_language(lang)

    def set_option(self, name: str, value: str) -> None:
        """A segment pressed: a seat's kind, the level or the speed."""
        settings = self.app.settings
        if name.startswith("seat"):
            settings.seats[int(name[4:]) - 1] = value
            self.name_seats()
        else:
            setattr(settings, name, value)
            self.app.remember()
        self.read_seed()
        self.mark_chosen(name, value)

    def mark_chosen(self, name: str, current: str) -> None:
        """Draw ``current`` as the chosen button of the row ``name``, rebuilding only that
        row's buttons (a whole menu takes tens of milliseconds to build)."""
        values = tuple(SEAT_CHOICES) if name.startswith("seat") else SEGMENTS[name]
        for value in values:
            old = self.widgets[f"{name}:{value}"]
            assert isinstance(old, pygame_gui.elements.UIButton)
            rect, text = pygame.Rect(old.relative_rect), old.text
            old.kill()
            chosen = value == current
            self.widgets[f"{name}:{value}"] = button(
                self.app.ui, rect, text, f"{name}_{value}", primary=chosen, tooltip=level_tip(self.app, name, value)
            )
        self.build_focus()

    def resume(self) -> None:
        """Continue the saved match exactly where it was left."""
        if self.saved is not None:
            self.app.show("table", match=self.saved)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.windows.handle_event(event):
            return
        pos = let_go_at(event, self.app.size)
        if pos is not None:
            game = self.cards.at(pos)
            if game is not None:
                self.choose_game(game)
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        else:
            self.focus.handle(event)  # a pointer pressed: the ring hides

    def key(self, event: pygame.event.Event) -> None:
        """Esc closes a window or asks before quitting; while a window is open the other
        keys wait; else Tab and the arrows move the focus and Enter or Space presses."""
        if command_of(event) is Command.BACK:
            if self.windows.open:
                self.windows.close()
            else:
                self.windows.ask_quit()
            return
        if self.windows.open or self.focus.handle(event):
            return
        name = self.focus.pressed(event)
        if name is not None:
            self.press(name)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The focus ring over the widgets, unless a window or a question is over them."""
        if not self.windows.over:
            self.focus.draw(surface, max(2, self.layout.px(3)))

    def start(self) -> None:
        """Start a new match; with a match saved, ask first (Continue stays the default)."""
        if not self.read_seed():
            return
        if self.saved is None:
            self.begin()
        else:
            self.windows.ask_start(self.saved)

    def begin_lesson(self, game: str) -> None:
        """The guided first deal of ``game`` (``scenes.screens.guide``)."""
        from scenes.screens.guide import lesson_match

        self.app.settings.game = game
        lesson = screens_for(game).lesson
        self.app.show("table", match=lesson_match(game, lesson), lesson=True)

    def begin(self) -> None:
        try:
            match = start_match(self.app.settings)
        except IllegalMove as error:
            self.error = self.app.tr(f"error.{error.code}", **error.params)
            return
        self.app.show("table", match=match)

    # --- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = self.drawn_once = True
        surface.fill(COLOURS.felt)
        lay, tr = self.layout, self.app.tr
        w = surface.get_width()
        title = self.app.text_image(tr("menu.title"), lay.px(40), True, COLOURS.gold)
        surface.blit(title, title.get_rect(midtop=(w // 2, lay.px(10))))
        self.cards.draw(surface, self.app.settings.game)
        for caption, rect in self.captions:
            image = fit_text(self.app, caption, lay.px(16), rect.width, colour=COLOURS.muted)
            surface.blit(image, image.get_rect(bottomleft=(rect.x + lay.px(4), rect.bottom - 1)))
        if self.error:
            text = fit_text(self.app, self.error, lay.px(16), w - lay.px(40), True, COLOURS.warn)
            surface.blit(text, text.get_rect(midbottom=(w // 2, surface.get_height() - lay.px(6))))
