"""A person's name as every device may show it. A table's server cleans each name a device
gives, and a device cleans again each name a table sends (``session.Chair.cleaned``):
characters that draw nothing or change how the text around them is drawn are removed,
whitespace is folded, and a name is at most ``NAME_GRAPHEMES`` characters as a reader
counts them (an accented letter, or an emoji with its modifiers, is one)."""

from __future__ import annotations

import unicodedata

NAME_GRAPHEMES = 20

ZERO_WIDTH_JOINER = "\u200d"
HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn"}
"""Controls (NUL, ESC, newlines), formats (bidi overrides and isolates, zero-width spaces),
surrogates, private use and unassigned characters: none belongs in a name."""
SPACES = {"Zs", "Zl", "Zp"}
JOINING = {"Mn", "Mc", "Me"}  # marks that join the character before them
MODIFIERS = range(0x1F3FB, 0x1F400)  # emoji skin tones
REGIONAL = range(0x1F1E6, 0x1F200)  # flag letters, drawn in pairs


def clean_name(text: str) -> str:
    """``text`` as a name: hidden characters removed (a zero-width joiner kept inside an
    emoji sequence), runs of whitespace one space, trimmed, cut to ``NAME_GRAPHEMES``."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category in SPACES or char in "\t\n\r\v\f":
            if kept and kept[-1] != " ":
                kept.append(" ")
        elif category not in HIDDEN or char == ZERO_WIDTH_JOINER:
            kept.append(char)
    return _cut("".join(kept).strip(" " + ZERO_WIDTH_JOINER), NAME_GRAPHEMES)


def _cut(text: str, graphemes: int) -> str:
    """The first ``graphemes`` characters of ``text`` as a reader counts them."""
    count, end, flags = 0, 0, 0
    for index, char in enumerate(text):
        point = ord(char)
        joins = (
            unicodedata.category(char) in JOINING
            or point in MODIFIERS
            or char == ZERO_WIDTH_JOINER
            or (index and text[index - 1] == ZERO_WIDTH_JOINER)
            or (point in REGIONAL and flags % 2 == 1)
        )
        flags = flags + 1 if point in REGIONAL else 0
        if not joins:
            if count == graphemes:
                break
            count += 1
        end = index + 1
    return text[:end].rstrip(" " + ZERO_WIDTH_JOINER)
