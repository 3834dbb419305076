#!/usr/bin/env bash
# Build ConCom Desk on this machine, from a clean clone, with one command:
#   bash packaging/build.sh
# Produces dist/concom-desk/concom-desk (onedir, what the installer ships) and
# dist/concom-desk-portable (onefile), then smoke-tests both outside any virtual
# environment. The build fails when a smoke test fails or prints anything
# unexpected on stderr.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

VENV=build/venv
if [ ! -x "$VENV/bin/pip" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --upgrade pip
fi
# Every time: cheap when nothing changed, and keeps the build venv on pyproject's pins.
mkdir -p build
"$VENV/bin/pip" install -q -e ".[build]" > build/pip.log 2>&1 || { cat build/pip.log; exit 1; }

export CONCOM_DESK_ROOT="$ROOT"
"$VENV/bin/pyinstaller" --noconfirm --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/concom-desk.spec

bash packaging/smoke.sh dist/concom-desk/concom-desk
bash packaging/smoke.sh dist/concom-desk-portable
du -sh dist/concom-desk dist/concom-desk-portable
