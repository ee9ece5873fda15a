"""Files in the player's folders: settings, the match in progress, the last finished
match, statistics and exported records.

Every file goes through the careful reader and writer of ``game.core.files``: a write
replaces the file at once or not at all, and a file that cannot be read, or does not
hold what it must, is moved aside and reported (``SetAside``) while the game goes on
with defaults. When even moving it aside fails, the report says so.

The match in progress and the last finished match are written by a background thread
(``scenes.services.file_writer``), so a move never waits on the disk nor re-writes the rounds
already finished (``SaveText``); ``save_path`` and ``finished_path`` wait for those writes, so
what is read through them is the latest, and ``settle`` waits for them on exit.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import locale
import os
import pathlib
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, TypeVar

import platformdirs

from game.core.errors import MissingFile, UnreadableFile, capped
from game.core.files import MB, make_private_folder, read_json, reason, remove_stale_temporaries, write_atomic
from game.core.match import Match
from game.core.record import RECORD_LIMIT
from game.core.savegame import SaveText, match_from_save
from scenes.services.file_writer import FileWriter
from scenes.services.settings import Settings
from scenes.services.translation import Tr

if TYPE_CHECKING:  # the menu starts without the network's modules
    from online.seats_file import TableSeats

APP = "domino-table"
SETTINGS_LIMIT = MB // 16
SAVE_LIMIT = RECORD_LIMIT  # a save holds the match's record

SETTINGS_KEYS = ("error.settings_set_aside", "error.settings_stuck")
SAVE_KEYS = ("menu.save_unreadable", "menu.save_stuck")

T = TypeVar("T")


def config_dir() -> pathlib.Path:
    return platformdirs.user_config_path(APP, appauthor=False)


def data_dir() -> pathlib.Path:
    return platformdirs.user_data_path(APP, appauthor=False)


@dataclass(frozen=True, slots=True)
class SetAside:
    """A file that could not be used: why, and the name it was kept under; ``kept`` is None
    when it could not be moved either, and ``stuck`` then says why."""

    reason: str
    kept: pathlib.Path | None
    stuck: str = ""

    def message(self, tr: Tr, moved_key: str, stuck_key: str) -> str:
        """The player's message: ``moved_key`` when the file was moved aside, else ``stuck_key``."""
        if self.kept is not None:
            return tr(moved_key, path=str(self.kept), reason=self.reason)
        return tr(stuck_key, reason=self.reason, why=self.stuck)


def move_aside(path: pathlib.Path) -> pathlib.Path:
    """Keep an unreadable file for inspection under a new name; returns it."""
    aside = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    os.replace(path, aside)
    return aside


def set_aside(path: pathlib.Path, why: str) -> SetAside:
    """Move ``path`` aside because of ``why``; the report says where, or why it could not."""
    try:
        return SetAside(why, move_aside(path))
    except OSError as error:
        return SetAside(why, None, reason(error))


def load_json(path: pathlib.Path, limit: int, parse: Callable[[object], T]) -> tuple[T | None, SetAside | None]:
    """``parse`` of the JSON in ``path`` (None when there is no file). A file that cannot be
    read, is not JSON within limits, or that ``parse`` refuses with a ValueError is set aside."""
    try:
        return parse(read_json(path, limit)), None
    except MissingFile:
        return None, None
    except (UnreadableFile, ValueError) as error:
        return None, set_aside(path, capped(str(error), 160) or type(error).__name__)


def json_object(value: object) -> dict[str, object]:
    """``value`` when it is a JSON object; ValueError otherwise."""
    if not isinstance(value, dict):
        raise ValueError("it does not hold a JSON object")
    return value


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


def load_settings(
    settings_type: type[Settings], available_languages: tuple[str, ...]
) -> tuple[Settings, SetAside | None]:
    """Settings from the config folder, and the report when the file had to be set aside;
    every missing or bad value falls back to its default."""
    defaults = settings_type(lang=system_language(available_languages))
    stored, problem = load_json(config_dir() / "settings.json", SETTINGS_LIMIT, json_object)
    if stored is None:
        return defaults, problem
    chosen = {
        name: stored[name]
        for name in settings_type.STORED
        if name in stored and settings_type.valid(name, stored[name], available_languages)
    }
    return settings_type(**{**asdict(defaults), **chosen}), None


def save_settings(settings: Settings) -> None:
    values = settings.stored_values()
    write_atomic(config_dir() / "settings.json", json.dumps(values, indent=1), make_folders=True)


