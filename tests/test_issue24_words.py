"""Issue 24, items 21 and 22: the words the table says, in every language, through the client's
own code (the summary, the Why? window, the Log, the lesson and the catalogues)."""

from __future__ import annotations

import re

import pytest
from client_helpers import advance, centre, draw_recorded, frames, make_table, mouse_click, texts
from test_explaining import blocked_win, summary_of, summary_says, tie

from game.blocks.moves import Pass
from game.blocks.play import Termination
from game.core.match import Match
from game.core.player import Player
from scenes.services.translation import LANGUAGES
from scenes.ui.panels import escape

SEATS = ("human", "greedy", "greedy", "greedy")

# --- 21. A block names its number once; a tie says the scores stay once -------------------------


def blocked(game: str, seed: int) -> Match:
    return advance(Match(game, SEATS, seed), blocked_win)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "seed"), [("chiva", 1), ("dekabes", 10)])
def test_item21_a_block_with_equal_ends_names_the_number_once(lang, game, seed):
    """With every tile dealt, a block always ends on one number at both ends."""
    match = blocked(game, seed)
    app, table, summary = summary_of(match, lang)
    left, right = table.view.ends
    assert left == right
    said = summary_says(summary)
    assert app.tr("why.blocked.same", number=left) in said
    assert app.tr("why.blocked", left=left, right=right) not in said, "never 'a tile showing 2 or 2'"
    _, lines, _ = summary.screens.why(match, table.names, app.tr)
    assert app.tr("why.blocked.same", number=left) in lines
    assert not app.text.missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item21_the_round_end_caption_names_the_number_once(lang):
    match = blocked("chiva", 1)
    app, table, _ = make_table(match=match, lang=lang, speed="instant")
    frames(app, 3)
    left, right = table.view.ends
    shown = texts(draw_recorded(app, table.draw))
    assert app.tr("why.blocked.same", number=left) in shown
    assert app.tr("why.blocked", left=left, right=right) not in shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item21_a_pass_on_equal_ends_in_the_log_names_the_number_once(lang):
    match = advance(
        Match("chiva", SEATS, 1),
        lambda m: any(
            isinstance(t.move, Pass) and t.ends is not None and t.ends[0] == t.ends[1]
            for t in (m.round.play.turns if m.round.play else ())
        ),
    )
    app, table, _ = make_table(match=match, lang=lang, speed="instant")
    log = " ".join(table.screens.log_lines(match, table.names, app.tr))
    turn = next(t for t in match.round.play.turns if isinstance(t.move, Pass) and t.ends and t.ends[0] == t.ends[1])
    number = turn.ends[0]
    said = table.names.says("log.passed_on.same", turn.seat, number=number)
    assert escape(said) in log
    assert escape(table.names.says("log.passed_on", turn.seat, left=number, right=number)) not in log


STAY = {"en": r"\bstay", "fr": r"\brest(ent|e)\b", "it": r"\brest(ano|a)\b", "id": r"\btetap\b"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "seed"), [("chiva", 21), ("dekabes", 12)])
def test_item21_a_tie_says_the_scores_stay_only_once(lang, game, seed):
    match = advance(Match(game, SEATS, seed), tie)
    assert match.round.result.termination is Termination.BLOCK
    app, table, summary = summary_of(match, lang)
    said = summary_says(summary)
    assert len(re.findall(STAY[lang], said, flags=re.IGNORECASE)) == 1, said
    _, lines, _ = summary.screens.why(match, table.names, app.tr)
    assert len(re.findall(STAY[lang], " ".join(lines), flags=re.IGNORECASE)) == 1, lines


# --- 22. French, Italian and Indonesian: words that agree, names that differ ---------------------

