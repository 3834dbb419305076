"""Replaying the trail against the records: does every row hold what its last audit
entry says it was left holding?

An insert's entry keeps the whole row (`new_values`); an update's keeps the columns
it changed (since revision 0022; whole rows before), so the row a record was left
holding is its entries folded in order: the insert's image, then each update's
columns over it (`trail_state`). For every row of every audited table, the row as it
is now must equal that; a row with no entry at all, a row whose last entry is a
deletion, and a last entry for a row that is gone all mean the record was changed
while the triggers were away (dropped and re-created, say). Each such row is named.

The row is rendered with the very expression the triggers use (`row_json_sql`), so
a row untouched since its insert gives the same text. Only rows whose text differs,
and rows updated since (whose entries are folded), are compared column by column in
Python, where a column added by a later migration (absent from older entries) is not
a change.

Two ways to find the rows whose text differs, with the same answer (tested):
`replay(conn, last)` compares every row in Python with the last entries a walk of
the trail noted; `replay_in_sqlite` lets SQLite join every row to its last entry
(through the index on table and record) and hands Python only the rows that may
differ -- no Python per row, so `check` runs it on a second connection and thread
while Python walks the hash chain.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from concom_desk.domain.spreadsheet_cells import column_header
from concom_desk.store.audit import AUDIT_TABLE, LastEntries, note_entry, row_json_sql

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


def _only_columns_added(said: str | None, now: str) -> bool:
    """The row as its entry left it, with columns added since at its end (SQLite adds a
    migration's columns after the others): `{"a":1}` then `{"a":1,"b":null}`. Told from
    the text alone; anything else is compared column by column."""
    return (said is not None and said.endswith("}") and len(now) > len(said)
            and now.startswith(said[:-1]) and now[len(said) - 1] == ",")


def _column_changes(now: dict[str, Any], said: dict[str, Any]) -> tuple[tuple[str, Any, Any], ...]:
    # Only the columns the entry knows: a column added later is not in older entries.
    return tuple((column, now.get(column), value) for column, value in said.items()
                 if column in now and now[column] != value)


def trail_state(said: Any) -> dict[str, Any]:
    """The row as the trail leaves it: an image (JSON text), the images since its
    insert (a list, `note_entry`) or the record's history as the replay's SQL hands it
    ('[[entry id, action, image], ...]'), folded in order."""
    if said is None:
        return {}
    if isinstance(said, str) and not said.startswith("["):
        return json.loads(said)
    if isinstance(said, str):
        said = json.loads(said)
    if said and isinstance(said[0], list):  # a history: fold from its last insert
        images: list[str | None] = []
        for _entry_id, action, image in sorted(said, key=lambda entry: entry[0]):
            images = {"insert": [image], "update": [*images, image], "delete": []}[action]
        said = images
    state: dict[str, Any] = {}
    for image in said:
        if image:
            state.update(json.loads(image))
    return state


def _said_text(said: Any, state: dict[str, Any]) -> str | None:
    """What the trail says, as one image's text: an insert's as written, a fold's as
    JSON (the repair of the guards writes it as the row's old values)."""
    if said is None or (isinstance(said, str) and not said.startswith("[")):
        return said
    return json.dumps(state, ensure_ascii=False, separators=(",", ":"))


def last_entries(conn: sqlite3.Connection) -> LastEntries:
    """Each record's last entry, from one read of the trail in order."""
    last: LastEntries = {}
    for entry_id, table, record_id, action, new_values in conn.execute(
            f"SELECT id, table_name, record_id, action, new_values "
            f"FROM {AUDIT_TABLE} ORDER BY id"):
        note_entry(last, entry_id, table, record_id, action, new_values)
    return last


def replay(conn: sqlite3.Connection, last: LastEntries | None = None) -> list[Divergence]:
    """Every row that the trail does not account for, table by table. `last`: the
    records' last entries when the caller has read the trail already (`check` notes
    them while it walks the hash chain, instead of SQLite joining every row to its
    entry: the replay went from four seconds to one on the large town)."""
    by_table: dict[str, dict[int, tuple[int, str, Any]]] = {}
    for (table, record_id), entry in (last_entries(conn) if last is None else last).items():
        records = by_table.get(table)
        if records is None:
            records = by_table[table] = {}
        records[record_id] = entry
    found: list[Divergence] = []
    for table, columns in _audited_tables(conn):
        found += _replay_table(conn, table, columns, by_table.get(table, {}))
    return found


def _replay_table(conn: sqlite3.Connection, table: str, columns: list[str],
                  last: dict[int, tuple[int, str, Any]]) -> list[Divergence]:
    rows, present = [], set()
    for record_id, now_text in conn.execute(
            f"SELECT t.id, {row_json_sql(columns, 't')} FROM {_quote(table)} AS t "
            "ORDER BY t.id"):
        present.add(record_id)
        entry_id, action, said_text = last.get(record_id, (None, None, None))
        if (entry_id is None or action in ("delete", "update")
                or (said_text != now_text and not _only_columns_added(said_text, now_text))):
            rows.append((record_id, now_text, entry_id, action, said_text))
    gone = [(record_id, last[record_id][0], last[record_id][2])
            for record_id in sorted(set(last) - present) if last[record_id][1] != "delete"]
    return divergences(table, rows, gone)


# A row is handed to Python unless its last entry is its insert and its text is that
# entry's, byte for byte, or that text with columns added at its end
# (`_only_columns_added`, compared in bytes: '}' and ',' are one byte each in UTF-8,
# so the two tests agree). Python judges the rows handed over exactly as
# `_replay_table` does.
_NOW, _SAID = "CAST(r.now AS BLOB)", "CAST(a.new_values AS BLOB)"
_MAY_DIFFER = (
    f"a.id IS NULL OR a.action IN ('delete', 'update') OR (a.new_values IS NOT r.now "
    f"AND NOT coalesce("
    f"length({_NOW}) > length({_SAID}) AND substr({_SAID}, -1) = CAST('}}' AS BLOB) "
    f"AND substr({_NOW}, 1, length({_SAID}) - 1) = substr({_SAID}, 1, length({_SAID}) - 1) "
    f"AND substr({_NOW}, length({_SAID}), 1) = CAST(',' AS BLOB), 0))")


def replay_statements(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(table, statement) for every audited table: one row of two JSON arrays, the rows
    that may differ from their last entry ([id, the row's JSON, entry id, action, the
    entry's JSON, or the record's history when it was last updated]) and the last
    entries of rows that are gone ([record id, entry id, the same]). One answer per
    table, so a thread running them waits for Python's lock once per table, not once
    per row."""
    statements = []
    for table, columns in _audited_tables(conn):
        named = "'" + table.replace("'", "''") + "'"
        # Each row's last entry found through the index on (table, record) row by row;
        # the trail's own row read only for it (cheaper than joining a grouped list).
        last_id = (f"(SELECT max(e.id) FROM {AUDIT_TABLE} AS e "
                   f"WHERE e.table_name = {named} AND e.record_id = t.id)")
        last = (f"SELECT record_id, max(id) AS last_id FROM {AUDIT_TABLE} "
                f"WHERE table_name = {named} GROUP BY record_id")
        said = (f"CASE WHEN a.action = 'update' THEN (SELECT json_group_array("
                "json_array(h.id, h.action, h.new_values)) "
                f"FROM {AUDIT_TABLE} AS h WHERE h.table_name = {named} "
                "AND h.record_id = a.record_id) ELSE a.new_values END")
        statements.append((table, (
            "SELECT (SELECT json_group_array(json_array(r.id, r.now || '', a.id, a.action, "
            f"{said})) FROM (SELECT t.id, {row_json_sql(columns, 't')} AS now, "
            f"{last_id} AS last_id FROM {_quote(table)} AS t) AS r "
            f"LEFT JOIN {AUDIT_TABLE} AS a ON a.id = r.last_id WHERE {_MAY_DIFFER}), "
            f"(SELECT json_group_array(json_array(a.record_id, a.id, {said})) "
            f"FROM ({last}) AS l JOIN {AUDIT_TABLE} AS a ON a.id = l.last_id "
            f"WHERE NOT EXISTS (SELECT 1 FROM {_quote(table)} AS t WHERE t.id = l.record_id) "
            "AND a.action != 'delete')")))
    return statements


# What the statements answered: (table, rows that may differ, rows gone), as JSON.
ReplayAnswers = list[tuple[str, str, str]]


def run_replay(conn: sqlite3.Connection, statements: list[tuple[str, str]]) -> ReplayAnswers:
    """SQLite's part of `replay_in_sqlite`: safe on a thread of its own (no Python per row)."""
    answers = []
    for table, statement in statements:
        rows, gone = conn.execute(statement).fetchone()
        answers.append((table, rows, gone))
    return answers


def judge_replay(answers: ReplayAnswers) -> list[Divergence]:
    """Python's part of `replay_in_sqlite`: the rows SQLite handed over, judged as
    `replay` judges them, in the same order (table by table, by id)."""
    found: list[Divergence] = []
    for table, rows_json, gone_json in answers:
        rows = [row for row in sorted(json.loads(rows_json), key=lambda row: row[0])
                if row[2] is None or row[3] in ("delete", "update")
                or (row[4] != row[1] and not _only_columns_added(row[4], row[1]))]
        gone = sorted(json.loads(gone_json), key=lambda entry: entry[0])
        found += divergences(table, rows, gone)
    return found


def replay_in_sqlite(conn: sqlite3.Connection) -> list[Divergence]:
    """What `replay` finds, with SQLite doing the comparing (see the module's note)."""
    return judge_replay(run_replay(conn, replay_statements(conn)))


def divergences(table: str, rows: list[Any], gone: list[Any]) -> list[Divergence]:
    """What the rows that may not match tell (record id, the row's JSON now, its last
    entry's id, action and what the trail says, `trail_state`), and the last entries of
    rows that are gone (record id, entry id, the same): the same judgement on either
    engine (store.server.replay)."""
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
            said = trail_state(said_text)
            changes = _column_changes(now, said)
            if changes:
                found.append(Divergence(table, record_id, entry_id, "changed", _label(now),
                                        changes, now_text, _said_text(said_text, said)))
    for record_id, entry_id, said_text in gone:
        said = trail_state(said_text)
        found.append(Divergence(table, record_id, entry_id, "deleted", _label(said),
                                trail_said=_said_text(said_text, said)))
    return found
