"""Start the domino table."""
from __future__ import annotations

import sys


def main() -> int:
    print("The table client is not built yet; use: python -m game.cli --help", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
