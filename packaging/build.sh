#!/usr/bin/env bash
# Build ConCom Desk on this machine, from a clean clone, with one command:
#   bash packaging/build.sh
# Produces dist/concom-desk/ (onedir, what the installer ships: the window
# `concom-desk` and the console `concom-desk-cli`, sharing `_internal/`) and
# dist/concom-desk-portable (onefile), then smoke-tests all three outside any
# virtual environment and runs the clerk's backup and check with the console
# program. The build fails when a step fails or prints anything unexpected on stderr.
# Build dependencies come pinned from packaging/constraints.txt (the release
# workflow uses the same file), so a tag rebuilds the same program.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

VENV=build/venv
if [ ! -x "$VENV/bin/pip" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --upgrade pip
fi
# Every time: cheap when nothing changed, and keeps the build venv on the pins.
mkdir -p build
"$VENV/bin/pip" install -q -c packaging/constraints.txt -e ".[build]" > build/pip.log 2>&1 \
  || { cat build/pip.log; exit 1; }

export CONCOM_DESK_ROOT="$ROOT"
"$VENV/bin/pyinstaller" --noconfirm --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/concom-desk.spec

# Nothing of GTK travels: Qt's GTK theme is left out, and with it what only it linked
# (packaging/unneeded_libraries.py); a change that brings it back fails here.
gtk=$(find dist/concom-desk dist/concom-desk-portable -name 'libgtk-3*' -o -name 'libgdk-3*' \
  -o -name 'libcairo.so*' -o -name 'libpango-1.0*' -o -name 'libatk-1.0*' | head -5)
if [ -n "$gtk" ]; then
  echo "the bundle carries GTK it does not use:" >&2
  echo "$gtk" >&2
  exit 1
fi

bash packaging/smoke.sh dist/concom-desk/concom-desk
bash packaging/smoke.sh dist/concom-desk/concom-desk-cli
bash packaging/smoke.sh dist/concom-desk-portable
bash packaging/clerk-commands.sh dist/concom-desk/concom-desk-cli
du -sh dist/concom-desk dist/concom-desk-portable
