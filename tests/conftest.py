"""Shared fixtures: dummy SDL drivers for headless tests, the computer answering in the
tests' own process (``scenes.services.thinker``; the worker's tests switch it back), exact-hand deals;
tests marked ``slow`` run only with ``--slow`` (CI runs them all)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DOMINO_TABLE_THINKING", "inline")
os.environ["DOMINO_TABLE_LISTEN"] = (
    "127.0.0.1"  # a table hosted from a test's menu listens and is announced on loopback
)

import pathlib
import sys

import loopback_guard
import pytest
from hypothesis import HealthCheck, settings

loopback_guard.install()
GUARD_SITE = str(pathlib.Path(__file__).resolve().parent / "guard_site")
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (GUARD_SITE, os.environ.get("PYTHONPATH")) if p)

# CI runs the same examples every time (a failure is reproducible from its log); set
# HYPOTHESIS_PROFILE=explore locally to search ten times as many fresh examples.
settings.register_profile(
    "ci", derandomize=True, deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path, monkeypatch):
    """Settings, saves, statistics and caches of a test go to its own folders (its saves in
    the background land before it ends)."""
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    yield tmp_path
    persist = sys.modules.get("scenes.services.persist")
    if persist is not None:
        persist.settle()


@pytest.fixture(autouse=True)
def stays_on_loopback(tmp_path_factory, monkeypatch):
    """The test fails if it, or a process it started, tried to leave loopback (even when the
    code under test swallowed the refusal)."""
    log = tmp_path_factory.mktemp("guard") / "left_loopback.log"
    monkeypatch.setenv(loopback_guard.LOG_VARIABLE, str(log))
    yield
    if log.exists() and log.read_text(encoding="utf-8"):
        pytest.fail(f"the test tried to leave loopback:\n{log.read_text(encoding='utf-8')}")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="run the slow tests too (CI does)")


QUICK_LANGUAGES = ("en", "fr")
"""Without ``--slow``, a test run in every language runs in these two (English, and French for
its plurals and longer words); CI runs all four."""


def quick(item: pytest.Item) -> bool:
    """Whether ``item`` belongs to the quick loop: not marked slow, and in a quick language."""
    if item.get_closest_marker("slow"):
        return False
    params = getattr(getattr(item, "callspec", None), "params", {})
    lang = params.get("lang", params.get("language"))
    return not isinstance(lang, str) or lang in QUICK_LANGUAGES


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without ``--slow``, the tests marked slow (and the other languages' runs) are left out."""
    if config.getoption("--slow"):
        return
    slow = [item for item in items if not quick(item)]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if quick(item)]


@pytest.fixture
def browser():
    """Debian's Chromium driven by Playwright (never Playwright's own browser download): the
    web seat's tests are skipped where it is missing, and fail so under CI (``CI`` set). One
    per test: Playwright's synchronous API keeps an event loop running in its thread while it
    is open, and a later test of the same worker calls ``asyncio.run``."""
    import shutil

    path = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        path = None
    if path is None:
        why = "the web seat's browser tests need Debian's chromium and playwright (requirements-dev.txt)"
        if os.environ.get("CI"):
            pytest.fail(f"CI: {why}")
        pytest.skip(why)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path)
        yield launched
        launched.close()
