"""Is a file at this program's schema built as that schema is? A revision edited after
it had run once left files stamped at the newest revision without a column the program
reads (issue 27: `no such column: hearing_waiver.period`), and `check` called them
sound. Read with PRAGMA table_info on the read-only connection `check` holds."""

from __future__ import annotations

import sqlite3

from concom_desk.store.schema_columns import COLUMNS


def missing_from_file(conn: sqlite3.Connection) -> list[str]:
    """Each table ("table minutes") and column ("hearing_waiver.period") of the schema
    (store/schema_columns.py, the models' own) that the file does not have; empty when
    it has them all."""
    missing: list[str] = []
    for table, columns in COLUMNS.items():
        quoted = table.replace('"', '""')
        present = {row[1] for row in conn.execute(f'PRAGMA table_info("{quoted}")')}
        if not present:
            missing.append(f"table {table}")
            continue
        missing += [f"{table}.{column}" for column in columns if column not in present]
    return missing