TILES = (
    "heaven", "earth", "man", "goose", "plum", "long_three", "bench", "hatchet", "partition",
    "long_leg_seven", "big_head_six", "nines", "eights", "sevens", "big_six", "fives", "little_three",
)  # fmt: skip
FEMININE = {
    "fr": {"earth", "goose", "plum", "hatchet", "partition"},  # la Terre, l’Oie, la Prune, la Hachette, la Partition
    "it": {"earth", "goose", "plum", "bench", "hatchet"},  # la Terra, l’Oca, la Prugna, la Panca, l’Accetta
}
SINGLE_ENDING = {"fr": ("seul", "seule"), "it": ("singolo", "singola")}
ARTICLES = {
    "fr": (("le ", "un "), ("la ",)),
    "it": (("il ", "un "), ("la ",)),
}


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("tile", TILES)
def test_item22_every_tien_gow_single_agrees_with_its_tile_in_gender(lang, tile):
    from scenes.services.translation import Catalogue

    text = Catalogue(lang)
    phrase = text.tr(f"tg.tile.{tile}.single")
    feminine = tile in FEMININE[lang]
    assert phrase.endswith(" " + SINGLE_ENDING[lang][feminine]), phrase
    name = text.tr(f"tg.tile.{tile}")
    assert name in phrase
    if phrase.startswith("un "):
        assert not feminine, phrase  # a military single: one of the two Nines ("un Otto singolo")
    elif name[0] in "AEIOUH" and not name.startswith(("Hach", "Huit")):  # la Hachette, le Huit: h aspiré
        assert phrase.startswith("l’"), phrase
    else:
        assert phrase.startswith(ARTICLES[lang][feminine]), phrase
    assert not text.missing


def tiengow_match_over_a_deal() -> Match:
    return advance(Match("tiengow", SEATS, 3), lambda m: m.round.is_over)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_item22_the_tien_gow_log_never_says_le_terre_or_il_oca(lang):
    """Every trick of a real deal, as the Log tells it: articles agree, no capital after the colon."""
    match = tiengow_match_over_a_deal()
    app, table, _ = make_table("tiengow", match=match, lang=lang, speed="instant")
    log = " ".join(table.screens.log_lines(match, table.names, app.tr))
    bad = r"\b(Le|le|Il|il) (Terre|Oie|Prune|Hachette|Partition|Terra|Oca|Prugna|Panca|Accetta)\b"
    assert not re.search(bad, log), re.search(bad, log)
    assert re.search(r"\b(seule?|singol[ao])\b", log), "the deal has singles to tell"
    assert re.search(r"colonn(es?|[ae])[ \u00a0]?: (le|la|l’|un|il) ", log), "the trick's why follows the colon"
    assert not re.search(r"colonn(es?|[ae])[ \u00a0]?: (Le|La|L’|Un|Il) ", log), "lower case after a mid-sentence colon"


def test_item22_three_three_is_double_three_as_in_the_french_rules():
    from scenes.services.translation import Catalogue

    assert Catalogue("fr").tr("tg.tile.long_three") == "Double Trois"
    seed = (__import__("pathlib").Path(__file__).resolve().parents[3] / "shared" / "seeds").glob("004_*.txt")
    for path in seed:
        assert "Double Trois" in path.read_text(encoding="utf-8")
    assert Catalogue("it").tr("tg.tile.long_three") == "Doppio Tre"
    assert Catalogue("id").tr("tg.tile.long_three") == "Dobel Tiga"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "seats",
    [
        ("human", "greedy", "greedy", "greedy"),
        ("human", "human", "greedy", "greedy"),
        ("greedy", "greedy", "greedy", "greedy"),
    ],
)
@pytest.mark.parametrize("partners", [True, False])
def test_item22_the_four_avatars_never_share_their_letters(lang, seats, partners):
    from scenes.services.translation import Catalogue
    from scenes.ui.naming import Names

    names = Names(Catalogue(lang), tuple(map(Player.from_record, seats)), 1, partners)
    letters = [names.initials(seat) for seat in range(1, 5)]
    assert len(set(letters)) == 4, letters
    assert all(0 < len(mark) <= 3 for mark in letters), letters


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item22_the_table_draws_the_catalogue_s_avatar_letters(lang):
    match = Match("chiva", SEATS, 1)
    _, table, _ = make_table(match=match, lang=lang, speed="instant")
    plates = [table.board.plate_for(seat) for seat in range(1, 5)]
    assert [plate.letters for plate in plates] == [table.names.initials(seat) for seat in range(1, 5)]
    assert len({plate.letters for plate in plates}) == 4


