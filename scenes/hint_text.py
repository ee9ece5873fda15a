"""A hint's reason in the player's language: the engine gives a code and parameters."""
from __future__ import annotations

from typing import Any, Callable


def hint_text(hint, tr: Callable[..., str], game: str) -> str:
    """The sentence of ``hint`` through the catalogue (``hint.<reason>``, ``hint.tg.<reason>``)."""
    params: dict[str, Any] = dict(hint.params)
    if "number" in params and "numbers" in params:
        params["numbers"] = tr(f"numbers.{params['number']}")
    if game == "tiengow":
        if "name" in params:
            params["name"] = tr(f"tg.tile.{params['name'].lower().replace(' ', '_')}")
        return tr(f"hint.tg.{hint.reason}", **params)
    return tr(f"hint.{hint.reason}", **params)
