"""Statistics per game, kept in the player's data folder. What a game counts comes from its
registration (``scenes.ui.game_screens.GameScreens``, which is a ``Counting``), handed in by
the screen that asks: per computer level, the game's own counters, and the last rounds' results
for the chart. Files of the first format (one set of counters per game, no levels) are read
as the rounds played "before levels were counted"."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol, TypedDict

from game.core.advice import LEVELS
from game.core.files import MB, write_atomic
from game.core.match import Match
from game.registry import GAME_NAMES
from scenes.services.persist import SetAside, data_dir, json_object, load_json

STATS_LIMIT = MB
STATS_KEYS = ("error.stats_set_aside", "error.stats_stuck")
EARLIER = "earlier"  # the level of counts from a file of the first format
STATS_LEVELS = (*LEVELS, EARLIER)
HISTORY = 40  # rounds kept for the chart
COUNT_LIMIT = 10**12  # larger numbers are not counts


class Counting(Protocol):
    """What a game counts of its rounds (its registration in ``scenes.screens.registry``)."""

    @property
    def stats_fields(self) -> tuple[str, ...]: ...

    @property
    def old_stats(self) -> dict[str, str]:
        """The first format's counter names, by today's name for them."""

    def count_round(self, entry: dict[str, int], match: Match, viewer: int) -> int:
        """Count the round just ended into ``entry``; its point for the chart."""


CountingOf = Callable[[str], Counting]
"""What each game counts, by the game's name."""


class GameStats(TypedDict):
    """One game's statistics: its counters per computer level, and the last rounds' points."""

    levels: dict[str, dict[str, int]]
    history: list[int]


def empty_game() -> GameStats:
    return {"levels": {}, "history": []}


def empty() -> dict[str, GameStats]:
    return {game: empty_game() for game in GAME_NAMES}


def counts(values: object, fields: tuple[str, ...], names: dict[str, str] | None = None) -> dict[str, int]:
    """The counters of ``fields`` in ``values`` (renamed by ``names`` from a first-format
    file, other names kept); a value that is not a count is left out (taken as 0)."""
    entry = dict.fromkeys(fields, 0)
    if isinstance(values, dict):
        for name, value in values.items():
            field = names.get(name, name) if names is not None else name
            if field in entry and type(value) is int and 0 <= value < COUNT_LIMIT:
                entry[field] = value
    return entry


def read_game(screens: Counting, stored: object) -> GameStats:
    """One game's statistics from what the file holds, whichever format."""
    stats = empty_game()
    if not isinstance(stored, dict):
        return stats
    if "levels" not in stored:  # the first format: one set of counters, no level
        entry = counts(stored, screens.stats_fields, screens.old_stats)
        if any(entry.values()):
            stats["levels"][EARLIER] = entry
        return stats
    levels = stored["levels"] if isinstance(stored["levels"], dict) else {}
    for level in STATS_LEVELS:
        if level in levels:
            stats["levels"][level] = counts(levels[level], screens.stats_fields)
    history = stored.get("history")
    if isinstance(history, list):
        points = [p for p in history if type(p) is int and abs(p) < COUNT_LIMIT]
        stats["history"] = points[-HISTORY:]
    return stats


def load_stats(counting: CountingOf) -> tuple[dict[str, GameStats], SetAside | None]:
    """The statistics, and the report when the file had to be set aside (they then start
    again from zero: the old file is kept under another name, nothing in it is lost)."""
    stored, problem = load_json(data_dir() / "stats.json", STATS_LIMIT, json_object)
    stats = {game: read_game(counting(game), (stored or {}).get(game)) for game in GAME_NAMES}
    return stats, problem


def record_round(counting: CountingOf, match: Match, viewer: int) -> SetAside | None:
    """Count what the round just ended means for the person at ``viewer``, at the match's
    computer level; returns the report when the old file had to be set aside. Raises
    OSError when the statistics cannot be written."""
    stats, problem = load_stats(counting)
    screens = counting(match.name)
    game = stats[match.name]
    level = match.level if match.level in LEVELS else LEVELS[1]
    entry = game["levels"].setdefault(level, dict.fromkeys(screens.stats_fields, 0))
    point = screens.count_round(entry, match, viewer)
    game["history"] = [*game["history"], point][-HISTORY:]
    write_atomic(data_dir() / "stats.json", json.dumps(stats, indent=1), make_folders=True)
    return problem
