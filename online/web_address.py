"""The address a phone's browser opens to sit at a hosted table, and its QR code.

The table serves its web page on the same port as its websockets; the table code travels
in the address's fragment (``http://HOST:PORT/#CODE``), which a browser never sends in a
request. The QR code is made by ``segno`` (pure Python, pinned) and given as rows of
modules, its quiet zone included, for a screen to draw at whatever size it can.
"""

from __future__ import annotations

import segno

QrMatrix = tuple[tuple[bool, ...], ...]
"""A QR code's modules row by row, True where dark, its quiet zone included."""

QUIET_ZONE = 4  # modules of light margin around the code, as the QR standard asks


def url_host(host: str) -> str:
    """``host`` as an address names it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host else host


EVERY_NETWORK = ("0.0.0.0", "", "::")  # the wildcard addresses, as online.discovery.interfaces_for reads them


def web_address(host: str, port: int, code: str) -> str:
    """The page a browser opens to sit at the table ``code`` served at ``host``:``port``."""
    return f"http://{url_host(host)}:{port}/#{code}"


def qr_matrix(text: str) -> QrMatrix:
    """The QR code of ``text`` (error correction M at least: a screen's glare takes some), its
    bytes UTF-8 (segno would try Shift JIS on text beyond Latin-1, a codec the bundle leaves out)."""
    code = segno.make_qr(text.encode("utf-8"), error="m")
    return tuple(tuple(bool(module) for module in row) for row in code.matrix_iter(scale=1, border=QUIET_ZONE))
