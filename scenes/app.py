"""The application: window, pygame-gui manager, fonts, text, tile art and settings."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import pygame
import pygame_gui

from assets import asset_path
from sprites.tile_art import TileArt

from .manager import SceneManager
from .text import Catalogue

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 600)
ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}


@dataclass
class Settings:
    """What the player chose in the menu."""

    game: str = "chiva"
    seats: list[str] = field(default_factory=lambda: ["human", "computer", "computer", "computer"])
    level: str = "normal"
    seed: int | None = None
    speed: str = "normal"
    lang: str = "en"
    demo: bool = False

    @property
    def pace(self) -> float:
        """Multiplier on every animation and computer pause."""
        return ANIMATION_SPEEDS.get(self.speed, 1.0)


class App:
    """Everything the scenes share."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, flags: int = pygame.RESIZABLE,
                 settings: Settings | None = None) -> None:
        pygame.init()
        pygame.display.set_caption("Domino Table")
        self.screen = pygame.display.set_mode(_clamp(size), flags)
        self.ui = pygame_gui.UIManager(self.screen.get_size())
        self.ui.add_font_paths("noto", *(str(asset_path("fonts", f"NotoSans-{style}.ttf"))
                                         for style in ("Regular", "Bold", "Italic", "BoldItalic")))
        with open(asset_path("theme.json"), encoding="utf-8") as source:
            self._theme = json.load(source)
        self.theme_scale = 0.0
        self.apply_theme()
        self.settings = settings or Settings()
        self.text = Catalogue(self.settings.lang)
        self.art = TileArt()
        self.manager = SceneManager(self.ui, self.apply_theme)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}

    def apply_theme(self) -> None:
        """Load the theme with its font sizes scaled to the window, so text keeps its proportion."""
        width, height = self.screen.get_size()
        scale = round(max(0.75, min(2.0, min(width / DEFAULT_SIZE[0], height / DEFAULT_SIZE[1]))), 2)
        if scale == self.theme_scale:
            return
        self.theme_scale = scale
        theme = json.loads(json.dumps(self._theme))
        for block in theme.values():
            font = block.get("font")
            if font and "size" in font:
                font["size"] = str(max(12, round(int(font["size"]) * scale)))
        self.ui.get_theme().load_theme(theme)
        text_size = int(theme["text_box"]["font"]["size"])
        self.ui.preload_fonts([{"name": "noto", "point_size": text_size, "style": style}
                               for style in ("bold", "italic", "bold_italic")])

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def tr(self, key: str, **params: object) -> str:
        return self.text.tr(key, **params)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(8, int(size)), bold)
        font = self._fonts.get(key)
        if font is None:
            name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
            font = pygame.font.Font(str(asset_path("fonts", name)), key[0])
            self._fonts[key] = font
        return font

    def switch(self, scene) -> None:
        self.manager.switch(scene)


def _clamp(size: tuple[int, int]) -> tuple[int, int]:
    return max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
