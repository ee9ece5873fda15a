"""The window's size as the display reports it, or None while it is not a size to lay out for.

After F11, or while the window is resized from outside, the surface the display gives can
be one SDL is replacing, with sizes like (-2147483648, 1667460464); such a size is "not
ready": the frame keeps the last layout and draws nothing until a sane size is back.
"""

from __future__ import annotations

import pygame
import pygame_gui

LARGEST_SIDE = 16384  # no display shows a window wider or taller (SDL's own limit for a surface)


def sane(size: tuple[int, int]) -> bool:
    """Whether ``size`` is one a window can really have."""
    return all(1 <= side <= LARGEST_SIDE for side in size)


def window_size() -> tuple[int, int] | None:
    """The size of the display's surface, or None if there is none or it is not sane."""
    surface = pygame.display.get_surface()
    if surface is None:
        return None
    size = surface.get_size()
    return size if sane(size) else None


def laid_out_size(ui: pygame_gui.UIManager) -> tuple[int, int]:
    """The size the scenes are laid out for: the widget manager's (set by the scene manager
    from a sane window size, never from a surface being replaced)."""
    width, height = ui.window_resolution
    return int(width), int(height)
