"""Generated hostile versions of every file the client reads: no exception escapes, the file
is set aside with a message when it cannot be used, defaults stand in for the rest."""

from __future__ import annotations

import json
import shutil

from hostile import hostile_contents, is_short
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.advice import LEVELS
from game.core.errors import RecordError
from game.core.match import Match
from game.core.record import match_to_record
from game.core.savegame import match_to_save
from scenes.screens.about import stats_text
from scenes.screens.registry import screens_for
from scenes.services import persist
from scenes.services.record_file import read_record_file
from scenes.services.settings import Settings
from scenes.services.stats import STATS_KEYS, STATS_LEVELS, load_stats
from scenes.services.translation import LANGUAGES, Catalogue

TR = Catalogue("en").tr
GOOD_SETTINGS = {
    "lang": "fr",
    "level": "hard",
    "speed": "fast",
    "sound": False,
    "volume": 0.5,
    "fullscreen": True,
    "handed": "left",
}
GOOD_STATS = {"chiva": {"played": 4, "won": 2, "longest_streak": 2, "dekabes": 0}, "tiengow": {"played": 1}}
HOSTILE = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def a_save(game: str) -> dict:
    match = Match(game, ("human", "ai", "greedy", "random"), seed=9)
    match.run_computers()
    match.push(match.legal_moves()[-1])
    match.run_computers()
    if match.can_undo:
        match.undo()
    return match_to_save(match)


def a_record(game: str) -> dict:
    match = Match(game, ("greedy",) * 4, seed=4, deals=2)
    for _ in range(2):
        match.run_computers()
        if not match.game.is_match_over(match.round):
            match.next_round()
    return match_to_record(match)


GAMES = ("chiva", "dekabes", "tiengow")
SAVES = {game: a_save(game) for game in GAMES}
RECORDS = {game: a_record(game) for game in GAMES}


def fresh(path) -> None:
    """Empty the folder of ``path``, so that each generated example starts alone."""
    shutil.rmtree(path.parent, ignore_errors=True)
    path.parent.mkdir(parents=True)


def assert_set_aside(problem, path, keys) -> None:
    assert problem.kept is not None and problem.kept.exists() and not path.exists()
    assert is_short(problem.message(TR, *keys))


@HOSTILE
@given(hostile_contents(GOOD_SETTINGS))
def test_hostile_settings_give_valid_settings_and_are_set_aside_with_a_message(content):
    path = persist.config_dir() / "settings.json"
    fresh(path)
    path.write_bytes(content)
    loaded, problem = persist.load_settings(Settings, LANGUAGES)
    assert all(Settings.valid(name, getattr(loaded, name), LANGUAGES) for name in Settings.STORED)
    assert loaded.pace >= 0
    if problem is not None:
        assert_set_aside(problem, path, persist.SETTINGS_KEYS)
    else:
        assert isinstance(json.loads(content), dict)


@HOSTILE
@given(st.sampled_from(GAMES).flatmap(lambda game: hostile_contents(SAVES[game])))
def test_hostile_saves_resume_or_are_set_aside_with_a_message(content):
    path = persist.save_path()
    fresh(path)
    path.write_bytes(content)
    try:
        match = persist.load_match()
    except persist.SaveUnreadable as error:
        assert_set_aside(error.problem, path, persist.SAVE_KEYS)
        return
    if match is not None:
        assert match.level in LEVELS
        if match.computer_to_act:
            match.computer_decision()


@HOSTILE
@given(hostile_contents(GOOD_STATS))
def test_hostile_statistics_count_from_what_is_valid_and_are_set_aside_with_a_message(content):
    path = persist.data_dir() / "stats.json"
    fresh(path)
    path.write_bytes(content)
    stats, problem = load_stats(screens_for)
    for game, kept in stats.items():
        assert set(kept["levels"]) <= set(STATS_LEVELS)
        for counts in kept["levels"].values():
            assert set(counts) == set(screens_for(game).stats_fields)
            assert all(type(v) is int and v >= 0 for v in counts.values())
        assert all(type(p) is int for p in kept["history"])
    if problem is not None:
        assert_set_aside(problem, path, STATS_KEYS)
    assert stats_text(TR)


@HOSTILE
@given(st.sampled_from(GAMES).flatmap(lambda game: hostile_contents(RECORDS[game])))
def test_hostile_record_files_opened_from_the_menu_give_a_short_message(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("records") / "r.jsonl"
    path.write_bytes(content)
    try:
        read_record_file(str(path))
    except (OSError, RecordError) as error:
        assert is_short(str(error))
