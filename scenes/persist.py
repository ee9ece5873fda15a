"""Files in the player's folders: settings, the match in progress, statistics.

Every write is atomic (a temporary file, then a rename), and anything unreadable is
moved aside with a message instead of stopping the game.
"""

from __future__ import annotations

import contextlib
import json
import locale
import os
import pathlib
import time
from dataclasses import asdict, fields
from typing import Any

import platformdirs

from game.core.errors import RecordError
from game.core.match import Match
from game.core.savegame import match_from_save, match_to_save

APP = "domino-table"


def config_dir() -> pathlib.Path:
    return platformdirs.user_config_path(APP, appauthor=False)


def data_dir() -> pathlib.Path:
    return platformdirs.user_data_path(APP, appauthor=False)


def write_atomic(path: pathlib.Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


def move_aside(path: pathlib.Path) -> pathlib.Path:
    """Keep an unreadable file for inspection under a new name; returns it."""
    aside = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    os.replace(path, aside)
    return aside


def system_language(available: tuple[str, ...]) -> str:
    """The system's language when it is one we have, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        code = value.split(":")[0][:2].lower()
        if code in available:
            return code
    try:
        code = (locale.getlocale()[0] or "")[:2].lower()
    except ValueError:
        code = ""
    return code if code in available else "en"


def load_settings(settings_type, available_languages: tuple[str, ...]):
    """Settings from the config folder; every missing or bad value falls back to its default."""
    defaults = settings_type(lang=system_language(available_languages))
    path = config_dir() / "settings.json"
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return defaults
    except (OSError, ValueError):
        move_aside(path)
        return defaults
    if not isinstance(stored, dict):
        return defaults
    chosen: dict[str, Any] = {}
    for item in fields(settings_type):
        if item.name in stored and item.name in settings_type.STORED:
            value = stored[item.name]
            if settings_type.valid(item.name, value, available_languages):
                chosen[item.name] = value
    return settings_type(**{**asdict(defaults), **chosen})


def save_settings(settings) -> None:
    values = {name: getattr(settings, name) for name in settings.STORED}
    write_atomic(config_dir() / "settings.json", json.dumps(values, indent=1))


def save_path() -> pathlib.Path:
    return data_dir() / "match.json"


def save_match(match: Match) -> None:
    """Save the match in progress (with its undo and redo history)."""
    write_atomic(save_path(), json.dumps(match_to_save(match)))


def forget_match() -> None:
    with contextlib.suppress(FileNotFoundError):
        save_path().unlink()


def has_saved_match() -> bool:
    return save_path().exists()


class SaveUnreadable(Exception):
    """The saved match could not be read; it was moved aside to ``kept``."""

    def __init__(self, reason: str, kept: pathlib.Path) -> None:
        super().__init__(reason)
        self.reason, self.kept = reason, kept


def load_match() -> Match | None:
    """The saved match, None when there is none; raises SaveUnreadable (after moving it aside)."""
    path = save_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveUnreadable(str(error), move_aside(path)) from None
    try:
        return match_from_save(json.loads(text))
    except (ValueError, RecordError) as error:
        raise SaveUnreadable(str(error) or type(error).__name__, move_aside(path)) from None
