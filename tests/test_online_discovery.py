"""Tables on the same network appear by themselves (mDNS on the loopback interface): a
server started with --announce is found by a browser with its game, address, port and open
seats, never its code; a malformed announcement is not listed (issue 26)."""

from __future__ import annotations

import time

import pytest
from online_helpers import server
from zeroconf import ServiceInfo

from online.discovery import SERVICE, Announcer, Browser, table_of
from online.protocol import PROTOCOL

LOOPBACK = ["127.0.0.1"]


@pytest.mark.slow
def test_an_announced_table_is_found_with_its_game_address_and_open_seats_but_no_code():
    browser = Browser(LOOPBACK)
    try:
        args = (
            "--game",
            "dekabes",
            "--host",
            "127.0.0.1",
            "--announce",
            "Kitchen table",
            "--seats",
            "remote,remote,greedy,greedy",
        )
        with server(*args) as running:
            port = int(running.url.rsplit(":", 1)[1])
            deadline = time.monotonic() + 20
            found = []
            while not found and time.monotonic() < deadline:
                browser.wait(1.0)
                found = [t for t in browser.tables() if t.port == port]
            assert found, "the table was not found on the network"
            table = found[0]
            assert (table.game, table.address, table.protocol, table.url) == (
                "dekabes",
                "127.0.0.1",
                PROTOCOL,
                running.url,
            )
            assert table.name.startswith("Kitchen table") and table.open_seats == 2
            assert running.code not in repr(table)
    finally:
        browser.close()


def test_a_malformed_announcement_is_not_listed():
    def info(**properties):
        return ServiceInfo(SERVICE, f"x.{SERVICE}", addresses=[bytes([127, 0, 0, 1])], port=9, properties=properties)

    assert table_of(f"x.{SERVICE}", info(game="chiva", protocol="1", open="3")).open_seats == 3
    for bad in ({"game": "chiva"}, {"protocol": "x", "open": "1"}, {"protocol": "1", "open": "99999"}):
        assert table_of(f"x.{SERVICE}", info(**bad)) is None
    odd = table_of("\x00" * 300 + f".{SERVICE}", info(game=b"\xff" * 99, protocol="1", open="1"))
    assert odd is not None and len(odd.name) <= 40 and len(odd.game) <= 40


@pytest.mark.slow
def test_two_tables_of_one_machine_each_keep_their_own_address():
    """A table that listens on loopback and one that listens on the machine's network address,
    announced from the same machine: each is listed with its own address, never the other's."""
    tables = {"Porch table": ("127.0.0.1", 40001), "Garden table": ("127.0.0.9", 40002)}
    announcers = [
        Announcer(name, address, port, "chiva", PROTOCOL, 3, LOOPBACK) for name, (address, port) in tables.items()
    ]
    browser = Browser(LOOPBACK)
    try:
        deadline = time.monotonic() + 20
        found: dict[int, str] = {}
        while len(found) < 2 and time.monotonic() < deadline:
            browser.wait(1.0)
            found = {t.port: t.address for t in browser.tables() if t.port in (40001, 40002)}
        assert found == {40001: "127.0.0.1", 40002: "127.0.0.9"}
    finally:
        browser.close()
        for announcer in announcers:
            announcer.close()


@pytest.mark.slow
def test_an_announcement_updated_after_its_close_says_nothing_more():
    """The server updates the open seats in a worker thread; its close may come first."""
    announcer = Announcer("Attic table", "127.0.0.1", 40003, "chiva", PROTOCOL, 3, LOOPBACK)
    announcer.update(2)
    announcer.close()
    announcer.update(1)  # raised RuntimeError (zeroconf's loop is closed) before the two took turns
    announcer.close()
