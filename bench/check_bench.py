"""`concom-desk check` on the large demo town against a floor measured in the same run.

    python bench/check_bench.py [--db PATH] [--runs 3]

Floor: the least a check of the file and its trail must do, as the goal names it --
SQLite's `PRAGMA integrity_check` on a read-only connection, then the audit trail
read in order with one sha256 per entry (its fields joined), in a bare sqlite3
loop, one after the other. `concom-desk check` adds the foreign-key check, the
chain's length-prefixed hashes compared entry to entry, the guards' SQL, the replay
of the trail against every row (every row rendered as the triggers write it and
compared with its last entry), and the head against the anchor file and the
backups' manifests -- and, run as a command, Python's start-up and imports. It runs
the page check and the replay's comparing on their own connections and threads
beside the walk, so on a machine with no idle core (a shared, loaded box) the
ratio tends to the ratio of CPU time, about 1.5 on the large demo town. The
in-process time of `check()` is printed too. Runs interleaved (floor, command, in
process, floor, ...); prints the median seconds of each and the ratios ours /
floor (the goal: within 1.5).
"""

from __future__ import annotations

import argparse
import hashlib
import sqlite3
import statistics
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402


def floor_check(db: Path) -> float:
    started = time.perf_counter()
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = conn.execute(
            "SELECT id, at, os_user, initials, table_name, record_id, action, old_values, "
            "new_values, prev_hash, entry_hash FROM audit_entry ORDER BY id")
        for row in rows:
            hashlib.sha256("\x1f".join(map(str, row[:10])).encode()).hexdigest()
    return time.perf_counter() - started


def command_check(db: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "concom_desk", "check", "--db", str(db)],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def in_process_check(db: Path) -> float:
    from concom_desk.store.health import check

    started = time.perf_counter()
    report = check(db)
    elapsed = time.perf_counter() - started
    assert report.sound, report.lines
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database (default: the large demo town)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    db = large_demo_db(args.db)
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        entries = conn.execute("SELECT count(*) FROM audit_entry").fetchone()[0]
    print(f"database: {db} ({db.stat().st_size / 1e6:.0f} MB, {entries:,} audit entries)")
    floors, commands, inside = [], [], []
    for _run in range(args.runs):
        floors.append(floor_check(db))
        commands.append(command_check(db))
        inside.append(in_process_check(db))
    floor, command, in_process = (statistics.median(x) for x in (floors, commands, inside))
    print(f"floor (integrity_check + the trail read and hashed): {floor:.2f} s")
    print(f"concom-desk check:                                   {command:.2f} s")
    print(f"check() in process:                                  {in_process:.2f} s")
    print(f"ratio: {command / floor:.2f} as a command, {in_process / floor:.2f} in process "
          "(goal: within 1.5)")


if __name__ == "__main__":
    main()
