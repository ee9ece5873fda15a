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
from dataclasses import dataclass
from enum import StrEnum

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from game.core.errors import IllegalMove, RecordError
from game.core.match import Match
from game.core.seats import SeatKind
from game.registry import GAME_NAMES
from online.codes import spaced
from scenes.screens.about import about_text, stats_text
from scenes.screens.guide import lesson_match
from scenes.screens.record_picker import RecordPicker
from scenes.screens.registry import screens_for
from scenes.screens.settings_panel import SettingsPanel
from scenes.services import persist
from scenes.services.record_file import read_record_file
from scenes.services.settings import ANIMATION_SPEEDS, LEVELS, Settings
from scenes.services.translation import LANGUAGE_NAMES, LANGUAGES
from scenes.ui import panels
from scenes.ui.app_services import AppServices
from scenes.ui.dialog import Choice, Dialog
from scenes.ui.drawing import fit_text, shade, wrap_text
from scenes.ui.focus import FocusRing, Target
from scenes.ui.input import Command, command_of
from scenes.ui.naming import Names
from scenes.ui.scene import Scene
from scenes.ui.table_layout import TableLayout
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import button, clear_widgets, name_of, row_of_buttons

SEAT_CHOICES = ("human", "computer")
SEGMENTS = {"level": LEVELS, "speed": tuple(ANIMATION_SPEEDS)}


def seat_kinds(choices: list[str]) -> tuple[str, ...]:
    """The match's seat kinds for the menu's person/computer choices."""
    return tuple(SeatKind.HUMAN if choice == "human" else SeatKind.AI for choice in choices)


def start_match(settings: Settings) -> Match:
    """A new match as the settings describe it."""
    return Match(settings.game, seat_kinds(settings.seats), settings.seed, level=settings.level)


COMPACT_CARD = 64  # px: the least height of a card (its name, Learn and a line)


def option_rows(lay: TableLayout) -> tuple[int, int, int, int]:
    """The heights of the options under the cards: a control, its caption, the gap between
    rows and the big Start button."""
    return max(44, lay.px(48)), max(16, lay.px(22)), lay.px(8), max(48, lay.px(56))


def options_height(lay: TableLayout) -> int:
    """How tall the options are: four rows of captioned controls, Start, and the last row."""
    row_h, caption_h, gap, big = option_rows(lay)
    return 4 * (caption_h + row_h + gap) + lay.px(14) + big + gap + row_h


