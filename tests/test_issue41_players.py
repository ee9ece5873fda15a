"""Issue 41 item 4: who sits at a seat is one frozen value, ``game.core.player.Player``, with
one text round trip; records, saves and frames keep their words byte for byte, and nothing
outside ``game/core/player.py`` compares those words (the checker is shown to catch it)."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from player_words import comparisons, every_comparison

from game.core.advice import Difficulty
from game.core.errors import IllegalMove
from game.core.match import Match
from game.core.player import (
    AI,
    CHAIR_KINDS,
    COMPUTERS,
    GREEDY,
    LEVEL_WORDS,
    PERSON,
    PLAYERS,
    RANDOM,
    Player,
    PlayerKind,
    chair_kind,
    hosted_seat,
)
from game.core.session import Chair
from online.protocol import HandOver, SetSeat
from online.table import HostedTable, Seating

ROOT = pathlib.Path(__file__).resolve().parent.parent


# --- the architecture: one place compares the words ------------------------------------------


def test_no_module_but_the_players_own_compares_the_words_of_who_sits_at_a_seat() -> None:
    assert every_comparison(ROOT) == []


PLANTED = """
def role(seat, kinds, chair, choice, level, kind):
    if kinds[seat - 1] == "human":
        return 1
    if chair.kind != "computer" and level in ("greedy", "random"):
        return 2
    if kind is SeatKind.AI or kind in COMPUTER_KINDS:
        return 3
    match choice:
        case "friend":
            return 4
    return 0
