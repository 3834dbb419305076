"""The replay check of the audit trail on the large demo town, against SQLite's own
`PRAGMA integrity_check` measured in the same run.

    python bench/trail_bench.py [--db large.sqlite] [--runs 5]

Without --db, the large demo town is written first (`concom-desk demo --size large`).
Each round times, interleaved on the same read-only connection: integrity_check (the
floor: what `check` has always run), the replay of the trail against every row
(`trail_replay.replay`), the trigger comparison by full SQL (`guard_problems`) and the
hash-chain walk (`verify_audit_chain`). Prints the medians and each one's ratio to
the floor.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.spread import RUNS, ms_spread  # noqa: E402
from concom_desk.store.audit import verify_audit_chain  # noqa: E402
from concom_desk.store.db_identity import open_read_only  # noqa: E402
from concom_desk.store.guards import as_sqlalchemy, guard_problems  # noqa: E402
from concom_desk.store.trail_replay import replay  # noqa: E402


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path)
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    db = args.db
    if db is None:
        db = Path(tempfile.mkdtemp(prefix="trail-bench-")) / "large.sqlite"
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "concom_desk", "demo", "--db", str(db),
                        "--size", "large"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        print(f"large demo written in {time.perf_counter() - start:.1f} s")
    with closing(open_read_only(db)) as conn:
        entries = conn.execute("SELECT count(*) FROM audit_entry").fetchone()[0]
        rows = {
            "integrity_check (floor)": lambda: conn.execute("PRAGMA integrity_check").fetchall(),
            "replay of the trail": lambda: replay(conn),
            "triggers by full SQL": lambda: _guards(conn),
            "hash chain walk": lambda: _chain(conn),
        }
        found = len(replay(conn))
        times: dict[str, list[float]] = {name: [] for name in rows}
        for _ in range(args.runs):
            for name, work in rows.items():
                times[name].append(timed(work))
    floor = statistics.median(times["integrity_check (floor)"])
    size = db.stat().st_size / 1e6
    print(f"{db.name}: {size:,.0f} MB, {entries:,} audit entries; replay found {found} "
          f"rows out of step; medians of {args.runs} interleaved runs:")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"  {name:<26} {ms_spread(samples)}   {median / floor:5.2f} × floor (medians)")
    return 0


def _guards(conn: object) -> object:
    with as_sqlalchemy(conn) as connection:  # type: ignore[arg-type]
        return guard_problems(connection)


def _chain(conn: object) -> object:
    with as_sqlalchemy(conn) as connection:  # type: ignore[arg-type]
        return verify_audit_chain(connection)


if __name__ == "__main__":
    sys.exit(main())
