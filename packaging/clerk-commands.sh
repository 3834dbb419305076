#!/usr/bin/env bash
# The console program as a clerk uses it, from / with a fresh home folder and an
# empty environment: a demo town, a backup of it, and the check; each must print
# its lines, exit 0, and say nothing on stderr.
# Usage: bash packaging/clerk-commands.sh PATH/TO/concom-desk-cli
set -uo pipefail
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {
  (cd / && env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 "$exe" "$@") \
    >"$work/out" 2>"$work/err"
  local rc=$?
  echo "+ concom-desk-cli $*"
  cat "$work/out"
  if [ "$rc" -ne 0 ] || [ -s "$work/err" ] || [ ! -s "$work/out" ]; then
    echo "clerk's command FAILED: concom-desk-cli $* (exit $rc)" >&2
    cat "$work/err" >&2
    exit 1
  fi
}

run demo --db "$work/records.sqlite"
run backup --db "$work/records.sqlite" --out "$work/backup.zip"
run check --db "$work/records.sqlite"
run towns
echo "clerk's commands passed: $exe"
