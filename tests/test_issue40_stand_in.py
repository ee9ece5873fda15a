"""Issue 40 item 13: a person's stand-in at a hosted table is the game's computer player,
which keeps the Dékabès rule 1 that a computer seat throws a deal in whenever it may; the
record spec's fixed ``greedy`` player (it accepts every deal) is never a person's stand-in."""

from __future__ import annotations

import pytest
from test_online_table import run_computers, table_of

from game.blocks.dekabes import may_throw_in
from game.core.player import GREEDY, PERSON, RANDOM, STAND_IN, Player
from online.table import Refusal, Seating

FIVE_DOUBLES_SEED = 304  # seat 1's first Dékabès hand holds 0-0, 2-2, 3-3, 5-5 and 6-6


def test_dekabes_rule_1_a_handed_over_seat_throws_in_five_doubles() -> None:
    table, _ = table_of("dekabes", people=1, seed=FIVE_DOUBLES_SEED)
    first_hand = table.match.view_for(1).hand
    assert may_throw_in(first_hand) and table.match.to_act == 1
    table.hand_over(1, True, STAND_IN)
    run_computers(table)
    thrown = [step for step in table.match.decisions if step.seat == 1]
    assert thrown, "the stand-in answered the deal"
    assert table.match.view_for(1).hand != first_hand, "the deal was thrown in and dealt again"
    assert table.chair(1).computer == Player.parse("ai:normal")


@pytest.mark.parametrize("fixed", ["greedy", "random"])
def test_the_record_specs_fixed_players_are_refused_as_a_stand_in(fixed: str) -> None:
    table, _ = table_of("dekabes", people=1, seed=FIVE_DOUBLES_SEED)
    with pytest.raises(Refusal) as refused:
        table.hand_over(1, True, Player.from_level(fixed))
    assert refused.value.code == "not_a_stand_in"
    assert not table.chair(1).handed_over and table.computer_turn() is None


def test_a_persons_chair_names_the_computer_player_as_its_stand_in() -> None:
    assert Seating(PERSON).computer == STAND_IN and STAND_IN.stands_in
    assert not GREEDY.stands_in and not RANDOM.stands_in


ONLINE_KEYS = {
    "restart": (
        "online.done",
        "online.agreed",
        "online.agreed.{}.you",
        "online.declined",
        "online.what",
        "online.question",
    ),
    "next_round": ("online.done",),
}


@pytest.mark.parametrize("lang", ["en", "fr", "it", "id"])
def test_item14_a_hosted_tien_gow_table_restarts_a_deal_and_a_block_game_a_round(lang: str) -> None:
    """The hosted table's questions and jumps are named by each game's own word: a Tien Gow
    table restarts a deal (fr: donne), a Chiva table a round (fr: manche)."""
    from scenes.screens.registry import screens_for
    from scenes.services.translation import load_catalogue

    catalogue = load_catalogue(lang)
    for game, word in (("tiengow", {"en": "deal", "fr": "donne"}), ("chiva", {"en": "round", "fr": "manche"})):
        for kind, prefixes in ONLINE_KEYS.items():
            said = screens_for(game).asked_as.get(kind, kind)
            for prefix in prefixes:
                key = prefix.format(said) if "{}" in prefix else f"{prefix}.{said}"
                assert key in catalogue, key
                if lang in word and prefix in ("online.done", "online.what"):
                    assert word[lang] in str(catalogue[key]), (game, key)
