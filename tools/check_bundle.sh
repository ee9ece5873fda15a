#!/usr/bin/env bash
# Release check: build the bundle, run it from outside the source tree in demo mode,
# render frames offscreen to a PNG, and report the bundle size and its start-up time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/tools/build_bundle.sh"
bundle="$root/dist/domino-table"
work="$(mktemp -d)"
cd "$work"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
"$bundle/domino-table" --demo --seed 3 --frames 240 --screenshot "$work/bundle.png"
test -s "$work/bundle.png"
python3 - "$bundle" "$work/bundle.png" <<'PY'
import pathlib, statistics, subprocess, sys, time
bundle, shot = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file() and not f.is_symlink()) / 2**20
runs = []
for _ in range(5):
    start = time.perf_counter()
    subprocess.run([str(bundle / "domino-table"), "--frames", "1"], check=True, capture_output=True)
    runs.append(time.perf_counter() - start)
print(f"bundle: {bundle} ({size:.1f} MB)")
print(f"start-up to the first menu frame, whole process (median of 5): {statistics.median(runs):.2f} s")
print(f"demo screenshot: {shot} ({shot.stat().st_size} bytes)")
PY
# A hosted match with bundled bots: the bundle's table server (--serve, online.server's
# command line) and four bundled bots (--bot, online.bot's) play a Dékabès match on
# loopback; every process must exit 0 and the server's record must pass the source tree's replay.
if ! "$bundle/domino-table" --serve --help 2>&1 | grep -q "listening ws://" ||
    ! "$bundle/domino-table" --bot --help 2>&1 | grep -q -- "--url URL"; then
    echo "check_bundle: the bundle cannot host a table: it needs main.py's --serve/--bot pass-through to" \
        "online.server/online.bot, and domino-table.spec to keep asyncio, ssl, _ssl, _hashlib, email and http" >&2
    exit 1
fi
python3 - "$bundle/domino-table" "$work/hosted.jsonl" <<'PY'
import subprocess, sys, time
exe, record = sys.argv[1], sys.argv[2]
started = time.perf_counter()
server = subprocess.Popen([exe, "--serve", "--game", "dekabes", "--seed", "14", "--port", "0", "--record", record],
                          stdout=subprocess.PIPE, text=True)
bots = []
try:
    first = server.stdout.readline().split()
    assert first[:1] == ["listening"] and first[2].startswith("code="), f"the server said {first!r}"
    url, code = first[1], first[2].removeprefix("code=")
    bots = [subprocess.Popen([exe, "--bot", "--url", url, "--code", code, "--level", "greedy"]) for _ in range(4)]
    codes = [bot.wait(300) for bot in bots] + [server.wait(60)]
    assert codes == [0] * 5, f"exit codes of the four bots and the server: {codes}"
finally:
    for process in [server, *bots]:
        if process.poll() is None:
            process.kill()
print(f"hosted match: server and four bots of the bundle, {time.perf_counter() - started:.1f} s")
PY
(cd "$root" && python -m game.cli replay "$work/hosted.jsonl")
# The bundle hosts and joins from its menus: two bundled game windows under Xvfb (one hosts,
# one joins, and is killed and brought back mid-round by its menu's Back to the table) and two
# bundled bots play a whole Dékabès match (tools/four_devices.py, driven with xdotool).
if command -v Xvfb > /dev/null && command -v xdotool > /dev/null && command -v import > /dev/null; then
    (cd "$root" && python tools/four_devices.py --exe "$bundle/domino-table" --out "$work/four_devices")
else
    echo "check_bundle: the windows' check needs xvfb, xdotool and imagemagick (apt-get install -y xvfb xdotool imagemagick)" >&2
    exit 1
fi
