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
