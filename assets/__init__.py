"""Where the game's data files are, in the source tree or inside a PyInstaller bundle."""

from __future__ import annotations

import pathlib
import sys


def asset_path(*parts: str) -> pathlib.Path:
    """The path of an asset, resolved from this package (or the bundle), never the working directory."""
    bundle = getattr(sys, "_MEIPASS", None)
    root = pathlib.Path(bundle) / "assets" if bundle else pathlib.Path(__file__).resolve().parent
    return root.joinpath(*parts)
