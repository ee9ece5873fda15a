"""Issue 40, items 6 and 14: a hint names its choice first, then one short reason in the
player's words (the player addressed as you, vous, tu, kamu in every reason); the numbers
behind it open from its Why? button, explained."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pygame
import pytest
from client_helpers import advance, centre, make_table, mouse_click, press, wait_for_hint

from game.core.match import Match
from scenes.services.translation import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
SEATS = ("human", "greedy", "greedy", "greedy")
NUMBERS = {"won", "deals", "other_won", "chance", "points", "edge"}  # what the weighing counted
WEIGHED_AT = {"chiva": (2, 3), "tiengow": (2, 1)}  # seed, decisions taken: seat 1's hint has numbers behind it

# A reason that opens on a verb with no subject speaks of the play, not to the player
# ("Prend une première colonne … vous payez"): every reason addresses the player instead.
SUBJECTLESS = {
    "en": ("Takes ", "Keeps ", "Leads ", "Plays ", "Blocks ", "Leaves ", "Gets ", "Sheds ", "Gives ", "Wins ",
           "Throws ", "Gains ", "Loses "),
    "fr": ("Prend ", "Garde ", "Entame ", "Joue ", "Bloque ", "Laisse ", "Se ", "Donne ", "Gagne ", "Pose "),
    "it": ("Prende ", "Tiene ", "Esce ", "Gioca ", "Blocca ", "Lascia ", "Conserva ", "Si libera ", "Dà ", "Vince ",
           "Cala ", "Scarta "),
    "id": ("Mengambil ", "Menyimpan ", "Membuka ", "Memainkan ", "Membuat ", "Membiarkan ", "Melepas ", "Memberi ",
           "Menang ", "Membuang ", "Memasang "),
}  # fmt: skip


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "assets" / "i18n" / lang / "core.json").read_text(encoding="utf-8"))


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def reasons(texts: dict) -> dict[str, str]:
    return {k: v for k, v in texts.items() if k.startswith("hint.") and not k.startswith(("hint.why.", "hint.says"))}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item6_reasons_carry_no_numbers_and_every_count_has_its_explanation(lang):
    texts = catalogue(lang)
    for key, text in reasons(texts).items():
        assert not fields(text) & NUMBERS, (lang, key, text)
    for key in ("weighed", "weighed_partner", "weighed_opponent", "best_chance", "choose_self", "choose_partner"):
        assert {"won", "deals"} <= fields(texts["hint.why.how"]) | fields(texts[f"hint.why.{key}"]), key
    for key in ("gains_most", "loses_least", "weighed_keeps", "weighed_discard", "weighed_gain", "weighed_loss"):
        assert "deals" in fields(texts["hint.why.tg.how"]) and fields(texts[f"hint.why.tg.{key}"]) & {"points", "edge"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item14_every_reason_speaks_to_the_player(lang):
    for key, text in reasons(catalogue(lang)).items():
        assert not text.startswith(SUBJECTLESS[lang]), (lang, key, text)


def hinted_table(game: str, lang: str, size=(800, 600)):
    seed, taken = WEIGHED_AT[game]
    match = advance(Match(game, SEATS, seed), lambda m: m.to_act == 1 and len(m.decisions) == taken)
    app, table, _ = make_table(match=match, size=size, lang=lang)
    press(app, pygame.K_h)
    hint = wait_for_hint(app, table)
    press(app, 0, settle=2)  # a frame for the Why? button to be built
    return app, table, hint


@pytest.mark.parametrize("game", ["chiva", "tiengow"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_item6_the_hint_line_names_the_choice_then_why_opens_the_numbers(game, lang):
    app, table, hint = hinted_table(game, lang)
    choice = table.screens.decision_text(hint.decision, table.names, app.tr)
    shown = table.board.status_text()
    said = shown.split(app.tr("hint.says", reason=""), 1)[1]
    assert said.lower().startswith(choice.lower()), (said, choice)
    for number in ("won", "deals", "other_won", "edge", "points"):
        if number in hint.params:
            assert f" {hint.params[number]} " not in f" {said} ", ("a number on the hint line", said)
    assert table.hint.why_button is not None and table.layout.board.contains(table.hint.why_button.rect)
    assert not table.panels.open
    mouse_click(app, centre(table.hint.why_button))
    assert table.panels.why is not None and table.panels.why.alive
    body = table.panels.why.text.html_text
    assert (
        str(hint.params["deals"]) in body and app.tr("hint.why.title") == table.panels.why.window.window_display_title
    )
    count = hint.params.get("won", hint.params.get("edge", hint.params.get("points")))
    assert str(count).replace(".", app.tr("number.decimal_point")) in body


def test_item6_the_why_button_goes_with_its_decision():
    app, table, _ = hinted_table("chiva", "en")
    assert table.hint.why_button is not None
    press(app, pygame.K_RETURN, settle=2)  # the hinted play, played
    assert not table.hint_reason and table.hint.why_button is None
