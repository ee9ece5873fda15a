"""The Rules panel's text: a game's numbered rules, in the sections the Why? window cites
them by ("rule.chiva.2" is item 2 of the Chiva section, "rule.blocks.5" item 5 of the
section both block games share); each game's screens list its sections."""

from __future__ import annotations

from scenes.services.translation import Tr
from scenes.ui.naming import Names


def rules_body(sections: tuple[str, ...], tr: Tr, names: Names) -> str:
    """The Rules panel's text: the ``sections`` one after the other, the seats and teams
    called by ``names`` as everywhere else at the table."""
    seats = {f"seat{seat}": names.name(seat) for seat in range(1, 5)}
    teams = {"team_a": names.team_name("A"), "team_b": names.team_name("B")}
    return "<br><br>".join(tr(f"rules.{section}.body", **seats, **teams) for section in sections)
