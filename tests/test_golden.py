"""Golden records: fixed-seed matches of every registered game, committed under
tests/golden/ and reproduced byte for byte. A change that alters any decision, deal or
result of the rules or the computer players shows here.

They were written by (and are rewritten, after a deliberate change, with)
``python -m game.cli record --game G`` and the ``ARGUMENTS`` below, ``--out tests/golden/G.jsonl``.
"""

from __future__ import annotations

import pathlib

import pytest

from game import cli
from game.registry import GAME_NAMES

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
ARGUMENTS = ["--seed", "100", "--seats", "ai,greedy,random,greedy", "--matches", "2", "--deals", "3"]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_golden_record_replays(name, capsys):
    assert cli.main(["replay", str(GOLDEN / f"{name}.jsonl")]) == 0
    assert capsys.readouterr().out.strip() == "ok: 2 records"


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NAMES)
def test_golden_record_is_reproduced_byte_for_byte(name, tmp_path):
    out = tmp_path / f"{name}.jsonl"
    assert cli.main(["record", "--game", name, *ARGUMENTS, "--out", str(out)]) == 0
    assert out.read_bytes() == (GOLDEN / f"{name}.jsonl").read_bytes()
