"""The annual report on the large demo town (about 10,000 filings over 20 years),
against a floor measured in the same run: the plain aggregate queries the figures
come from (one GROUP BY or COUNT per table, with the year's dates and nothing
else). Interleaved runs, medians. Reported: the figures alone, and the whole report
(figures, chart drawn with Pillow, Word document rendered) — which must stay under
2 s.

    python bench/annual_report_bench.py [--db PATH] [--year 2025] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402

from bench.large_demo import large_demo_db  # noqa: E402
from bench.spread import RUNS, ms_spread  # noqa: E402
from concom_desk.services.reports.annual_files import make_annual_report  # noqa: E402
from concom_desk.services.reports.annual_report import annual_figures  # noqa: E402
from concom_desk.services.reports.report_period import ReportPeriod  # noqa: E402
from concom_desk.store import open_database  # noqa: E402
from concom_desk.store.models import (  # noqa: E402
    Continuance,
    Decision,
    EnforcementCase,
    Filing,
    Fine,
    Hearing,
)


def timed(work) -> float:  # type: ignore[no-untyped-def]
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="a database (default: the cached large demo)")
    parser.add_argument("--year", type=int, default=date.today().year - 1)
    parser.add_argument("--runs", type=int, default=max(RUNS, 7))
    args = parser.parse_args()
    path = large_demo_db(args.db)
    period = ReportPeriod(args.year, fiscal=False)
    start, end = period.start, period.end
    with tempfile.TemporaryDirectory() as folder, open_database(path, lock=False) as db:
        os.environ.setdefault("CONCOM_DESK_DATA", folder)

        def floor() -> None:
            with db.read_session() as s:
                s.execute(select(Filing.kind, Filing.status, func.count())
                          .where(Filing.received.between(start, end))
                          .group_by(Filing.kind, Filing.status)).all()
                s.execute(select(Filing.kind, func.strftime("%m", Filing.received), func.count())
                          .where(Filing.received.between(start, end))
                          .group_by(Filing.kind, func.strftime("%m", Filing.received))).all()
                s.scalar(select(func.count()).select_from(Hearing)
                         .where(Hearing.opened_on.between(start, end)))
                s.scalar(select(func.count()).select_from(Continuance)
                         .where(Continuance.continued_to.between(start, end)))
                s.execute(select(Decision.kind, func.count())
                          .where(Decision.decided_on.between(start, end))
                          .group_by(Decision.kind)).all()
                s.scalars(select(Filing.decided).where(Filing.decided.between(start, end))).all()
                s.scalar(select(func.count()).select_from(Filing)
                         .where(Filing.expires.between(start, end)))
                s.scalar(select(func.count()).select_from(EnforcementCase)
                         .where(EnforcementCase.opened_on.between(start, end)))
                s.scalar(select(func.sum(Fine.amount_cents))
                         .where(Fine.issued_on.between(start, end)))
                s.scalar(select(func.sum(Filing.fee_cents))
                         .where(Filing.fee_paid_on.between(start, end)))

        def figures() -> None:
            annual_figures(db, period)

        out = Path(folder) / "report.docx"

        def whole() -> None:
            out.unlink(missing_ok=True)
            make_annual_report(db, args.year, out, Path(folder) / "report.xlsx", fiscal=False)

        whole()  # mapper configuration and template loading happen once per run
        runs: dict[str, list[float]] = {"floor": [], "figures": [], "whole": []}
        for _ in range(args.runs):
            runs["floor"].append(timed(floor))
            runs["figures"].append(timed(figures))
            runs["whole"].append(timed(whole))
        with db.read_session() as s:
            filings = s.scalar(select(func.count()).select_from(Filing))
        total = annual_figures(db, period).filings_total
    medians = {name: statistics.median(times) for name, times in runs.items()}
    print(f"database: {filings:,} filings; report for {args.year}: {total:,} filings received")
    print(f"floor (plain aggregate queries): {ms_spread(runs['floor'])}")
    print(f"annual_figures:                  {ms_spread(runs['figures'])} "
          f"(ratio of medians {medians['figures'] / medians['floor']:.1f}x)")
    print(f"whole report (docx+chart+xlsx):  {ms_spread(runs['whole'])} "
          f"(ratio of medians {medians['whole'] / medians['floor']:.1f}x; limit 2000 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
