"""The one error type the engine raises for a refused command."""

from __future__ import annotations

from collections.abc import Callable


class IllegalMove(ValueError):
    """A command the rules refuse; the state is left exactly as it was.

    ``code`` names the reason for translation, ``params`` fill its placeholders and
    ``str(error)`` is the English message meant for the player.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message.format(**params) if params else message)
        self.code = code
        self.params = params

    def __reduce__(self) -> tuple[Callable[..., IllegalMove], tuple[str, str, dict[str, object]]]:
        """Pickle as the same refusal (it crosses from the thinking worker to the table)."""
        return _refusal, (self.code, str(self), self.params)


def _refusal(code: str, text: str, params: dict[str, object]) -> IllegalMove:
    """The refusal ``code`` with its message already written out and its parameters."""
    error = IllegalMove(code, text)
    error.params = params
    return error


class RecordError(ValueError):
    """A match record that is malformed, illegal or disagrees with the rules."""


class MalformedRecord(RecordError):
    """A record that is not valid JSON or has unknown field values."""
