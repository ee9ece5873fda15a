"""Issue 40, items 15-17: crash and hang paths that still worked: a wrong answer from the
thinking worker, a module that fails to load in spare time or for the network's scenes, and
start-up through the real command lines (few file descriptors, odd arguments, a pipe for a
picture, no video driver, an orphaned worker)."""

from __future__ import annotations

import multiprocessing
import os
import pathlib
import resource
import socket
import subprocess
import sys

import pytest

from game.core.match import Match
from scenes.screens.menu import MenuScene
from scenes.services import worker, worker_wire
from scenes.services.settings import Settings
from scenes.services.thinker import REPLACED
from scenes.shell.app import App
from scenes.shell.routes import Later

ROOT = pathlib.Path(__file__).resolve().parent.parent
POSIX_ONLY = pytest.mark.skipif(sys.platform == "win32", reason="POSIX limits, pipes and signals")


def run(*argv: str, env: dict[str, str] | None = None, files: int | None = None) -> subprocess.CompletedProcess[str]:
    """``python argv...`` from the project's folder (with at most ``files`` descriptors open)."""
    limit = None if files is None else (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files)))
    return subprocess.run(
        [sys.executable, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
        preexec_fn=limit,
    )


def one_line_refusal(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert words in done.stderr


# --- 15: an answer the rules refuse --------------------------------------------------


def test_item15_a_decision_the_rules_refuse_replaces_the_worker_and_the_table_plays_on(monkeypatch):
    monkeypatch.setenv("DOMINO_TABLE_THINKING", "worker")
    match = Match("chiva", ("ai",) * 4, seed=4)
    expected = match.copy().computer_decision()
    ahead = match.copy()
    ahead.play_computer()
    wrong = next(decision for decision in ahead.legal_moves() if not match.is_legal(decision))
    app = App((1280, 720), settings=Settings(game="chiva", speed="instant"))
    try:
        app.thinker.start()
        ours, theirs = socket.socketpair()
        app.thinker._worker._receiver = worker_wire.Receiver(multiprocessing.connection.Connection(ours.detach()))
        app.show("table", match=match)
        app.manager.run_frames(2)  # the first question (number 0) is sent
        whole = worker_wire.encode_reply(0, match.copy().computer_question(), True, wrong)
        theirs.sendall(worker_wire.HEADER.pack(len(whole)) + whole)
        for _ in range(20):
            app.manager.run_frames(1)
            app.thinker.wait()
        assert match.decisions and match.decisions[0].decision == expected
        assert app.toast.text == app.tr(REPLACED)
    finally:
        app.close()


# --- 16: a module that does not load ---------------------------------------------------


def test_item16_a_module_that_fails_to_load_in_spare_time_only_drops_its_preload(monkeypatch):
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # importing it raises ImportError
    later = Later(("zeroconf", "json"))
    assert later.load_one() and later.load_one() and not later.load_one()


@pytest.mark.parametrize(("scene", "module"), [("lobby", "scenes.screens.lobby"), ("join", "scenes.screens.join")])
def test_item16_the_network_scenes_say_when_they_cannot_open(monkeypatch, scene, module):
    monkeypatch.setitem(sys.modules, module, None)
    app = App((1280, 720), settings=Settings())
    try:
        app.show("menu")
        app.manager.run_frames(1)
        arguments = {"game": "chiva"} if scene == "lobby" else {}
        shown = app.show(scene, **arguments)
        app.manager.run_frames(1)
        assert isinstance(shown, MenuScene) and app.manager.scene is shown
        assert app.toast.text == app.tr("menu.friends.unavailable")
    finally:
        app.close()


# --- 17: start-up through the command lines ------------------------------------------


@POSIX_ONLY
def test_item17_the_game_starts_with_twenty_file_descriptors():
    done = run("main.py", "--frames", "3", "--demo", files=20)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]


def test_item17_a_size_in_other_digits_is_one_line():
    one_line_refusal(run("main.py", "--frames", "1", "--size", "²x²"), "--size must look like 1280x720")


def test_item17_a_picture_name_too_long_is_one_line():
    one_line_refusal(run("main.py", "--frames", "1", "--screenshot", "a" * 300 + ".png"), "--screenshot")


@POSIX_ONLY
def test_item17_a_picture_onto_a_pipe_is_refused_not_waited_for(tmp_path):
    fifo = tmp_path / "picture.png"
    os.mkfifo(fifo)
    one_line_refusal(run("main.py", "--frames", "1", "--screenshot", str(fifo)), "not a regular file")


def test_item17_an_unknown_video_driver_is_one_line():
    done = run("main.py", env={"SDL_VIDEODRIVER": "nosuchdriver"})
    one_line_refusal(done, "no window can be opened")


@pytest.mark.parametrize(
    "argv", [(), ("record",), ("replay", "--zz"), ("record", "--game", "chiva", "--seed", "²", "--seats", "ai")]
)
def test_item17_the_headless_command_line_says_a_mistake_in_one_line(argv):
    one_line_refusal(run("-m", "game.cli", *argv), "python -m game.cli")


def test_item17_a_worker_whose_table_is_gone_ends_quietly(monkeypatch):
    monkeypatch.setattr(worker, "yield_to_the_table", lambda: None)  # this process keeps its priority
    mine, theirs = multiprocessing.Pipe()
    question = Match("chiva", ("ai",) * 4, seed=4).computer_question()
    mine.send_bytes(worker_wire.encode_question(0, question))
    mine.close()  # the table is killed while its question is being answered
    worker.serve(theirs)
    theirs.close()
