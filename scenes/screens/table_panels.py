"""The table's Rules and Log windows, and the Log's export and review."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

import pygame
import pygame_gui

from game.core.match import Match
from scenes.ui import panels
from scenes.ui.app_services import AppServices
from scenes.ui.event_fields import element_of
from scenes.ui.game_screens import GameScreens
from scenes.ui.naming import Names
from scenes.ui.rules_text import rules_body
from scenes.ui.widgets import name_of


class LogButton(StrEnum):
    """The Log window's buttons."""

    EXPORT = "export"
    REVIEW = "review"


class TablePanels:
    """The Rules, Log and hint's Why? windows of one table (at most one open)."""

    def __init__(self, app: AppServices, game: str, match_of: Callable[[], Match | None], screens: GameScreens) -> None:
        self.app = app
        self.game = game
        self.match_of = match_of  # the table's match as this device holds it whole, read when a window opens
        self.screens = screens
        self.rules: panels.TextPanel | None = None
        self.log: panels.TextPanel | None = None
        self.why: panels.TextPanel | None = None
        self.export_note = ""  # where the Log's last export went (or why it failed), shown in the Log

    @property
    def open(self) -> bool:
        return any(panel is not None and panel.alive for panel in (self.rules, self.log, self.why))

    def open_rules(self, unit: float, names: Names, after: str = "") -> None:
        """The rules text, then ``after`` (HTML: a game's chart)."""
        tr = self.app.tr
        self.close()
        body = rules_body(self.screens.rule_sections, tr, names) + after
        self.rules = panels.TextPanel(self.app.ui, self.app.size, unit, tr(f"rules.{self.game}.title"), body, "rules")

    def open_why(self, unit: float, title: str, line: str, detail: str) -> None:
        """The hint's Why?: its ``line`` again, then ``detail`` (paragraphs apart), what the
        numbers behind it are and mean."""
        self.close()
        paragraphs = [f"<b>{panels.escape(line)}</b>", *(panels.escape(part) for part in detail.split("\n\n"))]
        self.why = panels.TextPanel(self.app.ui, self.app.size, unit, title, "<br><br>".join(paragraphs), "why")

    def open_log(self, unit: float, names: Names) -> None:
        """The public history, newest at the bottom and shown first; any finished round
        can be chosen for review."""
        tr, words, match = self.app.tr, self.screens.words, self.match_of()
        self.close()
        lines = self.screens.log_lines(match, names, tr) if match is not None else []
        body = "<br>".join(lines) or tr("log.empty")
        if self.export_note:
            body += self.export_html()
        rounds = 0 if match is None else len(match.finished) + (1 if match.round.is_over else 0)
        choices = [(tr(words["round_of"], number=n + 1), str(n)) for n in reversed(range(rounds))]
        self.log = panels.TextPanel(
            self.app.ui,
            self.app.size,
            unit,
            tr("log.title"),
            body,
            "log",
            [(LogButton.EXPORT, tr("log.export"))] + ([(LogButton.REVIEW, tr(words["review_this"]))] if rounds else []),
            choices,
            at_end=True,
        )

    def export_html(self) -> str:
        """The last export's message, as the last lines of the Log."""
        return f"<br><br><b>{panels.escape(self.export_note)}</b>"

    def exported(self, note: str) -> None:
        """Say where the record went (or why not) over the Log window at once, and at the end
        of the Log's text, where it stays (the Log opened again shows it too)."""
        self.export_note = note
        self.app.notify(note)
        if self.log is not None and self.log.alive:
            text = self.log.text
            text.set_text(text.html_text + self.export_html())
            if text.scroll_bar is not None:
                text.scroll_bar.set_scroll_from_start_percentage(1.0)

    def pressed(self, event: pygame.event.Event) -> int | None:
        """A press on one of the Log's buttons: Export is done here; Review gives the index of
        the round chosen (the windows closed), else None."""
        if self.log is None or event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        chosen = name_of(self.log.buttons, element_of(event))
        match = self.match_of()
        if chosen == LogButton.EXPORT and match is not None:
            self.exported(panels.export_record(match, self.app.tr))
        elif chosen == LogButton.REVIEW and self.log.choice is not None:
            index = int(self.log.choice)
            self.close()
            return index
        return None

    def close(self) -> None:
        for panel in (self.rules, self.log, self.why):
            if panel is not None:
                panel.close()
        self.rules = self.log = self.why = None
