"""The application: window, pygame-gui manager, fonts, text, tile art, settings and scenes."""

from __future__ import annotations

import contextlib
import copy
import importlib.resources
import sys
from importlib.resources.abc import Traversable

import pygame
import pygame_gui
import pygame_gui.core.utility
from pygame_gui.core import UIFontDictionary
from pygame_gui.core.utility import PackageResource

from scenes.services.persist import save_settings, settle
from scenes.services.settings import Settings
from scenes.services.sound import Sounds
from scenes.services.thinker import Thinker, inline_by_default
from scenes.services.translation import Catalogue
from scenes.shell.manager import FLOOR, SceneManager
from scenes.shell.routes import register_scenes
from scenes.ui.app_services import ArtT
from scenes.ui.drawing import wrap_text
from scenes.ui.scene import Scene
from scenes.ui.theme import COLOURS, Colour, load_theme, widget_theme
from scenes.ui.toast import Toast
from scenes.ui.window import laid_out_size
from sprites.fonts import font_bytes, font_file
from sprites.surface_cache import OWED, SurfaceCache

FONTS_PACKAGE = "assets"  # where pygame-gui finds the game's fonts (``PackageResource``)
DEFAULT_SIZE = (1280, 720)
OFFSCREEN_LARGEST = (3840, 2160)  # the largest window drawn with no display to show it (SDL's dummy driver)


