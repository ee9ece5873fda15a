"""The benchmark scripts still run against the code they measure (a few frames, no figures judged)."""

from __future__ import annotations

import importlib.util
import math
import pathlib
import sys
from types import ModuleType

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def bench_module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_frame_bench_measures_a_short_demo():
    demo = bench_module("frames").demo_frames((800, 600), "chiva", "easy", 6)
    assert len(demo.wall) == len(demo.cpu) == len(demo.switching) == 6
    assert demo.decisions >= 0 and all(seconds > 0 for seconds in demo.wall)
    assert "6 frames" in demo.line()


def test_the_belief_bench_charges_nothing_for_a_sure_belief_and_ln2_a_tile_for_a_blind_one(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    belief = bench_module("partner_belief")
    hidden, held = 0b1111, 0b0101
    sure = [[0, 0, held, 0]] * 4
    halves = [[0, 0, 0b0011, 0], [0, 0, 0b1100, 0]]
    assert belief.log_loss(sure, 2, held, hidden) == pytest.approx(-4 * math.log(1 - belief.FLOOR))
    assert belief.log_loss(halves, 2, held, hidden) == pytest.approx(4 * math.log(2))
    samples = belief.record(("chiva", "easy", ("normal+pool=1", "normal", "glimpsing-1"), 0, 1))
    assert samples and all(len(losses) == 3 and all(0 < loss < 28 for loss in losses) for _, losses in samples)
    sighted = -28 * math.log(1 - belief.FLOOR)  # every tile's chance right but for the floor
    assert all(losses[2] <= sighted for _, losses in samples)
    assert sum(losses[2] for _, losses in samples) < sum(losses[1] for _, losses in samples)
