"""Issue 42, the lobby's part: the host's lobby shows the QR code of the page a phone opens to
sit at the table (``online.web_address``: ``http://HOST:PORT/#CODE``) beside the table code
and address while a seat is open to a friend. The lobby hosts a real table on loopback,
headless; its code is read back off the screen's pixels at the modules' centres and must be
the library's own code of the lobby's address, drawn crisp (every module a square of one
colour) and large enough to scan across a table; nothing on the screen overlaps it or
anything else at 800x600 and 1280x720."""

from __future__ import annotations

import urllib.parse

import headless_device as device
import numpy
import pygame
import pytest
import segno

from online.hosting import HostingServer
from online.server import local_address
from online.table import Seating
from online.web_address import EVERY_NETWORK, QUIET_ZONE, QrMatrix, qr_matrix, url_host, web_address
from scenes.screens.lobby import SEAT_CHOICES
from scenes.services.translation import LANGUAGES, load_catalogue
from scenes.ui import qr_picture
from scenes.ui.chair_rows import least_plate
from scenes.ui.qr_picture import QrPicture, module_size
from scenes.ui.theme import COLOURS

FORMAT_MASK = 0b101010000010010  # the QR standard's mask of the format information
FORMAT_CODE = 0b10100110111  # the generator of its BCH(15, 5) code
LEVELS = {0b01: "L", 0b00: "M", 0b11: "Q", 0b10: "H"}


def symbol(matrix: QrMatrix, row: int, column: int) -> bool:
    """The module at (``row``, ``column``) of the symbol, past the quiet zone."""
    return matrix[row + QUIET_ZONE][column + QUIET_ZONE]


def format_of(matrix: QrMatrix) -> tuple[str, int]:
    """The error correction level and the mask a reader finds in the format information beside
    the top-left finder; AssertionError when its check bits are wrong."""
    spots = [(8, c) for c in (0, 1, 2, 3, 4, 5, 7, 8)] + [(r, 8) for r in (7, 5, 4, 3, 2, 1, 0)]
    bits = int("".join("1" if symbol(matrix, r, c) else "0" for r, c in spots), 2) ^ FORMAT_MASK
    data, check = bits >> 10, data_check(bits >> 10)
    assert bits == (data << 10) | check, f"format information {bits:015b} fails its check"
    return LEVELS[data >> 3], data & 0b111


def data_check(data: int) -> int:
    remainder = data << 10
    for bit in range(14, 9, -1):
        if remainder >> bit & 1:
            remainder ^= FORMAT_CODE << (bit - 10)
    return remainder


def finder_at(matrix: QrMatrix, top: int, left: int) -> bool:
    """Whether a finder pattern (7x7: a dark ring, a light ring, a dark 3x3) lies at (top, left)."""
    for r in range(7):
        for c in range(7):
            ring = max(abs(r - 3), abs(c - 3))
            if symbol(matrix, top + r, left + c) != (ring != 2):
                return False
    return True


# --- the address and its code (no pygame) ---------------------------------------------------


def test_issue42_the_web_address_carries_the_code_in_its_fragment_and_brackets_an_ipv6_host():
    assert web_address("192.168.1.20", 8765, "7HK4PX") == "http://192.168.1.20:8765/#7HK4PX"
    assert web_address("::1", 8765, "7HK4PX") == "http://[::1]:8765/#7HK4PX"
    assert url_host("table.local") == "table.local" and url_host("fe80::1") == "[fe80::1]"
    parts = urllib.parse.urlsplit(web_address("fe80::1", 40123, "7HK4PX"))
    assert (parts.scheme, parts.hostname, parts.port, parts.path, parts.query, parts.fragment) == (
        "http",
        "fe80::1",
        40123,
        "/",
        "",
        "7HK4PX",
    )


@pytest.mark.parametrize("host", ["192.168.100.200", "127.0.0.1", "fe80::1234:5678:9abc:def0"])
def test_issue42_the_qr_matrix_is_the_librarys_code_with_its_quiet_zone_and_a_readers_marks(host):
    text = web_address(host, 65535, "7HK4PX")
    matrix = qr_matrix(text)
    made = segno.make_qr(text, error="m")
    assert matrix == tuple(tuple(bool(m) for m in row) for row in made.matrix_iter(scale=1, border=QUIET_ZONE))
    side = len(matrix)
    assert all(len(row) == side for row in matrix) and side == 17 + 4 * made.version + 2 * QUIET_ZONE
    assert not any(matrix[i][j] for i in range(side) for j in range(side) if min(i, j, side - 1 - i, side - 1 - j) < 4)
    edge = side - 2 * QUIET_ZONE - 7
    assert finder_at(matrix, 0, 0) and finder_at(matrix, 0, edge) and finder_at(matrix, edge, 0)
    assert not finder_at(matrix, edge, edge)
    timing = [symbol(matrix, 6, c) for c in range(8, edge)]
    assert timing == [c % 2 == 0 for c in range(8, edge)]
    level, mask = format_of(matrix)
    assert level in "MQH" and (level, mask) == (made.error, made.mask)
    if ":" not in host:
        assert made.version <= 3  # an IPv4 address: 37 modules with the quiet zone, large ones


