"""Statistics per game, kept in the player's data folder: each game counts what it
counts (``scenes.screens.GameScreens.count_round``)."""

from __future__ import annotations

import json
from typing import Any

from game.core.files import MB, write_atomic
from game.registry import GAME_NAMES
from scenes.persist import SetAside, data_dir, json_object, load_json
from scenes.registry import screens_for

FIELDS = ("played", "won", "longest_streak", "dekabes")
STATS_LIMIT = MB
STATS_KEYS = ("error.stats_set_aside", "error.stats_stuck")


def empty() -> dict[str, dict[str, int]]:
    return {game: dict.fromkeys(FIELDS, 0) for game in GAME_NAMES}


def load_stats() -> tuple[dict[str, dict[str, int]], SetAside | None]:
    """The statistics, and the report when the file had to be set aside (they then start
    again from zero); values that are not counts are left out."""
    stats = empty()
    stored, problem = load_json(data_dir() / "stats.json", STATS_LIMIT, json_object)
    for game, values in (stored or {}).items():
        if game in stats and isinstance(values, dict):
            for name, value in values.items():
                if name in FIELDS and type(value) is int and value >= 0:
                    stats[game][name] = value
    return stats, problem


def record_round(match: Any, viewer: int) -> SetAside | None:
    """Count what the round just ended means for the person at ``viewer``; returns the report
    when the old file had to be set aside. Raises OSError when the statistics cannot be written."""
    stats, problem = load_stats()
    screens_for(match.name).count_round(stats[match.name], match, viewer)
    write_atomic(data_dir() / "stats.json", json.dumps(stats, indent=1), make_folders=True)
    return problem
