"""Replaying the trail against the records: does every row hold what its last audit
entry says it was left holding?

Each audit entry keeps the whole row after the change (`new_values`). So for every
row of every audited table, the row as it is now must equal the last entry written
for it; a row with no entry at all, a row whose last entry is a deletion, and a last
entry for a row that is gone all mean the record was changed while the triggers
were away (dropped and re-created, say). Each such row is named.

The comparison runs in SQLite: the row is rendered with the very expression the
triggers use (`row_json_sql`), so a row untouched since its entry gives the same
text. Only rows whose text differs are compared column by column in Python, where
a column added by a later migration (absent from older entries) is not a change.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from concom_desk.domain.spreadsheet_cells import column_header
from concom_desk.store.audit import AUDIT_TABLE, row_json_sql

_NAMING_COLUMNS = ("file_no", "case_no", "owner_name", "name", "address", "title")
_NOT_AUDITED = {AUDIT_TABLE, "alembic_version"}


@dataclass(frozen=True)
class Divergence:
    """One row that does not match the trail."""

    table: str
    record_id: int
    entry_id: int | None  # the last entry for the row, None when there is none
    kind: str  # "changed", "no entry", "deleted", "back after deletion"
    label: str = ""
    changes: tuple[tuple[str, Any, Any], ...] = ()  # (column, now, trail says)
    row_now: str | None = field(default=None, compare=False)  # the row's JSON now
    trail_said: str | None = field(default=None, compare=False)  # its last entry's JSON

    def describe(self) -> str:
        what = f"{column_header(self.table)} {self.record_id}"
        if self.label:
            what += f" ({self.label})"
        if self.kind == "no entry":
            return f"{what} has no audit entry: it was added without a trace"
        if self.kind == "deleted":
            return (f"{what} is gone but its last audit entry ({self.entry_id}) does not "
                    "record a deletion: it was deleted without a trace")
        if self.kind == "back after deletion":
            return (f"{what} exists although its last audit entry ({self.entry_id}) records "
                    "its deletion")
        shown = "; ".join(f"{column} is {_plain(now)}, the trail says {_plain(said)}"
                          for column, now, said in self.changes[:3])
        more = f"; {len(self.changes) - 3} more" if len(self.changes) > 3 else ""
        return (f"{what} differs from its last audit entry ({self.entry_id}): "
                f"{shown}{more}")


def _plain(value: Any) -> str:
    if value is None:
        return "empty"
    return repr(value) if isinstance(value, str) else str(value)


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _audited_tables(conn: sqlite3.Connection) -> list[tuple[str, list[str]]]:
    tables = []
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                "AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall():
        if name in _NOT_AUDITED or name.startswith("_alembic"):
            continue
        columns = [row[1] for row in conn.execute(f"PRAGMA table_info({_quote(name)})")]
        if "id" in columns:
            tables.append((name, columns))
    return tables


def _label(row: dict[str, Any]) -> str:
    for column in _NAMING_COLUMNS:
        value = row.get(column)
        if isinstance(value, str) and value.strip():
            return value.strip()[:60]
    return ""


def _column_changes(now: dict[str, Any], said: dict[str, Any]) -> tuple[tuple[str, Any, Any], ...]:
    # Only the columns the entry knows: a column added later is not in older entries.
    return tuple((column, now.get(column), value) for column, value in said.items()
                 if column in now and now[column] != value)


def replay(conn: sqlite3.Connection) -> list[Divergence]:
    """Every row that the trail does not account for, table by table."""
    found: list[Divergence] = []
    for table, columns in _audited_tables(conn):
        found += _replay_table(conn, table, columns)
    return found


def _replay_table(conn: sqlite3.Connection, table: str, columns: list[str]) -> list[Divergence]:
    last = (f"SELECT record_id, max(id) AS last_id FROM {AUDIT_TABLE} "
            "WHERE table_name = ? GROUP BY record_id")
    rows = conn.execute(
        f"SELECT t.id, {row_json_sql(columns, 't')} AS now, a.id, a.action, a.new_values "
        f"FROM {_quote(table)} AS t "
        f"LEFT JOIN ({last}) AS l ON l.record_id = t.id "
        f"LEFT JOIN {AUDIT_TABLE} AS a ON a.id = l.last_id "
        "WHERE a.id IS NULL OR a.action = 'delete' OR a.new_values IS NOT now",
        (table,)).fetchall()
    gone = conn.execute(
        f"SELECT a.record_id, a.id, a.new_values FROM {AUDIT_TABLE} AS a "
        f"JOIN ({last}) AS l ON a.id = l.last_id "
        f"WHERE a.action != 'delete' AND NOT EXISTS "
        f"(SELECT 1 FROM {_quote(table)} AS t WHERE t.id = a.record_id)",
        (table,)).fetchall()
    return divergences(table, rows, gone)


def divergences(table: str, rows: list[Any], gone: list[Any]) -> list[Divergence]:
    """What the rows that may not match tell (record id, the row's JSON now, its last
    entry's id, action and JSON), and the last entries of rows that are gone (record
    id, entry id, JSON): the same judgement on either engine (store.server.replay)."""
    found = []
    for record_id, now_text, entry_id, action, said_text in rows:
        now = json.loads(now_text)
        if entry_id is None:
            found.append(Divergence(table, record_id, None, "no entry", _label(now),
                                    row_now=now_text))
        elif action == "delete":
            found.append(Divergence(table, record_id, entry_id, "back after deletion",
                                    _label(now), row_now=now_text))
        else:
            said = json.loads(said_text) if said_text else {}
            changes = _column_changes(now, said)
            if changes:
                found.append(Divergence(table, record_id, entry_id, "changed", _label(now),
                                        changes, now_text, said_text))
    for record_id, entry_id, said_text in gone:
        said = json.loads(said_text) if said_text else {}
        found.append(Divergence(table, record_id, entry_id, "deleted", _label(said),
                                trail_said=said_text))
    return found