def test_issue42_a_name_beyond_latin1_is_coded_as_utf8_never_with_the_shift_jis_codec_the_bundle_leaves_out(
    monkeypatch,
):
    monkeypatch.setattr(segno.consts, "KANJI_ENCODING", "a codec the bundle does not hold")
    text = web_address("ホスト.local", 8765, "7HK4PX")
    with pytest.raises(LookupError):
        segno.make_qr(text, error="m")  # what segno does with such text by itself
    made = segno.make_qr(text.encode("utf-8"), error="m")
    assert qr_matrix(text) == tuple(tuple(bool(m) for m in row) for row in made.matrix_iter(border=QUIET_ZONE))


@pytest.mark.parametrize(
    ("listen", "shown"),
    [*((wildcard, None) for wildcard in EVERY_NETWORK if wildcard), ("127.0.0.1", "127.0.0.1"), ("::1", "[::1]")],
)
def test_issue42_a_hosted_table_is_given_out_at_the_address_it_listens_on_or_the_machines_on_every_network(
    listen, shown
):
    hosting = HostingServer.new("chiva", [Seating()] * 4, None, (0,), host=listen)  # never started
    hosting.port = 8765
    host = shown or local_address()
    assert hosting.address == f"{host}:8765"
    assert hosting.web_address == f"http://{host}:8765/#{hosting.code}"


def test_issue42_a_qr_picture_is_drawn_again_only_when_its_text_or_its_room_changes(monkeypatch):
    drawn: list[int] = []
    draw = qr_picture.draw_matrix
    monkeypatch.setattr(qr_picture, "draw_matrix", lambda matrix, module: drawn.append(module) or draw(matrix, module))
    pictures = QrPicture()
    first = pictures.picture("http://127.0.0.1:8765/#7HK4PX", 230)
    assert pictures.picture("http://127.0.0.1:8765/#7HK4PX", 230) is first and drawn == [6]
    assert first.get_size() == (222, 222)  # 37 modules of 6 px: never a fraction, never scaled
    assert pictures.picture("http://127.0.0.1:8765/#7HK4PX", 190).get_size() == (185, 185)
    assert pictures.picture("http://127.0.0.1:8766/#7HK4PX", 190) is not first
    assert drawn == [6, 5, 5] and module_size(37, 20) == 1


# --- the lobby --------------------------------------------------------------------------------


def host(size: tuple[int, int], lang: str = "en"):
    """A lobby hosting a Chiva table on loopback: seat 1 this device's, 2 and 4 the computer's,
    3 open to a friend; the app and the lobby."""
    app = device.new_app(lang, "Ana", "chiva", size)
    lobby = device.host_through_menu(app, {1: "device", 2: "computer", 3: "friend", 4: "computer"})
    device.wait_for(app, lambda: lobby.open_to_phones and not lobby.asked, what="seat 3 open to a friend")
    device.frames(app, 2)
    return app, lobby


