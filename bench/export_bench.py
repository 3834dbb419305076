"""`concom-desk export` (xlsx and csv) against floors measured in the same run, runs
interleaved (bench/spread.py): the floor for XLSX is a raw `SELECT *` of every table of
the database, each dumped by openpyxl in write-only mode (`sheet.append(row)`, nothing
else); for CSV, `csv.writer` over the same rows. What the export adds is its own work:
the rows in plain words (names for codes, people for ids, dates as dates), the money
cells' number format, cells cut to Excel's limit, the column widths, progress reports
(ours is given a progress callback, as the window's export dialog gives it, with its
Cancel), the temporary name, the flush to disk and the rename.

    python bench/export_bench.py [--db PATH] [--runs 5] [--format xlsx|csv|both]

min / median / max of each; ratio of medians ours / floor (the goal: within 1.2x), and
the same ratio of CPU time, which the machine's load does not move.
"""

from __future__ import annotations

import argparse
import csv
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

HERE = Path(__file__).resolve().parent
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

from concom_desk.store.export_writers import export  # noqa: E402


def _raw_tables(conn: sqlite3.Connection) -> Iterator[tuple[str, list[str], sqlite3.Cursor]]:
    """Every table of the file, as `SELECT *` gives it: (name, column names, rows)."""
    names = [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")]
    for name in names:
        rows = conn.execute(f'SELECT * FROM "{name}"')
        yield name, [column[0] for column in rows.description], rows


def floor_xlsx(db: Path, out: Path) -> None:
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        for name, headers, rows in _raw_tables(conn):
            sheet = book.create_sheet(name[:31])
            sheet.append(headers)
            for row in rows:
                sheet.append(row)
    book.save(out / "floor.xlsx")


def floor_csv(db: Path, out: Path) -> None:
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        for name, headers, rows in _raw_tables(conn):
            with open(out / f"{name}.csv", "w", encoding="utf-8-sig", newline="") as f:
                writer = csv.writer(f)
                writer.writerow(headers)
                writer.writerows(rows)


def progress_shown(percent: int, text: str) -> None:
    """What the export dialog's progress does with each report, short of painting."""
    progress_shown.last = (percent, text)  # type: ignore[attr-defined]


def warm_the_cache(db: Path) -> None:
    """Read the database file once, so that the first run (a floor's) does not pay for
    bringing it from the disk alone."""
    with open(db, "rb") as handle:
        while handle.read(1 << 24):
            pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database (default: the large demo town)")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--format", choices=("xlsx", "csv", "both"), default="both")
    args = parser.parse_args()
    db = large_demo_db(args.db)
    formats = ("xlsx", "csv") if args.format == "both" else (args.format,)
    warm_the_cache(db)
    for fmt in formats:
        floor = floor_xlsx if fmt == "xlsx" else floor_csv
        work = Path(tempfile.mkdtemp(prefix="export-bench-"))
        cpu: dict[str, list[float]] = {"floor": [], "ours": []}
        try:
            runs = interleaved(args.runs,
                               floor=with_cpu(lambda floor=floor, work=work: floor(
                                   db, Path(tempfile.mkdtemp(dir=work))), cpu["floor"]),
                               ours=with_cpu(lambda fmt=fmt, work=work: export(
                                   db, fmt, Path(tempfile.mkdtemp(dir=work)) / "ours",
                                   report=progress_shown), cpu["ours"]))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        name = "SELECT * → openpyxl write-only" if fmt == "xlsx" else "SELECT * → csv.writer"
        print(f"{fmt} [{db.name}]")
        print(spread_line(f"  floor ({name})", runs["floor"]))
        print(spread_line("  concom-desk export", runs["ours"]))
        print("  " + ratio_line(runs["ours"], runs["floor"], goal=1.2))
        print("  " + cpu_ratio_line(cpu["ours"], cpu["floor"], goal=1.2), flush=True)

if __name__ == "__main__":
    main()
