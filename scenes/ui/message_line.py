"""The table's message line: a word said for a while, as long as its decision is still to take;
and a line of words fitted to its room in one or two lines, never cut."""

from __future__ import annotations

import pygame

from scenes.ui.app_services import AppServices
from scenes.ui.drawing import READABLE_TEXT, wrap_text
from scenes.ui.theme import Colour

MESSAGE_TIME = 2.6


class MessageLine:
    """What the table last said, for how much longer, and at which decision."""

    def __init__(self) -> None:
        self.text = ""
        self.time = 0.0
        self.turn: tuple[int, int] = (0, 0)  # the decision it was said at: it goes with it

    def say(self, text: str, turn: tuple[int, int]) -> None:
        """Show ``text`` for a while, as long as the decision ``turn`` is still to be taken."""
        self.text, self.time, self.turn = text, MESSAGE_TIME, turn

    def shown(self, turn: tuple[int, int]) -> str:
        """The message shown now that the decision ``turn`` is to be taken, if one still applies."""
        return self.text if self.time > 0 and self.turn == turn else ""

    def update(self, dt: float) -> None:
        if self.time > 0:
            self.time = max(0.0, self.time - dt)


def fitted_lines(app: AppServices, text: str, size: int, room: tuple[int, int], colour: Colour) -> list[pygame.Surface]:
    """``text`` in bold at ``size`` in one line, else in two, else smaller (never below the
    readable 12 px), so that it fits ``room``; at 12 px in as many lines as it takes."""
    width, height = room
    size = max(size, READABLE_TEXT)
    while True:
        font = app.font(size, True)
        lines = wrap_text(font, text, width)
        tall = len(lines) * font.get_linesize()
        if size <= READABLE_TEXT or (len(lines) <= 2 and tall <= height and fits(font, lines, width)):
            return [app.text_image(line, size, True, colour) for line in lines]
        size -= 1


def fits(font: pygame.font.Font, lines: list[str], width: int) -> bool:
    return all(font.size(line)[0] <= width for line in lines)
