"""Statistics per game, kept in the player's data folder: each game counts what it
counts (``scenes.screens.GameScreens.count_round``)."""

from __future__ import annotations

import json
from typing import Any

from game.registry import GAME_NAMES
from scenes.persist import data_dir, move_aside, write_atomic
from scenes.registry import screens_for

FIELDS = ("played", "won", "longest_streak", "dekabes")


def empty() -> dict[str, dict[str, int]]:
    return {game: dict.fromkeys(FIELDS, 0) for game in GAME_NAMES}


def load_stats() -> dict[str, dict[str, int]]:
    """The statistics; unreadable files are moved aside and start again from zero."""
    path = data_dir() / "stats.json"
    stats = empty()
    try:
        stored: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return stats
    except (OSError, ValueError):
        move_aside(path)
        return stats
    if isinstance(stored, dict):
        for game, values in stored.items():
            if game in stats and isinstance(values, dict):
                for name, value in values.items():
                    if name in FIELDS and type(value) is int and value >= 0:
                        stats[game][name] = value
    return stats


def record_round(match: Any, viewer: int) -> None:
    """Count what the round just ended means for the person at ``viewer``; raises OSError
    when the statistics cannot be written."""
    stats = load_stats()
    screens_for(match.name).count_round(stats[match.name], match, viewer)
    write_atomic(data_dir() / "stats.json", json.dumps(stats, indent=1))
