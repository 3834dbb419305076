"""`concom-desk demo --size large` (about 10,000 filings, 60,000 abutters, 1,500
enforcement cases) against a floor measured in the same run: the same rows written
with the same executemany calls into the same schema WITHOUT the audit triggers, in
WAL mode with synchronous=FULL. The ratio is the price of auditing every row.

    python bench/demo_large.py [--size large|small]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, event  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from concom_desk.services.demo.town import SIZES, DemoTownBuilder, load_demo  # noqa: E402
from concom_desk.store.models import Base  # noqa: E402


def floor_seconds(size: str, folder: Path) -> tuple[float, float]:
    """(build seconds, write seconds) for the rows written without any trigger."""
    began = time.perf_counter()
    book = DemoTownBuilder(SIZES[size], date.today()).build()
    built = time.perf_counter() - began
    engine = create_engine(f"sqlite:///{folder / 'floor.sqlite'}")

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi: sqlite3.Connection, _record: object) -> None:
        dbapi.execute("PRAGMA journal_mode = WAL")
        dbapi.execute("PRAGMA synchronous = FULL")
        dbapi.execute("PRAGMA foreign_keys = ON")

    Base.metadata.create_all(engine)
    began = time.perf_counter()
    with Session(engine) as session, session.begin():
        book.write(session)
    written = time.perf_counter() - began
    engine.dispose()
    return built, written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=tuple(SIZES), default="large")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        built, floor = floor_seconds(args.size, folder)
        summary = load_demo(folder / "demo.sqlite", args.size)
        size_mb = (folder / "demo.sqlite").stat().st_size / 1e6
    print(summary.describe())
    print(f"building the rows in memory: {built:.1f} s")
    print(f"floor (same rows, no audit triggers): {floor:.1f} s")
    print(f"demo write with audit trail: {summary.write_seconds:.1f} s "
          f"(ratio {summary.write_seconds / floor:.1f}x the floor); whole command "
          f"{summary.seconds:.1f} s; file {size_mb:.0f} MB")


if __name__ == "__main__":
    main()
