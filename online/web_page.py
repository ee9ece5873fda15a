"""The web seat's page, answered over plain HTTP on the table's own port before any websocket
handshake (websockets' ``process_request``).

GET and HEAD only: ``/`` is the page (``online/web``: its html, css and scripts assembled
once into one self-contained page), ``/i18n/LANG.json`` the catalogue keys the page uses in
that language (from the game's own catalogues). Any other method is answered 405, any other
path 404; a websocket upgrade passes untouched to the table. Every answer forbids the page
to load or reach anything but this host (``Content-Security-Policy``: the inline script and
style by their hashes, the websocket of the host the request named), and says not to sniff
types or cache stale copies. The table code is never in a request: it stays in the URL's
fragment (``http://HOST:PORT/#CODE``), which browsers do not send.
"""

from __future__ import annotations

import base64
import hashlib
import http
import json
import pathlib
import re
from dataclasses import dataclass
from email.utils import formatdate

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from assets import asset_path, read_json

LANGUAGES = ("en", "fr", "it", "id")
MAX_PAGE = 100 * 1024
"""Bytes of the page, uncompressed: a phone on a slow Wi-Fi shows it at once."""

SCRIPTS = ("i18n.js", "tiles.js", "app.js")
"""The page's scripts, in the order they are put into it (each checked by ``tsc`` on its own)."""

_HOST = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")
"""A Host header the page may name as its websocket's host: a name, IPv4 or [IPv6], a port."""


def web_folder() -> pathlib.Path:
    """The page's sources, beside this module (or in a bundle's ``online/web``): beside the
    assets either way."""
    return asset_path().parent / "online" / "web"


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@dataclass(frozen=True)
class Served:
    """One answer's body and its type."""

    body: bytes
    content_type: str


@dataclass(frozen=True)
class WebPage:
    """What the table answers over plain HTTP, made once when the server starts."""

    files: dict[str, Served]
    script_hash: str
    style_hash: str

    @classmethod
    def load(cls) -> WebPage:
        """The page assembled from ``online/web`` and each language's catalogue subset."""
        folder = web_folder()
        style = (folder / "style.css").read_text(encoding="utf-8")
        script = "\n".join((folder / name).read_text(encoding="utf-8") for name in SCRIPTS)
        page = (folder / "page.html").read_text(encoding="utf-8")
        page = page.replace("{{style}}", style).replace("{{script}}", script)
        files = {"/": Served(page.encode(), "text/html; charset=utf-8")}
        keys, prefixes = page_keys(folder / "keys.json")
        for lang in LANGUAGES:
            subset = catalogue_subset(lang, keys, prefixes)
            body = json.dumps(subset, ensure_ascii=False, separators=(",", ":")).encode()
            files[f"/i18n/{lang}.json"] = Served(body, "application/json; charset=utf-8")
        return cls(files, _hash(script), _hash(style))

    @property
    def page_size(self) -> int:
        return len(self.files["/"].body)

    def policy(self, host: str) -> str:
        """The Content-Security-Policy of an answer to a request that named ``host``."""
        return (
            f"default-src 'self'; script-src {self.script_hash}; style-src {self.style_hash}; "
            f"connect-src 'self' ws://{host}; img-src 'self' data:; object-src 'none'; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )

    def answer(self, connection: ServerConnection, request: Request) -> Response | None:
        """The HTTP answer to ``request``; None for a websocket upgrade (the table takes it)."""
        if "websocket" in request.headers.get("Upgrade", "").lower():
            return None
        host = request.headers.get("Host", "")
        if not _HOST.fullmatch(host):
            return self._plain(http.HTTPStatus.BAD_REQUEST, "A request names its host.\n", "localhost")
        if request.method not in ("GET", "HEAD"):
            response = self._plain(http.HTTPStatus.METHOD_NOT_ALLOWED, "GET or HEAD only.\n", host)
            response.headers["Allow"] = "GET, HEAD"
            return response
        served = self.files.get(request.path)
        if served is None:
            return self._plain(http.HTTPStatus.NOT_FOUND, "Not here: open / with the table's code after #.\n", host)
        return self._response(http.HTTPStatus.OK, served, host, head=request.method == "HEAD")

    def _plain(self, status: http.HTTPStatus, text: str, host: str) -> Response:
        return self._response(status, Served(text.encode(), "text/plain; charset=utf-8"), host)

    def _response(self, status: http.HTTPStatus, served: Served, host: str, head: bool = False) -> Response:
        headers = Headers(
            [
                ("Date", formatdate(usegmt=True)),
                ("Connection", "close"),
                ("Content-Type", served.content_type),
                ("Content-Length", str(len(served.body))),
                ("Cache-Control", "no-cache"),
                ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
                ("Content-Security-Policy", self.policy(host)),
            ]
        )
        return Response(status.value, status.phrase, headers, b"" if head else served.body)


def catalogue_subset(lang: str, keys: list[str], prefixes: list[str]) -> dict[str, object]:
    """The entries of ``lang``'s catalogues that the page uses: ``keys`` and every key that
    starts with one of ``prefixes`` (English where the language lacks one)."""
    found: dict[str, object] = {}
    for language in ("en", lang):
        for path in sorted(asset_path("i18n", language).glob("*.json")):
            part = read_json(path)
            assert isinstance(part, dict), f"{path} holds an object of texts"
            found.update((key, value) for key, value in part.items() if key in keys or key.startswith(tuple(prefixes)))
    return found


def page_keys(path: pathlib.Path) -> tuple[list[str], list[str]]:
    """The catalogue keys the page uses, and the prefixes of more (``online/web/keys.json``)."""
    wanted = read_json(path)
    assert isinstance(wanted, dict), f"{path} holds an object"
    keys, prefixes = wanted.get("keys"), wanted.get("prefixes")
    assert isinstance(keys, list) and isinstance(prefixes, list), f"{path} lists keys and prefixes"
    return [str(key) for key in keys], [str(prefix) for prefix in prefixes]
