"""What every scene may ask of the application: the shell's services as a typed protocol
(``scenes.shell.app.App`` is the one implementation), so a scene reading ``app.settigns`` fails
the type check instead of the player's game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame
import pygame_gui

if TYPE_CHECKING:
    from scenes.services.settings import Settings
    from scenes.services.sound import Sounds
    from scenes.services.thinker import Thinker
    from scenes.services.translation import Catalogue
    from scenes.ui.theme import Colour


ArtT = TypeVar("ArtT")


class Scenes(Protocol):
    """The scene manager as a scene sees it (``scenes.shell.manager.SceneManager``, not imported:
    it imports the scenes that import this)."""

    keys_down: set[int]
    running: bool
    real_time: bool

    @property
    def scene(self) -> object:
        """The scene on screen."""

    def resume(self, scene: object) -> None:  # object: a ``scenes.ui.scene.Scene``, which imports this module
        """Make an already built scene current again after this frame."""


class AppServices(Protocol):
    """The window's widgets, settings, words, art, sounds, the computer's thinking and the
    scene switches a scene uses."""

    settings: Settings
    ui: pygame_gui.UIManager
    text: Catalogue
    sounds: Sounds
    thinker: Thinker

    @property
    def manager(self) -> Scenes:
        """The scene manager."""

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out for."""

    def art_of(self, kind: type[ArtT]) -> ArtT:
        """The one painter of tiles of ``kind`` (``TileArt``, ``ChineseArt``, a new game's own),
        made when first asked for and shared by every scene, so its cache is drawn once."""

    def tr(self, key: str, **params: object) -> str:
        """The text of catalogue ``key`` in the player's language."""

    def font(self, size: int, bold: bool = False, smallest: int = 12) -> pygame.font.Font:
        """The game's font at ``size`` px."""

    def text_image(
        self, text: str, size: int, bold: bool = False, colour: Colour = ..., smallest: int = 12
    ) -> pygame.Surface:
        """``text`` rendered once and kept."""

    def show(self, name: str, **arguments: object) -> object:
        """Switch to scene ``name`` after this frame; returns the scene built."""

    def set_language(self, lang: str) -> None:
        """Use ``lang`` from now on."""

    def toggle_fullscreen(self) -> None:
        """Between a window and the full screen."""

    def notify(self, text: str) -> None:
        """Show ``text`` over whatever scene is on screen for a few seconds."""

    def remember(self) -> None:
        """Store the settings."""
