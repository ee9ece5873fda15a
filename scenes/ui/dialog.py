"""Themed questions over any scene, truly modal: a window over the whole screen dims
everything under it (the scene and its widgets alike) and takes every press of the mouse
or of a finger, and the scene hands it every key. On the dimmed screen, a panel in the
table's colours with a title, a few lines and large buttons. Tab and the arrows move the
focus between the buttons (a ring round it, on the panel), Enter or Space presses the focused one (at
first the primary one, else the safe one: a question that throws something away makes its safe
answer the primary one), Esc answers with the safe choice (the first, unless named). A key held
down as the question opens (the Enter that asked it) does nothing until it is let go.

Over a table the panel leaves the table in sight (``Sight``): it is placed where it hides least
of the line or the trick, the hand and the plates, and what the question is about (the move an
undo takes back) is lit, drawn over the shade with a ring round it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from scenes.ui.app_services import AppServices
from scenes.ui.drawing import fit_text, wrap_text
from scenes.ui.event_fields import element_of, key_of
from scenes.ui.focus import FocusRing
from scenes.ui.input import Command, command_of
from scenes.ui.theme import COLOURS
from scenes.ui.widgets import TEXT_MARGIN, button, name_of

STACKED = 4  # from this many choices on, they are stacked in a column (a list of languages); fewer
# are stacked too when their words would not fit side by side


@dataclass(frozen=True)
class Sight:
    """What a dialog over a table leaves in sight: groups of places on the screen, most
    important first (the line or the trick, the hand, the plates), and the places it lights
    (what the question is about), which come before them all."""

    groups: tuple[tuple[pygame.Rect, ...], ...] = ()
    lit: tuple[pygame.Rect, ...] = ()


def covered(panel: pygame.Rect, places: Sequence[pygame.Rect]) -> int:
    """How many pixels of ``places`` the ``panel`` hides."""
    return sum(clip.width * clip.height for clip in (panel.clip(place) for place in places))


def clear_spot(size: tuple[int, int], window: tuple[int, int], sight: Sight, margin: int) -> pygame.Rect:
    """Where a panel of ``size`` goes, centred across the ``window``: in the middle, unless
    somewhere above or below it hides less of ``sight`` (what it lights first, then each group
    in turn); of two places that hide as much, the nearer the middle."""
    w, h = window
    middle = pygame.Rect((w - size[0]) // 2, max(0, (h - size[1]) // 2), size[0], min(h, size[1]))
    groups = (sight.lit, *sight.groups)
    places = [place for group in groups for place in group]
    if not places:
        return middle
    tops = set()
    for gap in (margin, 0):  # a margin round it where there is room, flush where there is not
        tops |= {gap, h - size[1] - gap}
        for place in places:
            tops |= {place.bottom + gap, place.top - gap - size[1]}
    spots = [middle, *(middle.move(0, top - middle.y) for top in sorted(tops) if 0 <= top <= h - size[1])]
    return min(spots, key=lambda spot: (*(covered(spot, g) for g in groups), abs(spot.centery - middle.centery)))


def modal_window(app: AppServices) -> pygame_gui.elements.UIWindow:
    """A window over the whole screen, above every other widget and window: it dims what
    lies under it (its theme's background is the shade) and takes every press; what is
    built in it is the only thing that reacts."""
    w, h = app.size
    window = pygame_gui.elements.UIWindow(
        pygame.Rect(0, 0, w, h),
        app.ui,
        object_id=ObjectID(object_id="#modal_window"),
        resizable=False,
        draggable=False,
        always_on_top=True,
    )
    window.set_blocking(True)
    app.ui.set_focus_set(window)  # a text field under it types no more
    return window


def panel_picture(app: AppServices, size: tuple[int, int], unit: float, title: str) -> pygame.Surface:
    """A modal panel in the table's colours, gold-edged, with its ``title`` at the top."""

    def px(design: float) -> int:
        return max(1, round(design * unit))

    picture = pygame.Surface(size, pygame.SRCALPHA)
    local = picture.get_rect()
    radius = px(18)
    pygame.draw.rect(picture, COLOURS.panel, local, border_radius=radius)
    pygame.draw.rect(picture, COLOURS.gold, local, width=max(2, px(2)), border_radius=radius)
    image = app.text_image(title, px(26), True, COLOURS.gold)
    if image.get_width() > size[0] - px(32):
        image = fit_text(app, title, px(26), size[0] - px(32), True, COLOURS.gold)
    picture.blit(image, image.get_rect(midtop=(local.centerx, px(28))))
    return picture


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer: its name, its text, whether it is the answer Enter gives, and what it
    then does (nothing: the question is only closed)."""

    name: str
    text: str
    primary: bool = False
    then: Callable[[], None] | None = None


class Dialog:
    """An open question; once a choice is taken, ``answer(name)`` is called with its name,
    then the choice's own ``then``. Stacked choices take up to ``columns`` columns, as their
    words fit; over a table it leaves in ``sight`` what it can."""

    def __init__(
        self,
        app: AppServices,
        unit: float,
        title: str,
        body: str,
        choices: Sequence[Choice],
        answer: Callable[[str], None],
        safe: str | None = None,
        sight: Sight | None = None,
        columns: int = 1,
    ) -> None:
        self.app = app
        self.unit = unit
        self.title = title
        self.body = body
        self.choices = list(choices)
        self.answer = answer
        self.safe = safe or self.choices[0].name  # the answer Esc gives
        self.sight = sight or Sight()
        self.columns = columns
        self.lit: list[tuple[pygame.Rect, pygame.Surface]] = []  # each lit place, and what was under the shade there
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.window: pygame_gui.elements.UIWindow | None = None
        self.picture: pygame_gui.elements.UIImage | None = None
        self.open = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.primary = next((c.name for c in self.choices if c.primary), self.safe)
        self.focus = FocusRing([])
        self.stale = set(app.manager.keys_down)  # keys held as it opened: they wait to be let go
        self.build()

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    def build(self) -> None:
        """Place the window, the panel and its buttons for the current window size (again
        after a resize or a change of language, which clear every widget)."""
        self.kill_widgets()
        w, h = self.app.size
        button_h = max(48, self.px(58))
        gap = self.px(14)
        rows = self.rows(min(w - self.px(24), self.px(640)), gap)
        stacked = len(rows) > 1 and max(len(row) for row in rows) == 1
        body_font = self.app.font(self.px(19))
        line_h = body_font.get_linesize()
        title_h = self.app.font(self.px(26), True).get_linesize()
        buttons_h = len(rows) * button_h + (len(rows) - 1) * gap
        places = [place for group in (self.sight.lit, *self.sight.groups) for place in group]
        for width in sorted(
            {min(w - self.px(24), self.px(size)) for size in ((520,) if stacked else (640, 800, 960, 1200))}
        ):
            # wider, in fewer lines, when the narrower panel finds no place that hides nothing
            lines = wrap_text(body_font, self.body, width - self.px(56)) if self.body else []
            text_h = self.px(14) + len(lines) * line_h + self.px(26) if lines else self.px(22)
            height = self.px(28) + title_h + text_h + buttons_h + self.px(24)
            self.panel = clear_spot((width, height), (w, h), self.sight, self.px(8))
            if not covered(self.panel, places):
                break
        self.lines = lines
        self.window = modal_window(self.app)
        top = self.panel.bottom - self.px(24) - buttons_h
        for index, row in enumerate(rows):
            each = (width - self.px(48) - gap * (len(row) - 1)) // len(row)
            y = top + index * (button_h + gap)
            for place, choice in enumerate(row):
                rect = pygame.Rect(self.panel.x + self.px(24) + place * (each + gap), y, each, button_h)
                self.buttons[choice.name] = button(
                    self.app.ui, rect, choice.text, f"dialog_{choice.name}", choice.primary, container=self.window
                )
        self.focus = FocusRing(list(self.buttons.items()), self.focus.focused or self.primary, self.focus.shown)
        self.picture = pygame_gui.elements.UIImage(
            self.panel, self.panel_picture(), self.app.ui, container=self.window, starting_height=0
        )
        ring = self.px(6)
        self.lit = [
            (place, pygame.Surface(place.size))
            for place in (lit.clip(pygame.Rect(0, 0, w, h)) for lit in self.sight.lit)
            if place.width and place.height and not place.inflate(2 * ring, 2 * ring).colliderect(self.panel)
        ]

    def rows(self, width: int, gap: int) -> list[list[Choice]]:
        """The choices in rows of buttons: side by side when they are few and their words fit
        a row of ``width``; else stacked, in as many columns (up to ``columns``) as fit."""
        choices = self.choices
        if len(choices) < STACKED and self.fit(len(choices), width, gap):
            return [choices]
        across = next((n for n in range(self.columns, 1, -1) if self.fit(n, width, gap)), 1)
        return [choices[i : i + across] for i in range(0, len(choices), across)]

    def fit(self, across: int, width: int, gap: int) -> bool:
        """Whether every choice's words fit its button when ``across`` buttons share a row of ``width``."""
        each = (width - self.px(48) - gap * (across - 1)) // across
        font = self.app.font(self.px(19))
        return all(font.size(choice.text)[0] + 2 * TEXT_MARGIN <= each for choice in self.choices)

    def panel_picture(self) -> pygame.Surface:
        """The panel with its title and lines, and the focus ring round the focused button."""
        picture = panel_picture(self.app, self.panel.size, self.unit, self.title)
        local = picture.get_rect()
        y = self.px(28) + self.app.font(self.px(26), True).get_linesize() + self.px(14)
        for line in self.lines:
            image = self.app.text_image(line, self.px(19), False, COLOURS.ink)
            picture.blit(image, image.get_rect(midtop=(local.centerx, y)))
            y += image.get_height()
        self.focus.draw(picture, max(2, self.px(3)), self.panel.topleft)
        return picture

    def kill_widgets(self) -> None:
        if self.window is not None:
            self.window.kill()
        self.window = self.picture = None
        self.buttons = {}

    def close(self) -> None:
        self.kill_widgets()
        self.open = False

    def choose(self, name: str) -> None:
        self.close()
        self.answer(name)
        chosen = next((choice for choice in self.choices if choice.name == name), None)
        if chosen is not None and chosen.then is not None:
            chosen.then()

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """Take a button press meant for this dialog; returns whether it was one."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = name_of(self.buttons, element_of(event))
        if name is None:
            return False
        self.choose(name)
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys: Tab and the arrows move the focus, Enter or Space presses the focused button,
        Esc takes the safe choice. Every other event is the dialog's too: nothing
        under it reacts."""
        if event.type == pygame.KEYUP:
            self.stale.discard(key_of(event))
            return
        if event.type == pygame.KEYDOWN and key_of(event) in self.stale:
            return
        shown = self.focus.shown
        if self.focus.handle(event) or shown != self.focus.shown:
            if self.picture is not None:
                self.picture.set_image(self.panel_picture())
            return
        if command_of(event) is Command.BACK:
            self.choose(self.safe)
            return
        name = self.focus.pressed(event)
        if name is not None:
            self.choose(name)

    def draw(self, surface: pygame.Surface) -> None:
        """Under the shade (the window over the screen draws it, the panel and the buttons):
        what lies at each lit place is kept, to be put back over the shade (``draw_over``)."""
        for place, kept in self.lit:
            kept.blit(surface, (0, 0), place)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Over the shade: each lit place as it was under it, with a ring round it."""
        ring = self.px(6)
        for place, kept in self.lit:
            surface.blit(kept, place)
            pygame.draw.rect(surface, COLOURS.gold, place.inflate(ring, ring), max(2, self.px(3)), self.px(8))
