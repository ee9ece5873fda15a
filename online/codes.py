"""Table codes, seat tokens and host keys: short to read aloud, long to guess."""

from __future__ import annotations

import secrets

CODE_ALPHABET = "34679ACEFGHKMNPRTWXY"
"""No look-alikes: no 0/O/D/Q, 1/I/L/J, 2/Z, 5/S, 8/B, U/V."""
CODE_LENGTH = 6
TOKEN_BYTES = 24  # 192 bits per seat token and host key


def table_code() -> str:
    """A new 6-character table code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str:
    """A code as typed (any case, spaces or dashes between groups) in its written form."""
    return "".join(c for c in typed.upper() if c not in " -")


def is_code(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(c in CODE_ALPHABET for c in text)


def spaced(code: str) -> str:
    """A table code as it is read aloud: two groups of three."""
    return f"{code[:3]} {code[3:]}"


def seat_token() -> str:
    """A seat's secret: whoever holds it may decide for the seat (and reconnect to it)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def host_key() -> str:
    """The host's secret: it may seat computers, start the match and hand seats over."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_secret(given: str | None, kept: str | None) -> bool:
    """Compare two secrets in constant time; None never matches."""
    if given is None or kept is None:
        return False
    return secrets.compare_digest(given.encode(), kept.encode())
