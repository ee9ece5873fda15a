"""Issue 42: the web seat's JavaScript is checked as the rest of the project: its type check and
lint pinned through npm (exact versions and a lockfile), run by the README's test command,
which ``.ci/run`` runs as it is; the scripts checked are the scripts the page is made of."""

from __future__ import annotations

import json
import pathlib
import re

from online.web_page import SCRIPTS, web_folder

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return next(
        line.strip()
        for line in readme.splitlines()
        if line.strip().startswith("python -m pip install -r requirements-dev.txt")
    )


def test_issue42_ci_runs_the_readmes_test_command_with_the_javascript_checks():
    command = _readme_test_command()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert command in ci.splitlines()
    assert "npm ci --prefix online/web && npm run check --prefix online/web" in command
    assert "sh tools/browser.sh" in command


def test_issue42_the_javascript_tools_are_pinned_exactly_and_locked():
    package = json.loads((web_folder() / "package.json").read_text(encoding="utf-8"))
    pins = package["devDependencies"]
    assert {"typescript", "eslint"} <= set(pins)
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", version) for version in pins.values()), pins
    lock = json.loads((web_folder() / "package-lock.json").read_text(encoding="utf-8"))
    assert all(lock["packages"][f"node_modules/{name}"]["version"] == version for name, version in pins.items())
    assert "tsc" in package["scripts"]["check"] and "eslint" in package["scripts"]["check"]


def test_issue42_the_type_check_covers_every_script_of_the_page_each_checked():
    config = json.loads((web_folder() / "jsconfig.json").read_text(encoding="utf-8"))
    assert config["compilerOptions"]["checkJs"] and config["compilerOptions"]["strict"]
    assert tuple(config["files"]) == SCRIPTS
    assert all((web_folder() / name).read_text(encoding="utf-8").startswith("// @ts-check") for name in SCRIPTS)


def test_issue42_the_playwright_pin_is_in_the_test_requirements():
    requirements = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines()
    assert any(re.fullmatch(r"playwright==\d+\.\d+\.\d+", line) for line in requirements)
