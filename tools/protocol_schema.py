"""Write docs/protocol.schema.json, the JSON Schema of every frame of the hosted-table
protocol, from its definitions (``online.protocol.schema``); ``--check`` only says whether
the file is current (exit 1 when it is not). CI checks it (tests/test_protocol_schema.py)."""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from online.protocol import schema_text

SCHEMA = ROOT / "docs" / "protocol.schema.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is current")
    args = parser.parse_args(argv)
    text = schema_text()
    if args.check:
        current = SCHEMA.exists() and SCHEMA.read_text(encoding="utf-8") == text
        print(f"{SCHEMA.relative_to(ROOT)} is {'current' if current else 'out of date: run tools/protocol_schema.py'}")
        return 0 if current else 1
    SCHEMA.write_text(text, encoding="utf-8")
    print(f"wrote {SCHEMA.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
