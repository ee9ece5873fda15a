"""Style rule 1: the engine never imports pygame, reads the clock or touches the screen."""

import ast
import pathlib

GAME = pathlib.Path(__file__).resolve().parent.parent / "game"


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_never_imports_pygame_or_the_clock():
    for path in GAME.rglob("*.py"):
        found = _imports(path) & {"pygame", "pygame_gui", "time", "datetime", "scenes", "sprites"}
        assert not found, f"{path.name} imports {found}"


def test_the_online_package_never_imports_pygame_or_the_client():
    """The table server runs on machines without a screen; the client builds on it, never the reverse."""
    for path in (GAME.parent / "online").rglob("*.py"):
        found = _imports(path) & {"pygame", "pygame_gui", "scenes", "sprites"}
        assert not found, f"{path.name} imports {found}"
