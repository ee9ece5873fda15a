"""A hint's reason in the player's language: the engine gives a code and parameters."""
from __future__ import annotations

from typing import Any, Callable


def hint_text(hint, tr: Callable[..., str]) -> str:
    """The sentence of ``hint`` through the catalogue (``hint.<reason>``)."""
    params: dict[str, Any] = dict(hint.params)
    if "number" in params and "numbers" in params:
        params["numbers"] = tr(f"numbers.{params['number']}")
    return tr(f"hint.{hint.reason}", **params)
