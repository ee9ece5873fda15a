"""The one error type the engine raises for a refused command."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A command the rules refuse; the state is left exactly as it was.

    ``code`` names the reason for translation, ``params`` fill its placeholders and
    ``str(error)`` is the English message meant for the player.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message.format(**params) if params else message)
        self.code = code
        self.params = params


class RecordError(ValueError):
    """A match record that is malformed, illegal or disagrees with the rules."""


class MalformedRecord(RecordError):
    """A record that is not valid JSON or has unknown field values."""
