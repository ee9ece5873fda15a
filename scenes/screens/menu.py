"""The menu: the game cards first (name, what it is, a picture), then who sits where
and the options, then Continue (first when a match is saved) or Start, and the last
finished match, Open record…, Statistics, About and Quit.

Everything is reached by keyboard too: Tab and the arrows move the focus (a ring shows
it), Enter or Space presses the focused button (a card: chooses its game; the language:
opens the list; the seed: types in it, Enter again leaves it). Esc closes a window, or
asks before quitting; Quit asks too. Learn never touches the saved match (a lesson is
not saved), so it asks nothing."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from game.core.errors import IllegalMove, RecordError
from game.core.match import Match
from game.registry import GAME_NAMES
from scenes.screens.menu_cards import GameCards
from scenes.screens.registry import screens_for
from scenes.services import persist
from scenes.services.settings import ANIMATION_SPEEDS, LEVELS, SEAT_CHOICES, Settings
from scenes.services.translation import LANGUAGE_NAMES, LANGUAGES
from scenes.ui.app_services import AppServices
from scenes.ui.button_looks import ButtonLooks
from scenes.ui.drawing import fit_text
from scenes.ui.focus import FocusRing, Target
from scenes.ui.input import Command, command_of
from scenes.ui.naming import Names
from scenes.ui.scene import Scene
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button, clear_widgets, name_of, row_rects

if TYPE_CHECKING:  # the menu's windows and questions load after its first frame (``scenes.shell.routes``)
    from scenes.screens.record_picker import RecordPicker
    from scenes.screens.settings_panel import SettingsPanel
    from scenes.ui.dialog import Dialog
    from scenes.ui.panels import TextPanel

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


def switch_to(app: AppServices, scene: str, **arguments: object) -> Callable[[], None]:
    """What switches to scene ``scene`` built from ``arguments`` (what a choice then does)."""

    def show() -> None:
        app.show(scene, **arguments)

    return show


def let_go_at(event: pygame.event.Event, size: tuple[int, int]) -> tuple[int, int] | None:
    """Where a click or a tap of ``event`` was let go in a window of ``size`` (None: it is
    neither; a touch's own mouse event is left to its touch)."""
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not getattr(event, "touch", False):
        return tuple(event.pos)
    if event.type == pygame.FINGERUP:
        return int(event.x * size[0]), int(event.y * size[1])
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
        self.settings_panel: SettingsPanel | None = None
        self.picker: RecordPicker | None = None
        self.focus = FocusRing([])
        self.panel: TextPanel | None = None
        self.dialog: Dialog | None = None
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
        if self.dialog is not None:
            self.dialog.build()
        if self.picker is not None:
            self.picker.build()
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
        self.close_windows()
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
        if self.dialog is not None:
            self.dialog.handle_ui_event(event)
            return
        if self.picker is not None:
            self.picker.handle_ui_event(event)
            return
        if self.settings_panel is not None and self.settings_panel.alive and self.settings_panel.handle_ui_event(event):
            return
        element = event.ui_element
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
        return {
            MenuButton.START: self.start,
            MenuButton.CONTINUE: self.resume,
            MenuButton.FRIENDS: self.open_friends,
            MenuButton.LAST: self.open_last,
            MenuButton.OPEN_RECORD: self.open_picker,
            MenuButton.LANG: self.ask_language,
            MenuButton.SEED: partial(self.app.ui.set_focus_set, self.widgets.get(MenuButton.SEED)),
            MenuButton.SETTINGS: self.open_settings,
            MenuButton.STATS: partial(self.open_text, "stats"),
            MenuButton.ABOUT: partial(self.open_text, "about"),
            MenuButton.QUIT: self.ask_quit,
        }

    def open_friends(self) -> None:
        """Play with friends on their own devices: back to this device's hosted table, host a
        new table of the game chosen, or join a friend's."""
        from online.codes import spaced
        from scenes.ui.dialog import Choice, Dialog

        tr, game = self.app.tr, self.app.settings.game
        try:
            seats = persist.load_table_seats()
        except persist.SaveUnreadable as error:
            self.error = error.problem.message(tr, "menu.table_unreadable", "menu.table_stuck")
            seats = None
        choices: list[Choice] = []
        if seats is not None:
            where = "reopen" if seats.hosting else "rejoin"
            back = (
                switch_to(self.app, "lobby", game=seats.game, reopen=seats)
                if seats.hosting
                else switch_to(self.app, "join", rejoin=seats)
            )
            words = tr(f"menu.friends.{where}", game=tr(f"game.{seats.game}"), code=spaced(seats.code))
            choices.append(Choice("back", words, primary=True, then=back))
        choices += [
            Choice(
                "host",
                tr("menu.friends.host", game=tr(f"game.{game}")),
                seats is None,
                switch_to(self.app, "lobby", game=game),
            ),
            Choice("join", tr("menu.friends.join"), then=switch_to(self.app, "join")),
            Choice("cancel", tr("confirm.cancel")),
        ]
        self.close_windows()
        body = tr("menu.friends.body") if seats is None else tr("menu.friends.body_table")
        self.dialog = Dialog(
            self.app, self.layout.unit, tr("menu.friends.title"), body, choices, self.dialog_closed, safe="cancel"
        )

    def open_settings(self) -> None:
        from scenes.screens.settings_panel import SettingsPanel

        self.close_windows()
        self.settings_panel = SettingsPanel(self.app, self.layout.unit)

    def open_text(self, name: str) -> None:
        """A window of text over the menu: Statistics (``stats``) or About (``about``)."""
        from scenes.screens.about import about_text, stats_text
        from scenes.ui.panels import TextPanel, text_width

        tr, unit = self.app.tr, self.layout.unit
        if name == "stats":
            title, text = tr("stats.title"), stats_text(tr, text_width(self.app.size, unit))
        else:
            title, text = tr("about.title"), about_text(tr)
        self.close_windows()
        self.panel = TextPanel(self.app.ui, self.app.size, unit, title, text, name)

    def pick_language(self, lang: str) -> None:
        self.read_seed()
        self.app.set_language(lang)

    def ask_language(self) -> None:
        """The languages as a list of large buttons (the keyboard's way to the drop-down)."""
        from scenes.ui.dialog import Choice, Dialog

        tr, current = self.app.tr, self.app.text.lang
        choices = [
            Choice(
                code,
                LANGUAGE_NAMES[code],
                code == current,
                None if code == current else partial(self.pick_language, code),
            )
            for code in LANGUAGES
        ]
        self.close_windows()
        self.dialog = Dialog(
            self.app,
            self.layout.unit,
            tr("menu.language"),
            "",
            [*choices, Choice("cancel", tr("confirm.cancel"))],
            self.dialog_closed,
        )
        self.dialog.safe = "cancel"

    def dialog_closed(self, choice: str) -> None:
        """A question of the menu was answered (what the answer does, its choice does)."""
        self.dialog = None

    def ask_quit(self) -> None:
        """Quitting asks first (Esc again stays); a match in progress is saved in any case."""
        from scenes.ui.dialog import Choice, Dialog

        tr = self.app.tr
        quit_now = partial(setattr, self.app.manager, "running", False)  # the loop ends after this frame
        self.close_windows()
        self.dialog = Dialog(
            self.app,
            self.layout.unit,
            tr("confirm.quit.title"),
            tr("confirm.quit.saved" if self.saved is not None else "confirm.quit.question"),
            (
                Choice("cancel", tr("confirm.cancel"), primary=True),
                Choice("quit", tr("confirm.quit.ok"), then=quit_now),
            ),
            self.dialog_closed,
        )

    def open_last(self) -> None:
        """The last finished match: review it or export its record (it stays until the next
        match ends)."""
        from scenes.ui.dialog import Choice, Dialog
        from scenes.ui.panels import export_record

        tr = self.app.tr
        try:
            match = persist.load_finished()
        except persist.SaveUnreadable as error:
            self.error = error.problem.message(tr, "menu.last_unreadable", "menu.last_stuck")
            self.relayout()
            return
        if match is None:
            self.relayout()
            return
        try:
            ended = time.localtime(persist.finished_path().stat().st_mtime)
        except OSError:
            ended = time.localtime()

        def export() -> None:
            self.error = export_record(match, tr)
            self.app.notify(self.error)

        review = switch_to(self.app, "review", match=match, round_index=len(match.finished), back=self)

        self.close_windows()
        self.dialog = Dialog(
            self.app,
            self.layout.unit,
            tr("menu.last.title"),
            tr(
                "menu.last.body",
                game=tr(f"game.{match.name}"),
                seed=match.seed,
                date=time.strftime("%Y-%m-%d", ended),
                time=time.strftime("%H:%M", ended),
            ),
            (
                Choice("close", tr("review.close")),
                Choice("export", tr("log.export"), then=export),
                Choice("review", tr("button.review"), primary=True, then=review),
            ),
            self.dialog_closed,
        )

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

    def open_picker(self) -> None:
        """The record picker, in the folder Export writes to (made if there is none yet)."""
        from scenes.screens.record_picker import RecordPicker

        self.close_windows()
        folder = persist.records_dir()
        with contextlib.suppress(OSError):  # the picker then opens in the home folder
            folder.mkdir(parents=True, exist_ok=True)

        def closed() -> None:
            self.picker = None

        self.picker = RecordPicker(self.app, self.layout.unit, folder, self.open_record, closed)

    def close_windows(self) -> None:
        for window in (self.settings_panel, self.panel, self.picker):
            if window is not None:
                window.close()
        self.settings_panel = self.panel = self.picker = None

    @property
    def window_open(self) -> bool:
        """Whether a window (Settings, Statistics, About) is open over the menu."""
        return any(window is not None and window.alive for window in (self.settings_panel, self.panel))

    def open_record(self, path: str) -> str | None:
        """Review the first record of a file; a bad file gets its message (returned too),
        never a crash."""
        from scenes.services.record_file import read_record_file

        try:
            match = read_record_file(path)
        except OSError as error:
            self.error = self.app.tr("menu.record_unreadable", reason=str(error))
            return self.error
        except RecordError as error:
            self.error = self.app.tr("menu.record_bad", reason=str(error))
            return self.error
        self.error = ""
        self.app.show("review", match=match, round_index=0, back=self)
        return None

    def resume(self) -> None:
        """Continue the saved match exactly where it was left."""
        if self.saved is not None:
            self.app.show("table", match=self.saved)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return
        if self.picker is not None:
            self.picker.handle_event(event)
            return
        if self.settings_panel is not None and self.settings_panel.alive and event.type != pygame.KEYDOWN:
            return  # the menu dimmed under Settings takes no tap (Esc still closes it)
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
            if self.window_open:
                self.close_windows()
            else:
                self.ask_quit()
            return
        if self.window_open or self.focus.handle(event):
            return
        name = self.focus.pressed(event)
        if name is not None:
            self.press(name)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The focus ring over the widgets, unless a window or a question is over them."""
        if self.dialog is None and self.picker is None and not self.window_open:
            self.focus.draw(surface, max(2, self.layout.px(3)))

    def start(self) -> None:
        """Start a new match; with a match saved, ask first (Continue stays the default)."""
        if not self.read_seed():
            return
        if self.saved is None:
            self.begin()
            return
        from scenes.ui.dialog import Choice, Dialog

        tr = self.app.tr
        self.dialog = Dialog(
            self.app,
            self.layout.unit,
            tr("confirm.start.title"),
            tr("confirm.start.question", game=tr(f"game.{self.saved.name}")),
            (
                Choice("cancel", tr("confirm.cancel")),
                Choice("new", tr("confirm.start.ok"), then=self.begin),
                Choice("continue", tr("menu.continue"), primary=True, then=self.resume),
            ),
            self.dialog_closed,
        )

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
