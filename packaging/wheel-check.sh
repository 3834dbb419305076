#!/usr/bin/env bash
# The program as `pip install` gives it: build the wheel from this checkout, install
# it into a fresh virtual environment outside the source tree, and use it from / with
# an empty environment and a fresh home, so nothing can come from the checkout: the
# town profiles, conditions, Word forms and guide must travel inside the wheel.
# Usage: bash packaging/wheel-check.sh      (.ci/run runs it)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/builder"
"$work/builder/bin/pip" wheel -q --no-deps "$ROOT" -w "$work/dist" > "$work/pip.log" 2>&1 \
  || { cat "$work/pip.log"; exit 1; }
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q -c "$ROOT/packaging/constraints.txt" "$work"/dist/*.whl \
  > "$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }
exe="$work/venv/bin/concom-desk"
echo "+ installed $(basename "$work"/dist/*.whl) into a fresh venv"

run() {
  (cd / && env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 "$exe" "$@") \
    >"$work/out" 2>"$work/err"
  local rc=$?
  echo "+ (cd / && concom-desk $*)"
  head -n 12 "$work/out"
  if [ "$rc" -ne 0 ] || [ -s "$work/err" ] || [ ! -s "$work/out" ]; then
    echo "the installed wheel FAILED: concom-desk $* (exit $rc)" >&2
    cat "$work/err" >&2
    exit 1
  fi
}

set +e
run towns
run deadlines --town upton --kind noi --received 2026-11-05
run demo --db "$work/demo.sqlite"
run templates
run conditions --town upton
set -e
bash "$ROOT/packaging/smoke.sh" "$exe"
echo "the installed wheel passed"
