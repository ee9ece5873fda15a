"""The application: window, pygame-gui manager, fonts, text, tile art and settings."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import pygame
import pygame_gui

from assets import asset_path
from sprites.tile_art import TileArt

from .manager import SceneManager
from .persist import save_settings
from .sound import Sounds
from .text import Catalogue

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 600)
ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}


LEVELS = ("easy", "normal", "hard")
HANDS = ("right", "left")


@dataclass
class Settings:
    """What the player chose in the menu; the ``STORED`` ones are remembered between runs."""

    game: str = "chiva"
    seats: list[str] = field(default_factory=lambda: ["human", "computer", "computer", "computer"])
    level: str = "normal"
    seed: int | None = None
    speed: str = "normal"
    lang: str = "en"
    demo: bool = False
    sound: bool = True
    volume: float = 0.7
    fullscreen: bool = False
    handed: str = "right"

    STORED = ("lang", "level", "speed", "sound", "volume", "fullscreen", "handed")

    @staticmethod
    def valid(name: str, value: object, languages: tuple[str, ...]) -> bool:
        """Whether a stored ``value`` may be used for setting ``name``."""
        if name == "lang":
            return value in languages
        if name == "level":
            return value in LEVELS
        if name == "speed":
            return value in ANIMATION_SPEEDS
        if name in ("sound", "fullscreen"):
            return isinstance(value, bool)
        if name == "volume":
            return isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0
        if name == "handed":
            return value in HANDS
        return False

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
        self.settings = settings or Settings()
        self.windowed_size = _clamp(size)
        if self.settings.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, flags)
        self.ui = pygame_gui.UIManager(self.screen.get_size())
        self.ui.add_font_paths("noto", *(str(asset_path("fonts", f"NotoSans-{style}.ttf"))
                                         for style in ("Regular", "Bold", "Italic", "BoldItalic")))
        with open(asset_path("theme.json"), encoding="utf-8") as source:
            self._theme = json.load(source)
        self.theme_scale = 0.0
        self.apply_theme()
        self.text = Catalogue(self.settings.lang)
        self.art = TileArt()
        self.sounds = Sounds(self.settings)
        self.manager = SceneManager(self.ui, self.apply_theme, self.toggle_fullscreen)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple, pygame.Surface] = {}

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
        fonts = self.ui.get_theme().get_font_dictionary()
        missing = [{"name": "noto", "point_size": text_size, "style": style}
                   for style in ("bold", "italic", "bold_italic")
                   if not fonts.check_font_preloaded(f"noto_{style}_aa_{text_size}")]
        if missing:
            self.ui.preload_fonts(missing)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def tr(self, key: str, **params: object) -> str:
        return self.text.tr(key, **params)

    def font(self, size: int, bold: bool = False, smallest: int = 12) -> pygame.font.Font:
        """The game's font at ``size`` px, never below ``smallest`` so text stays readable."""
        key = (max(smallest, int(size)), bold)
        font = self._fonts.get(key)
        if font is None:
            name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
            font = pygame.font.Font(str(asset_path("fonts", name)), key[0])
            self._fonts[key] = font
        return font

    def text_image(self, text: str, size: int, bold: bool = False, colour=(243, 239, 226),
                   smallest: int = 12) -> pygame.Surface:
        """``text`` rendered once and kept: the table draws the same labels every frame."""
        key = (text, max(smallest, int(size)), bold, tuple(colour))
        image = self._texts.get(key)
        if image is None:
            if len(self._texts) > 600:
                self._texts.clear()
            image = self.font(size, bold, smallest).render(text, True, colour)
            self._texts[key] = image
        return image

    def switch(self, scene) -> None:
        self.manager.switch(scene)

    def set_language(self, lang: str) -> None:
        """Use ``lang`` from now on; the current scene is rebuilt in it at once."""
        self.settings.lang = lang
        self.text = Catalogue(lang)
        self.remember()
        if self.manager.scene is not None:
            self.manager.scene.relayout()

    def toggle_fullscreen(self) -> None:
        """Between a resizable window and the full screen (F11 or the settings)."""
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.remember()
        self.manager.resize()

    def remember(self) -> None:
        """Store the settings; a failure to write them never stops the game."""
        if self.settings.demo:
            return
        try:
            save_settings(self.settings)
        except OSError:
            pass


def _clamp(size: tuple[int, int]) -> tuple[int, int]:
    return max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
