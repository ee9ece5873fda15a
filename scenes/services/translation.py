"""The one translation function: catalogue keys to text, with named placeholders and plurals."""

from __future__ import annotations

import re
from typing import Protocol, cast

from assets import asset_path, read_json

LANGUAGES = ("en", "fr", "it", "id")
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano", "id": "Bahasa Indonesia"}


Entry = str | dict[str, str]
"""A catalogue's value: a string, or its plural forms ("one", "other") by name."""


class Tr(Protocol):
    """A lookup in the player's language (``AppServices.tr``, ``Catalogue.tr``): the text of
    catalogue ``key`` with its ``{name}`` placeholders filled from ``params``."""

    def __call__(self, key: str, **params: object) -> str: ...


class Catalogue:
    """The strings of one language; ``tr(key, **params)`` fills ``{name}`` placeholders.

    A value may be a dict of plural forms ("one", "other"), picked by ``count``.
    A missing key falls back to English and is noted in ``missing``.
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self._strings = load_catalogue(self.lang)
        self._fallback = self._strings if self.lang == "en" else load_catalogue("en")
        self.missing: set[str] = set()
        self._names: tuple[str, ...] | None = None

    def tr(self, key: str, **params: object) -> str:
        entry = self._strings.get(key)
        if entry is None:
            self.missing.add(key)
            entry = self._fallback.get(key, key)
        if isinstance(entry, dict):
            value = entry["one"] if self.is_singular(params.get("count", 0)) and "one" in entry else entry["other"]
        else:
            value = entry
        try:
            return value.format(**params) if params else value
        except (KeyError, IndexError, ValueError):
            return value

    def is_singular(self, count: object) -> bool:
        """French counts 0 and 1 as singular; English and Italian only 1."""
        return count in (0, 1) if self.lang == "fr" else count == 1

    def knows(self, key: str) -> bool:
        """Whether ``key`` has a text (in this language or, failing it, in English)."""
        return key in self._strings or key in self._fallback

    def keys(self) -> set[str]:
        return set(self._strings)

    def proper_names(self) -> tuple[str, ...]:
        """The names a sentence may start with that keep their capital: the Tien Gow tiles'."""
        if self._names is None:
            tiles = (value for key, value in self._strings.items() if re.fullmatch(r"tg\.tile\.[a-z_]+", key))
            self._names = tuple(name for name in tiles if isinstance(name, str) and name[:1].isupper())
        return self._names


def load_catalogue(lang: str) -> dict[str, Entry]:
    """Every string of ``lang``: the files of its folder (one per part of the game) merged.
    A key in two files is an error, so no part silently overrides another."""
    strings: dict[str, Entry] = {}
    for path in sorted(asset_path("i18n", lang).glob("*.json")):
        part = cast("dict[str, Entry]", read_json(path))  # as the catalogue files' own test checks them
        twice = strings.keys() & part.keys()
        if twice:
            raise ValueError(f"{path.name} repeats keys of another {lang} file: {sorted(twice)[:5]}")
        strings.update(part)
    return strings


def continuing(sentence: str, text: Catalogue) -> str:
    """``sentence`` going on after a colon ("Hint: sheds a heavy tile"): its first letter in
    lower case, unless it starts with a name ("Big Six captures…", "Enam Besar…")."""
    if not sentence[:1].isupper() or any(sentence.startswith(name) for name in text.proper_names()):
        return sentence
    return sentence[0].lower() + sentence[1:]


def hint_line(text: Catalogue, reason: str) -> str:
    """The message line for a hint: "Hint: " and its reason, going on in lower case."""
    return text.tr("hint.says", reason=continuing(reason, text))


def hint_words(text: Catalogue, choice: str, reason: str) -> str:
    """What a hint says after "Hint:": the decision it suggests, then its reason going on
    in lower case ("4-6 on the left end — you keep your fives")."""
    return text.tr("hint.line", choice=choice, reason=continuing(reason, text))


def decimal_text(number: str, tr: Tr) -> str:
    """A number written with a decimal point ("+1.5") as the language writes it ("+1,5")."""
    return number.replace(".", tr("number.decimal_point"))


def listing(items: list[str], tr: Tr) -> str:
    """``items`` as a sentence lists them: "you", "you and Right", "you, Right and Left"."""
    if len(items) < 2:
        return "".join(items)
    return tr("list.and", items=", ".join(items[:-1]), last=items[-1])
