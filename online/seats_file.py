"""Which hosted table this device sits at, and with which seats: kept in a file so Continue
goes back to the table after the game was closed or crashed (a host reopens its table from
its save, a joiner rejoins with its tokens). Read strictly: a file that is not exactly one
of these is refused (ValueError) and set aside by the caller, never half used."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from game.core.jsonfile import parse_json
from game.core.session import Name, Seat
from game.registry import GAME_NAMES
from online.codes import is_code
from online.protocol import Secret

FORMAT: Literal["domino-table-seats/1"] = "domino-table-seats/1"

Url = Annotated[str, msgspec.Meta(min_length=6, max_length=300, pattern=r"^wss?://")]
Port = Annotated[int, msgspec.Meta(ge=0, le=65535)]


class TableSeats(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A device's seats at one table: ``host`` (this device serves the table, saved beside this
    file) or ``guest``; each seat's token; where the table is and its code."""

    format: Literal["domino-table-seats/1"]
    role: Literal["host", "guest"]
    game: str
    url: Url
    code: Annotated[str, msgspec.Meta(min_length=6, max_length=6)]
    seats: dict[Seat, Secret]
    name: Name = ""
    port: Port = 0
    host_key: Secret | None = None

    @property
    def hosting(self) -> bool:
        return self.role == "host"


def seats_to_text(seats: TableSeats) -> str:
    return msgspec.json.encode(seats).decode()


def seats_from_json(obj: object) -> TableSeats:
    """The seats of a file's JSON; ValueError when it is not exactly a ``TableSeats``."""
    try:
        seats = msgspec.convert(obj, TableSeats, strict=False)
    except msgspec.ValidationError as error:
        raise ValueError(f"not a table's seats: {error}") from None
    if seats.game not in GAME_NAMES:
        raise ValueError(f"not a table's seats: no game {seats.game!r}")
    if not is_code(seats.code):
        raise ValueError("not a table's seats: not a table code")
    if not seats.seats:
        raise ValueError("not a table's seats: no seat")
    if seats.hosting and seats.host_key is None:
        raise ValueError("not a table's seats: a host without its key")
    return seats


def new_seats(
    role: Literal["host", "guest"],
    game: str,
    url: str,
    code: str,
    seats: dict[int, str],
    name: str = "",
    port: int = 0,
    host_key: str | None = None,
) -> TableSeats:
    """Seats checked as a file's are (ValueError when they could not be read back)."""
    return seats_from_json(
        parse_json(seats_to_text(TableSeats(FORMAT, role, game, url, code, seats, name[:40], port, host_key)))
    )
