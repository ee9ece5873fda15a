"""The benchmark scripts still run against the code they measure (a few frames, no figures judged)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

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
