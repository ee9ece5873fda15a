"""Issue 40, items 8-10: the menu's Settings panel looks as its other panels do (the menu dimmed,
every drop-down list whole), the Statistics chart carries its values, the review's top bar
overlaps nothing and its last step says who won, and no button of a lesson's table lies under
its coach. Through the real client (pygame events posted, frames run)."""

from __future__ import annotations

import re

import pygame
import pytest
from client_helpers import advance, centre, draw_recorded, finger_tap, frames, mouse_click, press, texts

from game.core.match import Match
from game.core.phases import Phase
from scenes.screens.registry import screens_for
from scenes.services.settings import Settings
from scenes.services.stats import load_stats, record_round
from scenes.services.translation import LANGUAGES
from scenes.shell.app import App
from scenes.ui.stats_chart import chart_layout, chart_words, signed
from scenes.ui.theme import COLOURS

SEATS = ("human", "greedy", "greedy", "greedy")
SIZES = [(800, 600), (1280, 720)]


def open_menu(size: tuple[int, int], lang: str = "en") -> tuple[App, object]:
    app = App(size, settings=Settings(lang=lang))
    menu = app.show("menu")
    frames(app, 2)
    return app, menu


def darker(pixel: pygame.Color, than: tuple[int, ...]) -> bool:
    return all(pixel[i] < than[i] * 0.7 for i in range(3))


# --- item 8: Settings, themed as the menu's other panels ----------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_item8_settings_is_a_themed_panel_over_the_dimmed_menu(size):
    app, menu = open_menu(size)
    mouse_click(app, centre(menu.widgets["open_record"]), settle=2)
    picker_window = menu.windows.picker.window  # Open record…, the menu's other panel
    press(app, pygame.K_ESCAPE, settle=2)
    assert menu.windows.picker is None
    mouse_click(app, centre(menu.widgets["settings"]), settle=2)
    panel = menu.windows.settings_panel
    assert panel is not None and panel.alive
    assert panel.window.object_ids == picker_window.object_ids == ["#modal_window"], "the same themed modal layer"
    screen = app.screen
    corner = screen.get_at((4, size[1] - 4))  # the menu's felt, far from the panel
    assert darker(corner, COLOURS.felt), f"the menu is dimmed under Settings: {corner}"
    inside = screen.get_at((panel.panel.x + 30, panel.panel.y + 16))
    assert tuple(inside)[:3] == tuple(COLOURS.panel)[:3], "the panel in the table's colours"
    edge = screen.get_at((panel.panel.centerx, panel.panel.y))
    assert abs(edge.r - COLOURS.gold[0]) < 40 and abs(edge.g - COLOURS.gold[1]) < 40, "gold-edged"
    window = pygame.Rect((0, 0), size)
    for name, control in list(panel.controls.items()):
        if not isinstance(control, pygame.sprite.Sprite) or name == "volume":
            continue
        mouse_click(app, centre(control), settle=2)
        listed = control.current_state.options_selection_list
        assert listed is not None and listed.alive(), f"{name} opened"
        assert listed.scroll_bar is None, f"the whole list of {name} is seen, no scroll bar"
        assert len(listed.item_list) == len(control.options_list)
        assert panel.panel.contains(listed.rect) and window.contains(listed.rect), (name, listed.rect, panel.panel)
        mouse_click(app, centre(control), settle=2)  # closed again
        assert not listed.alive()
    game = app.settings.game
    for _name, card in menu.cards:
        finger_tap(app, (card.x + 8, card.y + 8))  # a card's corner, on the dimmed menu
        mouse_click(app, (card.x + 8, card.y + 8))
    assert app.settings.game == game and panel.alive, "the dimmed menu takes no press"
    hand = panel.controls["hand"]
    mouse_click(app, centre(hand), settle=2)
    left = next(item for item in hand.current_state.options_selection_list.item_list if item["object_id"] == "left")
    mouse_click(app, left["button_element"].rect.center, settle=5)  # the list, then the drop-down, tell it on
    assert app.settings.handed == "left", "a choice in the themed panel applies"
    mouse_click(app, centre(panel.close_button), settle=2)
    assert not panel.alive and not menu.windows.open
    assert not darker(app.screen.get_at((4, size[1] - 4)), COLOURS.felt), "the menu is lit again"


