"""The web seat in a real browser for the tests: Debian's Chromium driven by Playwright (never
its own browser download), a page at a phone's size with touch, playing its seat by the
buttons' names as a person taps them; and the no-peeking check of what a watcher receives."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field

from online_helpers import ENDED, bot, kill, leaks, plain_view

from online.protocol import Finished, Hinted, State, server_decoder

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "en-US"}
STEP = 30_000  # milliseconds any one wait of the page may take before the test fails


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def address(url: str, code: str) -> str:
    """The page's address for the table at ``url`` (``ws://HOST:PORT``): the code in the fragment."""
    return url.replace("ws://", "http://", 1) + "/#" + code


@dataclass
class WebSeat:
    """One page in its own browser context (its own storage), keeping every frame it receives."""

    context: object
    page: object
    frames: list[str] = field(default_factory=list)
    sockets: list = field(default_factory=list)

    def open(self, url: str) -> None:
        self.page.goto(url)

    def watch_frames(self) -> None:
        self.page.on("websocket", self._opened)

    def _opened(self, ws) -> None:
        self.sockets.append(ws)
        ws.on("framereceived", self._kept)

    def wait_frame(self, kind: str) -> None:
        """Until the page has received a frame of type ``kind`` (Playwright hands events over
        only inside its own calls: none can pass between the look and the wait)."""
        tagged = f'"type":"{kind}"'
        if any(tagged in text for text in self.frames):
            return
        with self.sockets[-1].expect_event("framereceived", predicate=lambda text: tagged in text, timeout=STEP):
            pass

    def _kept(self, payload: str | bytes) -> None:
        if isinstance(payload, str):
            self.frames.append(payload)

    def messages(self) -> list:
        return [server_decoder.decode(text) for text in self.frames]

    def button(self, name: str, exact: bool = True):
        return self.page.get_by_role("button", name=name, exact=exact)

    def table(self, name: str) -> str:
        return self.page.locator("#table").get_attribute(f"data-{name}") or ""

    def wait_for(self, script: str, arg: object = None) -> None:
        self.page.wait_for_function(script, arg=arg, timeout=STEP)

    def wait_seated(self) -> None:
        self.wait_for("() => { const t = document.querySelector('#table'); return t.dataset.phase && !t.hidden; }")

    def wait_moved_from(self, position: str, refusals: str) -> None:
        """Until the table moved on, the match ended, the page's decision was refused or a
        question waits for its answer."""
        self.wait_for(
            "([p, r]) => { const t = document.querySelector('#table'); "
            "return t.dataset.position !== p || t.dataset.over === 'true' || t.dataset.refusals !== r || "
            "document.querySelector('#question button') !== null; }",
            [position, refusals],
        )

    def wait_actionable(self) -> None:
        """Until the page has something to do: its turn with a button to tap, the next round, or the end."""
        self.wait_for(ACTIONABLE)

    def hand(self) -> list[str]:
        return self.page.locator("#hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")

    def act(self, face_down: bool = True, throw_in: bool = False) -> str:
        """Take the seat's next decision as a person taps it; what it did ("" at the match's end)."""
        self.wait_actionable()
        if self.table("over") == "true":
            return ""
        if self.page.locator("#question button").count():
            return "question"
        position, refusals = self.table("position"), self.table("refusals")
        next_round = self.page.locator("#tools button", has_text=re.compile("^Next (round|deal)$"))
        if next_round.count():
            next_round.tap()
            self.wait_moved_from(position, refusals)
            return "ready"
        did = self._decide(face_down, throw_in)
        self.wait_moved_from(position, refusals)
        return did

    def act_at_once(self) -> str:
        """Take the seat's next decision (the first tile, place or choice, then Confirm) in one
        turn of the page's own loop, so that no frame of the table comes between the taps: for
        a table where others may move meanwhile (a host giving a dropped seat to the computer
        and back). A question is answered yes. What it did: "" at the match's end, "moved"
        when the table moved first (or a question was answered)."""
        self.wait_actionable()
        position, refusals = self.table("position"), self.table("refusals")
        did = self.page.evaluate(AT_ONCE)
        if did and did != "moved":
            self.wait_moved_from(position, refusals)
        return did

    def _decide(self, face_down: bool, throw_in: bool) -> str:
        phase = self.table("phase")
        if phase in ("accepting", "choosing"):
            names = self.page.locator("#decide button").all_inner_texts()
            wanted = "Throw the deal in" if throw_in and "Throw the deal in" in names else names[0]
            self.button(wanted).tap()
            self.button("Confirm").tap()
            return wanted
        if self.page.locator("#decide", has_text="Play face").count():
            return self._trick(face_down)
        tile = self.page.locator("#hand button:not([disabled])").first
        name = tile.get_attribute("aria-label")
        tile.tap()
        places = self.page.locator("#places button")
        if places.count() > 1:
            places.first.tap()
        self.button("Confirm").tap()
        return name

    def _trick(self, face_down: bool) -> str:
        """Tien Gow: lead the first tile alone face up; follow with the first tiles, face down
        when ``face_down`` (always allowed when following), else face up when they may."""
        leading = "You lead" in self.page.locator("#status").inner_text()
        count = 1 if leading else int(self.page.locator("#status").inner_text().split("choose ")[1].split()[0])
        tiles = self.page.locator("#hand button")
        for index in range(count):
            tiles.nth(index).tap()
        down = self.button("Play face down")
        up = self.button("Play face up")
        choice = down if (face_down and down.is_enabled()) or not up.is_enabled() else up
        choice.tap()
        self.button("Confirm").tap()
        return "down" if choice == down else "up"


