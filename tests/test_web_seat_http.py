"""Issue 42: the table answers plain HTTP on its own port before any websocket handshake: GET
and HEAD of the page and its catalogue subsets with the headers that keep it to its host,
405 for any other method, 404 for any other path, and a websocket upgrade passes untouched.
Plain sockets on loopback; the page itself is checked for size and self-containment."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
import socket

import pytest

from game.core.player import GREEDY
from online.protocol import PROTOCOL
from online.server import Slot, TableServer
from online.table import HostedTable, Seating
from online.web_page import MAX_PAGE, WebPage, web_folder


def _request(port: int, text: str) -> tuple[int, dict[str, str], bytes]:
    """Send ``text`` as raw bytes to the server on loopback; its status, headers and body."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(text.encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return status, headers, body


async def _serving(web: bool = True):
    table = HostedTable("chiva", [Seating()] + [Seating(GREEDY)] * 3, seed=3)
    tables = TableServer([Slot(table)], web=web)
    server = await tables.start("127.0.0.1", 0)
    return tables, server, server.sockets[0].getsockname()[1]


def _answers(requests: list[str], web: bool = True) -> list[tuple[int, dict[str, str], bytes]]:
    async def run():
        tables, server, port = await _serving(web)
        try:
            return [await asyncio.to_thread(_request, port, text.format(port=port)) for text in requests]
        finally:
            server.close()
            tables.close()

    return asyncio.run(run())


def _get(path: str, method: str = "GET", host: str = "127.0.0.1:{port}") -> str:
    return f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n\r\n"


def test_issue42_get_of_the_page_answers_it_with_the_headers_that_keep_it_to_its_host():
    [(status, headers, body)] = _answers([_get("/")])
    assert status == 200
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert int(headers["content-length"]) == len(body) < MAX_PAGE
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["cache-control"] == "no-cache"
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy
    port = re.search(r"ws://127\.0\.0\.1:(\d+)", policy)
    assert port, policy
    page = body.decode()
    script = re.search(r"<script>(.*)</script>", page, re.S).group(1)
    style = re.search(r"<style>(.*)</style>", page, re.S).group(1)
    for inline, directive in ((script, "script-src"), (style, "style-src")):
        digest = base64.b64encode(hashlib.sha256(inline.encode()).digest()).decode()
        assert f"{directive} 'sha256-{digest}'" in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert not re.search(r"(src|href)=\"https?:", page), "the page loads nothing from elsewhere"


def test_issue42_head_answers_the_headers_of_get_without_the_body():
    [(get_status, get_headers, body), (status, headers, empty)] = _answers([_get("/"), _get("/", "HEAD")])
    assert (get_status, status) == (200, 200)
    assert empty == b""
    assert headers["content-length"] == get_headers["content-length"] == str(len(body))


@pytest.mark.parametrize("lang", ["en", "fr", "it", "id"])
def test_issue42_each_language_serves_the_catalogue_keys_the_page_uses(lang):
    [(status, headers, body)] = _answers([_get(f"/i18n/{lang}.json")])
    assert status == 200
    assert headers["content-type"] == "application/json; charset=utf-8"
    words = json.loads(body)
    wanted = json.loads((web_folder() / "keys.json").read_text(encoding="utf-8"))
    assert set(wanted["keys"]) <= set(words)
    assert "web.watch" in words and "tg.tile.heaven" in words and "error.watchers_full" in words
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in web_folder().glob("*.js"))
    used = set(re.findall(r'"((?:web|button|status|online|tg|error|join|game|team|result)\.[a-z_.]+)"', scripts))
    assert used <= set(words), sorted(used - set(words))


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"])
def test_issue42_any_other_method_is_refused_405(method):
    [(status, headers, _)] = _answers([_get("/", method)])
    assert status == 405
    assert headers["allow"] == "GET, HEAD"
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("path", ["/index.html", "/i18n/de.json", "/../online/server.py", "/#7HK4PX", "/?code=1"])
def test_issue42_any_other_path_is_not_found(path):
    [(status, headers, body)] = _answers([_get(path)])
    assert status == 404
    assert headers["content-type"] == "text/plain; charset=utf-8"
    assert b"<script" not in body


