"""What opens over the menu: its questions (Play with friends, the language, Quit, the last
match, a new match over the saved one), its windows (Settings, Statistics, About) and the
record picker. One at a time: opening one closes the others."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.errors import RecordError
from game.core.match import Match
from scenes.services import persist
from scenes.services.translation import LANGUAGE_NAMES, LANGUAGES
from scenes.ui.app_services import AppServices
from scenes.ui.scene import Scene
from scenes.ui.table_layout import TableLayout

if TYPE_CHECKING:  # the menu's windows and questions load after its first frame (``scenes.shell.routes``)
    from scenes.screens.record_picker import RecordPicker
    from scenes.screens.settings_panel import SettingsPanel
    from scenes.ui.dialog import Choice, Dialog
    from scenes.ui.panels import TextPanel


class MenuHost(Protocol):
    """What the menu's windows ask of the menu."""

    app: AppServices
    layout: TableLayout
    error: str
    saved: Match | None

    def relayout(self) -> None: ...

    def pick_language(self, lang: str) -> None: ...

    def resume(self) -> None: ...

    def begin(self) -> None: ...


def switch_to(app: AppServices, scene: str, **arguments: object) -> Callable[[], None]:
    """What switches to scene ``scene`` built from ``arguments`` (what a choice then does)."""

    def show() -> None:
        app.show(scene, **arguments)

    return show


