"""The texts of the About and Statistics windows."""

from __future__ import annotations

from assets import asset_path
from game import __version__
from game.registry import GAME_NAMES
from scenes.screens.registry import screens_for
from scenes.services.settings import LEVELS
from scenes.services.stats import EARLIER, STATS_KEYS, STATS_LEVELS, load_stats
from scenes.services.translation import Tr
from scenes.ui.panels import escape
from scenes.ui.stats_chart import chart_file, chart_words


def about_text(tr: Tr) -> str:
    licence = asset_path("fonts", "NotoSans-LICENSE.txt").read_text(encoding="utf-8")
    levels = "".join(
        f"<br><i>{escape(tr(f'level.{level}'))}</i><br>{escape(tr(f'level.about.{level}'))}" for level in LEVELS
    )
    return (
        f"<b>{escape(tr('menu.title'))}</b> {escape(tr('about.version', version=__version__))}<br><br>"
        f"{escape(tr('about.body'))}<br><br><b>{escape(tr('menu.level'))}</b>{levels}<br><br>"
        f"{escape(tr('about.art'))}<br><br><b>{escape(tr('about.fonts'))}</b><br>"
        + escape(licence).replace("\n", "<br>")
    )


def stats_text(tr: Tr, width: int = 600) -> str:
    """Per game, per computer level, what the game's registration counts, and a chart of
    the last rounds (``width`` px wide); the file's problem first, when it had one."""
    stats, problem = load_stats(screens_for)
    lines = [escape(problem.message(tr, *STATS_KEYS)), ""] if problem else []
    for game in GAME_NAMES:
        screens = screens_for(game)
        lines.append(f"<b><u>{escape(tr(f'game.{game}'))}</u></b>")
        levels = stats[game]["levels"]
        if not levels:
            lines.append(f"<i>{escape(tr('stats.none'))}</i>")
        for level in STATS_LEVELS:
            if level in levels:
                heading = tr("stats.earlier") if level == EARLIER else tr("stats.level", level=tr(f"level.{level}"))
                lines.append(f"<b>{escape(heading)}</b>")
                lines += [escape(line) for line in screens.stats_lines(levels[level], tr)]
        history = stats[game]["history"]
        if history:
            lines.append(f"<i>{escape(tr(screens.chart_key, count=len(history)))}</i>")
            lines.append(f'<img src="{chart_file(history, width, chart_words(screens.chart_key, tr))}">')
        else:
            lines.append("")  # the line after a picture stands apart already
    return "<br>".join(lines)