"""


def test_the_checker_finds_every_kind_of_planted_comparison() -> None:
    found = comparisons(textwrap.dedent(PLANTED))
    assert found == [
        (3, ["human"]),
        (5, ["computer"]),
        (5, ["greedy", "random"]),
        (7, ["COMPUTER_KINDS"]),
        (7, ["SeatKind.AI"]),
        (10, ["friend"]),
    ]


def test_the_checker_lets_a_player_be_asked_and_other_words_be_compared() -> None:
    asked = "if player.is_person and chair.is_open and mode == 'fast' and choice == SeatChoice.DEVICE:\n    pass\n"
    assert comparisons(asked) == []


# --- the value and its texts --------------------------------------------------------------------


@pytest.mark.parametrize("text", ["human", "ai", "random", "greedy", "ai:easy", "ai:normal", "ai:hard"])
def test_a_player_reads_back_from_its_text(text: str) -> None:
    player = Player.parse(text)
    assert str(player) == text and Player.parse(str(player)) == player
    assert eval(repr(player), {"Player": Player}) == player  # a repr that pastes back as code


@pytest.mark.parametrize(
    "text", ["", "Human", "person", "computer", "remote", "ai:", "ai:expert", "greedy:hard", "x:y"]
)
def test_anything_else_is_no_player(text: str) -> None:
    with pytest.raises(ValueError):
        Player.parse(text)


def test_the_record_words_are_the_record_specs_in_its_order() -> None:
    assert [str(player) for player in PLAYERS] == ["human", "ai", "random", "greedy"]
    assert [Player.from_record(str(player)) for player in PLAYERS] == list(PLAYERS)
    with pytest.raises(ValueError):
        Player.from_record("ai:hard")  # a record names no level
    with pytest.raises(ValueError):
        Player(PlayerKind.GREEDY, Difficulty.HARD)  # only the computer player has a level


def test_the_predicates_answer_for_every_player() -> None:
    assert [p.is_person for p in PLAYERS] == [True, False, False, False]
    assert [p.is_computer for p in PLAYERS] == [False, True, True, True]
    assert [p.is_quick for p in PLAYERS] == [False, False, True, True]
    assert [p.stands_in for p in PLAYERS] == [False, True, False, False]
    assert COMPUTERS == (AI, RANDOM, GREEDY)


@pytest.mark.parametrize("word", LEVEL_WORDS)
def test_a_protocol_level_names_one_computer_and_back(word: str) -> None:
    computer = Player.from_level(word)
    assert computer.is_computer and computer.level_word == word
    assert Player.from_chair("computer", word) == computer and computer.chair_kind == "computer"


def test_a_chair_of_the_wire_is_read_into_a_player_and_written_back() -> None:
    assert CHAIR_KINDS == ("open", "person", "computer")
    assert Player.from_chair("open", "") is None and chair_kind(None) == "open"
    assert Player.from_chair("person", "") == PERSON and chair_kind(PERSON) == "person"
    assert Player.from_chair("computer", "") == AI, "a computer naming no level is the computer player"
    assert Player.from_chair("computer", "grandmaster") == AI, "a level a device does not know draws, not crashes"
    with pytest.raises(ValueError):
        Player.from_chair("ghost", "")
    with pytest.raises(ValueError):
        PERSON.level_word  # noqa: B018  (a person has no computer level)


def test_the_servers_seats_are_remote_or_a_computer() -> None:
    assert hosted_seat("remote") is None
    assert hosted_seat("ai") == hosted_seat("ai:") == Player.parse("ai:normal")
    assert hosted_seat("ai:hard") == Player.parse("ai:hard") and hosted_seat("greedy") == GREEDY
    for text in ("human", "remote:", "greedy:hard", "ai:expert"):
        with pytest.raises(ValueError):
            hosted_seat(text)


# --- every layer speaks it, and writes what it wrote ------------------------------------------------


def test_a_match_seats_players_and_records_the_specs_words() -> None:
    match = Match("chiva", ("human", GREEDY, "random", AI), seed=3)
    assert match.players == (PERSON, GREEDY, RANDOM, AI)
    assert match.seats == ("human", "greedy", "random", "ai")
    assert [match.is_human(seat) for seat in range(1, 5)] == [True, False, False, False]
    for seats in (("human", "ai", "ai"), ("human", "ai", "ai", "person"), (PERSON, AI, AI, Player.parse("ai:hard"))):
        with pytest.raises(IllegalMove):
            Match("chiva", seats)


def test_a_computer_question_is_seeded_by_the_record_word_and_thinks_at_its_own_level() -> None:
    match = Match("chiva", (AI, AI, AI, AI), seed=5, level="easy")
    seat = match.to_act
    assert seat is not None
    asked = match.question_for(seat, Player.parse("ai:hard"))
    assert asked.seed[0] == "ai" and asked.level == "hard" and asked.player == Player.parse("ai:hard")
    assert match.computer_question().level == "easy"


def test_set_seat_and_hand_over_decode_into_players_and_encode_the_same_frame() -> None:
    for player in (None, *COMPUTERS, Player.parse("ai:hard")):
        frame = SetSeat.of(2, player)
        assert frame.player == (None if player is None else Player.from_level(player.level_word))
    assert SetSeat.of(3, GREEDY) == SetSeat(3, "computer", "greedy") and SetSeat.of(3, None) == SetSeat(3, "open")
    assert HandOver(1, True, "hard").stand_in == Player.parse("ai:hard")


def test_a_hosted_tables_chairs_and_save_keep_their_words() -> None:
    seats = [Seating(), Seating(GREEDY), Seating(Player.parse("ai:hard")), Seating(RANDOM)]
    table = HostedTable("chiva", seats, seed=1, code="7HK4PX", key="k" * 16, autostart=False)
    table.join("7HK4PX", None, 1, "Ada", "en")
    chairs = table.chair_info()
    assert [(c.kind, c.level) for c in chairs] == [
        ("person", ""),
        ("computer", "greedy"),
        ("computer", "hard"),
        ("computer", "random"),
    ]
    assert [c.player for c in chairs] == [PERSON, GREEDY, Player.parse("ai:hard"), RANDOM]
    assert [c.is_person for c in chairs] == [True, False, False, False]
    saved = table.to_save()["chairs"]
    assert [(c["kind"], c["computer"], c["level"]) for c in saved] == [
        ("person", "ai", "normal"),
        ("computer", "greedy", "normal"),
        ("computer", "ai", "hard"),
        ("computer", "random", "normal"),
    ]
    again = HostedTable.from_save(table.to_save())
    assert [c.player for c in again.chair_info()] == [PERSON, GREEDY, Player.parse("ai:hard"), RANDOM]
    assert again.to_save() == table.to_save()
    table.start()
    assert table.match is not None and table.match.seats == ("human", "greedy", "ai", "random")


def test_a_chair_on_the_wire_answers_who_sits_there() -> None:
    assert Chair(1, "open").is_open and not Chair(1, "open").is_computer
    assert Chair(2, "person", handed_over=True).is_person
    assert Chair(3, "computer", level="random").player == RANDOM and Chair(3, "computer", level="easy").is_computer