COMMANDS = (
    "button.hint", "button.undo", "button.redo", "button.restart", "button.new_match", "button.rules",
    "button.log", "button.menu", "button.pass", "button.next_round", "button.review", "summary.why",
    "summary.table", "confirm.cancel", "confirm.menu.ok", "menu.quit", "menu.continue", "menu.settings",
    "menu.stats", "menu.about", "menu.open_record", "menu.last_match", "menu.start",
)  # fmt: skip
SAME_COMMAND = {"menu.start_new": "button.new_match", "button.next_deal": "button.next_round"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item22_no_two_commands_share_a_label_and_new_match_has_one_name(lang):
    from scenes.services.translation import Catalogue

    text = Catalogue(lang)
    labels = {key: text.tr(key).casefold() for key in COMMANDS}
    shared = {label: [k for k in COMMANDS if labels[k] == label] for label in labels.values()}
    assert {label: keys for label, keys in shared.items() if len(keys) > 1} == {}
    assert text.tr("menu.start_new") == text.tr("button.new_match"), "New match goes by one name"
    redo, restart = text.tr("button.redo"), text.tr("button.restart")
    assert redo.split()[0] != restart.split()[0], (redo, restart)  # Indonesian: Ulangi / Ulangi ronde
    assert not text.missing


CALQUES = {"fr": "graine", "it": "seme", "id": "benih"}


@pytest.mark.parametrize("lang", ["fr", "it", "id"])
def test_item22_the_deal_seed_is_not_a_word_for_word_calque(lang):
    from scenes.services.translation import Catalogue

    text = Catalogue(lang)
    for key in ("menu.seed", "menu.bad_seed", "review.seed"):
        said = text.tr(key, seed=7).casefold()
        assert CALQUES[lang] not in said and "seed" not in said, said


def domino_by(seat: int, game: str = "chiva") -> Match:
    return advance(
        Match(game, SEATS, 1),
        lambda m: (
            m.round.is_over and m.round.result.termination is Termination.DOMINO and m.round.play.turns[-1].seat == seat
        ),
        limit=200_000,
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item22_your_domino_is_told_to_you_never_vous_a_pose(lang):
    match = domino_by(1)
    app, table, summary = summary_of(match, lang)
    said = summary_says(summary)
    team = table.names.team("A")
    assert app.tr("result.domino.you", team=team) in said or app.tr("result.dekabes.you", team=team) in said
    assert not re.search(r"vous a posé|tu ha finito|kamu menghabiskan batunya", said)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item22_a_team_after_its_verb_is_written_in_lower_case(lang):
    """Italian puts the team after "vince": never "Vince La tua squadra"."""
    match = advance(Match("chiva", SEATS, 1), blocked_win)
    _, _, summary = summary_of(match, lang)
    said = summary_says(summary)
    assert not re.search(r"\b(Vince|vince|gagne|l’emporte|menang|wins) (La|Il|L’|Le|Your|Their|Team|Tim)\b", said), said


# --- 22. The Why? window cites the numbers the Rules panel shows --------------------------------


def rules_panel_items(game: str, lang: str) -> dict[str, list[int]]:
    """The numbered items of the Rules panel the table opens, by section: numbers run on
    within a section (Tien Gow's payments go on from its play) and start again at 1 in the next."""
    from scenes.screens.registry import screens_for

    sections = screens_for(game).rule_sections

    _, table, _ = make_table(game, lang=lang, speed="instant")
    table.control("rules")
    numbers = [int(n) for n in re.findall(r"<b>(\d+)\. ", table.panels.rules.text.html_text)]
    runs: list[list[int]] = []
    for number in numbers:
        if number == 1:
            runs.append([])
        assert runs and number == len(runs[-1]) + 1, numbers  # no gap, no repeat
        runs[-1].append(number)
    assert len(runs) == len(sections), numbers
    return dict(zip(sections, runs, strict=True))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
def test_item22_every_rule_why_can_cite_is_numbered_in_the_rules_panel(game, lang):
    """Why? cites "rule.<section>.<n>" (``scenes.blocks.summary_page.rule_lines``, ``scenes.tiengow.summary_page``):
    every such sentence names its number, and the game's Rules panel shows item n in that section."""
    from scenes.services.translation import Catalogue, load_catalogue

    items = rules_panel_items(game, lang)
    text = Catalogue(lang)
    cited = [key for key in load_catalogue("en") if key.startswith("rule.") and key.split(".")[1] in items]
    assert cited
    for key in cited:
        section, number = key.split(".")[1:3]  # "rule.tiengow.13.banker" is a part of item 13
        assert int(number) in items[section], (key, items)
        assert re.search(rf"\b{number}\b", text.tr(key)), text.tr(key)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "seed", "wanted"), [("chiva", 1, blocked_win), ("dekabes", 12, tie), ("tiengow", 3, None)]
)
def test_item22_a_real_why_cites_only_numbers_its_rules_panel_shows(game, seed, wanted, lang):
    match = advance(Match(game, SEATS, seed), wanted or (lambda m: m.round.is_over))
    app, table, summary = summary_of(match, lang)
    _, _, rules = summary.screens.why(match, table.names, app.tr)
    items = rules_panel_items(game, lang)
    shown = {number for run in items.values() for number in run}
    for rule in rules:
        number = int(re.search(r"\d+", rule).group())
        assert number in shown, (rule, items)
    assert not app.text.missing