def test_issue42_a_host_header_that_is_no_host_is_refused_and_never_echoed():
    bad = "evil.example; script-src *"
    [(status, headers, _), (missing, _, _)] = _answers([_get("/", host=bad), "GET / HTTP/1.1\r\n\r\n"])
    assert (status, missing) == (400, 400)
    assert "evil" not in headers["content-security-policy"]


def test_issue42_a_websocket_upgrade_still_reaches_the_table():
    from websockets.sync.client import connect

    async def run():
        tables, server, port = await _serving()
        try:
            return await asyncio.to_thread(_look, port)
        finally:
            server.close()
            tables.close()

    def _look(port: int) -> dict:
        code = next(iter(tables_codes))
        with connect(f"ws://127.0.0.1:{port}") as ws:
            ws.send(json.dumps({"type": "look", "protocol": PROTOCOL, "code": code}))
            return json.loads(ws.recv(10))

    tables_codes: list[str] = []
    original = TableServer.__init__

    def remember(self, slots, *args, **kwargs):
        tables_codes.extend(slot.table.code for slot in slots)
        original(self, slots, *args, **kwargs)

    TableServer.__init__ = remember
    try:
        answer = asyncio.run(run())
    finally:
        TableServer.__init__ = original
    assert answer["type"] == "seats" and answer["game"] == "chiva"


def test_issue42_without_web_the_port_answers_no_page():
    [(status, _, body)] = _answers([_get("/")], web=False)
    assert status == 426  # websockets' own answer to a request that is no upgrade
    assert b"<html" not in body


def test_issue42_the_page_is_one_self_contained_page_under_100_kb():
    page = WebPage.load()
    assert page.page_size < MAX_PAGE
    html = page.files["/"].body.decode()
    assert "{{style}}" not in html and "{{script}}" not in html
    assert html.count("<script>") == 1 and html.count("<style>") == 1
    assert not re.search(r"<(script|link)[^>]+(src|href)=\"(?!data:)", html)
    assert f"const PROTOCOL = {PROTOCOL};" in html


def test_issue42_the_headless_server_says_the_page_on_its_second_line_and_no_web_turns_it_off():
    """``online.server`` serves the page by default and prints ``web http://HOST:PORT/#CODE`` after its
    first line, which stays as it was (``online_helpers.server`` reads and checks both lines);
    ``--no-web`` serves no page and prints no such line, even with several tables."""
    from online_helpers import server

    with server("--game", "chiva", "--seats", "remote,greedy,greedy,greedy", "--tables", "2", tables=2) as table:
        port = int(table.url.rsplit(":", 1)[1])
        status, _, body = _request(port, _get("/", host=f"127.0.0.1:{port}"))
        assert status == 200 and b"<html" in body and len(table.codes) == 2
    with server(
        "--game", "chiva", "--seats", "remote,greedy,greedy,greedy", "--no-web", "--tables", "2", tables=2
    ) as table:
        port = int(table.url.rsplit(":", 1)[1])
        status, _, body = _request(port, _get("/", host=f"127.0.0.1:{port}"))
        assert status == 426 and b"<html" not in body
        assert all(re.fullmatch(r"[A-Z0-9]{6}", code) for code in table.codes), table.codes


@pytest.mark.parametrize(("argument", "said"), [("-1", "0 or more"), ("x", "0 or more"), ("9999999", "0 or more")])
def test_issue42_the_headless_servers_watchers_take_a_count(argument, said, capsys):
    from online.server import main

    with pytest.raises(SystemExit) as stop:
        main(["--game", "chiva", "--watchers", argument])
    assert stop.value.code == 2 and said in capsys.readouterr().err
