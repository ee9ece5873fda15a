"""Whether the game's own files are all there and readable: a broken installation is said
in one sentence at start-up, not found by a crash later."""

from __future__ import annotations

from assets import asset_path, read_json

FONTS = ("Regular", "Bold", "Italic", "BoldItalic")


def installation_problem() -> str | None:
    """What is missing or damaged among the fonts, the theme and the catalogues (None: nothing)."""
    import pygame.font

    pygame.font.init()
    for style in FONTS:
        path = asset_path("fonts", f"NotoSans-{style}.ttf")
        try:
            glyphs = pygame.font.Font(str(path), 12).metrics("Aé")  # not rendered: a millisecond a font
        except (OSError, pygame.error) as error:
            return f"its font {path.name} cannot be read ({error})"
        if None in glyphs:  # a damaged file may load, then have no glyphs
            return f"its font {path.name} is damaged"
    theme = asset_path("theme.json")
    catalogues = sorted(asset_path("i18n").glob("*/*.json"))
    if not catalogues:
        return "its texts (assets/i18n) are missing"
    for path in (theme, *catalogues):
        try:
            value = read_json(path)
        except (OSError, ValueError) as error:
            return f"{path.relative_to(asset_path())} cannot be read ({error})"
        if not isinstance(value, dict):
            return f"{path.relative_to(asset_path())} is not what the game wrote there"
    return None
