"""The scene interface every screen implements."""

from __future__ import annotations

import pygame


class Scene:
    """A screen: entered, fed events and fixed updates, drawn, then left."""

    def __init__(self, app) -> None:
        self.app = app

    def enter(self) -> None:
        """Build widgets; called when the scene becomes current."""

    def exit(self) -> None:
        """Remove widgets; called when another scene replaces this one."""

    def relayout(self) -> None:
        """Rebuild for a new window size."""
        self.exit()
        self.enter()

    def handle_event(self, event: pygame.event.Event) -> None:
        """An event pygame-gui did not consume."""

    def handle_ui_event(self, event: pygame.event.Event) -> None:
        """A pygame-gui event (button pressed, drop-down changed...)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (always the fixed step)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything below the pygame-gui widgets."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw above the widgets (tiles in flight, hand-over screens)."""
