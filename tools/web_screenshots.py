"""Screenshots of the web seat in each game, at a phone's 390×844 (touch) and a tablet's
1024×768, to ``docs/screenshots/web-GAME-WxH.png``; Tien Gow's deal played on to its end
too, its result whole (``web-tiengow-result-WxH.png``, the full page); and the size of every
button on them (the tap targets), as the page lays them out.

``python tools/web_screenshots.py`` (Debian's ``chromium`` and Playwright, as the tests use).
Each game's table is hosted on loopback with the server's greedy computers at the other seats;
the page takes a few decisions, then a tile or play is left in its preview (the line or trick
shows it, Confirm waits), as a person sees it before confirming.
"""

from __future__ import annotations

import pathlib
import re
import shutil
import subprocess
import sys

from playwright.sync_api import Page, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SIZES = ((390, 844), (1024, 768))
GAMES = (("chiva", "5", ()), ("dekabes", "11", ()), ("tiengow", "8", ("--deals", "1")))
READY = """() => { const t = document.querySelector('#table');
  return t && !t.hidden && t.dataset.toAct === t.dataset.seat &&
    document.querySelector('#hand button:not([disabled]), #decide button:not([disabled])') !== null; }"""


def _serve(game: str, seed: str, extra: tuple[str, ...]) -> tuple[subprocess.Popen[str], str]:
    seats = ("--seats", "remote,greedy,greedy,greedy")
    process = subprocess.Popen(
        [sys.executable, "-m", "online.server", "--game", game, "--seed", seed, "--port", "0", *seats, *extra],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    found = re.match(r"listening ws://([\d.]+:\d+) code=(\w+)", process.stdout.readline())
    if found is None:
        process.kill()
        raise SystemExit("the table server did not start")
    return process, f"http://{found.group(1)}/#{found.group(2)}"


def _preview(page: Page, decisions: int) -> None:
    """Take ``decisions`` decisions, then leave the next one in its preview."""
    for number in range(decisions + 1):
        page.wait_for_function(READY, timeout=30_000)
        _choose(page)
        if number == decisions:
            return
        _confirm(page)


def _choose(page: Page) -> None:
    """Tap the first tile, place or choice there is, up to its preview."""
    if page.locator("#decide", has_text="Play face").count():
        page.locator("#hand button").first.tap()
        page.get_by_role("button", name=re.compile("^Play face")).and_(page.locator(":enabled")).first.tap()
    elif page.locator("#hand button:not([disabled])").count():
        page.locator("#hand button:not([disabled])").first.tap()
        if page.locator("#places button").count() > 1:
            page.locator("#places button").first.tap()
    else:
        page.locator("#decide button").first.tap()


def _confirm(page: Page) -> None:
    """Confirm the preview, and wait for the table to move on."""
    position = page.locator("#table").get_attribute("data-position")
    page.get_by_role("button", name="Confirm").tap()
    page.wait_for_function(f"() => document.querySelector('#table').dataset.position !== '{position}'")


def _to_the_result(page: Page) -> None:
    """Confirm the preview shown, then play on until the round's result shows."""
    _confirm(page)
    while True:
        page.wait_for_function(f"() => !document.querySelector('#result').hidden || ({READY})()", timeout=30_000)
        if page.locator("#result").is_visible():
            return
        _choose(page)
        _confirm(page)


def _shoot(page: Page, name: str, full_page: bool = False) -> None:
    """``page`` at each size, as ``docs/screenshots/web-NAME-WxH.png``; its smallest button said."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        path = OUT / f"web-{name}-{width}x{height}.png"
        page.screenshot(path=str(path), full_page=full_page)
        print(f"{path.relative_to(ROOT)}: {_targets(page)}")


def _targets(page: Page) -> str:
    """The smallest width and height of the buttons shown, in words."""
    boxes = page.locator("button:visible").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    if not boxes:
        return "no button"
    return f"smallest button {min(w for w, _ in boxes):.0f}x{min(h for _, h in boxes):.0f} CSS px"


def main() -> int:
    browser_path = shutil.which("chromium")
    if browser_path is None:
        print("tools/web_screenshots.py: needs Debian's chromium (sh tools/browser.sh)", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path)
        for game, seed, extra in GAMES:
            process, url = _serve(game, seed, extra)
            try:
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
                )
                page = context.new_page()
                page.goto(url)
                page.get_by_role("button", name="Sit at seat 1").tap()
                _preview(page, 2)
                _shoot(page, game)
                if game == "tiengow":
                    page.set_viewport_size({"width": 390, "height": 844})
                    _to_the_result(page)
                    _shoot(page, f"{game}-result", full_page=True)
                context.close()
            finally:
                process.kill()
                process.wait()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
