"""Keyboard focus over a screen's buttons: Tab and Shift+Tab go through them in order, the
arrows to the nearest one that way, Enter or Space presses the focused one. A ring shows
which one has the focus: the first of these keys shows it where it is, the next ones move
it; a press of the mouse or a finger hides it again (the pointer is in use)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame_gui.core import UIElement

from scenes.ui.input import Command, command_of
from scenes.ui.theme import COLOURS

PRESSES = (Command.CONFIRM, Command.SPACE)
ARROWS = {Command.PREV: (-1, 0), Command.NEXT: (1, 0), Command.END_PREV: (0, -1), Command.END_NEXT: (0, 1)}
STEPS = {Command.FOCUS_NEXT: 1, Command.FOCUS_PREV: -1}
NEAR_WEIGHT = 13  # a step the way asked against a step sideways, squared (as Android weighs them)

Target = UIElement | pygame.Rect
"""A pygame-gui widget, or a rectangle the scene draws itself (a menu card)."""


def target_rect(target: Target) -> pygame.Rect:
    """Where ``target`` lies on the screen."""
    return target if isinstance(target, pygame.Rect) else pygame.Rect(target.rect)


def usable(target: Target) -> bool:
    """Whether ``target`` can take the focus: a shown, enabled, living widget, or a rectangle."""
    if isinstance(target, pygame.Rect):
        return True
    return bool(target.alive() and target.visible and target.is_enabled)


class FocusRing:
    """The focus among ``targets`` ((name, target) in Tab order), starting on ``focused``."""

    def __init__(self, targets: Sequence[tuple[str, Target]], focused: str | None = None, shown: bool = False) -> None:
        self.targets = list(targets)
        self.focused: str | None = None
        self.shown = shown
        names = [name for name, target in self.targets if usable(target)]
        if focused in names:
            self.focused = focused
        elif names:
            self.focused = names[0]

    def target(self, name: str | None) -> Target | None:
        return next((target for key, target in self.targets if key == name), None)

    def rect(self) -> pygame.Rect | None:
        """Where the focused target lies, or None without one."""
        target = self.target(self.focused)
        return target_rect(target) if target is not None and usable(target) else None

    def focus(self, name: str) -> None:
        """Put the focus on ``name`` (when it can take it)."""
        target = self.target(name)
        if target is not None and usable(target):
            self.focused = name

    def step(self, by: int) -> None:
        """The next (``by`` = 1) or previous (-1) usable target in Tab order, round the end."""
        names = [name for name, target in self.targets if usable(target)]
        if not names:
            self.focused = None
            return
        if self.focused not in names:
            self.focused = names[0 if by > 0 else -1]
            return
        self.focused = names[(names.index(self.focused) + by) % len(names)]

    def toward(self, dx: int, dy: int) -> None:
        """The nearest usable target the way (``dx``, ``dy``) points; the focus stays put when
        there is none that way. A target in line with the focused one wins, unless another
        lies wholly nearer (the next row comes before a button further down in line)."""
        here = self.rect()
        if here is None:
            self.step(1)
            return
        best: Candidate | None = None
        for name, target in self.targets:
            if name == self.focused or not usable(target):
                continue
            candidate = Candidate.of(name, here, target_rect(target), dx, dy)
            if candidate is not None and (best is None or candidate.better_than(best)):
                best = candidate
        if best is not None:
            self.focused = best.name

    def handle(self, event: pygame.event.Event) -> bool:
        """Tab, Shift+Tab and the arrows show the ring, then move the focus; a pointer press
        hides the ring. Whether the event was one of those keys."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.shown = False
            return False
        command = command_of(event)
        if command not in STEPS and command not in ARROWS:
            return False
        if not self.shown:
            self.shown = True  # the first key shows where the focus is; the next ones move it
        elif command in STEPS:
            self.step(STEPS[command])
        else:
            self.toward(*ARROWS[command])
        return True

    def pressed(self, event: pygame.event.Event) -> str | None:
        """The focused target's name when ``event`` is Enter or Space, else None."""
        if command_of(event) not in PRESSES or self.rect() is None:
            return None
        self.shown = True
        return self.focused

    def draw(self, surface: pygame.Surface, thickness: int = 3, origin: tuple[int, int] = (0, 0)) -> None:
        """The ring round the focused target, just outside it (it shows under the widgets
        too): gold over a dark edge, readable on any colour. ``origin`` is where ``surface``
        lies on the screen."""
        rect = self.rect()
        if rect is None or not self.shown:
            return
        ring = rect.move(-origin[0], -origin[1]).inflate(4 * thickness, 4 * thickness)
        radius = 4 * thickness
        pygame.draw.rect(surface, COLOURS.felt_dark, ring.inflate(2, 2), width=thickness + 2, border_radius=radius)
        pygame.draw.rect(surface, COLOURS.ring, ring, width=thickness, border_radius=radius)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A target the arrow may go to, measured from the focused one along the arrow (``near``:
    to its nearer edge, ``far``: to its farther one) and across it; ``in_line`` when the two
    overlap across the arrow, ``inside`` when it lies on the focused target."""

    name: str
    near: int
    far: int
    across: int
    in_line: bool
    inside: bool  # a button on the focused card: the next step into it

    @staticmethod
    def of(name: str, here: pygame.Rect, there: pygame.Rect, dx: int, dy: int) -> Candidate | None:
        """``there`` measured from ``here`` the way (``dx``, ``dy``) points; None when it does
        not lie that way."""
        if dx:
            ahead = (there.centerx - here.centerx) * dx
            near = there.left - here.right if dx > 0 else here.left - there.right
            far = there.right - here.right if dx > 0 else here.left - there.left
            across = abs(there.centery - here.centery)
            in_line = there.top < here.bottom and there.bottom > here.top
        else:
            ahead = (there.centery - here.centery) * dy
            near = there.top - here.bottom if dy > 0 else here.top - there.bottom
            far = there.bottom - here.bottom if dy > 0 else here.top - there.top
            across = abs(there.centerx - here.centerx)
            in_line = there.left < here.right and there.right > here.left
        inside = here.contains(there)
        if ahead <= 0 or (far <= 0 and not inside):
            return None
        return Candidate(name, near, far, across, in_line, inside)

    def better_than(self, other: Candidate) -> bool:
        if self.inside != other.inside:
            return self.inside
        if self.in_line != other.in_line:
            beside, in_line = (other, self) if self.in_line else (self, other)
            wholly_nearer = beside.far < in_line.near
            return (self is beside) == wholly_nearer
        return self.score < other.score

    @property
    def score(self) -> int:
        return NEAR_WEIGHT * max(0, self.near) ** 2 + self.across**2


def screen_key(
    event: pygame.event.Event,
    focus: FocusRing,
    typing: bool,
    back: Callable[[], None],
    press: Callable[[str], None],
) -> None:
    """An event a screen of buttons and text fields did not give its widgets: while a field
    has the keys (``typing``) they type in it; else Esc goes ``back``, Tab and the arrows move
    the focus and Enter or Space presses the focused button; a pointer hides the ring."""
    if event.type != pygame.KEYDOWN:
        focus.handle(event)
        return
    if typing:
        return
    if command_of(event) is Command.BACK:
        back()
        return
    if focus.handle(event):
        return
    name = focus.pressed(event)
    if name is not None:
        press(name)
