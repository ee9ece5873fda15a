"""The table's message line: a word said for a while, as long as its decision is still to take."""

from __future__ import annotations

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
