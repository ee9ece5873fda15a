"""Issue 41, item 1: the seam is typed end to end, so the typos a board or a scene could make
are mypy errors. A small module planted beside the real ones (never in the tree) makes each
typo, and mypy, with the project's configuration, must report every one."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from mypy import api

ROOT = pathlib.Path(__file__).resolve().parent.parent

PLANTED = textwrap.dedent(
    """
    from game.core.match import Match
    from scenes.blocks.board import BlockBoard
    from scenes.tiengow.board import TienGowBoard


    def block_board(board: BlockBoard) -> None:
        board.host.session.commit("not a decision")  # PLANT block-commit
        match = board.host.match
        assert match is not None
        print(match.round.resutl)  # PLANT block-round
        print(match.start.sedd)  # PLANT block-start


    def tiengow_board(board: TienGowBoard) -> None:
        board.host.session.commit("not a decision")  # PLANT tiengow-commit
        match = board.host.match
        assert match is not None
        print(match.round.resutl)  # PLANT tiengow-round
        print(match.start.sedd)  # PLANT tiengow-start


    def any_game(match: Match) -> None:
        print(match.round.resutl)  # PLANT neutral-round
        print(match.start.sedd)  # PLANT neutral-start

    """
)


def planted_lines() -> dict[str, int]:
    return {
        line.split("# PLANT ")[1].strip(): number
        for number, line in enumerate(PLANTED.splitlines(), start=1)
        if "# PLANT " in line
    }


@pytest.mark.slow
def test_issue41_the_planted_typos_are_mypy_errors(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    probe = tmp_path / "issue41_probe.py"
    probe.write_text(PLANTED, encoding="utf-8")
    out, err, _ = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--follow-imports=silent",
            str(probe),
        ]
    )
    assert not err
    reported = {
        int(line.split(":")[1]) for line in out.splitlines() if line.startswith(str(probe)) and ": error:" in line
    }
    missed = {name: number for name, number in planted_lines().items() if number not in reported}
    assert missed == {}, out
