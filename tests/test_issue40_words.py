"""Issue 40, item 14: the words of the French, Italian and Indonesian catalogues as a native reader
finds them. One word per idea in each language (Tien Gow's deal never called a block game's
round, Redo named as its button, a doubled payment said one way), one form of address per
catalogue, French typography (no-break spaces before : ; ? ! and inside « »), and none of the
mistranslations or calques the reader found. Every check reads the live catalogues through the
client's own loader; the hint texts (hint.*) and level texts (level.*) have their own tests."""

from __future__ import annotations

import re

import pytest

from scenes.screens.registry import screens_for
from scenes.services.translation import load_catalogue

NO_BREAK = "\u00a0\u202f"
OTHER_HELPERS = ("hint.", "level.")


def strings(lang: str, *, all_keys: bool = False) -> list[tuple[str, str]]:
    """(key, text) for every string of ``lang``, each plural form apart; without the hint and
    level texts unless ``all_keys``."""
    found = []
    for key, value in load_catalogue(lang).items():
        if not all_keys and key.startswith(OTHER_HELPERS):
            continue
        for text in value.values() if isinstance(value, dict) else (value,):
            found.append((key, text))
    return found


def text_of(lang: str, key: str) -> str:
    value = load_catalogue(lang)[key]
    return " ".join(value.values()) if isinstance(value, dict) else value


def offending(lang: str, pattern: str, *, flags: int = 0, all_keys: bool = False) -> list[str]:
    found = re.compile(pattern, flags)
    return [f"{key}: {text}" for key, text in strings(lang, all_keys=all_keys) if found.search(text)]


# --- French typography --------------------------------------------------------------------------


def test_item14_fr_every_guillemet_holds_its_word_with_a_no_break_space():
    for key, text in strings("fr", all_keys=True):
        for at in (m.start() for m in re.finditer("«", text)):
            assert text[at + 1 : at + 2] in tuple(NO_BREAK), (key, text)
        for at in (m.start() for m in re.finditer("»", text)):
            assert at > 0 and text[at - 1] in NO_BREAK, (key, text)


def test_item14_fr_a_space_before_colon_semicolon_question_and_exclamation_marks_never_breaks():
    """The space before a high mark ("Manche suivante : …", "Pourquoi ?", "Bien joué !") is a
    no-break one, so the mark can never start a line of its own."""
    assert offending("fr", r" [:;?!]") == []
    assert "\u00a0:" in text_of("fr", "next.opens") and text_of("fr", "summary.why") == "Pourquoi\u00a0?"


def test_item14_fr_apostrophes_are_typographic():
    assert offending("fr", "'") == []


def test_item14_it_guillemets_have_no_spaces_inside_and_id_no_double_spaces():
    assert offending("it", r"« | »") == []
    assert offending("it", " {2}") == [] and offending("id", " {2}") == [] and offending("fr", " {2}") == []


# --- One word per idea --------------------------------------------------------------------------


def tien_gow_keys() -> set[str]:
    """Every key only Tien Gow shows: its own families of keys and the words its screens use."""
    catalogue = load_catalogue("fr")
    own = {key for key in catalogue if key.startswith(("tg.", "learn.tg.", "learn.tiengow.", "rule.tiengow."))}
    own.add("rules.tiengow.body")
    for key in screens_for("tiengow").words.values():
        own |= {k for k in catalogue if k == key or k.startswith(key + ".")}
    return own


def test_item14_fr_tien_gow_is_played_in_deals_and_never_says_manche():
    """In French a block game is played in "manches", Tien Gow in "donnes" (Italian says "mano"
    and Indonesian "ronde" for both, so only French has two words to keep apart)."""
    keys = tien_gow_keys()
    assert {"tg.title", "button.next_deal", "confirm.restart_deal.title", "learn.tg.last_trick"} <= keys
    assert [key for key in sorted(keys) if re.search(r"\bmanches?\b", text_of("fr", key), re.I)] == []
    assert "Donne" in text_of("fr", "word.deal") and "Manche" in text_of("fr", "word.round")


SHARED_BY_BOTH_FAMILIES = (
    "why.title",  # the Why? window of both families
    "learn.finished",  # the end of every lesson
    "learn.deal_over",
    "learn.restarted",
    "stats.none",  # the statistics page of every game
    "error.nothing_to_undo",  # refused by the match controller of every game
)


def test_item14_fr_words_both_families_show_name_neither_a_round_nor_a_deal():
    for key in SHARED_BY_BOTH_FAMILIES:
        assert not re.search(r"\b(manches?|donnes?)\b", text_of("fr", key), re.I), key


def test_item14_redo_is_named_as_its_button_everywhere():
    """French "Rétablir" (never "rejouer", which is Restart), Italian "Ripristina" (never
    "ripetere")."""
    redo = [key for key in load_catalogue("en") if "redo" in key and not key.startswith(OTHER_HELPERS)]
    assert len(redo) >= 10
    for key in redo:
        assert re.search(r"rétabl", text_of("fr", key), re.I), key
        assert "rejou" not in text_of("fr", key), key
        assert re.search(r"ripristin", text_of("it", key), re.I), key
    assert offending("it", r"\bripet", flags=re.I) == []