# --- 22. Tien Gow is played in deals: its Log, review and restart never say round ----------------

DEAL_WORDS = {
    "en": (r"\bdeals?\b", r"\brounds?\b"),
    "fr": (r"\bdonnes?\b", r"\bmanches?\b"),
    "it": (r"\bman[oi]\b", r"\b(round|giro|giri|turno di gioco)\b"),
    "id": (r"\bronde\b", r"\b(putaran|babak)\b"),
}


def tien_gow_words(lang: str) -> str:
    """Everything the Log window, the review it opens and the restart question show in Tien
    Gow, after two deals, through the real client."""
    from scenes.screens.review import ReviewScene

    match = advance(Match("tiengow", SEATS, 3), lambda m: m.round.is_over)
    match.next_round()
    match = advance(match, lambda m: m.round.is_over)
    app, table, _ = make_table("tiengow", match=match, lang=lang, speed="instant")
    table.ask("restart")
    said = [table.dialog.title, table.dialog.body]
    app, table, _ = make_table("tiengow", match=match, lang=lang, speed="instant")
    table.control("log")
    panel = table.panels.log
    said += [panel.text.html_text, *(button.text for button in panel.buttons.values())]
    said += [text for text, _ in panel.choices.options_list]
    mouse_click(app, centre(panel.buttons["review"]), settle=3)
    review = app.manager.scene
    assert isinstance(review, ReviewScene)
    for at in (0, 1, len(review.review) - 1):
        review.at = at
        said += texts(draw_recorded(app, review.draw))
    assert not app.text.missing
    return " ".join(said)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item22_the_tien_gow_log_review_and_restart_say_deal_never_round(lang):
    deal, not_round = DEAL_WORDS[lang]
    said = tien_gow_words(lang)
    assert re.search(deal, said, flags=re.IGNORECASE), said
    assert not re.search(not_round, said, flags=re.IGNORECASE), re.search(not_round, said, flags=re.IGNORECASE)


# --- 22. One naming scheme: the menu, the plates, the Log and the Rules name seats alike ----------

