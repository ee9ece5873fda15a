"""What every game's values are made of on the wire (the hosted-table protocol and the views
it carries): seats, tiles as their text, and a seat's view as a msgspec struct tagged by its
game's name in ``game``. msgspec checks them while it decodes: nothing is checked by hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar

import msgspec

from game.core.errors import MalformedRecord
from game.core.tiles import DOUBLE_SIX_SET, Tile


def json_values(value: object) -> object:
    """``value`` (a msgspec struct, and what it holds) as JSON values: dicts, lists, strings,
    numbers, booleans and None, as msgspec makes them."""
    made: object = msgspec.to_builtins(value)  # Any: msgspec's builtins, of the value's shape
    return made


Seat = Annotated[int, msgspec.Meta(ge=1, le=4)]
"""A seat, 1 to 4 as in records."""

Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
"""A whole number that counts something (never below 0)."""

Points = Annotated[int, msgspec.Meta(ge=-(2**53), le=2**53)]
"""A whole number of points, payments or pips (any sign)."""

if TYPE_CHECKING:
    TileText = str
else:
    TileText = Literal[tuple(str(tile) for tile in DOUBLE_SIX_SET)]
"""A double-six tile as records write it, the smaller number first (``"3-5"``)."""

_TEXT = {tile: str(tile) for tile in DOUBLE_SIX_SET}


def tile_texts(tiles: Iterable[Tile]) -> tuple[str, ...]:
    """Tiles as their text, looked up: views write thousands of them a second."""
    return tuple(_TEXT[t] for t in tiles)


def text_of(tile: Tile) -> str:
    return _TEXT[tile]


def tiles_of(texts: Iterable[str]) -> tuple[Tile, ...]:
    """The tiles of texts msgspec has checked (``TileText``)."""
    return tuple(Tile.from_str(text) for text in texts)


class WireView(msgspec.Struct, tag_field="game", frozen=True, forbid_unknown_fields=True):
    """A seat's view on the wire: each game's is a subclass whose tag is the game's name."""


V = TypeVar("V", bound=WireView)


def tagged(base: type[V], game: str) -> type[V]:
    """``base`` tagged with ``game`` (``{"game": "chiva", ...}``): one class per game name,
    made once (a game registered under another name gets its own)."""
    found = _TAGGED.get((base, game))
    if found is None:
        name = "".join(part.title() for part in game.split("_")) + "View"
        found = msgspec.defstruct(name, [], bases=(base,), module=base.__module__, tag=game, frozen=True)
        _TAGGED[(base, game)] = found
    return found


_TAGGED: dict[tuple[type, str], type] = {}


def game_of(view: WireView) -> str:
    """The game a wire view is tagged with."""
    tag = view.__struct_config__.tag
    if not isinstance(tag, str):
        raise MalformedRecord("a view names no game")
    return tag
