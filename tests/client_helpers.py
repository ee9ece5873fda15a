"""Drive the real client headless: post pygame events and run frames."""

from __future__ import annotations

import pygame

from game.core.match import Match
from scenes.app import App
from scenes.settings import Settings

FRAME_LIMIT = 4000


def make_table(
    game: str = "chiva",
    seats=("human", "greedy", "greedy", "greedy"),
    seed: int = 1,
    size=(1280, 720),
    speed: str = "fast",
    match: Match | None = None,
):
    app = App(size, settings=Settings(game=game, speed=speed))
    match = match or Match(game, seats, seed)
    table = app.show("table", match=match)
    app.manager.run_frames(1)
    return app, table, match


def frames(app: App, count: int = 1) -> None:
    app.manager.run_frames(count)


def mouse_click(app: App, pos, settle: int = 2) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    frames(app, settle)


def finger_tap(app: App, pos, settle: int = 2) -> None:
    """A tap as SDL reports it: finger events, plus the mouse events it synthesises (flagged touch)."""
    w, h = app.size
    x, y = pos[0] / w, pos[1] / h
    common = {"touch_id": 1, "finger_id": 0, "dx": 0.0, "dy": 0.0, "pressure": 1.0}
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, **common))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x, y=y, **common))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1, touch=True))
    frames(app, settle)


def press(app: App, key: int, mod: int = 0, settle: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    frames(app, settle)


def wait_for_person(app: App, table) -> bool:
    """Run frames until a person must act at the table (True) or the round is over (False)."""
    for _ in range(FRAME_LIMIT):
        if app.manager.scene is not table:
            return False
        match = table.match
        if match.round.is_over:
            return False
        held = getattr(table, "lingering", None)
        if held is not None and held.held:
            press(app, pygame.K_RETURN)  # a finished trick waits for the person to go on
            continue
        if match.to_act is not None and match.is_human(match.to_act) and not table.animating and not table.handover:
            return True
        frames(app)
    raise AssertionError("no person's turn came")


def centre(widget) -> tuple[int, int]:
    return widget.rect.center
