"""`concom-desk check` on the large demo town against a floor measured in the same run.

    python bench/check_bench.py [--db PATH] [--runs 5]

Floor: SQLite's `PRAGMA integrity_check` on a read-only connection, then a plain read
of the audit trail in order (every column of every entry fetched in a bare sqlite3
loop, nothing computed), one after the other. `concom-desk check` adds the
foreign-key check, the chain's hashes (one sha256 per entry) compared entry to entry,
the guards' SQL, the replay
of the trail against every row (every row rendered as the triggers write it and
compared with its last entry), and the head against the anchor file and the
backups' manifests -- and, run as a command, Python's start-up and imports. It runs
the page check and the replay's comparing on their own connections and threads
beside the walk, so on a machine with no idle core (a shared, loaded box) the
ratio tends to the ratio of CPU time, about 1.5 on the large demo town. The
in-process time of `check()` is printed too. Runs interleaved (floor, command, in
process, floor, ...); prints the median seconds of each and the ratios ours /
floor (the goal: within 1.5), and the same ratios of CPU time (threads and the
command's process included), which the machine's load does not move.
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402
from spread import (  # noqa: E402
    RUNS,
    cpu_ratio_line,
    interleaved,
    ratio_line,
    spread_line,
    with_cpu,
)


def floor_check(db: Path) -> float:
    started = time.perf_counter()
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = conn.execute(
            "SELECT id, at, os_user, initials, table_name, record_id, action, old_values, "
            "new_values, prev_hash, entry_hash FROM audit_entry ORDER BY id")
        for _row in rows:
            pass
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
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    db = large_demo_db(args.db)
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        entries = conn.execute("SELECT count(*) FROM audit_entry").fetchone()[0]
    print(f"database: {db} ({db.stat().st_size / 1e6:.0f} MB, {entries:,} audit entries)")
    cpu: dict[str, list[float]] = {"floor": [], "command": [], "inside": []}
    runs = interleaved(args.runs, floor=with_cpu(lambda: floor_check(db), cpu["floor"]),
                       command=with_cpu(lambda: command_check(db), cpu["command"]),
                       inside=with_cpu(lambda: in_process_check(db), cpu["inside"]))
    print(spread_line("floor (integrity_check + the trail read)", runs["floor"]))
    print(spread_line("concom-desk check", runs["command"]))
    print(spread_line("check() in process", runs["inside"]))
    print(ratio_line(runs["command"], runs["floor"], goal=1.5, what="as a command"))
    print(ratio_line(runs["inside"], runs["floor"], goal=1.5, what="in process"))
    print(cpu_ratio_line(cpu["command"], cpu["floor"], goal=1.5, what="as a command"))
    print(cpu_ratio_line(cpu["inside"], cpu["floor"], goal=1.5, what="in process"))

if __name__ == "__main__":
    main()
