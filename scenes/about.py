"""The texts of the About and Statistics windows."""

from __future__ import annotations

from collections.abc import Callable

from assets import asset_path
from game import __version__
from game.registry import GAME_NAMES
from scenes.panels import escape
from scenes.registry import screens_for
from scenes.stats import STATS_KEYS, load_stats


def about_text(tr: Callable[..., str]) -> str:
    licence = asset_path("fonts", "NotoSans-LICENSE.txt").read_text(encoding="utf-8")
    return (
        f"<b>{escape(tr('menu.title'))}</b> {escape(tr('about.version', version=__version__))}<br><br>"
        f"{escape(tr('about.body'))}<br><br>{escape(tr('about.art'))}<br><br><b>{escape(tr('about.fonts'))}</b><br>"
        + escape(licence).replace("\n", "<br>")
    )


def stats_text(tr: Callable[..., str]) -> str:
    stats, problem = load_stats()
    lines = [escape(problem.message(tr, *STATS_KEYS)), ""] if problem else []
    for game in GAME_NAMES:
        lines.append(f"<b>{escape(tr(f'game.{game}'))}</b>")
        lines += [escape(line) for line in screens_for(game).stats_lines(stats[game], tr)]
        lines.append("")
    return "<br>".join(lines)
