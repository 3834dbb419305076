"""The Expiry watch (`expiry_watch`: the four lists with each row's expiry in force
and how it was reached, the day to act by, sorted) on the large demo town (20 years,
about 10,000 filings), against a floor measured in the same run: the plain query that
reads the same filings with their holder and address, and nothing else. Runs are
interleaved (watch, plain, watch, plain…) and the medians compared; the ratio is the
price of the deadline engine and the extension acts on the rows shown.

    python bench/expiry_watch_bench.py [--db PATH] [--runs N] [--today YYYY-MM-DD]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy.orm import joinedload  # noqa: E402

from bench.large_demo import large_demo_db  # noqa: E402
from bench.spread import RUNS, ms_spread  # noqa: E402
from concom_desk.services.filings.expiry_watch import (  # noqa: E402
    DEFAULT_MONTHS,
    expiry_watch,
    watch_query,
)
from concom_desk.store import open_database  # noqa: E402
from concom_desk.store.models import Filing  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="a database (default: the large demo, built once)")
    parser.add_argument("--runs", type=int, default=max(RUNS, 7))
    parser.add_argument("--today", type=date.fromisoformat, default=date.today())
    args = parser.parse_args()
    db = open_database(large_demo_db(args.db), lock=False)
    today = args.today

    def plain() -> int:
        with db.read_session() as session:
            statement = watch_query(DEFAULT_MONTHS, today).options(
                joinedload(Filing.owner), joinedload(Filing.applicant),
                joinedload(Filing.property))
            return len([(f.file_no, f.expires, f.owner.name if f.owner else "",
                         f.property.address if f.property else "")
                        for f in session.scalars(statement).unique()])

    def watch() -> int:
        return len(expiry_watch(db, today).rows)

    watch(), plain()  # warm the caches (profiles, the acts file, SQLite pages)
    timings: dict[str, list[float]] = {"watch": [], "plain": []}
    for _ in range(args.runs):
        for name, work in (("watch", watch), ("plain", plain)):
            began = time.perf_counter()
            work()
            timings[name].append(time.perf_counter() - began)
    db.close()
    found = expiry_watch(open_database(large_demo_db(args.db), lock=False), today)
    median = {name: statistics.median(values) for name, values in timings.items()}
    print(f"expiry watch on {args.db or 'the large demo'} ({today}): {len(found.rows)} rows "
          f"({found.summary()})")
    print(f"  watch  {ms_spread(timings['watch'])}")
    print(f"  plain  {ms_spread(timings['plain'])}")
    print(f"  ratio  {median['watch'] / median['plain']:.2f}x the plain query; "
          f"{'under' if median['watch'] < 1 else 'OVER'} one second")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
