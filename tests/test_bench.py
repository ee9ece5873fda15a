"""The benchmark scripts still run against the code they measure (a few frames, no figures judged)."""

from __future__ import annotations

import importlib.util
import math
import pathlib
import subprocess
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


def test_the_frame_bench_reports_each_new_deal_by_its_first_frame_and_the_worst_of_the_second_after():
    frames = bench_module("frames")
    cpu = [0.002] * 300
    cpu[100], cpu[130], cpu[250] = 0.004, 0.009, 0.003
    demo = frames.Demo(cpu=cpu, deal_frames=[100, 250])
    assert demo.deal_line() == (
        "2 new deals (at frames 100, 250); cpu of the first frame each showed in: 4.00 ms, 3.00 ms; "
        "worst cpu of the second from it: 9.00 ms, 3.00 ms"
    )
    assert frames.Demo().deal_line() == "no new deal showed"


def test_the_online_bench_waits_for_a_worker_while_it_connects_and_says_why_it_gives_up():
    online = bench_module("online")

    def worker(*lines: str) -> subprocess.Popen:
        printing = "; ".join(f"print({line!r})" for line in lines)
        return subprocess.Popen([sys.executable, "-c", printing], stdout=subprocess.PIPE, text=True)

    with worker("connected 4/8", "connected 8/8", "ready") as connecting:
        online._ready(connecting, "bot worker 1 of 1", 8, 30.0)
    with worker("connected 4/8") as ended, pytest.raises(online.Stalled) as why:
        online._ready(ended, "bot worker 2 of 2", 8, 30.0)
    assert str(why.value) == "bot worker 2 of 2 (8 devices, connected so far: 4/8) ended (exit code 0)"


def test_the_web_seat_bench_weighs_the_page_and_times_a_small_crowd_of_each_kind(capsys):
    bench = bench_module("web_seat")
    bench.weight()
    assert "bytes uncompressed" in capsys.readouterr().out
    for mode in ("device", "web"):
        samples, cpu = bench.crowd(mode, 1, 0.05, 1.0)
        assert samples and all(seconds > 0 for seconds in samples) and cpu >= 0
