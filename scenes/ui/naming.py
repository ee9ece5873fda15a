"""One naming scheme for every screen: how the table calls each seat and team.

With one person at the table the others are named from their place: You, Partner (or
Across in a game without partners), Left and Right, and the teams are your team and
their team. With several people (one device passed around) every seat is Player N or
Computer N and the teams are A and B. A demo, with nobody, names the places: Bottom,
Right, Top, Left.

A person who gave a name at a shared table is called by it instead, in the same forms
(``name.person``, the avatar's letters taken from the name).

Each name has the forms a sentence needs (``names.json`` in every language): ``label``
on the table, ``initials`` on its avatar, ``subject`` at the start of a sentence, ``name``
inside one, and ``to`` for whom something is paid or given (with the preposition and
article the language needs). A sentence whose subject may be you has a ``.you`` form of its key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.blocks.play import team_of
from game.core.player import Player
from scenes.services.translation import Catalogue

POSITIONS = ("bottom", "right", "top", "left")


def initials(name: str) -> str:
    """One or two letters for an avatar: "Right" -> "R", "Computer 3" -> "C3", "En face" -> "EF"."""
    words = name.split()
    if not words:
        return "?"
    if len(words) > 1 and words[-1].isdigit():
        return words[0][:1].upper() + words[-1]
    return "".join(word[:1].upper() for word in words[:2])


class Names:
    """The names of the seats and teams of one match, for the person at ``viewer``; ``given``
    holds the names people gave themselves at a shared table, by seat."""

    def __init__(
        self,
        text: Catalogue,
        players: Sequence[Player],
        viewer: int,
        partners: bool,
        given: Mapping[int, str] | None = None,
    ) -> None:
        self.text = text
        self.players = tuple(players)
        self.viewer = viewer
        self.partners = partners
        self.given = dict(given or {})
        people = [seat for seat in range(1, 5) if self.players[seat - 1].is_person]
        self.shared = len(people) > 1  # one device passed between several people
        self.alone = len(people) == 1 and people[0] == viewer

    def role(self, seat: int) -> str:
        """The catalogue role of ``seat``: you, partner, across, left, right, bottom, top,
        player or computer."""
        if self.shared:
            return "player" if self.players[seat - 1].is_person else "computer"
        position = POSITIONS[(seat - self.viewer) % 4]
        if self.alone:
            if position == "bottom":
                return "you"
            if position == "top":
                return "partner" if self.partners else "across"
        return position

    def is_you(self, seat: int) -> bool:
        return self.role(seat) == "you"

    def _form(self, seat: int, form: str) -> str:
        given = self.given.get(seat, "")
        if given and not self.is_you(seat):
            return initials(given) if form == "initials" else self.text.tr(f"name.person.{form}", name=given)
        return self.text.tr(f"name.{self.role(seat)}.{form}", seat=seat)

    def label(self, seat: int) -> str:
        return self._form(seat, "label")

    def initials(self, seat: int) -> str:
        """The letters on ``seat``'s avatar: distinct for the four seats in every language."""
        return self._form(seat, "initials")

    def subject(self, seat: int) -> str:
        return self._form(seat, "subject")

    def name(self, seat: int) -> str:
        return self._form(seat, "name")

    def to(self, seat: int) -> str:
        return self._form(seat, "to")

    def says(self, key: str, seat: int, **params: object) -> str:
        """Sentence ``key`` about ``seat``: its ``.you`` form when the seat is you, else the
        sentence with the seat's name as ``{who}`` (starting it) or ``{whom}`` (inside it)."""
        if self.is_you(seat):
            return self.text.tr(f"{key}.you", **params)
        return self.text.tr(key, who=self.subject(seat), whom=self.name(seat), **params)

    def team(self, team: str) -> str:
        """A team's name as a sentence starts with it: Your team / Their team, or Team A / Team B."""
        return self.text.tr(self._team_key(team))

    def team_name(self, team: str) -> str:
        """A team's name inside a sentence: your team / their team, or team A / team B."""
        return self.text.tr(self._team_key(team) + ".name")

    def _team_key(self, team: str) -> str:
        if self.alone:
            return "team.yours" if team == team_of(self.viewer) else "team.theirs"
        return f"team.{team}"

    def is_your_team(self, team: str) -> bool:
        return self.alone and team == team_of(self.viewer)
