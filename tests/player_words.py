"""Where code compares the words of who sits at a seat (issue 41 item 4): a player's kind
(``human``, ``person``, ``ai``, ``greedy``, ``random``, ``computer``), a chair's (``open``,
``remote``), the lobby's (``device``, ``friend``) and a level used as a kind (``easy``,
``normal``, ``hard``), as string literals, as members of the kind enums or as the old
constants of kinds. Only ``game/core/player.py``, which defines them, may compare them;
everyone else asks a ``Player``.

``python tests/player_words.py [ROOT]`` prints every such comparison under ROOT and their count.
"""

from __future__ import annotations

import ast
import pathlib
import sys
from collections.abc import Iterator

WORDS = frozenset(
    {"human", "person", "ai", "greedy", "random", "computer", "open", "remote", "device", "friend"}
    | {"easy", "normal", "hard"}
)
KIND_ENUMS = frozenset({"SeatKind", "PlayerKind"})  # ``kind == SeatKind.HUMAN`` is a comparison of words too
KIND_CONSTANTS = frozenset(
    {"COMPUTER_KINDS", "SEAT_KINDS", "SEAT_CHOICES", "CHAIR_KINDS", "RECORD_WORDS", "LEVEL_WORDS"}
)
PACKAGES = ("game", "online", "scenes", "sprites")
DEFINING = pathlib.Path("game", "core", "player.py")


def _words(node: ast.expr) -> list[str]:
    """The kind words ``node`` stands for when it is compared: a literal, a tuple or list or set
    of them, a kind enum's member or a constant of kinds."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in WORDS:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [word for element in node.elts for word in _words(element)]
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in KIND_ENUMS:
        return [f"{node.value.id}.{node.attr}"]
    if isinstance(node, ast.Name) and node.id in KIND_CONSTANTS:
        return [node.id]
    return []


def comparisons(source: str) -> list[tuple[int, list[str]]]:
    """Each comparison (``==``, ``!=``, ``in``, ``is``..., or a ``case``) of kind words in
    ``source``: its line and the words."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            line, words = node.lineno, [word for side in (node.left, *node.comparators) for word in _words(side)]
        elif isinstance(node, ast.match_case):
            values = [p.value for p in ast.walk(node.pattern) if isinstance(p, ast.MatchValue)]
            line, words = node.pattern.lineno, [word for value in values for word in _words(value)]
        else:
            continue
        if words:
            found.append((line, words))
    return sorted(found)


def modules(root: pathlib.Path) -> Iterator[pathlib.Path]:
    """The project's modules but the one that defines the words."""
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if path.relative_to(root) != DEFINING:
                yield path
    yield root / "main.py"


def every_comparison(root: pathlib.Path) -> list[str]:
    """``path:line: words`` for every comparison of kind words outside ``game/core/player.py``."""
    return [
        f"{path.relative_to(root)}:{line}: {', '.join(words)}"
        for path in modules(root)
        for line, words in comparisons(path.read_text(encoding="utf-8"))
    ]


if __name__ == "__main__":
    found = every_comparison(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve())
    print("\n".join([*found, f"{len(found)} comparisons of player kinds outside {DEFINING}"]))
