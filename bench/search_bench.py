"""Type-ahead search on the Filings tab against the raw SQL query for the same filter.

    python bench/search_bench.py [--db PATH] [--repeat 5]

For each query, every prefix is "typed" in turn (p, po, pon, pond): ours is the
time for the Filings tab's proxy to filter its ten thousand rows (from an empty
search each time, so through its search index, read with the records) and report the
count; the floor is sqlite3 running the LIKE query over the same fields (file
numbers, address, map/lot, applicant, owner) on the same database, fetching the
ids. Medians per keystroke; ratio = ours / floor.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402

QUERIES = ("pond", "smith", "14-2", "se 0", "main st", "2019-")

SQL = """
SELECT f.id FROM filing f
LEFT JOIN party a ON a.id = f.applicant_id
LEFT JOIN party o ON o.id = f.owner_id
LEFT JOIN property p ON p.id = f.property_id
WHERE f.status != 'void' AND (
      f.file_no LIKE :q OR f.dep_file_no LIKE :q OR p.address LIKE :q
   OR (p.map || '-' || p.lot) LIKE :q OR a.name LIKE :q OR o.name LIKE :q)
"""


def sql_times(db_path: Path, prefixes: list[str], repeat: int) -> list[float]:
    connection = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    found = []
    for prefix in prefixes:
        runs = []
        for _ in range(repeat):
            started = time.perf_counter()
            connection.execute(SQL, {"q": f"%{prefix}%"}).fetchall()
            runs.append(time.perf_counter() - started)
        found.append(statistics.median(runs))
    connection.close()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description="type-ahead search latency")
    parser.add_argument("--db", help="database (default: the large demo town)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    db_path = large_demo_db(args.db)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtWidgets import QApplication

    from concom_desk.services.filings.desk_lists import load_lists
    from concom_desk.store import open_database
    from concom_desk.ui.filings.filings_tab import FilingsTab

    app = QApplication(sys.argv[:1])
    db = open_database(db_path, lock=False)
    records = load_lists(db, date.today())
    db.close()
    tab = FilingsTab(date.today())
    tab.set_rows(records.filings, records.search_index)  # as the window: read with them
    prefixes = [query[:n] for query in QUERIES for n in range(1, len(query) + 1)]
    ours = []
    for prefix in prefixes:
        runs = []
        for _ in range(args.repeat):
            tab.proxy.set_search("")
            started = time.perf_counter()
            tab.proxy.set_search(prefix)
            tab.proxy.rowCount()
            runs.append(time.perf_counter() - started)
        ours.append(statistics.median(runs))
    floor = sql_times(db_path, prefixes, args.repeat)
    tab.deleteLater()  # before the application goes, not at interpreter exit
    del tab
    app.processEvents()
    ours_ms, floor_ms = statistics.median(ours) * 1000, statistics.median(floor) * 1000
    print(f"database: {db_path}, {len(records.filings):,} filings, "
          f"{len(prefixes)} keystrokes × {args.repeat}")
    print(f"raw SQL LIKE over the same fields : median {floor_ms:6.1f} ms per keystroke "
          f"(floor), worst {max(floor) * 1000:.1f} ms")
    print(f"Filings tab type-ahead (proxy)    : median {ours_ms:6.1f} ms per keystroke, "
          f"worst {max(ours) * 1000:.1f} ms  ratio {ours_ms / floor_ms:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
