"""What coming back to the window costs when no desk saved: one look at the audit
trail's newest entry (`Database.trail_mark`, ui/other_desks.py), against a floor
measured in the same run — the emptiest read the store can make (`SELECT 1` in a
read transaction) — and beside it the full read of the lists it saves (Today and
Filings, `load_lists`). Interleaved runs, medians.

    python bench/trail_mark_bench.py [--db PATH] [--runs N]

`--db` defaults to the cached large demo town; the database is opened beside any
program that has it open (lock=False) and only read.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from bench.large_demo import large_demo_db  # noqa: E402
from bench.spread import RUNS, ms_spread  # noqa: E402
from concom_desk import clock  # noqa: E402
from concom_desk.services.filings.desk_lists import load_lists  # noqa: E402
from concom_desk.store import open_database  # noqa: E402


def timed(work) -> float:  # type: ignore[no-untyped-def]
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="a database (default: the cached large demo)")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    path = large_demo_db(args.db)
    with tempfile.TemporaryDirectory() as folder, open_database(path, lock=False) as db:
        os.environ.setdefault("CONCOM_DESK_DATA", folder)

        def floor() -> None:
            with db.read_session() as session:
                session.execute(text("SELECT 1")).scalar()

        def lists() -> None:
            load_lists(db, clock.today())

        floors, marks, reads = [], [], []
        for _ in range(args.runs):
            floors.append(timed(floor))
            marks.append(timed(db.trail_mark))
            if len(reads) < RUNS:  # the lists take seconds: five are enough for a median
                reads.append(timed(lists))
        entries = db.trail_mark()
    f, m, r = (statistics.median(x) for x in (floors, marks, reads))
    print(f"audit trail: {entries} entries")
    print(f"floor (SELECT 1 in a read transaction): {ms_spread(floors)}")
    print(f"trail mark (max id of the trail):      {ms_spread(marks)}  ratio of medians "
          f"{m / f:.2f}")
    print(f"the lists it saves reading (Today, Filings): {ms_spread(reads)} "
          f"({r / m:.0f}x the look)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
