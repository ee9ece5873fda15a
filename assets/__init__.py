"""Where the game's data files are, in the source tree or inside a PyInstaller bundle."""

from __future__ import annotations

import json
import pathlib
import sys


def asset_path(*parts: str) -> pathlib.Path:
    """The path of an asset, resolved from this package (or the bundle), never the working directory."""
    bundle: str | None = getattr(sys, "_MEIPASS", None)  # set inside a bundle only
    root = pathlib.Path(bundle) / "assets" if bundle else pathlib.Path(__file__).resolve().parent
    return root.joinpath(*parts)


def read_json(path: pathlib.Path) -> object:
    """The JSON value of the UTF-8 data file at ``path``; its reader checks its shape."""
    with open(path, encoding="utf-8") as source:
        value: object = json.load(source)  # Any: JSON as read
    return value
