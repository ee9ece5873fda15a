"""The plain look of wide rounded buttons, made cheaply before the buttons are built.

pygame-gui paints a rounded button's plain look four times larger each way and shrinks it
(a few milliseconds for a wide one, most of what building a button costs). Its columns between
the two rounded ends are all alike, so the look of a narrow button of the same height, painted
by pygame-gui itself, widened by repeating one of those middle columns, is the same picture
pixel for pixel (``tests/test_issue40_lean.py`` compares them). Put in pygame-gui's own cache
of shapes under the key it looks a look up by, it is what a button of that size then takes:
a menu of some twenty buttons of a dozen sizes is built in a third of the time."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.core.drawable_shapes import RoundedRectangleShape

STATE = "normal"  # the look a button shows first (the others are drawn when first shown)
NARROW = 128  # px: the width of the button whose look is widened (pygame-gui paints the inner
# part of a look as its outer part scaled down a few pixels: from about this width on, their
# rounded corners fall on the same pixels in a narrow button as in a wide one)


class ButtonLooks:
    """Plain looks of buttons made ahead for one theme (one window size): the narrow looks
    painted so far are kept for the next buttons."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        self.ui = ui
        self.narrow: dict[tuple[str, int], RoundedRectangleShape | None] = {}

    def make(self, buttons: Iterable[tuple[str, tuple[int, int]]]) -> int:
        """Make the plain look of each button of ``buttons`` (theme class, size) that is
        wider than ``NARROW`` and not in pygame-gui's cache yet; how many were made."""
        made = 0
        for class_id, (width, height) in dict.fromkeys(buttons):
            if width <= NARROW or height >= NARROW:
                continue  # pygame-gui paints it as it is
            key = (class_id, height)
            if key not in self.narrow:
                self.narrow[key] = sample(self.ui, class_id, (NARROW, height))
            shape = self.narrow[key]
            if shape is not None and widen(shape, width):
                made += 1
        return made


def sample(ui: pygame_gui.UIManager, class_id: str, size: tuple[int, int]) -> RoundedRectangleShape | None:
    """The shape of a wordless, unseen button of ``class_id`` painted by pygame-gui at ``size``
    (None: its theme does not round it, or no plain look came of it)."""
    made = pygame_gui.elements.UIButton(
        pygame.Rect((0, 0), size), "", ui, object_id=ObjectID(class_id=class_id), visible=0
    )
    shape = made.drawable_shape
    made.kill()
    if not isinstance(shape, RoundedRectangleShape) or shape.states[STATE].surface is None:
        return None
    if shape.shadow_width or any(width > 2 for width in shape.border_widths.values()):
        return None
    return shape


def widen(shape: RoundedRectangleShape, width: int) -> bool:
    """Put ``shape``'s plain look widened to ``width`` in pygame-gui's cache; whether it was
    not there yet."""
    look = shape.states[STATE].surface
    height = look.get_height()
    key = shape.shape_cache.build_cache_id(
        "rounded_rectangle",
        (width, height),
        shape.shadow_width,
        shape.border_widths,
        cast("pygame.Color", shape.theming[f"{STATE}_border"]),  # the theme's colour (or gradient): the id spells it
        cast("pygame.Color", shape.theming[f"{STATE}_bg"]),
        shape.shape_corner_radius,
    )
    if shape.shape_cache.find_surface_in_cache(key) is not None:
        return False
    shape.shape_cache.add_surface_to_cache(widened(look, width), key)
    return True


def widened(look: pygame.Surface, width: int) -> pygame.Surface:
    """``look`` (a rounded rectangle) ``width`` px wide: its left and right halves at the ends,
    its middle column repeated between them, every pixel copied as it is (alpha too)."""
    narrow, height = look.get_size()
    left = narrow // 2
    right = narrow - left
    picture = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    picture.fill((0, 0, 0, 0))
    copy = pygame.BLEND_RGBA_ADD  # onto nothing: a plain copy, with no blending of alpha
    picture.blit(look, (0, 0), pygame.Rect(0, 0, left, height), copy)
    picture.blit(look, (width - right, 0), pygame.Rect(left, 0, right, height), copy)
    middle = pygame.transform.scale(look.subsurface((left, 0, 1, height)), (width - narrow, height))
    picture.blit(middle, (left, 0), None, copy)
    return picture
