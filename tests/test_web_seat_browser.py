"""Issue 42: the web seat in a real browser (Debian's Chromium under Playwright) at a phone's
size with touch, on tables hosted on loopback with bots (``online.bot``) or the server's own
computers at the other seats. The page is played as a person taps it: tiles, places and
choices are buttons found by their names, never by coordinates. Every frame each page
receives is checked for what its seat (or a watcher) may not see."""

from __future__ import annotations

import json
import threading

import pytest
from online_helpers import WAIT, WHOLE_MATCH, bot, finished, first_line, headless, kill, replay, server
from web_helpers import address, chromium_path, seat_bots, seat_leaks, watcher_leaks, web_seat
from websockets.sync.client import connect

from game.core.phases import Phase
from game.core.record import dumps, match_from_record, match_to_record
from game.core.savegame import match_from_save
from online.protocol import PROTOCOL, Finished, Hinted
from online.web_page import catalogue_subset


def _record(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_issue42_a_whole_chiva_match_played_from_the_page_and_watched_by_another(browser, tmp_path):
    record = tmp_path / "chiva.json"
    seats = "remote,remote,remote,remote"
    with server("--game", "chiva", "--seed", "5", "--seats", seats, "--record", str(record)) as table:
        url = address(table.url, table.code)
        with web_seat(browser) as watcher, web_seat(browser) as player:
            watcher.open(url)
            watcher.button("Watch the table").tap()
            watcher.wait_for("() => document.querySelector('#status').textContent.includes('watching')")
            player.open(url)
            player.button("Sit at seat 1").tap()
            with seat_bots(table.url, table.code):
                player.wait_seated()
                moves = []
                while did := player.act():
                    moves.append(did)
                watcher.wait_for("() => document.querySelector('#table').dataset.over === 'true'")
                assert watcher.page.locator("#hand button").count() == 0
                assert watcher.button("Hint").count() == 0
        assert table.process.wait(WAIT) == 0
    kept = _record(record)
    assert replay(record).returncode == 0
    assert kept["winner"] in ("A", "B") and len(moves) >= 5
    assert seat_leaks(1, player.frames, kept) == []
    assert watcher_leaks(watcher.frames, kept) == []
    assert any('"revealed_hands":[[' in text for text in watcher.frames), "the round's end reveals the hands"


def test_issue42_a_dekabes_round_with_a_throw_in_from_the_page(browser):
    with (
        server("--game", "dekabes", "--seed", "304") as table,
        web_seat(browser) as player,
        seat_bots(table.url, table.code),
    ):
        player.open(address(table.url, table.code))
        player.button("Sit at seat 1").tap()
        player.wait_seated()
        player.wait_actionable()
        assert player.button("Throw the deal in").is_visible()
        assert player.act(throw_in=True) == "Throw the deal in"
        while player.table("phase") not in ("round_over", "match_over"):
            player.act(throw_in=False)
        player.wait_for("() => !document.querySelector('#result').hidden")
        result = player.page.locator("#result").inner_text()
        player.wait_frame("finished")  # the round's record entry, as the table wrote it
    kept = {"rounds": [frame.round for frame in player.messages() if isinstance(frame, Finished)]}
    first = kept["rounds"][0]
    assert first["deals"][0]["redeal_by"] == 1, "seat 1 threw the first deal in"
    assert len(first["deals"]) >= 2
    assert "wins" in result or "tie" in result
    assert seat_leaks(1, player.frames, kept) == []


def test_issue42_a_tien_gow_deal_with_a_face_down_play_and_a_hint(browser, tmp_path):
    record = tmp_path / "tiengow.json"
    with (
        server("--game", "tiengow", "--deals", "1", "--seed", "8", "--record", str(record)) as table,
        web_seat(browser) as player,
        seat_bots(table.url, table.code),
    ):
        player.open(address(table.url, table.code))
        player.button("Sit at seat 1").tap()
        player.wait_seated()
        player.wait_actionable()
        assert player.page.locator("#title").text_content() == "Tien Gow · Deal 1", "Tien Gow plays deals"
        assert player.page.get_by_role("button", name="Hint").is_enabled()
        player.button("Hint").tap()
        player.wait_for("() => document.querySelector('#message').textContent.startsWith('Hint:')")
        assert player.button("Confirm").is_visible(), "a hint is shown as a preview, never played by itself"
        player.button("Choose again").tap()
        plays = []
        while did := player.act(face_down=True):
            plays.append(did)
        assert table.process.wait(WAIT) == 0, "the server ends once the match is over and written"
    assert "down" in plays
    kept = _record(record)
    assert any(p["seat"] == 1 and p["face_down"] for t in kept["rounds"][0]["tricks"] for p in t["plays"])
    assert seat_leaks(1, player.frames, kept) == []
    assert any('"type":"hint"' in text for text in player.frames)


def test_issue42_a_tien_gow_deal_ends_on_the_page_with_the_games_own_settlement(browser, tmp_path):
    record = tmp_path / "tiengow.json"
    with (
        server("--game", "tiengow", "--deals", "2", "--seed", "8", "--record", str(record)) as table,
        web_seat(browser) as player,
        seat_bots(table.url, table.code),
    ):
        player.open(address(table.url, table.code))
        player.button("Sit at seat 1").tap()
        player.wait_seated()
        while player.table("phase") != "round_over":
            player.act(face_down=False)
        result = player.page.locator("#result")
        assert result.is_visible()
        rows = result.locator("table.deal tbody tr").evaluate_all(
            "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
        )
        title = result.locator(".deal-title").inner_text()
        payments = result.locator(".payments li").all_inner_texts()
        running = result.locator(".running").inner_text()
        player.page.select_option("#lang", "fr")
        player.wait_for("() => document.documentElement.lang === 'fr'")
        french = result.locator("table.deal thead th").all_inner_texts()
        player.page.select_option("#lang", "en")
        player.wait_for("() => document.documentElement.lang === 'en'")
        while player.act(face_down=False):
            pass
        assert table.process.wait(WAIT) == 0
    match = match_from_record(_record(record))
    view = match.game.view(match.round_state(0), 1, match.seats)
    dealt = view.result
    assert dealt is not None
    named = {seat: row[0].removesuffix(" · banker") for seat, row in enumerate(rows, start=1)}
    assert named[1] == "You" and [row[0].endswith(" · banker") for row in rows] == [
        seat == view.banker for seat in range(1, 5)
    ]
    assert [row[1:] for row in rows] == [
        [
            str(dealt.columns[seat - 1]),
            f"{dealt.immediate[seat - 1]:+d}",
            f"{dealt.settlement[seat - 1]:+d}",
            f"{dealt.total[seat - 1]:+d}",
        ]
        for seat in range(1, 5)
    ]
    assert title == f"{named[dealt.last_winner]} won the last trick"
    at_once = sum(trick.bonus is not None for trick in view.tricks)
    paid = [line for line in dealt.settlements if line.amount]
    assert len(payments) == at_once + len(paid) > 0
    assert all(f" {line.amount} " in text for line, text in zip(paid, payments[at_once:]))
    assert running == "Running totals: " + " · ".join(
        f"{named[seat]} {view.totals[seat - 1] + dealt.total[seat - 1]:+d}" for seat in range(1, 5)
    )
    words = catalogue_subset("fr", [], ["tg.summary."])
    assert french == [words[f"tg.summary.{key}"] for key in ("columns", "immediate", "settlement", "total")]


def test_issue42_the_hints_why_shows_its_detail_under_the_line_until_a_tile_is_chosen(browser):
    with (
        server("--game", "tiengow", "--deals", "1", "--seed", "8") as table,
        web_seat(browser) as player,
        seat_bots(table.url, table.code),
    ):
        player.open(address(table.url, table.code))
        player.button("Sit at seat 1").tap()
        player.wait_seated()
        why = player.button("Why?")
        while True:
            player.wait_actionable()
            assert player.table("over") != "true", "some hint of the deal has numbers behind it"
            player.button("Hint").tap()
            player.wait_for("() => document.querySelector('#message').textContent.startsWith('Hint:')")
            if why.count():
                break
            position, refusals = player.table("position"), player.table("refusals")
            player.button("Confirm").tap()
            player.wait_moved_from(position, refusals)
        [hinted] = [frame for frame in player.messages() if isinstance(frame, Hinted)][-1:]
        assert hinted.detail and why.get_attribute("aria-expanded") == "false"
        assert not player.page.locator("#why-text").count(), "the detail waits for Why?"
        box = why.bounding_box()
        assert box is not None and box["height"] >= 57
        why.tap()
        detail = player.page.locator("#why-text")
        assert detail.is_visible() and why.get_attribute("aria-expanded") == "true"
        text = detail.inner_text()
        assert text.startswith("The computer cannot see the other hands.")
        assert f" {hinted.params['deals']} " in text
        player.page.locator("#hand button").first.tap()
        assert not why.count() and not detail.count(), "choosing a tile lets the hint's Why? go"
        player.page.locator("#hand button").first.tap()
        player.button("Hint").tap()
        player.wait_for("() => document.querySelector('#why button') !== null")
        why.tap()
        position, refusals = player.table("position"), player.table("refusals")
        player.button("Confirm").tap()
        player.wait_moved_from(position, refusals)
        assert not why.count() and not detail.count(), "the turn passed: the Why? went with it"


def test_issue42_reload_and_close_mid_round_come_back_to_the_same_seat(browser):
    with server("--game", "chiva", "--seed", "5", "--seats", "remote,greedy,greedy,greedy") as table:
        url = address(table.url, table.code)
        with web_seat(browser) as player:
            player.open(url)
            player.button("Sit at seat 1").tap()
            player.wait_seated()
            player.act()
            player.wait_actionable()
            hand = player.hand()
            player.page.reload()
            player.wait_seated()
            player.wait_actionable()
            assert player.table("seat") == "1" and player.hand() == hand
            player.act()
            player.wait_actionable()
            hand = player.hand()
            position = player.table("position")
            player.page.close()
            player.page = player.context.new_page()
            player.open(url)
            player.wait_seated()
            player.wait_actionable()
            assert player.table("seat") == "1" and player.hand() == hand
            assert int(player.table("position")) >= int(position)
            assert player.page.locator("#seat-list button").count() == 0
            with web_seat(browser) as latecomer:
                latecomer.open(url)
                latecomer.wait_for("() => document.querySelector('#join-text').textContent.includes('taken')")
                assert latecomer.page.locator("#seat-list button").count() == 0
                assert latecomer.button("Watch the table").is_visible()


def test_issue42_the_page_answers_an_undo_question_of_another_device(browser):
    with (
        server("--game", "chiva", "--seed", "5", "--seats", "remote,remote,greedy,greedy") as table,
        web_seat(browser) as player,
    ):
        player.open(address(table.url, table.code))
        player.button("Sit at seat 1").tap()
        player.wait_seated()
        other = _UndoAsker(table.url, table.code)
        other.start()
        try:
            while not other.asked.is_set():
                player.act()
            player.wait_for("() => !document.querySelector('#question').hidden")
            assert "asks to take back" in player.page.locator("#question").inner_text()
            player.button("Yes, agreed").tap()
            assert other.settled.wait(WAIT)
        finally:
            other.stop.set()
            other.join(WAIT)
    assert other.outcome == {"type": "settled", "kind": "undo", "by": 2, "agreed": True}


class _UndoAsker(threading.Thread):
    """A device at seat 2 that plays its first legal decision once, then asks to undo it."""

    def __init__(self, url: str, code: str) -> None:
        super().__init__(daemon=True)
        self.url, self.code = url, code
        self.asked, self.settled, self.stop = threading.Event(), threading.Event(), threading.Event()
        self.outcome: dict = {}

    def run(self) -> None:
        with connect(self.url) as ws:
            ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "code": self.code, "seat": 2, "name": "Ana"}))
            played = False
            while not self.stop.is_set():
                frame = json.loads(ws.recv(WAIT))
                if frame["type"] == "settled":
                    self.outcome = frame
                    self.settled.set()
                    return
                if frame["type"] != "state" or frame["view"] is None or frame["asking"]:
                    continue
                view = frame["view"]
                if played and frame["can_undo"] and not self.asked.is_set():
                    ws.send(json.dumps({"type": "ask", "kind": "undo"}))
                    self.asked.set()
                elif not played and view["to_act"] == 2 and view["legal"]:
                    decision = {"seat": 2, **view["legal"][0]}
                    ws.send(json.dumps({"type": "decide", "position": frame["position"], "decision": decision}))
                    played = "tile" in view["legal"][0]