def read_qr(screen: pygame.Surface, room: pygame.Rect, modules: int) -> tuple[QrMatrix, int, set[tuple[int, ...]]]:
    """The QR code drawn in ``room`` as a camera would take it: each module's colour at its
    centre, dark where it is darker than mid-grey; the pixels per module; and every colour
    seen inside a module (one per module when it is crisp)."""
    module = room.width // modules
    side = module * modules
    x0, y0 = room.centerx - side // 2, room.centery - side // 2
    pixels = pygame.surfarray.array3d(screen)[x0 : x0 + side, y0 : y0 + side].astype(int)
    centres = pixels[module // 2 :: module, module // 2 :: module]
    dark = centres.sum(axis=2) < 3 * 128
    matrix = tuple(tuple(bool(dark[x, y]) for x in range(modules)) for y in range(modules))
    blocks = pixels.reshape(modules, module, modules, module, 3)
    crisp = bool((blocks.max(axis=(1, 3)) == blocks.min(axis=(1, 3))).all())
    colours = {tuple(colour) for colour in numpy.unique(pixels.reshape(-1, 3), axis=0)}
    assert crisp, "a module holds more than one colour: the picture was smoothed or scaled"
    return matrix, module, colours


def test_issue42_the_hosts_lobby_draws_a_qr_code_that_reads_back_as_the_web_seats_address():
    app, lobby = host((1280, 720))
    try:
        hosting = lobby.hosting
        assert hosting is not None
        address = lobby.web_address
        assert lobby.show_qr and address == f"http://127.0.0.1:{hosting.port}/#{hosting.code}"
        assert hosting.address == f"127.0.0.1:{hosting.port}"  # the address shown beside it
        expected = tuple(
            tuple(bool(m) for m in row) for row in segno.make_qr(address, error="m").matrix_iter(border=QUIET_ZONE)
        )
        matrix, module, colours = read_qr(app.screen, lobby.qr_rect, len(expected))
        assert matrix == expected
        assert colours == {tuple(COLOURS.qr_light[:3]), tuple(COLOURS.qr_dark[:3])}
        assert module >= 6 and lobby.qr_rect.width >= 180  # across a table, at 1280x720
    finally:
        app.close()


def test_issue42_the_qr_code_is_drawn_while_a_seat_is_open_and_its_picture_kept_between_frames(monkeypatch):
    app, lobby = host((1280, 720))
    try:
        drawn: list[int] = []
        draw = qr_picture.draw_matrix
        monkeypatch.setattr(
            qr_picture, "draw_matrix", lambda matrix, module: drawn.append(module) or draw(matrix, module)
        )
        device.frames(app, 30)
        assert drawn == []  # the picture of the first frames, kept

        def qr_colours() -> set[tuple[int, ...]]:
            pixels = pygame.surfarray.array3d(app.screen.subsurface(lobby.qr_rect)).reshape(-1, 3)
            return {tuple(colour) for colour in numpy.unique(pixels, axis=0)} & {
                tuple(COLOURS.qr_light[:3]),
                tuple(COLOURS.qr_dark[:3]),
            }

        device.click(app, lobby.widgets["seat3:computer"], settle=3)
        device.wait_for(app, lambda: not lobby.open_to_phones and not lobby.asked, what="seat 3 the computer's")
        device.frames(app, 2)
        assert qr_colours() == set()  # no seat for a phone: no code to scan
        device.click(app, lobby.widgets["seat3:friend"], settle=3)
        device.wait_for(app, lambda: lobby.open_to_phones and not lobby.asked, what="seat 3 open again")
        device.frames(app, 2)
        assert len(qr_colours()) == 2 and drawn == []

        pygame.display.set_mode((800, 600), pygame.RESIZABLE)
        app.manager.resize()
        device.frames(app, 3)
        assert drawn == [5]  # drawn again once, for the new room
        hosting = lobby.hosting
        assert hosting is not None
        monkeypatch.setattr(type(hosting), "friends_host", property(lambda _: "192.168.1.20"))
        device.frames(app, 3)
        assert drawn == [5, 5] and lobby.qr.text == f"http://192.168.1.20:{hosting.port}/#{hosting.code}"
        matrix, _, _ = read_qr(app.screen, lobby.qr_rect, len(lobby.qr.matrix))
        assert matrix == qr_matrix(lobby.qr.text)

        lobby.show_qr = False  # the lobby's own switch: no code, and no room kept for it
        lobby.relayout()
        device.frames(app, 2)
        assert lobby.qr_rect.width == 0 and lobby.code_box.height == lobby.layout.px(110)
        assert qr_colours() == set()
    finally:
        app.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_issue42_nothing_in_the_lobby_overlaps_with_the_qr_code_shown(size, lang):
    app, lobby = host(size, lang)
    try:
        window = pygame.Rect((0, 0), size)
        lay, box, qr = lobby.layout, lobby.code_box, lobby.qr_rect
        seats = [lobby.widgets[f"seat{seat}:{choice}"].rect for seat in range(1, 5) for choice in SEAT_CHOICES]
        below = [lobby.widgets[name].rect for name in ("name", "back", "start")]
        line_top = lobby.plates[-1].bottom + lay.px(12)
        line = pygame.Rect(0, line_top, size[0], app.font(lay.px(18), True).get_linesize())
        assert box.contains(qr) and qr.width >= (180 if size[0] >= 1280 else 148)
        assert all(window.contains(rect) for rect in [box, *lobby.plates, *seats, *below])
        apart = [box, *lobby.plates, *seats, line, *below]
        clashes = [(a, b) for i, a in enumerate(apart) for b in apart[i + 1 :] if a.colliderect(b)]
        assert clashes == []
        assert all(plate.height >= least_plate(lay) for plate in lobby.plates)
        matrix, module, _ = read_qr(app.screen, qr, len(lobby.qr.matrix))
        assert matrix == lobby.qr.matrix and module >= (6 if size[0] >= 1280 else 5)
    finally:
        app.close()


def test_issue42_the_qr_caption_and_its_absence_are_said_in_every_language():
    english = load_catalogue("en")
    for lang in LANGUAGES:
        catalogue = load_catalogue(lang)
        for key in ("lobby.qr_caption", "lobby.qr_no_seat"):
            assert catalogue[key].strip()
            assert lang == "en" or catalogue[key] != english[key], f"{lang} {key} is still English"
