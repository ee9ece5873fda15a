"""What a watcher of a hosted table sees: the public view, made from seat 1's view with all
that only seat 1 may see taken out (its hand, its legal decisions, what they say of its hand,
and its own face-down Tien Gow plays before the deal's end). Once the round has ended, the
hands are revealed to the watcher as they are to every seat."""

from __future__ import annotations

import msgspec

from game.blocks.view_codec import BlockWireView
from game.core.wire import WireView
from game.tiengow.view_codec import SeenWirePlay, TienGowWireView

WATCHERS = 8
"""How many watchers a table takes by default (0 turns watching off)."""


def public_view(view: WireView) -> WireView:
    """``view`` (any seat's, on the wire) with nothing in it that only its seat may see."""
    if isinstance(view, BlockWireView):
        return msgspec.structs.replace(view, hand=(), legal=(), may_throw_in=False)
    if isinstance(view, TienGowWireView):
        over = view.revealed_hands is not None
        return msgspec.structs.replace(
            view,
            hand=(),
            legal=(),
            early_death=False,
            current=tuple(_public(play, over) for play in view.current),
            tricks=tuple(
                msgspec.structs.replace(trick, plays=tuple(_public(play, over) for play in trick.plays))
                for trick in view.tricks
            ),
        )
    raise TypeError(f"no public view is known for {type(view).__name__}")


def _public(play: SeenWirePlay, over: bool) -> SeenWirePlay:
    """A play as a watcher sees it: face-down tiles hidden until the deal is over."""
    if play.face_down and not over and play.tiles is not None:
        return msgspec.structs.replace(play, tiles=None)
    return play