def _browser_seat(url: str, seat: int, results: dict, drop_after: int | None = None) -> None:
    """A browser seat on a thread of its own (its own Playwright and Chromium): sits at ``seat``,
    plays the whole match, reloading its page once after ``drop_after`` decisions."""
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(executable_path=chromium_path())
            with web_seat(launched) as player:
                player.open(url)
                player.button(f"Sit at seat {seat}").tap()
                player.wait_seated()
                done = 0
                while player.act_at_once():
                    done += 1
                    if done == drop_after:
                        player.page.reload()
                        player.wait_seated()
                        results[f"back{seat}"] = player.table("seat")
                results[seat] = player.frames
            launched.close()
    except Exception as error:  # the main thread reports it
        results[f"error{seat}"] = repr(error)


@pytest.mark.slow
def test_issue42_a_whole_dekabes_match_two_browser_seats_a_device_window_and_a_bot_at_a_menu_table(browser, tmp_path):
    base = tmp_path / "host"
    host = headless("host", base, "--game", "dekabes", "--seats", "device,friend,friend,friend")
    started = [host]
    results: dict = {}
    try:
        line = ""
        while not line.startswith("{"):  # the address, once the lobby is open
            line = first_line(host, WHOLE_MATCH)
        table = json.loads(line)
        url = f"http://127.0.0.1:{table['port']}/#{table['code']}"
        seats = [
            threading.Thread(target=_browser_seat, args=(url, 2, results, 3), daemon=True),
            threading.Thread(target=_browser_seat, args=(url, 3, results), daemon=True),
        ]
        for thread in seats:
            thread.start()
        ws_url = f"ws://127.0.0.1:{table['port']}"
        started.append(bot(ws_url, table["code"], "--seat", "4", "--level", "greedy", "--patience", "120"))
        for thread in seats:
            thread.join(3 * WHOLE_MATCH)
        errors = [results[key] for key in results if str(key).startswith("error")]
        assert not errors, errors
        hosted = finished(base, host)
        assert started[1].wait(WAIT) == 0
    finally:
        for process in started:
            kill(process)
    assert hosted["last_match"] is True and hosted["seat"] == 1
    assert results["back2"] == "2", "the reloaded page came back to its seat"
    saved = base / "xdg_data_home" / "domino-table" / "finished.json"
    match = match_from_save(json.loads(saved.read_text(encoding="utf-8")))
    assert match.phase is Phase.MATCH_OVER
    record = match_to_record(match)
    path = tmp_path / "kept.jsonl"
    path.write_text(dumps(record) + "\n", encoding="utf-8")
    assert replay(path).returncode == 0
    kept = json.loads(dumps(record))
    for seat in (2, 3):
        assert seat_leaks(seat, results[seat], kept) == []
