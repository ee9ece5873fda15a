"""The engine's error types, and the helpers that keep their messages short."""

from __future__ import annotations

import reprlib
from collections.abc import Callable

MESSAGE_LIMIT = 300  # characters of one message, on one line

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlong = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4


def shown(value: object) -> str:
    """``repr(value)`` shortened: a value read from a file may be megabytes long or nested deep."""
    try:
        return _REPR.repr(value)
    except ValueError:  # an integer with too many digits to write in decimal
        return "<a number too long to show>"


def capped(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` on one line of at most ``limit`` characters, control characters blanked."""
    head = "".join(c if c.isprintable() else " " for c in text[: limit + 1])
    return head if len(head) <= limit else head[: limit - 1] + "…"


class IllegalMove(ValueError):
    """A command the rules refuse; the state is left exactly as it was.

    ``code`` names the reason for translation, ``params`` fill its placeholders and
    ``str(error)`` is the English message meant for the player.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message.format(**params) if params else message)
        self.code = code
        self.params = params

    def __reduce__(
        self,
    ) -> tuple[Callable[[str, str, dict[str, object]], IllegalMove], tuple[str, str, dict[str, object]]]:
        """Pickle as the same refusal (it crosses from the thinking worker to the table)."""
        return _refusal, (self.code, str(self), self.params)


def _refusal(code: str, text: str, params: dict[str, object]) -> IllegalMove:
    """The refusal ``code`` with its message already written out and its parameters."""
    error = IllegalMove(code, text)
    error.params = params
    return error


class RecordError(ValueError):
    """A match record that is malformed, illegal or disagrees with the rules; its message is capped."""

    def __init__(self, message: str) -> None:
        super().__init__(capped(message))


class MalformedRecord(RecordError):
    """A record that is not valid JSON or has unknown field values."""


class BadJson(ValueError):
    """A text that is not JSON, or JSON beyond the reader's limits (nesting, number size)."""


class UnreadableFile(OSError):
    """A file that cannot be read: not a regular file, too large, refused by the system or not UTF-8."""


class MissingFile(UnreadableFile):
    """There is no file at the path."""


class UnwritableFile(OSError):
    """A file that could not be written; the previous content, if any, is intact."""