class App:
    """Everything the scenes share."""

    def __init__(
        self, size: tuple[int, int] = DEFAULT_SIZE, flags: int = pygame.RESIZABLE, settings: Settings | None = None
    ) -> None:
        pygame.init()
        pygame.display.set_caption("Domino Table")
        self.settings = settings or Settings()
        self.windowed_size = _clamp(size)
        if self.settings.fullscreen:
            self._screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self._screen = pygame.display.set_mode(self.windowed_size, flags)
        self.ui = pygame_gui.UIManager(self._screen.get_size())
        fonts = self.ui.get_theme().get_font_dictionary()
        assert isinstance(fonts, UIFontDictionary), "pygame-gui's own font dictionary"
        share_font_files()
        fonts.add_font_path(
            "noto",  # read from memory: a font opened from its path keeps its file open
            *(
                PackageResource(FONTS_PACKAGE, f"fonts/NotoSans-{style}.ttf")
                for style in ("Regular", "Bold", "Italic", "BoldItalic")
            ),
        )
        self._texts = SurfaceCache(limit=600, limit_bytes=text_bytes(self.size))  # the words drawn lately
        self._theme = widget_theme(load_theme())
        self.theme_scale = 0.0
        self.apply_theme()
        self.text = Catalogue(self.settings.lang)
        self._art: dict[type, object] = {}  # each kind of tile art, once made
        self.sounds = Sounds(self.settings)
        self.toast = Toast(self.font)
        self.thinker = Thinker(inline_by_default(), tell=lambda key: self.notify(self.tr(key)))
        self.manager = SceneManager(
            self.ui, self.apply_theme, self.toggle_fullscreen, self.toast, self.draw_too_small, self.draw_waiting
        )
        self.manager.spare_work += [LargeBlocks().give_back, OWED.paint_one, self.sounds.make_one]
        register_scenes(self.manager, self)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._waiting_drawn: tuple[int, int] | None = None  # the size the waiting screen was drawn whole at

    def apply_theme(self) -> None:
        """Load the theme with its font sizes scaled to the window, so text keeps its proportion."""
        width, height = self.size
        self._texts.limit_bytes = text_bytes(self.size)
        scale = round(max(0.75, min(2.0, width / DEFAULT_SIZE[0], height / DEFAULT_SIZE[1])), 2)
        if scale == self.theme_scale:
            return
        self.theme_scale = scale
        theme = copy.deepcopy(self._theme)
        for block in theme.values():
            font = block.get("font")
            if font and "size" in font:
                font["size"] = str(max(12, round(int(font["size"]) * scale)))
        self.ui.get_theme().load_theme(theme)
        text_sizes = {int(theme[block]["font"]["size"]) for block in ("text_box", "@panel_text")}
        fonts = self.ui.get_theme().get_font_dictionary()
        missing: list[dict[str, str | int | float]] = [
            {"name": "noto", "point_size": text_size, "style": style}
            for text_size in sorted(text_sizes)
            for style in ("bold", "italic", "bold_italic")
            if not fonts.check_font_preloaded(f"noto_{style}_aa_{text_size}")
        ]
        if missing:
            self.ui.preload_fonts(missing)

    @property
    def screen(self) -> pygame.Surface:
        """The display's surface (SDL may replace it when the window changes), or the last one set."""
        return pygame.display.get_surface() or self._screen

    @screen.setter
    def screen(self, surface: pygame.Surface) -> None:
        self._screen = surface

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out for (not the surface's, which may be changing)."""
        return laid_out_size(self.ui)

    def art_of(self, kind: type[ArtT]) -> ArtT:
        made = self._art.get(kind)
        if made is None:
            made = self._art[kind] = kind()
        assert isinstance(made, kind)
        return made

    def tr(self, key: str, **params: object) -> str:
        return self.text.tr(key, **params)

    def font(self, size: int, bold: bool = False, smallest: int = 12) -> pygame.font.Font:
        """The game's font at ``size`` px, never below ``smallest`` so text stays readable."""
        key = (max(smallest, int(size)), bold)
        font = self._fonts.get(key)
        if font is None:
            name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
            font = pygame.font.Font(font_file(name), key[0])
            self._fonts[key] = font
        return font

    def text_image(
        self, text: str, size: int, bold: bool = False, colour: Colour = (243, 239, 226), smallest: int = 12
    ) -> pygame.Surface:
        """``text`` rendered once and kept: the table draws the same labels every frame."""
        key = (text, max(smallest, int(size)), bold, tuple(colour))
        return self._texts.get(key, lambda: self.font(size, bold, smallest).render(text, True, colour))

    def show(self, name: str, **arguments: object) -> Scene:
        """Switch to scene ``name`` (built from ``arguments``) after this frame; returns it."""
        return self.manager.switch(name, **arguments)

    def set_language(self, lang: str) -> None:
        """Use ``lang`` from now on; the current scene is rebuilt in it at once."""
        self.settings.choose("lang", lang)
        self.text = Catalogue(lang)
        self.remember()
        if self.manager.scene is not None:
            self.manager.scene.relayout()

    def toggle_fullscreen(self) -> None:
        """Between a resizable window and the full screen (F11 or the settings; a full screen
        the command line asked for stays the command line's)."""
        if "fullscreen" in self.settings.held:
            self.settings.for_this_run("fullscreen", not self.settings.fullscreen)
        else:
            self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.windowed_size = self.size
            self._screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self._screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.remember()
        self.manager.resize()

    def draw_too_small(self, surface: pygame.Surface) -> None:
        """The felt with a request for a larger window, in as many lines as it takes."""
        surface.fill(COLOURS.felt_dark)
        width, height = surface.get_size()
        font = self.font(min(22, max(12, height // 12)), bold=True)
        text = self.tr("window.too_small", width=FLOOR[0], height=FLOOR[1])
        lines = wrap_text(font, text, width - 16)
        if len(lines) * font.get_linesize() > height - 8:
            return
        y = (height - len(lines) * font.get_linesize()) // 2
        for line in lines:
            image = font.render(line, True, COLOURS.ink)
            surface.blit(image, image.get_rect(midtop=(width // 2, y)))
            y += font.get_linesize()

    def draw_waiting(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The game's title, "Preparing the table…" and a bar of how far it has come, shown
        while the first screen is made ready. Drawn whole once (None: show all of it); after
        that only the bar is drawn again, and its place returned."""
        width, height = surface.get_size()
        unit = max(12, min(width // 40, height // 24))
        bar = pygame.Rect(0, 0, min(width - 4 * unit, 16 * unit), max(6, unit // 2))
        bar.center = (width // 2, height // 2 + unit * 5 // 2)
        whole = self._waiting_drawn != surface.get_size()
        if whole:
            self._waiting_drawn = surface.get_size()
            surface.fill(COLOURS.felt_dark)
            title = self.text_image(self.tr("menu.title"), 2 * unit, bold=True, colour=COLOURS.gold)
            surface.blit(title, title.get_rect(midbottom=(width // 2, height // 2 - unit // 2)))
            words = self.text_image(self.tr("startup.preparing"), unit, colour=COLOURS.ink)
            surface.blit(words, words.get_rect(midtop=(width // 2, height // 2 + unit // 4)))
        pygame.draw.rect(surface, COLOURS.handover, bar, border_radius=bar.height // 2)
        done = bar.copy()
        done.width = max(bar.height, round(bar.width * self.manager.progress))
        pygame.draw.rect(surface, COLOURS.gold, done, border_radius=bar.height // 2)
        return None if whole else [bar]

    def close(self) -> None:
        """Stop the computer's thinking, let the scene on screen go of its connections and wait
        for the last save to land: the window is closing."""
        if self.manager.scene is not None:
            self.manager.scene.close()
        self.thinker.close()
        settle()

    def notify(self, text: str) -> None:
        """Show ``text`` over whatever scene is on screen for a few seconds."""
        self.toast.show(text)

    def remember(self) -> None:
        """Store the settings; a failure to write them is said, and never stops the game."""
        if self.settings.demo:
            return
        try:
            save_settings(self.settings)
        except OSError as error:
            self.notify(self.tr("error.settings_not_saved", reason=error.strerror or str(error)))


class SharedFontFile:
    """One of the game's font files as pygame-gui reads it (``.read_bytes()``), from the one
    copy ``sprites.fonts`` keeps."""

    def __init__(self, name: str) -> None:
        self.name = name

    def read_bytes(self) -> bytes:
        return font_bytes(self.name)


class FontFiles:
    """``importlib.resources`` as pygame-gui's font loader uses it (``resources.files(package)
    / resource``), but for the game's own fonts: pygame-gui reads a font's whole file for each
    size and style it loads and keeps that copy as long as the font (some twenty copies of 0.6
    MB at 1920x1080); these all share one copy of each file. Anything else is read as before."""

    def __init__(self, package: str | None = None) -> None:
        self.package = package

    def files(self, package: str) -> FontFiles | Traversable:
        return FontFiles(package) if package == FONTS_PACKAGE else importlib.resources.files(package)

    def __truediv__(self, resource: str) -> SharedFontFile | Traversable:
        folder, _, name = resource.rpartition("/")
        if folder == "fonts":
            return SharedFontFile(name)
        return importlib.resources.files(self.package or "") / resource

    def __getattr__(self, name: str) -> object:
        return getattr(importlib.resources, name)  # Any: the module's own, whatever is asked


def share_font_files() -> None:
    """Let pygame-gui read the game's fonts through ``FontFiles`` (its font loader reads them
    through the module ``importlib.resources``, named ``resources`` there)."""
    loader = pygame_gui.core.utility
    if getattr(loader, "resources", None) is importlib.resources:
        loader.resources = FontFiles()  # type: ignore[assignment]  # a stand-in for the module


def text_bytes(size: tuple[int, int]) -> int:
    """What the words kept drawn may weigh: a quarter of a window of pixels, five frames' worth
    (a frame's words take a twentieth of one at most: 0.4 MB at 1920x1080), so an endless
    session keeps a bounded few."""
    return size[0] * size[1]


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter


class LargeBlocks:
    """Have the C allocator (glibc's, on Linux) serve every block of 128 kB or more from a
    mapping of its own, given back to the system when freed. Left to itself it raises that
    threshold to the largest block freed so far: once a window-sized picture (8 MB at
    1920x1080) is freed, pictures, numpy's working arrays and pygame-gui's drafts come from
    the heap, where freed room stays resident, and a long session grows by a megabyte or so
    a round (10 MB less at the peak of a 5-minute demo at 1920x1080)."""

    def __init__(self) -> None:
        self.done = not sys.platform.startswith("linux")

    def give_back(self) -> bool:
        """Set the allocator so (a piece of spare work, once: after the first frame); whether
        it was done now."""
        if self.done:
            return False
        self.done = True
        import ctypes  # here, not at start-up

        with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to set
            ctypes.CDLL(None).mallopt(M_MMAP_THRESHOLD, 128 * 1024)  # Any: a C function through ctypes
        return True


def _clamp(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` made at least the floor, and at most what the display can show."""
    largest = largest_window()
    return (
        min(largest[0], max(FLOOR[0], size[0])),
        min(largest[1], max(FLOOR[1], size[1])),
    )


def largest_window() -> tuple[int, int]:
    """The largest window the display can show whole: its largest desktop (with no display,
    ``OFFSCREEN_LARGEST``)."""
    desktops = [] if pygame.display.get_driver() in ("dummy", "offscreen") else pygame.display.get_desktop_sizes()
    usable = [size for size in desktops if size[0] > 0 and size[1] > 0]
    if not usable:
        return OFFSCREEN_LARGEST
    return max(size[0] for size in usable), max(size[1] for size in usable)