def tidy() -> None:
    """Remove the temporary files that writes cut short (a kill mid-write) left in the
    player's folders, so they never pile up (at start-up)."""
    now = time.time()
    for folder in (config_dir(), data_dir(), records_dir()):
        remove_stale_temporaries(folder, now)


def write_save(path: pathlib.Path, text: str) -> None:
    write_atomic(path, text, make_folders=True)


WRITER = FileWriter(write_save)
SAVE_TEXT = SaveText()  # the match's finished rounds, made into text once


def settle() -> None:
    """Wait until the saves asked for are on the disk (before the program ends)."""
    WRITER.settle()


atexit.register(settle)  # a program that never closes a window loses no save either


def save_path() -> pathlib.Path:
    """The saved match's file, once the saves under way have landed."""
    settle()
    return data_dir() / "match.json"


def save_match(match: Match) -> None:
    """Save the match in progress (with its undo and redo history), in the background; raises
    the failure of an earlier save not reported yet."""
    WRITER.put(data_dir() / "match.json", SAVE_TEXT(match))


def preparing_save(match: Match) -> Iterator[None]:
    """Make the text of ``match``'s finished rounds ahead, a round a step (a table shown on a
    long session prepares it, so its first save is no slower than the next)."""
    yield from SAVE_TEXT.warming(match)


def forget_match() -> None:
    WRITER.put(data_dir() / "match.json", None)


def records_dir() -> pathlib.Path:
    """Where the records a player exports are written (and the record picker opens)."""
    return data_dir() / "records"


def has_saved_match() -> bool:
    """Whether there is something to continue (an unreadable one is reported on Continue)."""
    return os.path.lexists(save_path())


class SaveUnreadable(Exception):
    """The saved match could not be used; ``problem`` says why and where it was kept."""

    def __init__(self, problem: SetAside) -> None:
        super().__init__(problem.reason)
        self.problem = problem


def load_saved(path: pathlib.Path, limit: int, parse: Callable[[object], T]) -> T | None:
    """``load_json`` of a save: None when there is none; raises SaveUnreadable (after setting it aside)."""
    found, problem = load_json(path, limit, parse)
    if problem is not None:
        raise SaveUnreadable(problem)
    return found


def load_match() -> Match | None:
    """The saved match, None when there is none; raises SaveUnreadable (after setting it aside)."""
    return load_saved(save_path(), SAVE_LIMIT, match_from_save)


def finished_path() -> pathlib.Path:
    """The last finished match's file, once the saves under way have landed."""
    settle()
    return data_dir() / "finished.json"


def keep_finished(match: Match, in_progress: bool = True) -> None:
    """Keep the match that just ended as the last finished match (until the next one ends,
    to review or export from the menu); it is no longer the match in progress (unless it was
    never this device's saved match: ``in_progress`` False, a hosted table's), in the
    background; raises as ``save_match``."""
    WRITER.put(data_dir() / "finished.json", SAVE_TEXT(match), data_dir() / "match.json" if in_progress else None)


def has_finished_match() -> bool:
    return os.path.lexists(finished_path())


def load_finished() -> Match | None:
    """The last finished match, None when there is none; raises SaveUnreadable (after
    setting it aside)."""
    return load_saved(finished_path(), SAVE_LIMIT, match_from_save)


def table_seats_path() -> pathlib.Path:
    """This device's seats at a hosted table (``online.seats_file``), to go back to it."""
    return data_dir() / "table_seats.json"


def hosted_table_path() -> pathlib.Path:
    """The table this device hosts, saved by its server after every change."""
    return data_dir() / "hosted_table.json"


def save_table_seats(seats: TableSeats) -> None:
    """Keep this device's seats (their tokens are secrets: the file and its folder are private)."""
    from online.seats_file import seats_to_text

    make_private_folder(data_dir())
    write_atomic(table_seats_path(), seats_to_text(seats), make_folders=True, private=True)


def load_table_seats() -> TableSeats | None:
    """The table this device sits at, None when there is none; raises SaveUnreadable (after
    setting it aside)."""
    from online.seats_file import seats_from_json

    return load_saved(table_seats_path(), SETTINGS_LIMIT, seats_from_json)


def forget_table() -> None:
    """This device sits at no hosted table any more (its match ended, or it left the lobby)."""
    for path in (table_seats_path(), hosted_table_path()):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