def test_item14_id_a_doubled_payment_is_said_one_way():
    assert offending("id", r"dikali dua|\bganda\b|dilipatgandakan", flags=re.I) == []
    for key in ("tg.summary.doubled", "rule.tiengow.13.banker", "tg.immediate.supreme"):
        assert "dilipatduakan" in text_of("id", key), key
    assert text_of("id", "rules.tiengow.body").count("ilipatduakan") == 4


def test_item14_id_one_verb_for_winning_and_a_play_is_a_move():
    assert offending("id", r"\bmemenangi\b") == []
    assert offending("id", r"permainan (terbuka )?terbaik|mengalahkan permainan|keempat permainan", flags=re.I) == []
    assert "sebagai pengikut" not in text_of("id", "rules.tiengow.body").lower()
    assert text_of("id", "error.supreme_follows").startswith("Saat mengikuti")


def test_item14_id_a_match_is_a_pertandingan_and_keeping_a_hand_is_accepting_it():
    for key in ("online.cannot_save.disk_full", "online.cannot_save.read_only", "online.cannot_save.cannot_write"):
        assert "Pertandingan berlanjut" in text_of("id", key), key
    assert offending("id", r"\b(menyimpan batu|Simpan batu)") == []
    assert "menerima" in text_of("id", "log.kept") and "Terima" in text_of("id", "button.accept")


def test_item14_it_lead_is_uscire_and_the_host_is_chi_ospita():
    """The host is "chi ospita" at the table as in the lobby ("ospite" is also the guest)."""
    assert offending("it", r"\bl’ospite\b", flags=re.I) == []
    assert "chi ospita" in text_of("it", "error.not_host").lower()
    for key in ("tg.summary.captured", "rule.tiengow.14", "tg.why.supreme"):
        assert re.search(r"\b(uscit[oa]|uscita)\b", text_of("it", key)), key
        assert not re.search(r"\b(ha aperto|l’ha aperta|in apertura)\b", text_of("it", key)), key


# --- The words the reader found -----------------------------------------------------------------

GONE = {
    "fr": (
        r"famille a son propre ordre",
        r"\bun (Huit|Neuf|Sept|Cinq) seul\b",
        r"\b(part|partent|vont|aller) face (cachée|visible)",
        r"\ben chemin\b",
        r"\bune partie du jeu\b",  # "partie" is the match
        r"d’autant moins qu’ils ont pris de colonnes",
    ),
    "it": (
        r"\bRipeti\b",
        r"numero di partita|partita numero",
        r"quante te\b",
        r"il gioco migliore",
    ),
    "id": (
        r"permainan terbaik",
        r"dilipatgandakan",
        r"Total berjalan",
        r"Jumlah ronde",  # reads "number of rounds"
        r"dua tim berdua",
        r"Permainan berlanjut",
    ),
}


@pytest.mark.parametrize("catalogue", sorted(GONE))  # cheap: every language in the quick loop too
def test_item14_the_words_the_reader_found_are_gone(catalogue):
    for pattern in GONE[catalogue]:
        assert offending(catalogue, pattern, flags=re.I, all_keys=True) == [], pattern


def test_item14_tien_gow_starts_a_new_match_as_the_block_games_do():
    """No "Nouvelle série" / "Nuova sessione" / "Sesi baru" button of its own ("série" is the
    streak in French)."""
    for lang, old in (("fr", "Nouvelle série"), ("it", "Nuova sessione"), ("id", "Sesi baru")):
        assert old not in load_catalogue(lang).values(), lang
    assert offending("it", r"sessione", flags=re.I, all_keys=True) == []
    assert screens_for("tiengow").words["new_match"] == screens_for("chiva").words["new_match"]


def test_item14_the_seat_kind_is_a_player_not_a_human_being_and_the_seed_is_a_shuffle():
    assert load_catalogue("id")["menu.seat.human"] == "Pemain"
    assert load_catalogue("id")["tg.tile.man"] == "Manusia", "the Man tile keeps its name"
    assert "mescolata" in text_of("it", "menu.seed").lower()
    assert "mescolata" in text_of("it", "menu.bad_seed").lower()
    assert "mescolata" in text_of("it", "review.seed").lower()


# --- One form of address per catalogue ----------------------------------------------------------


def test_item14_fr_says_vous_and_never_tu():
    assert offending("fr", r"\b(tu|ton|ta|tes|toi|te)\b|\bt’", flags=re.I, all_keys=True) == []
    assert load_catalogue("fr")["name.you.label"] == "Vous"


def test_item14_it_says_tu_and_never_the_formal_lei():
    assert offending("it", r"\b(Lei|La prego|La preghiamo|Si prega|vostr[oaie])\b", all_keys=True) == []
    assert offending("it", r"\b(prema|tocchi|scelga|attenda|inserisca|controlli|riprovi)\b", all_keys=True) == []
    assert load_catalogue("it")["name.you.label"] == "Tu"


def test_item14_id_says_kamu_and_never_anda():
    assert offending("id", r"\b(Anda|Saudara)\b", flags=re.I, all_keys=True) == []
    assert load_catalogue("id")["name.you.label"] == "Kamu"
    assert offending("id", r"\bkamu\b|mu\b", flags=re.I, all_keys=True) != []
