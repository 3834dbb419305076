#!/usr/bin/env bash
# Run a program's --smoke-test (frozen, or a wheel's console script) outside any
# virtual environment (a bare environment, a fresh HOME, from /) and fail on a
# non-zero exit or unexpected stderr.
# Usage: bash packaging/smoke.sh PATH/TO/concom-desk
set -uo pipefail
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# From /, so that nothing is found relative to the folder it was started in.
(cd / && env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen \
  "$exe" --smoke-test --db "$work/smoke.sqlite") >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out"
# Lines matching packaging/smoke-stderr-allow.txt (one regex a line) are expected noise.
unexpected=$(grep -v -E -f <(grep -v '^#' "$here/smoke-stderr-allow.txt" | grep -v '^$'; echo '^$') "$work/err" || true)
if [ "$rc" -ne 0 ] || [ -n "$unexpected" ]; then
  echo "smoke test FAILED for $exe (exit $rc)" >&2
  cat "$work/err" >&2
  exit 1
fi
echo "smoke test passed: $exe"