def card_grid(
    count: int, width: int, height: int, top: int, margin: int, gap: int, lay: TableLayout
) -> list[pygame.Rect]:
    """Where ``count`` game cards lie in a window of ``width`` × ``height`` from ``top``: one
    row while they fit at a readable width (three always do), more rows of shorter cards
    otherwise, each row centred, all of them above the options."""
    card_h = max(lay.px(150), min(lay.px(250), height // 4))
    per_row = max(1, min(count, max(3, (width - 2 * margin + gap) // (lay.px(240) + gap))))
    rows = -(-count // per_row)
    if rows > 1:
        room = height - top - gap - options_height(lay) - lay.px(6)
        block = min(rows * card_h + (rows - 1) * gap, max(room, rows * COMPACT_CARD))
        card_h = (block - (rows - 1) * gap) // rows
    card_w = min(lay.px(360), (width - 2 * margin - (per_row - 1) * gap) // per_row)
    rects = []
    for row in range(rows):
        in_row = min(per_row, count - row * per_row)
        x = (width - in_row * card_w - (in_row - 1) * gap) // 2
        y = top + row * (card_h + gap)
        rects += [pygame.Rect(x + i * (card_w + gap), y, card_w, card_h) for i in range(in_row)]
    return rects


@dataclass(frozen=True, slots=True)
class CardWords:
    """Where a game card's picture goes (None: the card is too short for one) and its lines of
    words: their size, the lines and their spacing."""

    picture: pygame.Rect | None
    size: int
    lines: list[str]
    line_h: int


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
        self.panel: panels.TextPanel | None = None
        self.dialog: Dialog | None = None
        self.cards: list[tuple[str, pygame.Rect]] = []
        self.words: dict[str, CardWords] = {}
        self.captions: list[tuple[str, pygame.Rect]] = []
        self.saved: Match | None = None
        self.layout = TableLayout.for_size(app.size)

    # --- building -------------------------------------------------------------------

    def enter(self) -> None:
        self.layout = lay = TableLayout.for_size(self.app.size)
        self.saved = self.load_saved()
        w, h = self.app.size
        margin = lay.px(24)
        top = lay.px(18) + self.app.font(lay.px(40), True).get_linesize()
        gap = lay.px(16)
        rects = card_grid(len(GAME_NAMES), w, h, top, margin, gap, lay)
        self.cards = list(zip(GAME_NAMES, rects, strict=True))
        self.words = self.card_words()
        for game, rect in self.cards:
            self.widgets[f"learn_{game}"] = button(
                self.app.ui, self.learn_rect(rect), self.app.tr("learn.button"), f"learn_{game}"
            )
        left = min(rect.x for rect in rects)
        right = max(rect.right for rect in rects)
        self.build_options(pygame.Rect(left, max(rect.bottom for rect in rects) + gap, right - left, 0))
        self.build_focus()
        if self.dialog is not None:
            self.dialog.build()
        if self.picker is not None:
            self.picker.build()
        if self.starting:
            self.starting = False
            self.start()

    def build_focus(self) -> None:
        """The keyboard's way through the menu: each card and its Learn, then the rest in
        reading order; at first on Continue (or Start)."""
        targets: list[tuple[str, Target]] = []
        for game, rect in self.cards:
            targets += [(f"card_{game}", rect), (f"learn_{game}", self.widgets[f"learn_{game}"])]
        targets += [(name, widget) for name, widget in self.widgets.items() if not name.startswith("learn_")]
        first = MenuButton.CONTINUE if MenuButton.CONTINUE in self.widgets else MenuButton.START
        self.focus = FocusRing(targets, self.focus.focused or first, self.focus.shown)

    def learn_rect(self, card: pygame.Rect) -> pygame.Rect:
        """The Learn button of a game card, in its top right corner."""
        lay = self.layout
        pad = lay.px(10)
        width = max(88, lay.px(104))
        return pygame.Rect(card.right - pad - width, card.y + pad, width, max(44, lay.px(44)))

    def build_options(self, area: pygame.Rect) -> None:
        """Seats, level, speed, language, seed and settings (each under its caption), then
        the start buttons."""
        ui, tr, settings, lay = self.app.ui, self.app.tr, self.app.settings, self.layout
        row_h, caption_h, gap, big = option_rows(lay)
        half = (area.width - lay.px(24)) // 2
        columns = (area.x, area.x + half + lay.px(24))
        self.captions = []
        y = area.y

        def place(index: int, caption: str) -> pygame.Rect:
            """The control's rectangle in the grid, its caption above it."""
            x = columns[index % 2]
            top = y + (index // 2) * (caption_h + row_h + gap)
            self.captions.append((caption, pygame.Rect(x, top, half, caption_h)))
            return pygame.Rect(x, top + caption_h, half, row_h)

        names = self.seat_names()
        for index, seat in enumerate(range(1, 5)):
            self.segments(
                f"seat{seat}",
                SEAT_CHOICES,
                settings.seats[seat - 1],
                lambda value: tr(f"menu.seat.{value}"),
                place(index, names.label(seat)),
            )
        level = place(4, tr("menu.level"))
        self.segments("level", SEGMENTS["level"], settings.level, lambda value: tr(f"level.{value}"), level)
        speed = place(5, tr("menu.speed"))
        self.segments("speed", SEGMENTS["speed"], settings.speed, lambda value: tr(f"speed.{value}"), speed)
        language = place(6, tr("menu.language"))
        options: list[str | tuple[str, str]] = [(LANGUAGE_NAMES[code], code) for code in LANGUAGES]
        chosen = next(o for o in options if isinstance(o, tuple) and o[1] == self.app.text.lang)
        self.widgets[MenuButton.LANG] = pygame_gui.elements.UIDropDownMenu(
            options, chosen, language, ui, object_id=pygame_gui.core.ObjectID(object_id="#lang")
        )
        seed_area = place(7, tr("menu.seed"))
        seed_rect = pygame.Rect(seed_area.x, seed_area.y, (seed_area.width - gap) // 2, row_h)
        seed = pygame_gui.elements.UITextEntryLine(
            seed_rect,
            ui,
            placeholder_text=tr("menu.seed_placeholder"),
            object_id=pygame_gui.core.ObjectID(object_id="#seed"),
        )
        seed.set_allowed_characters("numbers")
        if settings.seed is not None:
            seed.set_text(str(settings.seed))
        self.widgets[MenuButton.SEED] = seed
        self.widgets[MenuButton.SETTINGS] = button(
            ui,
            pygame.Rect(seed_rect.right + gap, seed_area.y, seed_area.right - seed_rect.right - gap, row_h),
            tr("menu.settings"),
            MenuButton.SETTINGS,
        )
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
        self.widgets.update(
            row_of_buttons(
                ui, pygame.Rect(area.x, y, area.width, big), first, big, lay.px(420), gap, primary=(first[0][0],)
            )
        )
        y += big + gap
        second = [(MenuButton.LAST, tr("menu.last_match"))] if persist.has_finished_match() else []
        second += [
            (MenuButton.OPEN_RECORD, tr("menu.open_record")),
            (MenuButton.STATS, tr("menu.stats")),
            (MenuButton.ABOUT, tr("menu.about")),
            (MenuButton.QUIT, tr("menu.quit")),
        ]
        self.widgets.update(
            row_of_buttons(ui, pygame.Rect(area.x, y, area.width, row_h), second, row_h, lay.px(220), gap)
        )

    def segments(
        self, name: str, values: tuple[str, ...], current: str, text: Callable[[str], str], area: pygame.Rect
    ) -> None:
        """A row of buttons, one per value; the current one drawn as chosen."""
        gap = max(2, self.layout.px(4))
        width = (area.width - gap * (len(values) - 1)) // len(values)
        for index, value in enumerate(values):
            rect = pygame.Rect(area.x + index * (width + gap), area.y, width, area.height)
            self.widgets[f"{name}:{value}"] = button(
                self.app.ui, rect, text(value), f"{name}_{value}", primary=value == current
            )

    def exit(self) -> None:
        self.close_windows()
        clear_widgets(self.app.ui)
        self.widgets = {}

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
        seats = seat_kinds(settings.seats)
        humans = [seat for seat in range(1, 5) if seats[seat - 1] == "human"]
        return Names(self.app.text, seats, humans[0] if humans else 1, screens_for(settings.game).partners)

    def name_seats(self) -> None:
        """The seats' captions (the first four) renamed after a seat or the game changed."""
        names = self.seat_names()
        self.captions[:4] = [(names.label(seat), rect) for seat, (_, rect) in enumerate(self.captions[:4], 1)]

    def read_seed(self) -> bool:
        """The seed from the form; False (with a message) when it is not a number."""
        seed = self.widgets[MenuButton.SEED]
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
            MenuButton.SEED: lambda: self.app.ui.set_focus_set(self.widgets[MenuButton.SEED]),
            MenuButton.SETTINGS: self.open_settings,
            MenuButton.STATS: lambda: self.open_text(
                "stats.title", stats_text(self.app.tr, panels.text_width(self.app.size, self.layout.unit)), "stats"
            ),
            MenuButton.ABOUT: lambda: self.open_text("about.title", about_text(self.app.tr), "about"),
            MenuButton.QUIT: self.ask_quit,
        }

    def open_friends(self) -> None:
        """Play with friends on their own devices: back to this device's hosted table, host a
        new table of the game chosen, or join a friend's."""
        tr, game = self.app.tr, self.app.settings.game
        try:
            seats = persist.load_table_seats()
        except persist.SaveUnreadable as error:
            self.error = error.problem.message(tr, "menu.table_unreadable", "menu.table_stuck")
            seats = None

        def go(scene: str, **arguments: object) -> Callable[[], None]:
            def show() -> None:
                self.app.show(scene, **arguments)

            return show

        choices: list[Choice] = []
        if seats is not None:
            where = "reopen" if seats.hosting else "rejoin"
            back = go("lobby", game=seats.game, reopen=seats) if seats.hosting else go("join", rejoin=seats)
            words = tr(f"menu.friends.{where}", game=tr(f"game.{seats.game}"), code=spaced(seats.code))
            choices.append(Choice("back", words, primary=True, then=back))
        choices += [
            Choice("host", tr("menu.friends.host", game=tr(f"game.{game}")), seats is None, go("lobby", game=game)),
            Choice("join", tr("menu.friends.join"), then=go("join")),
            Choice("cancel", tr("confirm.cancel")),
        ]
        self.close_windows()
        body = tr("menu.friends.body") if seats is None else tr("menu.friends.body_table")
        self.dialog = Dialog(
            self.app, self.layout.unit, tr("menu.friends.title"), body, choices, self.dialog_closed, safe="cancel"
        )

    def open_settings(self) -> None:
        self.close_windows()
        self.settings_panel = SettingsPanel(self.app, self.layout.unit)

    def open_text(self, title_key: str, text: str, name: str) -> None:
        """A window of text over the menu (Statistics, About)."""
        self.close_windows()
        self.panel = panels.TextPanel(self.app.ui, self.app.size, self.layout.unit, self.app.tr(title_key), text, name)

    def pick_language(self, lang: str) -> None:
        self.read_seed()
        self.app.set_language(lang)

    def ask_language(self) -> None:
        """The languages as a list of large buttons (the keyboard's way to the drop-down)."""
        tr, current = self.app.tr, self.app.text.lang
        choices = [Choice(code, LANGUAGE_NAMES[code], primary=code == current) for code in LANGUAGES]

        def answer(choice: str) -> None:
            self.dialog = None
            if choice in LANGUAGES and choice != current:
                self.pick_language(choice)

        self.close_windows()
        self.dialog = Dialog(
            self.app,
            self.layout.unit,
            tr("menu.language"),
            "",
            [*choices, Choice("cancel", tr("confirm.cancel"))],
            answer,
        )
        self.dialog.safe = "cancel"

    def dialog_closed(self, choice: str) -> None:
        """A question of the menu was answered (what the answer does, its choice does)."""
        self.dialog = None

    def ask_quit(self) -> None:
        """Quitting asks first (Esc again stays); a match in progress is saved in any case."""
        tr = self.app.tr

        def quit_now() -> None:
            self.app.manager.running = False

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

        def review() -> None:
            self.app.show("review", match=match, round_index=len(match.finished), back=self)

        def export() -> None:
            self.error = panels.export_record(match, tr)
            self.app.notify(self.error)

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
        values = SEAT_CHOICES if name.startswith("seat") else SEGMENTS[name]
        for value in values:
            old = self.widgets[f"{name}:{value}"]
            assert isinstance(old, pygame_gui.elements.UIButton)
            rect, text = pygame.Rect(old.relative_rect), old.text
            old.kill()
            chosen = value == current
            self.widgets[f"{name}:{value}"] = button(self.app.ui, rect, text, f"{name}_{value}", primary=chosen)
        self.build_focus()

    def open_picker(self) -> None:
        """The record picker, in the folder Export writes to (made if there is none yet)."""
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
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not getattr(event, "touch", False):
            self.tap(event.pos)
        elif event.type == pygame.FINGERUP:
            w, h = self.app.size
            self.tap((int(event.x * w), int(event.y * h)))
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        else:
            self.focus.handle(event)  # a pointer pressed: the ring hides

    def tap(self, pos: tuple[int, int]) -> None:
        for game, rect in self.cards:
            if rect.collidepoint(pos):
                self.choose_game(game)

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
        surface.fill(COLOURS.felt)
        lay, tr = self.layout, self.app.tr
        w = surface.get_width()
        title = self.app.text_image(tr("menu.title"), lay.px(40), True, COLOURS.gold)
        surface.blit(title, title.get_rect(midtop=(w // 2, lay.px(10))))
        for game, rect in self.cards:
            self.draw_card(surface, game, rect, game == self.app.settings.game)
        for caption, rect in self.captions:
            image = fit_text(self.app, caption, lay.px(16), rect.width, colour=COLOURS.muted)
            surface.blit(image, image.get_rect(bottomleft=(rect.x + lay.px(4), rect.bottom - 1)))
        if self.error:
            text = fit_text(self.app, self.error, lay.px(16), w - lay.px(40), True, COLOURS.warn)
            surface.blit(text, text.get_rect(midbottom=(w // 2, surface.get_height() - lay.px(6))))

    def card_words(self) -> dict[str, CardWords]:
        """How each card's words lie (laid out once with the cards, not every frame): below the
        picture, the lines of the card that needs most set aside for all of them; on a card too
        short for a picture, the sentence whole below Learn, smaller if it must be, or none."""
        lay, tr = self.layout, self.app.tr
        pad, text_size = lay.px(12), lay.px(15)
        font = self.app.font(text_size)
        width = self.cards[0][1].width - 2 * pad if self.cards else 0  # every card is as wide
        wrapped = {game: wrap_text(font, tr(f"menu.about.{game}"), width)[:3] for game, _ in self.cards}
        most = max((len(lines) for lines in wrapped.values()), default=0)
        words: dict[str, CardWords] = {}
        for game, rect in self.cards:
            name = fit_text(self.app, tr(f"game.{game}"), lay.px(24), width, True, COLOURS.ink)
            text_h = name.get_height() + most * font.get_linesize()
            learn = self.learn_rect(rect)
            picture = pygame.Rect(
                rect.x + pad, rect.y + pad, learn.x - rect.x - 2 * pad, rect.height - 3 * pad - text_h
            )
            if picture.bottom + pad // 2 >= learn.bottom:
                words[game] = CardWords(picture, text_size, wrapped[game], font.get_linesize())
                continue
            room, size = rect.bottom - pad // 2 - learn.bottom, text_size
            while True:
                small = self.app.font(size)
                lines = wrap_text(small, tr(f"menu.about.{game}"), width)
                if len(lines) * small.get_linesize() <= room or size <= 12:
                    break
                size -= 1
            fits = len(lines) * small.get_linesize() <= room
            words[game] = CardWords(None, size, lines if fits else [], small.get_linesize())
        return words

    def draw_card(self, surface: pygame.Surface, game: str, rect: pygame.Rect, chosen: bool) -> None:
        """A game's card: its picture, its name and what it is; the chosen one outlined."""
        lay, tr, words = self.layout, self.app.tr, self.words[game]
        radius = lay.px(16)
        shade(surface, rect, COLOURS.plate, radius)
        if chosen:
            pygame.draw.rect(surface, COLOURS.gold, rect, width=max(2, lay.px(3)), border_radius=radius)
        pad = lay.px(12)
        name_colour = COLOURS.gold if chosen else COLOURS.ink
        learn = self.learn_rect(rect)
        if words.picture is None:  # too short for a picture: the name beside Learn, the lines below
            name = fit_text(self.app, tr(f"game.{game}"), lay.px(24), learn.x - rect.x - 2 * pad, True, name_colour)
            surface.blit(name, name.get_rect(midleft=(rect.x + pad, learn.centery)))
            y = learn.bottom
        else:
            if words.picture.height > 8:
                picture = screens_for(game).card_picture(self.app, words.picture.size)
                surface.blit(picture, picture.get_rect(center=words.picture.center))
            name = fit_text(self.app, tr(f"game.{game}"), lay.px(24), rect.width - 2 * pad, True, name_colour)
            y = words.picture.bottom + pad // 2
            surface.blit(name, name.get_rect(midtop=(rect.centerx, y)))
            y += name.get_height()
        for line in words.lines:
            image = self.app.text_image(line, words.size, False, COLOURS.muted)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
            y += words.line_h
