"""docs/adding-a-game.md followed once: a copy of the tree gets two throwaway games (a
fourth and a fifth registration, Chiva under other names) by exactly what the page lists —
one line in each registry and the game's catalogue keys — and then records, replays, lays
out its menu and plays its table with nothing else changed."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # copies the tree and runs it in subprocesses
NEW_GAMES = ("practice", "drill")
COPIED = ("game", "scenes", "sprites", "online", "assets", "main.py")


def registered_like_chiva(source: str, game: str) -> str:
    """``source`` (a registry) with one more line: Chiva's own line, for ``game``."""
    lines = source.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if "ChivaRules()" in line)
    while start > 0 and '"chiva"' in lines[start - 1] and lines[start - 1].rstrip().endswith("("):  # opened above
        start -= 1
    end = start
    depth = lines[start].count("(") - lines[start].count(")")
    while depth > 0:  # a registration may span a few lines
        end += 1
        depth += lines[end].count("(") - lines[end].count(")")
    line = "".join(lines[start : end + 1])
    copy = line.replace("ChivaRules()", f'ChivaRules(name="{game}")').replace('"chiva", 51', f'"{game}", 51')
    copy = copy.replace('"chiva": ', f'"{game}": ')
    assert copy != line
    return "".join([*lines[: end + 1], copy, *lines[end + 1 :]])


def with_catalogue_keys(folder: pathlib.Path, game: str) -> None:
    """Every catalogue key of Chiva's own (``game.chiva``, ``learn.chiva.1``...) again for ``game``."""
    for path in folder.rglob("*.json"):
        entries = json.loads(path.read_text(encoding="utf-8"))
        added = {
            ".".join(game if part == "chiva" else part for part in key.split(".")): value
            for key, value in entries.items()
            if "chiva" in key.split(".")
        }
        entries.update(
            {
                key: value.replace("Chiva", game.title()) if isinstance(value, str) else value
                for key, value in added.items()
            }
        )
        path.write_text(json.dumps(entries, ensure_ascii=False, indent=1), encoding="utf-8")


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> pathlib.Path:
    root = tmp_path_factory.mktemp("five_games")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, root / name)
    for game in NEW_GAMES:
        for registry in (root / "game" / "registry.py", root / "scenes" / "screens" / "registry.py"):
            registry.write_text(registered_like_chiva(registry.read_text(encoding="utf-8"), game), encoding="utf-8")
        with_catalogue_keys(root / "assets" / "i18n", game)
    return root


def run(tree: pathlib.Path, *args: str) -> str:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "HOME": str(tree / "home"),
    }
    env.pop("PYTHONPATH", None)
    done = subprocess.run(
        [sys.executable, *args], check=False, cwd=tree, env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_issue25_a_fifth_game_records_and_replays_by_its_registration_alone(tree):
    record = run(
        tree, "-m", "game.cli", "record", "--game", "drill", "--seed", "4", "--seats", "ai,greedy,greedy,greedy"
    )
    (tree / "drill.json").write_text(record, encoding="utf-8")
    assert json.loads(record.splitlines()[0])["game"] == "drill"
    run(tree, "-m", "game.cli", "replay", "drill.json")


MENU_AND_TABLE = """
import json, sys
from game.registry import GAME_NAMES
from game.core.match import Match
from scenes.shell.app import App
from scenes.services.settings import Settings
from scenes.services.stats import load_stats
from scenes.screens.registry import screens_for
for size in ((800, 600), (1920, 1080)):
    app = App(size, settings=Settings(game="drill"))
    menu = app.show("menu")
    app.manager.run_frames(3)
    cards = [(game, tuple(rect)) for game, rect in menu.cards]
    lowest = max(widget.rect.bottom for widget in menu.widgets.values())
    print(json.dumps({"size": size, "cards": cards, "options": menu.widgets["start"].rect.top, "lowest": lowest}))
    app.close()
app = App((1280, 720), settings=Settings(game="drill", seats=["computer"] * 4, demo=True, seed=5))
table = app.show("table", match=Match("drill", ("greedy",) * 4, seed=5))
app.manager.run_frames(900)
print(json.dumps({"decisions": len(table.match.decisions), "games": list(GAME_NAMES)}))
stats, problem = load_stats(screens_for)
print(json.dumps({"stats": sorted(stats), "problem": problem is None}))
"""


def test_issue25_a_fifth_game_has_its_card_in_the_menu_and_plays_at_the_table(tree):
    lines = [json.loads(line) for line in run(tree, "-c", MENU_AND_TABLE).splitlines()]
    *menus, played, counted = lines
    for menu in menus:
        width = menu["size"][0]
        rects = [rect for _, rect in menu["cards"]]
        assert sorted(game for game, _ in menu["cards"]) == sorted(["chiva", "dekabes", "tiengow", *NEW_GAMES])
        for i, (x, y, w, h) in enumerate(rects):
            assert x >= 0 and x + w <= width and y >= 0 and h >= 60, (menu["size"], rects)
            for ox, oy, ow, oh in rects[i + 1 :]:
                assert x + w <= ox or ox + ow <= x or y + h <= oy or oy + oh <= y, "cards overlap"
        assert max(y + h for _, y, _, h in rects) < menu["options"], "the options sit below every card"
        assert menu["lowest"] <= menu["size"][1], "every button is inside the window"
    assert played["decisions"] > 8 and set(NEW_GAMES) <= set(played["games"])
    assert counted == {"stats": sorted(["chiva", "dekabes", "tiengow", *NEW_GAMES]), "problem": True}
