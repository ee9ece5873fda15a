#!/usr/bin/env bash
# Build the standalone one-folder bundle in dist/domino-table/ for this platform.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install -r requirements.txt -r tools/requirements-build.txt
python -m PyInstaller --noconfirm --clean domino-table.spec
# Debug symbols are most of the size; numpy's OpenBLAS must be left as it is (stripping breaks it).
find dist/domino-table/_internal -type f \( -name '*.so' -o -name '*.so.*' \) -not -path '*numpy.libs*' \
    -exec strip --strip-unneeded {} + 2>/dev/null || true
# pygame-gui ships the same Noto Sans files as assets/fonts: keep one copy, the other a link to it.
internal=dist/domino-table/_internal
for style in Regular Bold Italic BoldItalic; do
    if cmp -s "$internal/assets/fonts/NotoSans-$style.ttf" "$internal/pygame_gui/data/NotoSans-$style.ttf"; then
        ln -sf "../../assets/fonts/NotoSans-$style.ttf" "$internal/pygame_gui/data/NotoSans-$style.ttf"
    fi
done
