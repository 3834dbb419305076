"""Bytes per filing of the large demo town, and where they go.

    python bench/trail_size.py [--db PATH]

Prints the database's size per filing, the audit trail's share of it, and what the
trail holds per entry: the row images (old and new values), the two hashes, the date
and the rest, by action (insert, update, delete) -- the figures issue 33 asks for
before and after any change to what the trail stores. Read-only; `dbstat` (SQLite's
page-by-page accounting) gives each table's and index's bytes on disk.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402

_FIELDS = ("old_values", "new_values", "prev_hash", "entry_hash", "at", "os_user",
           "initials", "table_name", "record_id", "action")


def _on_disk(conn: sqlite3.Connection) -> dict[str, int]:
    return dict(conn.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database (default: the large demo town)")
    args = parser.parse_args()
    db = large_demo_db(args.db)
    with closing(sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        filings = conn.execute("SELECT count(*) FROM filing").fetchone()[0] or 1
        size = db.stat().st_size
        pages = _on_disk(conn)
        trail = sum(n for name, n in pages.items() if "audit_entry" in name)
        print(f"database: {db} ({size / 1e6:.1f} MB, {filings:,} filings)")
        print(f"bytes per filing: {size / filings:,.0f}  (per 10,000 filings: "
              f"{size / filings * 10_000 / 1e6:.0f} MB)")
        print(f"audit trail (table and its index): {trail / 1e6:.1f} MB, "
              f"{100 * trail / size:.0f} % of the file, {trail / filings:,.0f} bytes per filing")
        sums = ", ".join(f"coalesce(sum(length(CAST({f} AS BLOB))), 0)" for f in _FIELDS)
        print("bytes per entry, by field:")
        print(f"  {'action':<8} {'entries':>9} " + " ".join(f"{f:>10}" for f in _FIELDS))
        for action, entries, *lengths in conn.execute(
                f"SELECT action, count(*), {sums} FROM audit_entry "
                "GROUP BY action ORDER BY 2 DESC"):
            print(f"  {action:<8} {entries:>9,} "
                  + " ".join(f"{n / entries:>10.0f}" for n in lengths))
        largest = sorted(pages.items(), key=lambda item: -item[1])[:6]
        print("largest on disk: " + ", ".join(f"{name} {n / 1e6:.1f} MB" for name, n in largest))


if __name__ == "__main__":
    main()
