"""The texts of the About and Statistics windows."""
from __future__ import annotations

from typing import Callable

from assets import asset_path
from game import __version__

from .panels import escape
from .stats import GAMES, load_stats


def about_text(tr: Callable[..., str]) -> str:
    licence = asset_path("fonts", "NotoSans-LICENSE.txt").read_text(encoding="utf-8")
    return (f"<b>{escape(tr('menu.title'))}</b> {escape(tr('about.version', version=__version__))}<br><br>"
            f"{escape(tr('about.body'))}<br><br><b>{escape(tr('about.fonts'))}</b><br>"
            + escape(licence).replace("\n", "<br>"))


def stats_text(tr: Callable[..., str]) -> str:
    stats = load_stats()
    lines = []
    for game in GAMES:
        entry = stats[game]
        lines.append(f"<b>{escape(tr(f'game.{game}'))}</b>")
        if game == "tiengow":
            lines.append(escape(tr("stats.deals", played=entry["played"], won=entry["won"])))
        else:
            lines.append(escape(tr("stats.matches", played=entry["played"], won=entry["won"])))
            if game == "chiva":
                lines.append(escape(tr("stats.streak", count=entry["longest_streak"])))
            else:
                lines.append(escape(tr("stats.dekabes", count=entry["dekabes"])))
        lines.append("")
    return "<br>".join(lines)
