"""The Chiva and Dékabès round summary: who won and why, what the score did and why, who
opens next, and every hand revealed with its pips."""

from __future__ import annotations

import pygame

from game.blocks.explain import RoundStory, ScoreChange, round_story
from game.blocks.match import BlockMatch, ended, is_block_match
from game.blocks.play import Termination, team_of
from game.blocks.rules import BlockRules
from scenes.blocks.score_words import score_words
from scenes.blocks.text import next_line, reasons, result_line, score_line
from scenes.services.translation import Tr
from scenes.ui.drawing import fit_text, wrap_text
from scenes.ui.game_screens import SummaryPage
from scenes.ui.naming import Names
from scenes.ui.theme import COLOURS
from sprites.tween import count_up

COUNT_TIME = 1.0  # seconds the score takes to count to its new value


def story(match: BlockMatch) -> RoundStory:
    """The story of the round that just ended."""
    state = match.round
    ends = state.play.line.ends if state.play is not None and state.play.line.ends else (0, 0)
    return round_story(state.rules, match.start, ended(match), ends)


def viewer_won(match: BlockMatch, viewer: int) -> bool:
    """Whether the viewer's team won the round just ended."""
    return bool(ended(match).winner == team_of(viewer))


def title(match: BlockMatch, names: Names, tr: Tr) -> str:
    told = story(match)
    if told.match_winner is None:
        return result_line(told, names, tr)
    if names.alone:
        return tr("summary.match_won" if names.is_your_team(told.match_winner) else "summary.match_lost")
    return tr("summary.match_won_by", team=names.team(told.match_winner))


BANNER_COLOURS = {"won": (196, 146, 58), "lost": (88, 96, 112), "broken": (168, 52, 60), "bonus": (132, 44, 84)}


def banner(match: BlockMatch, names: Names, tr: Tr) -> tuple[str, str, tuple[int, int, int]] | None:
    """A match won or lost, a broken streak or a Dékabès deserve a banner."""
    told = story(match)
    if told.match_winner is not None:
        by = tr("banner.match_by", team=names.team(told.match_winner))
        if names.is_your_team(told.match_winner) or not names.alone:
            return tr("banner.match_won"), by, BANNER_COLOURS["won"]
        return tr("banner.match_lost"), by, BANNER_COLOURS["lost"]
    if told.change is ScoreChange.STREAK_BROKEN:
        return tr("banner.streak_broken"), tr("banner.back_to_zero"), BANNER_COLOURS["broken"]
    if told.dekabes:
        return tr("banner.dekabes"), tr("banner.worth", count=told.points), BANNER_COLOURS["bonus"]
    return None


def explanation(match: BlockMatch, names: Names, tr: Tr) -> list[str]:
    """Why the round ended as it did, what the score did, and who opens next."""
    told = story(match)
    words = score_words(match.round.rules)
    lines = [*reasons(told, words, names, tr), score_line(told, words, names, tr)]
    if told.match_winner is not None:
        lines.insert(0, result_line(told, names, tr))
    follow = next_line(told, names, tr)
    return [*lines, follow] if follow else lines


def rule_lines(match: BlockMatch, tr: Tr) -> list[str]:
    """The rules that decided the round, as the Rules panel states them."""
    told = story(match)
    rules = [told.rule]
    if told.change is ScoreChange.STREAK_BROKEN:
        rules.append("chiva.8")
    elif told.change is ScoreChange.STREAK_ADDED:
        rules.append("chiva.7")
    elif told.change in (ScoreChange.POINTS_ADDED, ScoreChange.POINTS_RESET):
        rules += ["dekabes.5", "dekabes.7"]
    return [tr(f"rule.{rule}") for rule in rules]


def pips_mark(told: RoundStory, rules: BlockRules, seat: int) -> tuple[str, bool]:
    """The catalogue key of ``seat``'s pips in the summary, and whether they are marked: the
    seat that decided the round, or, where a block goes to the lightest hand (Dékabès),
    every holder of the fewest pips."""
    lightest = told.termination is Termination.BLOCK and rules.block_to_lightest_hand
    marked = seat == told.deciding_seat or (lightest and seat in told.lowest_seats)
    return ("summary.pips_lowest" if marked and told.termination is Termination.BLOCK else "summary.pips"), marked


def draw_block_summary(summary: SummaryPage, surface: pygame.Surface, panel: pygame.Rect) -> None:
    from sprites.tile_art import TileArt  # not at start-up (scenes.shell.routes)

    app, table = summary.app, summary.table
    tr, lay, art, names = app.tr, table.layout, app.art_of(TileArt), table.names
    match = summary.match
    assert is_block_match(match), "a block game's summary is of its match"
    view = match.view_for(table.viewer)
    result, hands = view.result, view.revealed_hands
    assert result is not None and hands is not None, "a round's summary follows its end"
    told = story(match)
    width = panel.width - lay.px(48)
    y = summary.content_top(panel)
    heading = fit_text(app, title(match, names, tr), lay.px(28), width, bold=True, colour=COLOURS.gold)
    surface.blit(heading, heading.get_rect(midtop=(panel.centerx, y)))
    y += heading.get_height() + lay.px(6)
    for line in explanation(match, names, tr):
        for part in wrap_text(app.font(lay.px(17)), line, width):
            image = fit_text(app, part, lay.px(17), width, colour=COLOURS.ink)
            surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
            y += image.get_height()
    progress = min(1.0, summary.time / COUNT_TIME)
    reduced = app.settings.reduced_motion
    shown = tuple(count_up(a, b, progress, reduced) for a, b in zip(told.score_before, told.score_after))
    score = score_words(view.rules).score((shown[0], shown[1]), result.base_after, names, tr)
    image = fit_text(app, score, lay.px(18), width, bold=True, colour=COLOURS.gold)
    surface.blit(image, image.get_rect(midtop=(panel.centerx, y + lay.px(4))))
    y += image.get_height() + lay.px(12)
    bottom = summary.buttons_top() - lay.px(8)
    font_size = lay.px(17)
    marks = [pips_mark(told, view.rules, seat) for seat in range(1, 5)]
    pips_texts = [tr(key, count=result.pips[seat - 1]) for seat, (key, _) in enumerate(marks, start=1)]
    widest = max(app.font(font_size, bold=True).size(text)[0] for text in pips_texts)
    name_w, pips_w = lay.px(200), max(lay.px(120), widest + lay.px(8))
    room = panel.width - name_w - pips_w - lay.px(48)
    row_h = max(1, (bottom - y) // 4)
    short = max(12, min(lay.px(30), room * 10 // 88, (row_h - lay.px(6)) // 2))
    for seat in range(1, 5):
        centre_y = y + row_h // 2
        colour = COLOURS.team(team_of(seat))
        pygame.draw.circle(surface, colour, (panel.x + lay.px(30), centre_y), max(4, lay.px(7)))
        label = fit_text(app, names.label(seat), font_size, name_w - lay.px(30), bold=True, colour=COLOURS.ink)
        surface.blit(label, label.get_rect(midleft=(panel.x + lay.px(44), centre_y)))
        x = panel.x + lay.px(24) + name_w
        for tile in hands[seat - 1]:
            surface.blit(art.face(tile, short, True), (x, centre_y - short))
            x += short + max(3, short // 4)
        marked = marks[seat - 1][1]
        pips = fit_text(
            app, pips_texts[seat - 1], font_size, pips_w, bold=True, colour=COLOURS.gold if marked else COLOURS.muted
        )
        surface.blit(pips, pips.get_rect(midright=(panel.right - lay.px(24), centre_y)))
        y += row_h
