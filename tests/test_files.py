"""The careful reader and writer (game.core.files) and JSON with limits (game.core.jsonfile)."""

import json
import os
import pathlib
import stat

import pytest
from hostile import JSON_VALUES, LIMIT_BREAKERS, full_disk, leftovers, lock, make_fifo, unlock
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import BadJson, MissingFile, RecordError, UnreadableFile, UnwritableFile, capped, shown
from game.core.files import read_json, read_text, write_atomic
from game.core.jsonfile import MAX_DEPTH, nesting, parse_json


@pytest.fixture
def locked(monkeypatch):
    folders = []

    def apply(folder):
        lock(monkeypatch, folder)
        folders.append(folder)

    yield apply
    for folder in folders:
        unlock(folder)


# --- JSON with limits -----------------------------------------------------------------------------


@settings(max_examples=150)
@given(JSON_VALUES)
def test_parse_json_reads_what_json_writes(value):
    assert parse_json(json.dumps(value)) == value


@settings(max_examples=200)
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_parse_json_raises_only_bad_json_on_any_text(text):
    try:
        parse_json(text)
    except BadJson as error:
        assert len(str(error)) < 200


@given(LIMIT_BREAKERS)
def test_parse_json_refuses_what_goes_beyond_its_limits(content):
    with pytest.raises(BadJson):
        parse_json(content.decode())


@settings(max_examples=100)
@given(st.integers(0, 60), st.text(alphabet='[]{}"\\ab', max_size=30))
def test_nesting_counts_brackets_outside_strings(depth, noise):
    text = "[" * depth + json.dumps(noise) + "]" * depth
    assert nesting(text) == depth


def test_deep_nesting_is_refused_before_parsing():
    with pytest.raises(BadJson, match="nested 100000 levels deep"):
        parse_json("[" * 100_000)
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_long_numbers_nan_and_infinity_are_refused():
    for text in ("9" * 4301, "1" * 101, "1e999", "NaN", "[Infinity]", "-Infinity", "0." + "1" * 200):
        with pytest.raises(BadJson):
            parse_json(text)
    assert parse_json("[-0, 1.5, 12345678901234567890]") == [0, 1.5, 12345678901234567890]


def test_messages_and_reprs_are_capped():
    huge = "x" * (10 << 20)
    assert len(shown(huge)) < 60 and len(shown([[[[huge]]]] * 100)) < 200
    assert len(shown(10**5000)) < 60
    assert len(str(RecordError(f"round 1: {huge}"))) <= 300
    assert capped("a\nb\x1b[31m") == "a b [31m"


# --- reading --------------------------------------------------------------------------------------


def test_read_refuses_a_fifo_a_folder_and_a_device_without_blocking(tmp_path):
    make_fifo(tmp_path / "pipe.json")
    with pytest.raises(UnreadableFile, match="named pipe"):
        read_text(tmp_path / "pipe.json", 100)
    with pytest.raises(UnreadableFile, match="folder"):
        read_text(tmp_path, 100)
    if os.path.exists("/dev/zero"):
        with pytest.raises(UnreadableFile, match="device"):
            read_text("/dev/zero", 100)


def test_read_refuses_large_files_and_text_that_is_not_utf8(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes(b"[" + b" " * 2000 + b"]")
    with pytest.raises(UnreadableFile, match="larger than"):
        read_text(path, 1000)
    assert read_json(path, 3000) == []
    path.write_bytes(b'"\xff\xfe"')
    with pytest.raises(UnreadableFile, match="UTF-8"):
        read_text(path, 1000)
    with pytest.raises(MissingFile):
        read_text(tmp_path / "none.json", 1000)
    with pytest.raises(UnreadableFile):
        read_text(str(tmp_path / "nul\0.json"), 1000)


def test_read_an_unreadable_file_says_permission_denied(tmp_path, locked):
    (tmp_path / "box").mkdir()
    path = tmp_path / "box" / "f.json"
    path.write_text("{}")
    locked(tmp_path / "box")
    with pytest.raises(UnreadableFile, match="permission denied"):
        read_text(path, 100)


# --- writing --------------------------------------------------------------------------------------


def test_write_replaces_the_file_and_leaves_nothing_else(tmp_path):
    path = tmp_path / "a.json"
    write_atomic(path, "one")
    write_atomic(path, "two")
    assert path.read_text() == "two" and sorted(tmp_path.iterdir()) == [path]


def test_write_makes_missing_folders_only_when_asked(tmp_path):
    path = tmp_path / "new" / "deeper" / "a.json"
    with pytest.raises(UnwritableFile, match="folder does not exist"):
        write_atomic(path, "x")
    write_atomic(path, "x", make_folders=True)
    assert path.read_text() == "x"


def test_write_on_a_full_disk_keeps_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    path.write_text("old")
    full_disk(monkeypatch)
    with pytest.raises(UnwritableFile, match="disk is full"):
        write_atomic(path, "new")
    assert path.read_text() == "old" and leftovers(tmp_path) == []


def test_write_in_a_read_only_folder_keeps_the_old_file(tmp_path, locked):
    folder = tmp_path / "box"
    folder.mkdir()
    (folder / "a.json").write_text("old")
    locked(folder)
    with pytest.raises(UnwritableFile, match="permission denied"):
        write_atomic(folder / "a.json", "new")
    unlock(folder)
    assert (folder / "a.json").read_text() == "old" and leftovers(folder) == []


def test_write_refuses_a_file_where_a_folder_should_be_and_a_folder_or_fifo_in_the_way(tmp_path):
    (tmp_path / "records").write_text("a file")
    with pytest.raises(UnwritableFile, match="where a folder should be"):
        write_atomic(tmp_path / "records" / "a.json", "x", make_folders=True)
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(UnwritableFile, match="folder is in the way"):
        write_atomic(tmp_path / "dir.json", "x")
    make_fifo(tmp_path / "pipe.json")
    with pytest.raises(UnwritableFile, match="named pipe is in the way"):
        write_atomic(tmp_path / "pipe.json", "x")
    assert (tmp_path / "records").read_text() == "a file" and leftovers(tmp_path) == []


def test_write_interrupted_removes_its_temporary_file(tmp_path, monkeypatch):
    def interrupted(source, target):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(tmp_path / "a.json", "x")
    assert list(tmp_path.iterdir()) == []


def test_write_flushes_the_file_then_the_folder_after_the_rename(tmp_path, monkeypatch):
    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor):
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "fsync file")
        real_fsync(descriptor)

    def replace(source, target):
        events.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_atomic(tmp_path / "a.json", "x")
    assert events == ["fsync file", "rename", "fsync folder"]


def test_write_through_a_symbolic_link_keeps_the_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_paths_may_be_strings_or_paths(tmp_path):
    write_atomic(str(tmp_path / "a.json"), "[1]")
    assert read_json(pathlib.Path(tmp_path / "a.json"), 10) == [1]
