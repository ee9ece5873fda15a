"""Issue 24, what the player sees at start-up and the last crash and freeze paths: items 6,
7, 25-34, through the real client where they are about it (SDL's dummy driver, real pygame
events, real frames) and through the real command lines."""

from __future__ import annotations

import json
import multiprocessing.connection
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import tracemalloc

import msgspec
import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import main
from game.core import jsonfile
from game.core.files import read_json
from game.core.match import Match
from game.core.record import dumps, match_to_record
from scenes.screens.menu import start_match
from scenes.screens.table import TableScene
from scenes.services import installation, persist, worker_wire
from scenes.services.settings import Settings
from scenes.services.thinker import DEADLINE, REPLACED, Thinker
from scenes.shell.app import OFFSCREEN_LARGEST, App
from scenes.shell.manager import FIXED_DT
from scenes.ui.theme import COLOURS

ROOT = pathlib.Path(__file__).resolve().parent.parent


def start(size: tuple[int, int]) -> App:
    """The table of a demo, shown as the interactive loop shows it (prepared in spare time)."""
    app = App(size, settings=Settings(game="chiva", seats=["computer"] * 4, demo=True, seed=1))
    app.show("table", match=start_match(app.settings))
    app.manager.in_real_time()
    return app


def loop_frame(app: App, spare: float = 0.0) -> None:
    """One frame of the interactive loop: the frame, shown, then ``spare`` seconds of spare work."""
    app.manager.frame(FIXED_DT, 0.0)
    app.manager.show()
    app.manager.do_spare_work(spare)


def colours_in(surface: pygame.Surface, colour) -> int:
    return pygame.mask.from_threshold(surface, colour, (8, 8, 8, 255)).count()


# --- item 6: something readable at once, the table within a second of CPU ---------------


def test_item6_the_first_frame_shows_the_title_and_a_bar_of_the_preparation():
    app = start((1920, 1080))
    try:
        loop_frame(app)
        screen = app.screen
        assert app.manager.scene is None, "the table is still being prepared"
        assert colours_in(screen, COLOURS.felt_dark) < screen.get_width() * screen.get_height() * 0.99
        middle = screen.subsurface(pygame.Rect(480, 300, 960, 480))
        assert colours_in(middle, COLOURS.gold) > 500, "the title (in gold) is drawn in the middle"
        assert colours_in(middle, COLOURS.ink) > 200, "so is 'Preparing the table…'"
    finally:
        app.close()


def test_item6_the_bar_shows_how_far_the_preparation_has_come():
    app = start((1280, 720))
    try:
        assert app.manager.progress == 0.0, "nothing prepared before the first frame"
        app.manager.prepare(deadline=0.0)  # one piece (a frame may do a hundred when the art is cached)
        first = app.manager.progress
        app.manager.prepare(deadline=0.0)  # one piece more
        assert 0.0 < first < app.manager.progress < 1.0
    finally:
        app.close()


def test_item6_the_table_is_drawn_a_few_frames_after_the_waiting_screen_even_when_frames_overrun():
    """Frames with no time to spare (a large window that takes long to show) used to prepare
    one piece each: 113 frames of plain felt at 1920x1080."""
    app = start((1920, 1080))
    try:
        for count in range(1, 40):  # noqa: B007 (read after the loop)
            loop_frame(app, spare=0.0)
            if isinstance(app.manager.scene, TableScene):
                break
        assert isinstance(app.manager.scene, TableScene) and count <= 30
    finally:
        app.close()


def test_item6_a_picture_held_still_is_not_shown_again_and_the_waiting_screen_only_its_bar(monkeypatch):
    shown: list[object] = []
    flip, update = pygame.display.flip, pygame.display.update
    monkeypatch.setattr(pygame.display, "flip", lambda: (shown.append("all"), flip())[1])
    monkeypatch.setattr(pygame.display, "update", lambda rects: (shown.append(list(rects)), update(rects))[1])
    app = start((1280, 720))
    try:
        app.manager.frame(FIXED_DT, 0.0)
        app.manager.show()
        app.manager.frame(FIXED_DT, 0.0)
        app.manager.show()
        assert shown[0] == "all" and len(shown[1]) == 1 and shown[1][0].height < 40
        while app.manager.scene is None:
            loop_frame(app, spare=0.1)
        loop_frame(app)
        shown.clear()
        app.show("menu")
        app.manager.frame(FIXED_DT, 0.0)  # the menu is prepared under the table's last picture
        app.manager.show()
        assert app.manager.preparing and shown == [], "a picture held still is not shown again"
    finally:
        app.close()


