"""A hosted table on disk: written whole and atomically after every change, so a host that
stops or crashes reopens the same table (code, tokens, match) and the devices come back."""

from __future__ import annotations

import json
import os

from game.core.files import MB, read_json, write_atomic
from online.table import HostedTable

SAVE_LIMIT = 16 * MB


def save_text(table: HostedTable) -> str:
    return json.dumps(table.to_save(), ensure_ascii=False, separators=(",", ":"))


def write_table(path: str | os.PathLike[str], text: str) -> None:
    """Replace the save at ``path`` with ``text`` (the old one stays whole if this fails). It
    holds every seat's token and the host's key: readable by its owner only, as are the
    folders made for it."""
    write_atomic(path, text, make_folders=True, private=True)


def read_table(path: str | os.PathLike[str]) -> HostedTable:
    """The table saved at ``path``; UnreadableFile, BadJson or RecordError when it cannot be."""
    return HostedTable.from_save(read_json(path, SAVE_LIMIT))