SEAT_NUMBERS = r"\b(seats?|places?|posti?|kursi) \d"  # the Rules once said "Team A is seats 1 and 3"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["chiva", "tiengow"])
@pytest.mark.parametrize(
    "kinds",
    [
        ("human", "computer", "computer", "computer"),
        ("computer", "computer", "human", "computer"),
        ("human", "human", "computer", "computer"),
        ("computer", "computer", "computer", "computer"),
    ],
)
def test_item22_the_menu_names_each_seat_as_its_plate_log_and_rules_will(kinds, game, lang):
    from scenes.services.settings import Settings
    from scenes.shell.app import App

    app = App((1280, 720), settings=Settings(lang=lang))
    menu = app.show("menu")
    frames(app, 1)
    menu.press(f"card_{game}")
    for seat, kind in enumerate(kinds, 1):
        menu.press(f"seat{seat}:{kind}")
    captions = [caption for caption, _ in menu.captions[:4]]
    menu.press("start")
    frames(app, 2)
    table = app.manager.scene
    assert table.match.name == game and table.match.seats == tuple("human" if k == "human" else "ai" for k in kinds)
    assert captions == [table.board.plate_for(seat).name for seat in range(1, 5)]
    assert len(set(captions)) == 4
    if game == "chiva":
        table.control("rules")
        rules = table.panels.rules.text.html_text
        assert not re.search(SEAT_NUMBERS, rules, flags=re.IGNORECASE), re.search(SEAT_NUMBERS, rules)
        for seat in range(1, 5):
            assert escape(table.names.name(seat)) in rules, table.names.name(seat)
        for team in "AB":
            assert escape(table.names.team_name(team)) in rules
        if kinds.count("human") == 1:
            assert not any(app.tr(f"team.{team}.name") in rules for team in "AB"), "alone: your team, their team"
    assert not app.text.missing


# --- 22. Read through as a native speaker would: one word per thing, sentences that join well -----

ONE_NAME = {  # a second name for a command, a tile or a rule, or the wrong word for it
    "fr": ("Historique", "redonne", "Mène ", "a mené", "mort précoce", "Mort précoce", "par Suprême", "ou Suprême",
           ", Suprême"),
    "it": ("Tre Piccolo", "Sei Grande", "faccia in su", "faccia in giù", "morte anticipata", "coppia vincente",
           "tua coppia", "sua coppia", "estremità", "della fila", "regolamento"),
    "id": ("balak", "pasanganmu", "Pasanganku", "pasangannya", "deret ", "Deret ", "pemimpin Tiga", "penyelesaian",
           "permainan buntu:", "pasang sipil", "pasang militer"),
}  # fmt: skip


def every_value(lang: str) -> list[str]:
    from scenes.services.translation import load_catalogue

    values = load_catalogue(lang).values()
    return [text for value in values for text in (value.values() if isinstance(value, dict) else [value])]


@pytest.mark.parametrize("lang", ["fr", "it", "id"])
def test_item22_each_thing_has_one_name_in_the_catalogue(lang):
    found = {word: [text for text in every_value(lang) if word in text] for word in ONE_NAME[lang]}
    assert {word: texts[:2] for word, texts in found.items() if texts} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item22_sentences_that_name_a_button_use_its_label(lang):
    from scenes.services.translation import Catalogue

    text = Catalogue(lang)
    assert text.tr("tg.button.play") in text.tr("learn.how.tiengow")
    for button in ("button.hint", "button.log", "button.rules"):
        assert text.tr(button) in text.tr("learn.finished"), button
    if lang != "en":
        assert text.tr("button.undo") in text.tr("error.undo_not_yours")
        assert text.tr("button.undo") in text.tr("confirm.replay.question")
        assert text.tr("button.redo") in text.tr("error.redo_not_yours")
    for tile in ("little_three", "big_six"):  # Italian once said "Tre Piccolo" in the Why? window
        name = text.tr(f"tg.tile.{tile}")
        assert name in text.tr("rule.tiengow.14") and name in text.tr("rules.tiengow.body")
    assert not text.missing


@pytest.mark.parametrize(("lang", "words"), [("fr", "en main"), ("it", "in mano")])
def test_item22_pips_are_not_named_like_the_dekabes_score(lang, words):
    """French and Italian call both pips and the score "points": the summary says whose hand."""
    from scenes.services.translation import Catalogue

    text = Catalogue(lang)
    assert text.tr("summary.pips", count=12).endswith(words)
    assert words in text.tr("summary.pips_lowest", count=3)
    assert words in text.tr("why.team_pips", team="A", pips=3, other="B", other_pips=9)
    assert words not in text.tr("score.points", team="A", count=3)


