"""The scene interface every screen implements."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from scenes.ui.app_services import AppServices


class Scene:
    """A screen: entered, fed events and fixed updates, drawn, then left."""

    def __init__(self, app: AppServices) -> None:
        self.app = app

    def preparation(self) -> Iterator[None]:
        """Work to do before the scene is entered (pictures painted ahead, widgets built unseen),
        yielding between pieces of a few milliseconds: in real time the scene manager runs the
        pieces in the time frames leave, under the last picture, so no frame stalls on a new
        screen."""
        return iter(())

    def enter(self) -> None:
        """Build widgets; called when the scene becomes current."""

    def exit(self) -> None:
        """Remove widgets; called when another scene replaces this one."""

    def close(self) -> None:
        """The program ends with this scene on screen: let go of what would outlive the window
        (a table's connections, the table server this device runs)."""

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

    def catch_up(self) -> bool:
        """Bring what the scene shows up to date between frames (a piece of work); whether
        there was any."""
        return False

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw above the widgets (tiles in flight, hand-over screens)."""

    def toast_place(self) -> pygame.Rect | None:
        """Where a toast (``Toast``) goes on this scene, covering nothing it needs; None: across
        the top of the window."""
        return None