# --- item 7: command-line options win for the run, and are not stored -----------------


def stored() -> dict:
    return json.loads((persist.config_dir() / "settings.json").read_text(encoding="utf-8"))


def test_item7_fullscreen_and_lang_on_the_command_line_are_not_stored(tmp_path):
    assert main.main(["--fullscreen", "--lang", "fr", "--frames", "1"]) == 0
    assert stored()["fullscreen"] is False and stored()["lang"] != "fr"


def test_item7_an_explicit_size_wins_over_a_stored_full_screen(tmp_path):
    folder = persist.config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"fullscreen": True}), encoding="utf-8")
    out = tmp_path / "shot.png"
    assert main.main(["--size", "1024x700", "--frames", "1", "--screenshot", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 700)
    assert stored()["fullscreen"] is True, "the player's own choice stays stored"


def test_item7_the_settings_panel_stores_what_the_player_chooses():
    settings = Settings()
    settings.for_this_run("fullscreen", True)
    assert settings.stored_values()["fullscreen"] is False
    settings.choose("fullscreen", True)
    assert settings.stored_values()["fullscreen"] is True


# --- item 31: a size larger than the display is clamped --------------------------------


@pytest.mark.slow
def test_item31_a_huge_size_is_clamped_to_what_can_be_shown(tmp_path):
    out = tmp_path / "shot.png"
    assert main.main(["--size", "99999x99999", "--frames", "1", "--screenshot", str(out)]) == 0
    width, height = pygame.image.load(str(out)).get_size()
    assert width <= OFFSCREEN_LARGEST[0] and height <= OFFSCREEN_LARGEST[1]


# --- item 33: main.py's bad arguments and a broken installation: one line, exit 2 ------


def run_main(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.parametrize(
    "arguments",
    [
        ("--size", "99999999999999999999x1"),
        ("--size", "0x600"),
        ("--size", "12x"),
        ("--frames", "1", "--screenshot", "/no/such/folder/shot.png"),
        ("--frames", "1", "--screenshot", "."),
        ("--frames", "1", "--screenshot", "/dev/full"),
    ],
)
def test_item33_bad_arguments_are_one_line_and_exit_2(arguments):
    done = run_main(*arguments)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr


def broken_copy(tmp_path: pathlib.Path, monkeypatch, damage) -> None:
    copy = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", copy)
    damage(copy)
    monkeypatch.setattr(installation, "asset_path", copy.joinpath)


@pytest.mark.parametrize(
    "damage",
    [
        lambda copy: (copy / "fonts" / "NotoSans-Bold.ttf").unlink(),
        lambda copy: (copy / "fonts" / "NotoSans-Regular.ttf").write_bytes(b"not a font"),
        lambda copy: (copy / "i18n" / "fr" / "core.json").write_text("{broken", encoding="utf-8"),
        lambda copy: (copy / "theme.json").write_text("[]", encoding="utf-8"),
    ],
    ids=["missing font", "damaged font", "corrupt catalogue", "theme not an object"],
)
def test_item33_a_broken_installation_is_said_in_one_line_and_exit_2(tmp_path, monkeypatch, capsys, damage):
    broken_copy(tmp_path, monkeypatch, damage)
    assert main.main(["--frames", "1"]) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and "install it again" in lines[0]


def test_item33_a_whole_installation_has_no_problem():
    assert installation.installation_problem() is None


# --- item 28: the command line's output that cannot be written ---------------------------


RECORD = ("record", "--game", "chiva", "--seed", "1", "--seats", "greedy,greedy,greedy,greedy")


def cli(*arguments: str, stdout=None, closed: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.cli", *arguments],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
        preexec_fn=(lambda: os.close(1)) if closed else None,
    )


@pytest.fixture
def records(tmp_path) -> dict[str, str]:
    finished = Match("chiva", ("greedy",) * 4, seed=3)
    finished.run_computers()
    unfinished = Match("chiva", ("greedy", "human", "greedy", "greedy"), seed=6)
    unfinished.run_computers()
    paths = {}
    for name, match in (("finished", finished), ("unfinished", unfinished)):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(dumps(match_to_record(match)) + "\n", encoding="utf-8")
        paths[name] = str(path)
    return paths


def one_line_and_2(done: subprocess.CompletedProcess) -> None:
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_item28_replay_and_decide_into_a_full_disk_say_it_in_one_line(records):
    with open("/dev/full", "w") as full:
        one_line_and_2(cli("replay", records["finished"], stdout=full))
        one_line_and_2(cli("decide", "--record", records["unfinished"], "--seed", "1", stdout=full))
        one_line_and_2(
            cli("record", "--game", "chiva", "--seed", "1", "--seats", "greedy,greedy,greedy,greedy", stdout=full)
        )


def test_item28_record_replay_and_decide_with_standard_output_closed(records):
    one_line_and_2(
        cli("record", "--game", "chiva", "--seed", "1", "--seats", "greedy,greedy,greedy,greedy", closed=True)
    )
    one_line_and_2(cli("replay", records["finished"], closed=True))
    one_line_and_2(cli("decide", "--record", records["unfinished"], "--seed", "1", closed=True))


# --- item 27: the JSON reader's nesting check in bounded memory ---------------------------


def test_item27_reading_a_record_of_escaped_backslashes_takes_under_three_times_its_size(tmp_path):
    path = tmp_path / "backslashes.json"
    size = 6 << 20
    path.write_text('{"name": "' + "\\\\" * (size // 2) + '"}', encoding="utf-8")
    tracemalloc.start()
    try:
        value = read_json(path, 2 * size)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert value == {"name": "\\" * (size // 2)}
    assert peak < 3 * path.stat().st_size, f"peak {peak / (1 << 20):.0f} MB for a {size >> 20} MB file"


def json_depth(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(json_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(json_depth, value.values()), default=0)
    return 0


JSON_VALUES = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\aé\n'),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\a'), inner, max_size=3),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=300)
@given(JSON_VALUES, st.sampled_from([1, 2, 3, 5, 8, 1 << 16]), st.booleans())
def test_item27_nesting_read_a_chunk_at_a_time_is_the_depth_of_the_value(value, chunk, ascii_only):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jsonfile, "CHUNK", chunk)
        assert jsonfile.nesting(json.dumps(value, ensure_ascii=ascii_only)) == json_depth(value)


# --- item 29: temporary files of writes cut short are removed at start -------------------


def test_item29_stale_temporary_files_are_removed_at_start_and_fresh_ones_kept():
    folder = persist.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stale = [folder / ".match.json.4242.tmp", folder / ".match.json.0123456789ab.tmp"]
    fresh = folder / ".match.json.ba9876543210.tmp"  # perhaps another running copy's write
    kept = [folder / "match.json.tmp", folder / "notes.tmp"]  # not names the game writes
    old = time.time() - 3600
    for path in (*stale, fresh, *kept):
        path.write_text("{", encoding="utf-8")
    for path in (*stale, *kept):
        os.utime(path, (old, old))
    assert main.main(["--frames", "1"]) == 0
    assert not any(path.exists() for path in stale)
    assert fresh.exists() and all(path.exists() for path in kept)


# --- items 26 and 32: the thinking worker's channel, its deadline, and no worker at all ---


def test_item26_the_channel_is_plain_data_and_makes_only_engine_values():
    """(Issue 41: msgspec structs in MessagePack, the view as the protocol's, instead of tagged JSON.)"""
    match = Match("tiengow", ("ai",) * 4, seed=2)
    question = match.computer_question()
    data = worker_wire.encode_question(7, question)
    assert msgspec.msgpack.decode(data) and worker_wire.decode(data) == (7, question)
    for hostile in (
        b"\x80\x04K\x01.",  # a pickle
        msgspec.msgpack.encode({"$c": "os:system", "f": {}}),
        msgspec.msgpack.encode({"m": "question", "number": 1, "verb": "decide", "view": {"game": "checkers"}}),
        msgspec.msgpack.encode({"m": "decision", "number": 1, "game": "chiva", "decision": {"seat": 9}}),
        b"\x91" * 100_000,  # arrays nested deep
        b"\xff\xfe",
    ):
        with pytest.raises(worker_wire.ChannelBroken):
            worker_wire.decode(hostile)


def channel() -> tuple[worker_wire.Receiver, socket.socket]:
    ours, theirs = socket.socketpair()
    return worker_wire.Receiver(multiprocessing.connection.Connection(ours.detach())), theirs


def test_item26_the_receive_never_waits_for_a_half_written_or_huge_message():
    receiver, theirs = channel()
    question = Match("chiva", ("greedy",) * 4, seed=2).computer_question()
    whole = worker_wire.encode_reply(1, question, True, question.answer())
    theirs.sendall(worker_wire.HEADER.pack(len(whole)) + whole[:3])
    assert receiver.messages() == [], "half a message: nothing yet, and no waiting"
    theirs.sendall(whole[3:])
    assert receiver.messages() == [(1, True, question.answer())]
    theirs.sendall(worker_wire.HEADER.pack(2**31 - 1) + b"x")  # a huge length: refused at once, not read
    with pytest.raises(worker_wire.ChannelBroken):
        receiver.messages()
    receiver, theirs = channel()
    theirs.sendall(worker_wire.HEADER.pack(4) + b"\x80\x04K.")
    with pytest.raises(worker_wire.ChannelBroken):
        receiver.messages()


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops the worker with SIGSTOP")
def test_item26_a_stopped_worker_is_replaced_after_the_deadline_and_the_player_told(monkeypatch):
    monkeypatch.setenv("DOMINO_TABLE_THINKING", "worker")
    clock, told = Clock(), []
    thinker = Thinker(tell=told.append, clock=clock)
    try:
        thinker.start()
        stopped = thinker.worker_pid
        os.kill(stopped, signal.SIGSTOP)
        question = Match("chiva", ("ai",) * 4, seed=4, level="hard").computer_question()
        ticket = thinker.ask(question)
        thinker.poll()
        assert not ticket.done and told == []
        clock.now += DEADLINE + 1
        thinker.poll()
        assert told == [REPLACED] and thinker.worker_pid not in (None, stopped)
        thinker.wait()
        assert ticket.result() == question.answer()
    finally:
        thinker.close()


def test_item26_garbage_from_the_worker_replaces_it_and_the_question_is_answered(monkeypatch):
    monkeypatch.setenv("DOMINO_TABLE_THINKING", "worker")
    told: list[str] = []
    thinker = Thinker(tell=told.append)
    try:
        question = Match("dekabes", ("ai",) * 4, seed=3).computer_question()
        thinker.start()
        receiver, theirs = channel()
        thinker._worker._receiver = receiver  # what the worker sends now comes from ``theirs``
        ticket = thinker.ask(question)
        theirs.sendall(worker_wire.HEADER.pack(8) + b"garbage!")
        thinker.poll()
        assert told == [REPLACED]
        thinker.wait()
        assert ticket.result() == question.answer()
    finally:
        thinker.close()


LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (12, 12))  # the table opens; a worker does not
from scenes.shell.app import App
from scenes.screens.menu import start_match
from scenes.services.settings import Settings
app = App((800, 600), settings=Settings(game="tiengow", seats=["computer"] * 4, demo=True, seed=1))
table = app.show("table", match=start_match(app.settings))
app.manager.run_frames(600)
print(app.thinker.inline, len(table.match.decisions), app.toast.text)
app.close()
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="file descriptor limits are POSIX")
def test_item32_with_no_worker_possible_the_table_thinks_in_its_own_process_and_says_so():
    env = {**os.environ, "DOMINO_TABLE_THINKING": "worker"}
    done = subprocess.run(
        [sys.executable, "-c", LIMITED], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300, check=False
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    inline, decisions, *message = done.stdout.splitlines()[-1].split(" ", 2)
    assert inline == "True" and int(decisions) > 4 and "window" in " ".join(message)