# --- item 8: the Statistics chart shows its values --------------------------------------------


def play_rounds(game: str, seed: int, rounds: int) -> None:
    """Count ``rounds`` finished rounds of a match, as the summary does."""
    match = Match(game, SEATS, seed)
    for _ in range(rounds):
        advance(match, lambda m: m.round.is_over)
        record_round(screens_for, match, 1)
        if match.phase is Phase.MATCH_OVER:
            match.new_match(match.seed + 1)
        else:
            match.next_round()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_item8_the_statistics_chart_writes_its_values_and_units(lang):
    play_rounds("chiva", 2, 5)
    play_rounds("tiengow", 3, 4)
    app, menu = open_menu((800, 600), lang)
    mouse_click(app, centre(menu.widgets["stats"]), settle=2)
    html = menu.windows.panel.text.html_text
    charts = re.findall(r'<img src="([^"]+)">', html)
    stats, _ = load_stats(screens_for)
    shown = [game for game in ("chiva", "dekabes", "tiengow") if stats[game]["history"]]
    assert shown == ["chiva", "tiengow"] and len(charts) == 2
    for game, path in zip(shown, charts, strict=True):
        history = stats[game]["history"]
        words = chart_words(screens_for(game).chart_key, app.tr)
        image = pygame.image.load(path)
        chart = chart_layout(history, image.get_width(), words)
        assert image.get_size() == chart.size
        written = [label.text for label in chart.labels]
        sides = " ".join(label.text for label in chart.labels if label.rect.right <= chart.left)
        assert sides == f"{words.above} {words.below}" and words.across in written, "axes named, with units"
        if game == "tiengow":
            assert sorted(written.count(signed(p)) for p in set(history)) == sorted(
                history.count(p) for p in set(history)
            ), "each deal's points on its bar"
        else:
            won, _tie, lost = words.marks
            assert written.count(won) == sum(p > 0 for p in history)
            assert written.count(lost) == sum(p < 0 for p in history)
        assert "1" in written and str(len(history)) in written, "the rounds counted along the foot"
        for label in chart.labels:
            assert image.get_rect().contains(label.rect), label
            inked = {
                tuple(image.get_at((x, y)))[:3]
                for x in range(label.rect.x, label.rect.right)
                for y in range(label.rect.y, label.rect.bottom)
            }
            assert len(inked) > 3, f"{label.text!r} is drawn"
        rects = [label.rect for label in chart.labels]
        assert all(a.collidelist(rects[i + 1 :]) == -1 for i, a in enumerate(rects)), "no label over another"


# --- item 9: the review at 800×600 --------------------------------------------------------------


def review_of(game: str, size: tuple[int, int], lang: str, rounds: int = 2):
    match = advance(Match(game, SEATS, 3), lambda m: len(m.finished) >= rounds - 1 and m.round.is_over)
    app = App(size, settings=Settings(lang=lang))
    menu = app.show("menu")
    frames(app, 2)
    review = app.show("review", match=match, round_index=len(match.finished), back=menu)
    frames(app, 2)
    return app, review, match


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 720)])
@pytest.mark.parametrize("game", ["chiva", "tiengow"])
def test_item9_the_round_drop_down_covers_neither_the_title_nor_the_seed(game, size, lang):
    app, review, match = review_of(game, size, lang)
    chooser = review.widgets["round"].rect
    seed_words = set(app.tr("review.seed", seed=match.seed).split())
    drawn = draw_recorded(app, review.draw)
    top = [d for d in drawn if d.kind == "text" and d.rect.bottom <= review.layout.top_bar.bottom + 1]
    seed = [d for d in top if set(d.what.split()) <= seed_words]
    assert seed, "the seed line is drawn in the top bar"
    assert len(top) >= 2
    for text in top:
        assert not text.rect.colliderect(chooser), (text.what, text.rect, chooser)
        assert pygame.Rect((0, 0), size).contains(text.rect), text
        assert text.size >= 12, f"{text.what!r} stays readable"
    rects = [d.rect for d in top]
    assert all(a.collidelist(rects[i + 1 :]) == -1 for i, a in enumerate(rects)), "no words over others"


