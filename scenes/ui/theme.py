"""The table's colours, read from the theme (``assets/theme.json``, block ``palette``);
the rest of the theme styles the pygame-gui widgets."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any

from assets import asset_path

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


def load_theme() -> dict[str, Any]:
    """The whole theme file."""
    with open(asset_path("theme.json"), encoding="utf-8") as source:
        theme: dict[str, Any] = json.load(source)
    return theme


def widget_theme(theme: dict[str, Any]) -> dict[str, Any]:
    """The part of the theme pygame-gui reads (everything but the palette)."""
    return {key: value for key, value in theme.items() if key != "palette"}


def palette_of(theme: dict[str, Any]) -> Palette:
    block = theme["palette"]
    return Palette(**{item.name: parse_colour(block[item.name]) for item in fields(Palette)})


COLOURS = palette_of(load_theme())