@pytest.mark.parametrize(
    ("lang", "sentence", "going_on"),
    [
        ("en", "Sheds a heavy tile (12 pips).", "sheds a heavy tile (12 pips)."),
        ("en", "Leads Supreme: each other seat pays you at once.", "leads Supreme: each other seat pays you at once."),
        ("en", "Big Six captures Little Three.", "Big Six captures Little Three."),
        ("fr", "Le Grand Six prend le Petit Trois.", "le Grand Six prend le Petit Trois."),
        ("id", "Enam Besar menangkap Tiga Kecil.", "Enam Besar menangkap Tiga Kecil."),
        ("en", "6-6 is your only legal play.", "6-6 is your only legal play."),
    ],
)
def test_item22_a_reason_after_a_colon_goes_on_in_lower_case(lang, sentence, going_on):
    from scenes.services.translation import Catalogue, continuing

    assert continuing(sentence, Catalogue(lang)) == going_on


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item22_the_hint_line_goes_on_after_its_colon_in_lower_case(lang):
    """Every block-game and Tien Gow hint sentence, as the message line shows it ("Indice : se défait…")."""
    from scenes.services.translation import Catalogue, hint_line, load_catalogue

    text = Catalogue(lang)
    names = text.proper_names()
    assert {text.tr(f"tg.tile.{tile}") for tile in TILES} <= set(names)
    prefix = text.tr("hint.says", reason="")
    for key in load_catalogue("en"):
        if not key.startswith("hint.") or key == "hint.says":
            continue
        reason = text.tr(key)
        if reason.startswith("{") or any(reason.startswith(name) for name in names):
            continue  # a tile or a name starts it: it keeps its capital
        line = hint_line(text, reason)
        assert line.startswith(prefix) and line[len(prefix)].islower(), line


@pytest.mark.parametrize(
    ("lang", "shown"), [("en", "+1.5 points"), ("fr", "+1,5 points"), ("it", "+1,5 punti"), ("id", "+1,5 poin")]
)
def test_item22_decimals_are_written_as_the_language_writes_them(lang, shown):
    from game.core.advice import Hint
    from game.core.tiles import Tile
    from game.tiengow.deal import TrickPlay
    from scenes.services.translation import Catalogue, decimal_text
    from scenes.tiengow.text import hint_detail
    from scenes.ui.naming import Names

    text = Catalogue(lang)
    assert text.tr("review.points", points=decimal_text("+1.5", text.tr)) == shown
    names = Names(text, tuple(map(Player.from_record, SEATS)), 1, partners=False)
    said = hint_detail(
        Hint(TrickPlay((Tile.of(6, 6),), False), "gains_most", {"points": "6.1", "deals": 100}), names, text.tr
    )
    assert ("6.1" in said) == (lang == "en") and ("6,1" in said) == (lang != "en"), said
    assert text.tr("review.estimate", decision="1-5", value="x").startswith("1-5\u00a0:" if lang == "fr" else "1-5:")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item22_two_holders_of_the_fewest_pips_are_named_with_and(lang):
    """A Dékabès tie: the fewest pips are held on both teams, and Why? names every holder."""
    from scenes.services.translation import listing

    match = advance(Match("dekabes", SEATS, 12), tie)
    app, table, summary = summary_of(match, lang)
    _, lines, _ = summary.screens.why(match, table.names, app.tr)
    pips = match.round.result.pips
    holders = [table.names.name(seat) for seat in range(1, 5) if pips[seat - 1] == min(pips)]
    assert len(holders) >= 2
    said = app.tr("why.lowest_hand", count=min(pips), who=listing(holders, app.tr))
    assert said in lines, lines
    assert app.tr("list.and", items="", last="").strip() in said


def test_item22_indonesian_says_kamu_never_anda():
    assert not [text for text in every_value("id") if re.search(r"\bAnda\b", text)]
