"""Records and the command line: export, load, replay, and rejection of bad records."""

import copy
import json

import pytest
from helpers import play_out
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cli
from game.core.errors import RecordError
from game.core.match import Match
from game.core.phases import Phase
from game.core.record import Replaying, dumps, match_from_record, match_to_record, replayed
from game.registry import GAME_NAMES


def recorded(game, seed=1, seats=("random", "greedy", "random", "greedy")):
    match = Match(game, seats, seed)
    play_out(match)
    return match_to_record(match)


def write(tmp_path, records, name="r.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def first_round_with(record, predicate):
    return next(r for r in record["rounds"] if predicate(r))


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_record_has_the_spec_fields(game):
    record = recorded(game)
    assert record["format"] == "domino-record/1" and record["game"] == game
    assert record["winner"] in ("A", "B")
    first = record["rounds"][0]
    assert first["turns"][0]["end"] is None and first["turns"][0]["tile"] == "6-6"
    keys = {"number", "hands", "opener", "turns", "result"}
    assert keys <= set(first)
    if game == "dekabes":
        assert first["chooser"] is None and first["deals"][-1]["redeal_by"] is None
        assert {"dekabes", "points", "base_after"} <= set(first["result"])
    else:
        assert "deals" not in first and "chooser" not in first


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
def test_loading_a_record_back_gives_the_same_match(game):
    record = recorded(game, seed=4)
    match = match_from_record(json.loads(dumps(record)))
    assert match_to_record(match) == record


def test_unfinished_record_loads_and_play_continues():
    match = Match("dekabes", ("human", "greedy", "greedy", "greedy"), seed=6)
    match.run_computers()
    match.push(match.legal_moves()[0])
    record = match_to_record(match)
    assert record["winner"] is None and "result" not in record["rounds"][-1]
    loaded = match_from_record(record)
    assert loaded.to_act == match.to_act and loaded.legal_moves() == match.legal_moves()


def test_record_while_choosing_has_chooser_but_no_opener():
    for seed in range(100):
        match = Match("dekabes", ("human",) * 4, seed=seed)
        while match.phase is not Phase.CHOOSING:
            if match.round.is_over:
                if match.phase is Phase.MATCH_OVER:
                    break
                match.next_round()
            else:
                match.push(match.legal_moves()[0])
        if match.phase is Phase.CHOOSING:
            break
    last = match_to_record(match)["rounds"][-1]
    assert last["chooser"] is not None and "opener" not in last
    assert match_from_record(match_to_record(match)).phase is Phase.CHOOSING


def test_record_while_deal_is_looked_at_has_no_redeal_by_nor_hands():
    match = Match("dekabes", ("human",) * 4, seed=3)
    match.push(match.legal_moves()[0])
    last = match_to_record(match)["rounds"][-1]
    assert last["deals"][0]["accepted"] == [1] and "redeal_by" not in last["deals"][0]
    assert "hands" not in last
    assert match_from_record(match_to_record(match)).to_act == 2


def corrupt_swapped_turn(record):
    turns = first_round_with(record, lambda r: len(r["turns"]) > 3)["turns"]
    turns[1], turns[2] = turns[2], turns[1]


def corrupt_wrong_winner(record):
    record["winner"] = "B" if record["winner"] == "A" else "A"


def corrupt_round_winner(record):
    result = record["rounds"][0]["result"]
    result["winner"] = "B" if result["winner"] == "A" else "A"


def corrupt_pass_holding_a_tile(record):
    turns = record["rounds"][0]["turns"]
    index = next(i for i, t in enumerate(turns) if i > 0 and "tile" in t)
    turns[index] = {"seat": turns[index]["seat"], "pass": True}


def corrupt_wrong_opener(record):
    rnd = record["rounds"][1]
    rnd["opener"] = rnd["opener"] % 4 + 1


def corrupt_wrong_score(record):
    record["rounds"][0]["result"]["score_after"]["A"] += 1


def corrupt_wrong_pips(record):
    record["rounds"][0]["result"]["pips"][0] += 1


def corrupt_wrong_end(record):
    turn = next(t for t in record["rounds"][0]["turns"][1:] if "tile" in t)
    turn["end"] = "left" if turn["end"] == "right" else "right"


CORRUPTIONS = [
    corrupt_swapped_turn,
    corrupt_wrong_winner,
    corrupt_round_winner,
    corrupt_pass_holding_a_tile,
    corrupt_wrong_opener,
    corrupt_wrong_score,
    corrupt_wrong_pips,
]


@pytest.mark.parametrize("game", ["chiva", "dekabes"])
@pytest.mark.parametrize("corrupt", CORRUPTIONS, ids=lambda f: f.__name__)
def test_replay_rejects_corrupted_records(game, corrupt, tmp_path, capsys):
    record = recorded(game, seed=2)
    assert len(record["rounds"]) > 1
    bad = copy.deepcopy(record)
    corrupt(bad)
    with pytest.raises(RecordError):
        match_from_record(bad)
    assert cli.main(["replay", write(tmp_path, [record, bad])]) == 1
    err = capsys.readouterr().err
    assert err.startswith("rejected: record 2, ") and err[-1] == "\n" and err.count("\n") == 1


def test_replay_rejects_a_wrong_end_when_it_does_not_fit(tmp_path):
    record = recorded("chiva", seed=2)
    bad = copy.deepcopy(record)
    corrupt_wrong_end(bad)
    try:
        match_from_record(bad)
    except RecordError:
        return
    # the tile fitted both ends: then the line (and so the result or later turns) must agree
    assert match_to_record(match_from_record(bad)) == bad


def test_dekabes_replay_rejects_a_throw_in_without_five_doubles():
    record = recorded("dekabes", seed=2)
    deal = record["rounds"][0]["deals"][0]
    bad = copy.deepcopy(record)
    bad["rounds"][0]["deals"][0] = {"hands": deal["hands"], "accepted": [], "redeal_by": 1}
    bad["rounds"][0]["deals"].append(deal)
    with pytest.raises(RecordError):
        match_from_record(bad)


def test_dekabes_replay_rejects_a_wrong_chooser():
    record = recorded("dekabes", seed=2)
    rnd = record["rounds"][1]
    rnd["chooser"] = rnd["chooser"] % 4 + 1
    with pytest.raises(RecordError):
        match_from_record(record)


@pytest.mark.parametrize(
    "text, needle",
    [
        ("{not json", "not valid JSON"),
        ('{"format": "domino-record/1", "game": "poker", "seed": 1, "seats": [], "rounds": []}', "game"),
        ('{"format": "other/1"}', "format"),
        ("[1, 2]", "object"),
    ],
)
def test_replay_malformed_file_one_line_exit_2(tmp_path, capsys, text, needle):
    path = tmp_path / "bad.jsonl"
    path.write_text(text + "\n", encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_replay_unknown_tile_and_end_values_exit_2(tmp_path, capsys):
    record = recorded("chiva", seed=2)
    bad = copy.deepcopy(record)
    bad["rounds"][0]["turns"][1]["end"] = "middle"
    assert cli.main(["replay", write(tmp_path, [bad])]) == 2
    bad = copy.deepcopy(record)
    bad["rounds"][0]["hands"][0][0] = "7-9"
    assert cli.main(["replay", write(tmp_path, [bad])]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_replay_missing_file_exit_2(tmp_path, capsys):
    assert cli.main(["replay", str(tmp_path / "none.jsonl")]) == 2


def test_cli_record_is_byte_identical_and_replays(tmp_path, capsys):
    out1, out2 = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    args = ["record", "--game", "dekabes", "--seed", "5", "--seats", "random,greedy,random,greedy", "--matches", "5"]
    assert cli.main(args + ["--out", str(out1)]) == 0
    assert cli.main(args + ["--out", str(out2)]) == 0
    assert out1.read_bytes() == out2.read_bytes()
    lines = out1.read_text().splitlines()
    assert len(lines) == 5 and [json.loads(line)["seed"] for line in lines] == [5, 6, 7, 8, 9]
    assert cli.main(["replay", str(out1)]) == 0
    assert capsys.readouterr().out.strip() == "ok: 5 records"


def test_cli_record_refuses_human_seats_with_a_message(capsys):
    assert cli.main(["record", "--game", "chiva", "--seed", "1", "--seats", "human,greedy,random,greedy"]) == 2
    assert "--seats" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["chiva", "dekabes", "tiengow"])
def test_record_spec_extra_fields_are_allowed_everywhere(name):
    """record.md: "Extra fields are allowed" -- in the record, its rounds, their turns or
    plays, and their results alike."""
    record = match_to_record(cli.play_match(name, 31, ("greedy", "random", "greedy", "random"), 2))
    record["comment"] = "from another table"
    for round_ in record["rounds"]:
        round_["note"] = 1
        round_["result"]["margin"] = {"any": ["thing"]}
        for turn in round_.get("turns", []):
            turn["thinking_ms"] = 12
        for trick in round_.get("tricks", []):
            trick["shown"] = True
            for play in trick["plays"]:
                play["clock"] = 3.5
        for deal in round_.get("deals", []):
            deal["shuffled_by"] = "machine"
    again = match_from_record(json.loads(json.dumps(record)))
    assert again.phase is Phase.MATCH_OVER or again.round.is_over


@pytest.mark.parametrize("name", ["chiva", "dekabes"])
def test_record_result_values_must_match_type_for_type(name):
    record = match_to_record(cli.play_match(name, 31, ("greedy", "random", "greedy", "random"), 1))
    result = record["rounds"][0]["result"]
    result["pips"] = [float(p) for p in result["pips"]]
    with pytest.raises(RecordError):
        match_from_record(record)


@settings(max_examples=6)
@given(game=st.sampled_from(GAME_NAMES), seed=st.integers(0, 10**6))
def test_issue26_a_match_played_again_one_round_at_a_time_is_the_match_played_again_whole(game, seed):
    """A hosted table's device plays each finished round on from the ones before it
    (``Replaying``): after every round it holds what ``replayed`` of all of them gives."""
    match = Match(game, ("greedy",) * 4, seed)
    while len(match.finished) < 3 and match.phase is not Phase.MATCH_OVER:
        if match.round.is_over:
            match.next_round()
        else:
            match.play_computer()
    rounds = match_to_record(match)["rounds"]
    rounds = rounds if match.round.is_over else rounds[:-1]
    replaying = Replaying(game, list(match.seats), seed)
    for count in range(1, len(rounds) + 1):
        step = replaying.extend(rounds[:count])
        whole = replayed(game, list(match.seats), seed, rounds[:count])
        assert match_to_record(step) == match_to_record(whole)
        assert replaying.played == count
