"""Every translated catalogue matches the English one: keys, placeholders, plurals and markup."""

from __future__ import annotations

import re
import string
from collections import Counter

import pytest

from assets import asset_path
from game.registry import GAME_NAMES
from scenes.services.translation import LANGUAGES, Catalogue, load_catalogue

TRANSLATIONS = ("fr", "it", "id")
PLURAL_FORMS = {"one", "other"}
TAG = re.compile(r"<(/?)([a-z]+)\s*/?>")


def load(lang: str) -> dict:
    return load_catalogue(lang)


ENGLISH = load("en")


def forms(value) -> list[str]:
    """The strings of one catalogue value: itself, or each of its plural forms."""
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def value_placeholders(value) -> set[str]:
    found: set[str] = set()
    for text in forms(value):
        found |= placeholders(text)
    return found


def check_tags(text: str) -> list[str]:
    """Problems with <b>/<i> nesting in ``text``; <br> stands alone."""
    problems, stack = [], []
    for closing, name in TAG.findall(text):
        if name == "br":
            continue
        if not closing:
            stack.append(name)
        elif not stack or stack.pop() != name:
            problems.append(f"unexpected </{name}>")
    problems.extend(f"unclosed <{name}>" for name in stack)
    return problems


@pytest.fixture(params=TRANSLATIONS)
def lang(request) -> str:
    return request.param


def test_every_translation_is_a_listed_language(lang):
    assert lang in LANGUAGES


def test_same_keys_as_english(lang):
    catalogue = load(lang)
    assert sorted(set(ENGLISH) - set(catalogue)) == [], "keys missing"
    assert sorted(set(catalogue) - set(ENGLISH)) == [], "keys not in English"


def test_values_are_strings_or_plural_dicts(lang):
    for key, value in load(lang).items():
        english = ENGLISH[key]
        if isinstance(english, dict):
            assert isinstance(value, dict), key
            assert set(value) >= PLURAL_FORMS, key
            assert set(value) <= set(english) | PLURAL_FORMS, key
        else:
            assert isinstance(value, str), key
        assert all(isinstance(text, str) and text.strip() for text in forms(value)), key


def test_english_plurals_have_one_and_other():
    for key, value in ENGLISH.items():
        if isinstance(value, dict):
            assert set(value) >= PLURAL_FORMS, key


def test_same_placeholders(lang):
    for key, value in load(lang).items():
        english = ENGLISH[key]
        if isinstance(english, dict):
            for form in PLURAL_FORMS:
                assert placeholders(value[form]) == placeholders(english[form]), (key, form)
        else:
            assert placeholders(value) == placeholders(english), key


def test_placeholders_are_named_and_plain(lang):
    """No positional ``{}`` and no format specs: ``tr`` passes only names."""
    for key, value in load(lang).items():
        for text in forms(value):
            for _, field, spec, conversion in string.Formatter().parse(text):
                if field is not None:
                    assert field.isidentifier(), (key, field)
                    assert not spec and conversion is None, (key, field)


def test_html_tags_balanced_and_as_in_english(lang):
    for key, value in load(lang).items():
        for text in forms(value):
            assert check_tags(text) == [], key
        english_tags = Counter(TAG.findall(" ".join(forms(ENGLISH[key]))))
        assert Counter(TAG.findall(" ".join(forms(value)))) == english_tags, key


def test_english_tags_balanced():
    for key, value in ENGLISH.items():
        for text in forms(value):
            assert check_tags(text) == [], key


def test_catalogue_loads_and_fills_every_string(lang):
    catalogue = Catalogue(lang)
    assert catalogue.lang == lang
    assert catalogue.keys() == set(ENGLISH)
    for key, value in ENGLISH.items():
        params = {name: f"<{name}>" for name in value_placeholders(value)}
        for count in (1, 2):
            if isinstance(value, dict):
                params["count"] = count
            text = catalogue.tr(key, **params)
            assert "{" not in text and "}" not in text, key
            for name in params:
                if name != "count":
                    assert f"<{name}>" in text, (key, name)
    assert catalogue.missing == set()


def test_plural_forms_are_chosen_by_count(lang):
    catalogue = Catalogue(lang)
    plural = load(lang)["tg.columns"]
    assert catalogue.tr("tg.columns", count=1) == plural["one"].format(count=1)
    assert catalogue.tr("tg.columns", count=3) == plural["other"].format(count=3)


def test_every_character_is_in_the_font(lang):
    """Text the bundled Noto Sans cannot draw would show as boxes."""
    pygame = pytest.importorskip("pygame")
    pygame.font.init()
    font = pygame.font.Font(str(asset_path("fonts", "NotoSans-Regular.ttf")), 17)
    missing_glyph = font.metrics("\ue000")[0]
    characters = {char for value in load(lang).values() for text in forms(value) for char in text if ord(char) > 127}
    lacking = sorted(char for char in characters if font.metrics(char)[0] == missing_glyph)
    assert lacking == [], [f"U+{ord(char):04X}" for char in lacking]


def game_keys(game: str) -> set[str]:
    """The catalogue keys the client forms from a registered game: its name, its card, its
    Rules (title and every section), its lesson's pages and how-to, and its own words."""
    from scenes.screens.registry import screens_for

    screens = screens_for(game)
    keys = {f"game.{game}", f"menu.about.{game}", f"rules.{game}.title", screens.lesson.how}
    keys |= {f"rules.{section}.body" for section in screens.rule_sections}
    question = screens.words["confirm_restart"]  # a question: its title and its text
    keys |= {f"{question}.title", f"{question}.question"} | set(screens.lesson.pages)
    return keys | {key for name, key in screens.words.items() if name != "confirm_restart"}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_issue25_every_registered_game_has_all_its_catalogue_keys_in_every_language(game, lang):
    catalogue = load(lang)
    assert sorted(game_keys(game) - set(catalogue)) == []