def outcome_words(game: str, match: Match, review, tr) -> list[str]:
    """What the last step must say, worded by the game's own text functions: the winner, and
    the score it made or each seat's payment."""
    state = review.review.positions[-1].state
    names = review.names
    if game == "tiengow":
        result = state.result
        return [names.says("tg.summary.title", result.last_winner), *(f"{amount:+d}" for amount in result.total)]
    from scenes.blocks.score_words import score_words
    from scenes.blocks.text import result_line, score_line, story_of

    told = story_of(state)
    return [result_line(told, names, tr), score_line(told, score_words(state.rules), names, tr)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rounds", [1, 2])
@pytest.mark.parametrize("game", ["chiva", "dekabes", "tiengow"])
def test_item9_the_last_step_of_a_review_says_who_won_and_by_how_much(game, rounds, lang):
    app, review, match = review_of(game, (800, 600), lang, rounds)
    press(app, pygame.K_END, settle=2)
    assert review.at == len(review.review) - 1
    said = " ".join(texts(draw_recorded(app, review.draw)))
    for words in outcome_words(game, match, review, app.tr):
        assert words in said, (words, said)
    press(app, pygame.K_LEFT, settle=2)  # one step back, the round is not over yet
    before = " ".join(texts(draw_recorded(app, review.draw)))
    assert outcome_words(game, match, review, app.tr)[0] not in before


# --- item 10: the lesson's Keep this hand, and the menu, at 800×600 ------------------------------


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 720)])
def test_item10_keep_this_hand_is_clear_of_the_learn_dekabes_card(size):
    app, menu = open_menu(size)
    mouse_click(app, centre(menu.widgets["learn_dekabes"]), settle=4)
    table = app.manager.scene
    coach = table.coach
    for _ in range(20):
        if not coach.reading:
            break
        mouse_click(app, centre(coach.widgets["deal" if "deal" in coach.widgets else "next"]), settle=2)
    for _ in range(600):
        if "accept" in table.decision_buttons:
            break
        frames(app)
    keep = table.decision_buttons["accept"]
    assert keep.text == app.tr("button.accept")
    assert not keep.rect.colliderect(coach.rect), (keep.rect, coach.rect)
    coach_widgets = [widget.rect for widget in coach.widgets.values()]
    if coach.text is not None:
        coach_widgets.append(coach.text.rect)
    for button in table.decision_buttons.values():
        assert button.rect.collidelist(coach_widgets) == -1, (button.text, button.rect)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 720)])
def test_item10_nothing_in_the_menu_overlaps(size, lang):
    app, menu = open_menu(size, lang)
    widgets = [(name, widget.rect) for name, widget in menu.widgets.items()]
    for index, (name, rect) in enumerate(widgets):
        for other, other_rect in widgets[index + 1 :]:
            assert not rect.colliderect(other_rect), (name, other)
        assert pygame.Rect((0, 0), size).contains(rect), name
    drawn = [d for d in draw_recorded(app, menu.draw) if d.kind == "text"]
    for text in drawn:
        for name, rect in widgets:
            assert not text.rect.colliderect(rect), (text.what, name)
    for _game, card in menu.cards:
        inside = [d for d in drawn if d.rect.colliderect(card)]
        assert all(card.contains(d.rect) for d in inside), [d.what for d in inside if not card.contains(d.rect)]
