"""Drive the real client headless: post pygame events and run frames."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.advice import Hint
from game.core.match import Match
from scenes.services.settings import Settings
from scenes.shell.app import App
from scenes.ui import seat_plate
from scenes.ui.still_layer import StillLayer
from sprites.chinese_art import ChineseArt
from sprites.tile_art import TileArt

FRAME_LIMIT = 4000


def make_table(
    game: str = "chiva",
    seats=("human", "greedy", "greedy", "greedy"),
    seed: int = 1,
    size=(1280, 720),
    speed: str = "fast",
    match: Match | None = None,
    lang: str = "en",
):
    app = App(size, settings=Settings(game=game, speed=speed, lang=lang))
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
        held = getattr(table.board, "lingering", None)
        if held is not None and held.held:
            press(app, pygame.K_RETURN)  # a finished trick waits for the person to go on
            continue
        if match.to_act is not None and match.is_human(match.to_act) and not table.animating and not table.handover:
            return True
        frames(app)
    raise AssertionError("no person's turn came")


def centre(widget) -> tuple[int, int]:
    return widget.rect.center


HINT_FRAMES = 600


def wait_for_hint(app: App, table) -> Hint:
    """Run frames until the table holds its hint for the decision to take now (a hint may be
    worked out in the background and arrive some frames after it was asked); returns it."""
    for _ in range(HINT_FRAMES):
        if table.last_hint is not None and table.last_hint[0] == table.turn_key:
            return table.last_hint[1]
        frames(app)
    raise AssertionError("no hint came for this decision")


def advance(match: Match, wanted: Callable[[Match], bool], limit: int = 20_000) -> Match:
    """Play on, round after round (people take their first legal decision), until ``wanted``."""
    for _ in range(limit):
        if wanted(match):
            return match
        if match.round.is_over:
            match.next_round()
        elif match.computer_to_act:
            match.play_computer()
        else:
            match.push(match.legal_moves()[0])
    raise AssertionError("the situation never came")


def to_the_last_decision(match: Match) -> Match:
    """Let the computer seats play the round on in the engine until one decision is left,
    the one a table then plays itself (the round ends as it would have, frame after frame)."""
    rest = match.copy()
    left = 0
    while not rest.round.is_over:
        rest.play_computer()
        left += 1
    for _ in range(left - 1):
        match.play_computer()
    return match


@dataclass(frozen=True)
class Drawn:
    """One image a draw put on the screen: a text (with its font size), a tile face or a back."""

    kind: str  # "text", "face" or "back"
    what: Any  # the text, or the tile of a face
    size: int  # the text's font size, or the tile's short side
    rect: pygame.Rect


class Canvas(pygame.Surface):
    """A surface that keeps the source and rectangle of every blit on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        rect = super().blit(source, dest, area, special_flags)
        self.blits.append((source, rect))
        return rect


def draw_recorded(app: App, draw: Callable[[pygame.Surface], None]) -> list[Drawn]:
    """Call ``draw`` (a scene's ``draw``, or part of it) on a window-sized surface and say what
    it drew where: each text the app rendered and each tile face or back from the tile art,
    in drawing order."""
    made: dict[int, tuple[pygame.Surface, str, Any, int]] = {}  # each image kept: no id is reused
    patched: list[tuple[Any, str]] = []

    def tag(owner: Any, name: str, kind: str, describe: Callable[..., tuple[Any, int]]) -> None:
        original = getattr(owner, name)

        def tagged(*args, **kwargs):
            image = original(*args, **kwargs)
            made[id(image)] = (image, kind, *describe(*args, **kwargs))
            return image

        setattr(owner, name, tagged)
        patched.append((owner, name))

    tag(app, "text_image", "text", lambda text, size, *_, smallest=12, **__: (text, max(smallest, int(size))))
    for art in (app.art_of(TileArt), app.art_of(ChineseArt)):
        tag(art, "face", "face", lambda tile, short, *_, **__: (tile, short))
        tag(art, "back", "back", lambda short, *_, **__: (None, short))
    canvas = Canvas(app.size)
    cached_plate, cached_still = seat_plate.still_plate, StillLayer.lay
    seat_plate.still_plate = seat_plate.paint_still  # each plate painted where it is seen, not copied
    StillLayer.lay = lambda layer, surface, lagging: layer.painter.paint_still(surface)  # and the still parts
    try:
        draw(canvas)
    finally:
        seat_plate.still_plate, StillLayer.lay = cached_plate, cached_still
        for owner, name in patched:
            delattr(owner, name)
    return [Drawn(*made[id(source)][1:], rect) for source, rect in canvas.blits if id(source) in made]


def texts(drawn: list[Drawn]) -> list[str]:
    return [d.what for d in drawn if d.kind == "text"]