ACTIONABLE = """() => {
  const t = document.querySelector('#table');
  if (!t || t.hidden || !t.dataset.phase) return false;
  if (t.dataset.over === 'true') return true;
  if (t.dataset.online !== 'true') return false;
  if (document.querySelector('#question button')) return true;
  if ([...document.querySelectorAll('#tools button')].some(b => /^Next (round|deal)$/.test(b.textContent))) return true;
  if (t.dataset.toAct !== t.dataset.seat) return false;
  return document.querySelector('#hand button:not([disabled]), #decide button:not([disabled])') !== null;
}"""


AT_ONCE = """() => {
  const t = document.querySelector('#table');
  if (t.dataset.over === 'true') return '';
  const press = (b) => { if (!b || b.disabled) return false; b.click(); return true; };
  if (press(document.querySelector('#question button'))) return 'moved';  // yes to a question
  const next = [...document.querySelectorAll('#tools button')].find(b => /^Next (round|deal)$/.test(b.textContent));
  if (press(next)) return 'ready';
  if (t.dataset.toAct !== t.dataset.seat) return 'moved';
  const tile = document.querySelector('#hand button:not([disabled])');
  if (tile) {
    press(tile);
    const place = document.querySelector('#places button');
    if (document.querySelectorAll('#places button').length > 1) press(place);
  } else if (!press(document.querySelector('#decide button:not([disabled])'))) return 'moved';
  const name = tile ? tile.getAttribute('aria-label') : 'choice';
  return press(document.querySelector('#decide button.confirm')) ? name : 'moved';
}"""


@contextlib.contextmanager
def seat_bots(url: str, code: str, seats: tuple[int, ...] = (2, 3, 4)) -> Iterator[list]:
    """Headless bots (``online.bot``, greedy) at ``seats`` until the block ends (killed then)."""
    started = []
    try:
        for seat in seats:
            started.append(bot(url, code, "--seat", str(seat), "--level", "greedy", "--name", f"Bot {seat}"))
        yield started
    finally:
        for process in started:
            kill(process)


@contextlib.contextmanager
def web_seat(browser, frames: bool = True) -> Iterator[WebSeat]:
    context = browser.new_context(**PHONE)
    try:
        seat = WebSeat(context, context.new_page())
        if frames:
            seat.watch_frames()
        yield seat
    finally:
        context.close()


def seat_leaks(seat: int, texts: list[str], record: dict) -> list[str]:
    """What the frames a web seat received show that it may not see (as for a device), and a
    hint that names a tile not in the seat's hand at the time."""
    frames = [server_decoder.decode(text) for text in texts]
    found = leaks(seat, frames, record)
    hand: set[str] = set()
    for frame in frames:
        if isinstance(frame, State) and frame.view is not None:
            hand = set(plain_view(frame)["hand"])
        if isinstance(frame, Hinted):
            tiles = frame.decision.get("tiles") or [frame.decision.get("tile")]
            found += [f"a hint with {tile}, not in the hand" for tile in tiles if tile is not None and tile not in hand]
    return found


def watcher_leaks(texts: list[str], record: dict) -> list[str]:
    """What the frames a watcher received show before a round's end that no seat shows to
    everyone: a tile of any hand, a face-down tile, a hand, a seed."""
    frames = [server_decoder.decode(text) for text in texts]
    found = []
    finished = [f for f in frames if isinstance(f, Finished)]
    found += [f"round {f.index + 1}: the seed before the end" for f in finished[:-1] if f.over is not None]
    for number, frame in enumerate(frames):
        if not isinstance(frame, State) or frame.view is None:
            continue
        text = json.dumps(plain_view(frame)) + json.dumps([json.loads(_event(e)) for e in frame.events])
        if '"seed"' in text:
            found.append(f"frame {number}: a seed")
        view = plain_view(frame)
        if view["phase"] in ENDED:
            continue
        if view["hand"] or view["legal"]:
            found.append(f"frame {number}: a hand or its decisions")
        round_record = record["rounds"][view["round_number"] - 1]
        if "tricks" in round_record:
            recorded = [p for trick in round_record["tricks"] for p in trick["plays"]]
            shown = {t for p in recorded if not p["face_down"] for t in p["tiles"]}
            plays = list(view["current"]) + [p for trick in view["tricks"] for p in trick["plays"]]
            down = [p["seat"] for p in plays if p["face_down"] and p["tiles"]]
            found += [f"frame {number}: seat {seat}'s face-down tiles" for seat in down]
            hidden = {t for hand in round_record["hands"] for t in hand} - shown
        else:
            deals = [d["hands"] for d in round_record.get("deals", [])] + [round_record["hands"]]
            on_line = {placed[0] for placed in view["line"]}
            hidden = {t for hands in deals for hand in hands for t in hand} - on_line
        found += [f"frame {number}: hidden {tile}" for tile in sorted(hidden) if f'"{tile}"' in text]
    return found


def _event(event: object) -> str:
    from online.protocol import encode

    return encode(event).decode()
