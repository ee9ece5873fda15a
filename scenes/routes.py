"""Every scene by name: the one place that knows how each is built."""

from __future__ import annotations

from typing import Any

from game.core.match import Match
from scenes.manager import SceneManager
from scenes.menu import MenuScene
from scenes.registry import screens_for
from scenes.review import ReviewScene
from scenes.scene import Scene
from scenes.summary import SummaryScene


def register_scenes(manager: SceneManager, app: Any) -> None:
    """Teach ``manager`` the scenes ``app`` can show."""

    def table(match: Match, lesson: bool = False) -> Scene:
        scene = screens_for(match.name).table(app, match)
        if lesson:
            scene.start_lesson()
        return scene

    manager.register("menu", lambda: MenuScene(app))
    manager.register("table", table)
    manager.register("summary", lambda table: SummaryScene(app, table))
    manager.register("review", lambda match, round_index, back: ReviewScene(app, match, round_index, back))