class MenuWindows:
    """The question, the window or the record picker open over one menu, if any."""

    def __init__(self, menu: MenuHost, scene: Scene) -> None:
        self.menu = menu
        self.scene = scene  # the menu as the scene a review goes back to
        self.dialog: Dialog | None = None
        self.settings_panel: SettingsPanel | None = None
        self.picker: RecordPicker | None = None
        self.panel: TextPanel | None = None

    # --- routing ------------------------------------------------------------------------

    @property
    def open(self) -> bool:
        """Whether a window (Settings, Statistics, About) is open over the menu."""
        return any(window is not None and window.alive for window in (self.settings_panel, self.panel))

    @property
    def over(self) -> bool:
        """Whether anything is open over the menu (its focus ring is then not drawn)."""
        return self.dialog is not None or self.picker is not None or self.open

    def build(self) -> None:
        """The question and the picker built again (a new language or window size)."""
        if self.dialog is not None:
            self.dialog.build()
        if self.picker is not None:
            self.picker.build()

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """Give a widget's event to what is open over the menu; whether it took it."""
        if self.dialog is not None:
            self.dialog.handle_ui_event(event)
            return True
        if self.picker is not None:
            self.picker.handle_ui_event(event)
            return True
        return (
            self.settings_panel is not None and self.settings_panel.alive and self.settings_panel.handle_ui_event(event)
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Give an input event to what is open over the menu; whether it took it (the menu
        dimmed under Settings takes no tap: only Esc, which closes it, goes on to the menu)."""
        if self.dialog is not None:
            self.dialog.handle_event(event)
            return True
        if self.picker is not None:
            self.picker.handle_event(event)
            return True
        return self.settings_panel is not None and self.settings_panel.alive and event.type != pygame.KEYDOWN

    def close(self) -> None:
        """Close the windows and the picker (a question closes itself when answered)."""
        for window in (self.settings_panel, self.panel, self.picker):
            if window is not None:
                window.close()
        self.settings_panel = self.panel = self.picker = None

    # --- windows ------------------------------------------------------------------------

    def ask(self, title: str, body: str, choices: list[Choice], safe: str | None = None) -> None:
        """A question over the menu (what an answer does, its choice does)."""
        from scenes.ui.dialog import Dialog

        self.close()
        self.dialog = Dialog(self.menu.app, self.menu.layout.unit, title, body, choices, self.answered, safe=safe)

    def answered(self, _choice: str) -> None:
        self.dialog = None

    def open_settings(self) -> None:
        from scenes.screens.settings_panel import SettingsPanel

        self.close()
        self.settings_panel = SettingsPanel(self.menu.app, self.menu.layout.unit)

    def open_text(self, name: str) -> None:
        """A window of text over the menu: Statistics (``stats``) or About (``about``)."""
        from scenes.screens.about import about_text, stats_text
        from scenes.ui.panels import TextPanel, text_width

        app, unit = self.menu.app, self.menu.layout.unit
        if name == "stats":
            title, text = app.tr("stats.title"), stats_text(app.tr, text_width(app.size, unit))
        else:
            title, text = app.tr("about.title"), about_text(app.tr)
        self.close()
        self.panel = TextPanel(app.ui, app.size, unit, title, text, name)

    def open_picker(self) -> None:
        """The record picker, in the folder Export writes to (made if there is none yet)."""
        from scenes.screens.record_picker import RecordPicker

        self.close()
        folder = persist.records_dir()
        with contextlib.suppress(OSError):  # the picker then opens in the home folder
            folder.mkdir(parents=True, exist_ok=True)
        self.picker = RecordPicker(self.menu.app, self.menu.layout.unit, folder, self.open_record, self.picker_closed)

    def picker_closed(self) -> None:
        self.picker = None

    def open_record(self, path: str) -> str | None:
        """Review the first record of a file; a bad file gets its message (returned too),
        never a crash."""
        from scenes.services.record_file import read_record_file

        menu = self.menu
        try:
            match = read_record_file(path)
        except OSError as error:
            menu.error = menu.app.tr("menu.record_unreadable", reason=str(error))
            return menu.error
        except RecordError as error:
            menu.error = menu.app.tr("menu.record_bad", reason=str(error))
            return menu.error
        menu.error = ""
        menu.app.show("review", match=match, round_index=0, back=self.scene)
        return None

    # --- questions ----------------------------------------------------------------------

    def open_friends(self) -> None:
        """Play with friends on their own devices: back to this device's hosted table, host a
        new table of the game chosen, or join a friend's."""
        from online.codes import spaced
        from scenes.ui.dialog import Choice

        app = self.menu.app
        tr, game = app.tr, app.settings.game
        try:
            seats = persist.load_table_seats()
        except persist.SaveUnreadable as error:
            self.menu.error = error.problem.message(tr, "menu.table_unreadable", "menu.table_stuck")
            seats = None
        choices: list[Choice] = []
        if seats is not None:
            where = "reopen" if seats.hosting else "rejoin"
            back = (
                switch_to(app, "lobby", game=seats.game, reopen=seats)
                if seats.hosting
                else switch_to(app, "join", rejoin=seats)
            )
            words = tr(f"menu.friends.{where}", game=tr(f"game.{seats.game}"), code=spaced(seats.code))
            choices.append(Choice("back", words, primary=True, then=back))
        choices += [
            Choice(
                "host",
                tr("menu.friends.host", game=tr(f"game.{game}")),
                seats is None,
                switch_to(app, "lobby", game=game),
            ),
            Choice("join", tr("menu.friends.join"), then=switch_to(app, "join")),
            Choice("cancel", tr("confirm.cancel")),
        ]
        body = tr("menu.friends.body") if seats is None else tr("menu.friends.body_table")
        self.ask(tr("menu.friends.title"), body, choices, safe="cancel")

    def ask_language(self) -> None:
        """The languages as a list of large buttons (the keyboard's way to the drop-down)."""
        from scenes.ui.dialog import Choice

        app = self.menu.app
        current = app.text.lang
        choices = [
            Choice(
                code,
                LANGUAGE_NAMES[code],
                code == current,
                None if code == current else partial(self.menu.pick_language, code),
            )
            for code in LANGUAGES
        ]
        self.ask(app.tr("menu.language"), "", [*choices, Choice("cancel", app.tr("confirm.cancel"))], safe="cancel")

    def ask_quit(self) -> None:
        """Quitting asks first (Esc again stays); a match in progress is saved in any case."""
        from scenes.ui.dialog import Choice

        app = self.menu.app
        tr = app.tr
        quit_now = partial(setattr, app.manager, "running", False)  # the loop ends after this frame
        self.ask(
            tr("confirm.quit.title"),
            tr("confirm.quit.saved" if self.menu.saved is not None else "confirm.quit.question"),
            [
                Choice("cancel", tr("confirm.cancel"), primary=True),
                Choice("quit", tr("confirm.quit.ok"), then=quit_now),
            ],
        )

    def ask_start(self, saved: Match) -> None:
        """A new match over the saved one ``saved``: asked first (Continue stays the default)."""
        from scenes.ui.dialog import Choice

        tr = self.menu.app.tr
        self.ask(
            tr("confirm.start.title"),
            tr("confirm.start.question", game=tr(f"game.{saved.name}")),
            [
                Choice("cancel", tr("confirm.cancel")),
                Choice("new", tr("confirm.start.ok"), then=self.menu.begin),
                Choice("continue", tr("menu.continue"), primary=True, then=self.menu.resume),
            ],
        )

    def open_last(self) -> None:
        """The last finished match: review it or export its record (it stays until the next
        match ends)."""
        from scenes.ui.dialog import Choice

        menu = self.menu
        tr = menu.app.tr
        try:
            match = persist.load_finished()
        except persist.SaveUnreadable as error:
            menu.error = error.problem.message(tr, "menu.last_unreadable", "menu.last_stuck")
            menu.relayout()
            return
        if match is None:
            menu.relayout()
            return
        try:
            ended = time.localtime(persist.finished_path().stat().st_mtime)
        except OSError:
            ended = time.localtime()
        review = switch_to(menu.app, "review", match=match, round_index=len(match.finished), back=self.scene)
        body = tr(
            "menu.last.body",
            game=tr(f"game.{match.name}"),
            seed=match.seed,
            date=time.strftime("%Y-%m-%d", ended),
            time=time.strftime("%H:%M", ended),
        )
        self.ask(
            tr("menu.last.title"),
            body,
            [
                Choice("close", tr("review.close")),
                Choice("export", tr("log.export"), then=partial(self.export, match)),
                Choice("review", tr("button.review"), primary=True, then=review),
            ],
        )

    def export(self, match: Match) -> None:
        """Write ``match``'s record where records go, and say where (or why not)."""
        from scenes.ui.panels import export_record

        menu = self.menu
        menu.error = export_record(match, menu.app.tr)
        menu.app.notify(menu.error)
