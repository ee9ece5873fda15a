"""The Rules panel's text: each game's numbered rules, in the sections the Why? window
cites them by ("rule.chiva.2" is item 2 of the Chiva section, "rule.blocks.5" item 5 of
the section both block games share)."""

from __future__ import annotations

from collections.abc import Callable

RULE_SECTIONS: dict[str, tuple[str, ...]] = {
    "chiva": ("blocks", "chiva"),
    "dekabes": ("blocks", "dekabes"),
    "tiengow": ("tiengow",),
}


def rules_body(game: str, tr: Callable[..., str]) -> str:
    """The Rules panel's text for ``game``: its sections one after the other."""
    return "<br><br>".join(tr(f"rules.{section}.body") for section in RULE_SECTIONS[game])
