"""Issue 40, items 11 and 12: the table tells what happened where it can be read. A four-tile
Tien Gow trick's reason box between the plays, Why? citing only the doubling that applied, a
thrown-in Dékabès deal announced, and the keyboard focus skipping the tiles that cannot be
played. Through the real client (pygame events posted, frames run)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pygame
import pytest
from client_helpers import advance, centre, draw_recorded, frames, make_table, mouse_click, press, wait_for_person
from helpers import match_on
from test_client_block import FIVE_DOUBLES
from test_client_tiengow import LEAD_HAND, indices_for
from test_explaining import summary_of
from test_tiengow_examples import BIG_SIX_CAPTURE
from tiengow_helpers import build_hands, played_deal, tiles

from game.blocks.moves import Play
from game.core.match import Match
from game.core.phases import Phase
from game.tiengow.deal import TrickPlay
from game.tiengow.explain import doubling_rules
from game.tiengow.payments import deal_result
from game.tiengow.round import TienGowStart
from scenes.ui import panels

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEATS = ("human", "greedy", "greedy", "greedy")
FRAME_LIMIT = 3000

# --- 11. A four-tile trick's reason box lies between the plays; Why? cites what applied -----------


def quartet_held(size: tuple[int, int]):
    """You (the banker) lead a Heaven–Nines quartet, by the keyboard; the others go face down,
    and the trick waits, with why it was won and what it paid at once."""
    hands = build_hands([], known={1: LEAD_HAND})
    match = Match(
        "tiengow",
        SEATS,
        seed=1,
        deal_source=lambda number, index: tuple(hands),
        start=TienGowStart(1, 1, (0, 0, 0, 0)),
    )
    app, table, _ = make_table(match=match, size=size)
    for index in indices_for(table, TrickPlay(tiles("6-6 6-6 3-6 4-5"), False)):
        while table.board.cursor != index:
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_SPACE)
    press(app, pygame.K_RETURN)
    for _ in range(FRAME_LIMIT):
        if table.board.lingering is not None and table.board.lingering.held:
            break
        frames(app)
    frames(app, 120)  # held a while: nothing of it moves on
    return app, table


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_item11_a_four_tile_tricks_reason_box_covers_no_tile_and_no_tile_covers_it(size):
    app, table = quartet_held(size)
    trick = table.board.lingering.trick
    assert trick.bonus == "quartet" and all(play.count == 4 for play in trick.plays)
    said = " ".join(table.board.trick_lines(trick))
    drawn = draw_recorded(app, table.draw)
    board = table.layout.board
    caption = [
        d
        for d in drawn
        if d.kind == "text" and board.contains(d.rect) and d.what in said + " " + app.tr("tg.status.tap_to_go_on")
    ]
    played = [d.rect for d in drawn if d.kind in ("face", "back") and board.contains(d.rect)]
    assert len(played) == 16, "the four plays of four tiles"
    box = caption[0].rect.unionall([d.rect for d in caption])
    assert " ".join(d.what for d in caption if d.what in said).split() == said.split(), "said whole"
    assert not any(box.colliderect(tile) for tile in played), (box, played)


def test_item11_why_cites_only_the_banker_doubling_when_only_it_applied():
    match = played_deal(BIG_SIX_CAPTURE, seats=SEATS)  # the banker pays double; no last trick, no sweep
    result = match.round.result
    assert {code for line in result.settlements if line.amount for code in line.multipliers} == {"banker"}
    app, _table, summary = summary_of(match)
    frames(app, 60)
    mouse_click(app, centre(summary.buttons["why"]), settle=2)
    shown = summary.why_panel.text.html_text
    assert panels.escape(app.tr("rule.tiengow.13.banker")) in shown
    for part in ("last_trick", "sweep"):
        assert panels.escape(app.tr(f"rule.tiengow.13.{part}")) not in shown, part


def test_item11_the_doubling_rules_name_each_part_of_rule_13_that_doubled_a_payment():
    # a sweep by the banker with a quartet last: every part; nobody doubled: none
    assert doubling_rules(deal_result((8, 0, 0, 0), (0, 0, 0, 0), 1, 1, "quartet", None)) == (
        "tiengow.13.banker",
        "tiengow.13.last_trick",
        "tiengow.13.sweep",
    )
    assert doubling_rules(deal_result((2, 2, 4, 0), (0, 0, 0, 0), 3, 1, None, None)) == ("tiengow.13.banker",)


# --- 12. A thrown-in deal is announced; the focus skips the tiles that cannot be played -----------


def test_item12_a_deal_a_computer_throws_in_is_told_on_the_message_line_and_in_the_log():
    dealt = (FIVE_DOUBLES[1], FIVE_DOUBLES[0], FIVE_DOUBLES[2], FIVE_DOUBLES[3])  # Right (seat 2) holds five doubles
    match = match_on("dekabes", {(1, 0): dealt}, seats=("human", "ai", "greedy", "greedy"))
    app, table, _ = make_table(match=match)
    assert match.to_act == 1 and set(table.decision_buttons) == {"accept"}
    press(app, pygame.K_RETURN)  # keep: previewed
    press(app, pygame.K_RETURN)  # and confirmed
    assert match.round.deals[0].accepted == [1]
    for _ in range(FRAME_LIMIT):
        if len(match.round.deals) == 2:
            break
        frames(app)
    told = app.tr("log.thrown_in", who=table.names.name(2))
    assert match.round.deals[0].redeal_by == 2 and "dealt again" in told
    assert table.messages.shown(table.turn_key) == told
    assert panels.escape(told) in table.screens.log_lines(match, table.names, app.tr)


def test_item12_tab_skips_the_greyed_tiles_that_cannot_be_played_now():
    def some_greyed(match: Match) -> bool:
        view = match.view_for(1)
        playable = {m.tile for m in view.legal if isinstance(m, Play)}
        return match.to_act == 1 and match.phase is Phase.PLAYING and 2 <= len(playable) < len(view.hand)

    match = advance(Match("chiva", SEATS, 2), some_greyed)
    app, table, _ = make_table(match=match)
    assert wait_for_person(app, table)
    hand = table.view.hand
    playable = {
        i for i, tile in enumerate(hand) if any(isinstance(m, Play) and m.tile is tile for m in table.view.legal)
    }
    visited = []
    for _ in range(2 * len(hand)):
        press(app, pygame.K_TAB)
        visited.append(table.board.focus)
    assert set(visited) == playable, (visited, playable)
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert table.board.focus in playable and table.board.selected is hand[table.board.focus]


def test_a_painted_text_outlives_every_pygame_quit_not_only_the_first():
    """The tests quit pygame more than once in a process (a device's window): a font kept from
    before the second quit must not be used after it (``sprites.fonts``)."""
    script = (
        "import pygame\n"
        "from sprites import fonts\n"
        "for _ in range(3):\n"
        "    pygame.init()\n"
        "    fonts.text('Tien Gow', 14, (255, 255, 255))\n"
        "    pygame.quit()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], check=False, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
