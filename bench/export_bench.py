"""`concom-desk export` (xlsx and csv) against floors measured in the same run, runs
interleaved: the floor for XLSX is a raw openpyxl write-only dump of the very same rows
in plain words (`sheet.append(row)`, nothing else); for CSV, `csv.writer` over them.
What the export adds is its own work: the money cells' number format, cells cut to
Excel's limit, the column widths, progress reports (ours is given a progress callback,
as the window's export dialog gives it, with its Cancel), the temporary name, the
flush to disk and the rename.

    python bench/export_bench.py [--db PATH] [--runs 3] [--format xlsx|csv|both]

Medians of the runs; ratio = ours / floor (the goal: within 1.2x).
"""

from __future__ import annotations

import argparse
import csv
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402

from concom_desk.store.export_writers import export  # noqa: E402
from concom_desk.store.records_export import record_snapshot, table_views  # noqa: E402


def floor_xlsx(db: Path, out: Path) -> None:
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    with record_snapshot(db) as conn:
        for table in table_views(conn):
            sheet = book.create_sheet(table.name[:31])
            sheet.append(table.headers)
            for row in table.rows:
                sheet.append(row)
    book.save(out / "floor.xlsx")


def floor_csv(db: Path, out: Path) -> None:
    with record_snapshot(db) as conn:
        for table in table_views(conn):
            with open(out / f"{table.name}.csv", "w", encoding="utf-8-sig", newline="") as f:
                writer = csv.writer(f)
                writer.writerow(table.headers)
                writer.writerows(table.rows)


def progress_shown(percent: int, text: str) -> None:
    """What the export dialog's progress does with each report, short of painting."""
    progress_shown.last = (percent, text)  # type: ignore[attr-defined]


def warm_the_cache(db: Path) -> None:
    """Read the database file once, so that the first run (a floor's) does not pay for
    bringing it from the disk alone."""
    with open(db, "rb") as handle:
        while handle.read(1 << 24):
            pass


def timed(work) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database (default: the large demo town)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--format", choices=("xlsx", "csv", "both"), default="both")
    args = parser.parse_args()
    db = large_demo_db(args.db)
    formats = ("xlsx", "csv") if args.format == "both" else (args.format,)
    warm_the_cache(db)
    for fmt in formats:
        ours, floors = [], []
        floor = floor_xlsx if fmt == "xlsx" else floor_csv
        for _run in range(args.runs):  # interleaved: the machine's mood hits both alike
            work = Path(tempfile.mkdtemp(prefix="export-bench-"))
            try:
                floors.append(timed(lambda work=work, floor=floor: floor(db, work)))
                ours.append(timed(lambda work=work, fmt=fmt: export(
                    db, fmt, work / "ours", report=progress_shown)))
            finally:
                shutil.rmtree(work, ignore_errors=True)
        ours_s, floor_s = statistics.median(ours), statistics.median(floors)
        name = "openpyxl write-only dump" if fmt == "xlsx" else "csv.writer"
        print(f"{fmt}: floor ({name}) {floor_s:.2f} s, concom-desk export {ours_s:.2f} s, "
              f"ratio {ours_s / floor_s:.2f} (goal: within 1.2)  [{db.name}, {args.runs} runs "
              "interleaved, medians]", flush=True)


if __name__ == "__main__":
    main()
