"""Statistics per game, kept in the player's data folder: matches played and won, the
longest winning streak, Dékabès finishes; in Tien Gow, deals played and won."""
from __future__ import annotations

import json
from typing import Any

from game.block import team_of

from .persist import data_dir, move_aside, write_atomic

GAMES = ("chiva", "dekabes", "tiengow")
FIELDS = ("played", "won", "longest_streak", "dekabes")


def empty() -> dict[str, dict[str, int]]:
    return {game: {name: 0 for name in FIELDS} for game in GAMES}


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


def record_round(match, viewer: int) -> None:
    """Count what the round just ended means for the person at ``viewer``."""
    stats = load_stats()
    entry = stats[match.name]
    result = match.round.result
    if match.name == "tiengow":
        entry["played"] += 1
        entry["won"] += int(result.last_winner == viewer)
    else:
        mine = team_of(viewer)
        ours = result.score_after[0 if mine == "A" else 1]
        entry["longest_streak"] = max(entry["longest_streak"], ours if match.name == "chiva" else 0)
        entry["dekabes"] += int(result.dekabes and result.winner == mine)
        if result.match_winner is not None:
            entry["played"] += 1
            entry["won"] += int(result.match_winner == mine)
    try:
        write_atomic(data_dir() / "stats.json", json.dumps(stats, indent=1))
    except OSError:
        pass
