"""The table's colours, read from the theme (``assets/theme.json``, block ``palette``);
the rest of the theme styles the pygame-gui widgets."""

from __future__ import annotations

from dataclasses import dataclass, fields

from assets import asset_path, read_json

Colour = tuple[int, ...]


@dataclass(frozen=True)
class Palette:
    """Every colour the scenes draw with, by what it is for."""

    felt: Colour
    felt_dark: Colour
    board: Colour
    ink: Colour
    muted: Colour
    gold: Colour
    warn: Colour
    badge: Colour
    badge_text: Colour
    panel: Colour
    handover: Colour
    shade: Colour
    line_shade: Colour
    team_a: Colour
    team_b: Colour
    seat_1: Colour
    seat_2: Colour
    seat_3: Colour
    seat_4: Colour
    plate: Colour
    ring: Colour
    qr_light: Colour  # a QR code's plate and quiet zone: a phone's camera needs strong contrast
    qr_dark: Colour

    def team(self, team: str) -> Colour:
        """Team "A" or "B"'s colour."""
        return self.team_a if team == "A" else self.team_b

    def seat(self, seat: int) -> Colour:
        """Seat 1-4's own colour, where there are no teams."""
        colours: tuple[Colour, ...] = (self.seat_1, self.seat_2, self.seat_3, self.seat_4)
        return colours[seat - 1]


def parse_colour(text: str) -> Colour:
    """``"#rrggbb"`` or ``"#rrggbbaa"`` as a tuple of ints."""
    digits = text.lstrip("#")
    if len(digits) not in (6, 8):
        raise ValueError(f"not a colour: {text!r}")
    return tuple(int(digits[i : i + 2], 16) for i in range(0, len(digits), 2))


Theme = dict[str, object]
"""The theme file: pygame-gui's blocks by element, and our ``palette``."""


def load_theme() -> Theme:
    """The whole theme file."""
    theme = read_json(asset_path("theme.json"))
    if not isinstance(theme, dict):
        raise ValueError("the theme file does not hold a JSON object")
    return theme


WidgetTheme = dict[str, dict[str, dict[str, str]]]
"""pygame-gui's part of the theme: for each element, its groups (colours, font...) of named strings."""


def widget_theme(theme: Theme) -> WidgetTheme:
    """The part of the theme pygame-gui reads (everything but the palette)."""
    widgets: WidgetTheme = {}
    for element, block in theme.items():
        if element == "palette":
            continue
        if not isinstance(block, dict):
            raise ValueError(f"the theme's {element!r} is not an object")
        widgets[element] = {
            group: {name: str(value) for name, value in items.items()} for group, items in block.items()
        }
    return widgets


def palette_of(theme: Theme) -> Palette:
    block = theme["palette"]
    if not isinstance(block, dict):
        raise ValueError("the theme has no palette")
    return Palette(**{item.name: parse_colour(str(block[item.name])) for item in fields(Palette)})


COLOURS = palette_of(load_theme())
