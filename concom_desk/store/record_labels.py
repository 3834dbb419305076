"""How the export names a record: a filing by its file number, a party by its name, a
hearing by its filing ("hearing on 2026-014"); a record with no such words is called by
its table and number ("Case note 12").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from typing import Any

from concom_desk.domain.spreadsheet_cells import column_header, printable_cell
from concom_desk.store.record_tables import columns, quoted, row_key, tables

# Columns that name a record, best first: what a person would call the record by.
LABEL_COLUMNS = (
    "file_no", "local_file_no", "case_no", "order_no", "name", "full_name", "display_name",
    "owner_name", "title", "street_address", "address", "label", "initials", "code",
)
# How a record with no naming column is called, in SQL over its own row (the table
# name qualifies its columns). Anything else falls back to "<Table> <id>".
RECORD_LABELS = {
    "meeting": "'meeting of ' || meeting.held_on",
    "hearing": "'hearing on ' || (SELECT file_no FROM filing WHERE filing.id = hearing.filing_id)",
    "decision": "decision.kind || ' on ' || "
                "(SELECT file_no FROM filing WHERE filing.id = decision.filing_id)",
    "violation": "(SELECT case_no FROM enforcement_case WHERE enforcement_case.id = "
                 "violation.case_id) || ' violation ' || violation.number",
    "fine": "(SELECT case_no FROM enforcement_case WHERE enforcement_case.id = fine.case_id)"
            " || ' fine for ' || fine.offense_on",
    "vote": "'vote of ' || (SELECT held_on FROM meeting WHERE meeting.id = vote.meeting_id)"
            " || ': ' || substr(vote.motion, 1, 60)",
    "standard_condition": "'standard condition ' || standard_condition.number",
}


class RecordLabels:
    """The human label of any record, looked up once per table and kept."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._cache: dict[tuple[str, str], dict[Any, str]] = {}
        self._shown: dict[tuple[str, str], LinkLabels] = {}

    def label_expression(self, table: str) -> str:
        names = [c for c, _ in columns(self.conn, table)]
        chosen = [c for c in LABEL_COLUMNS if c in names]
        fallback = (f"'{column_header(table).replace(chr(39), chr(39) * 2)} ' || "
                    f"{row_key(self.conn, table)}")
        if table in RECORD_LABELS:
            return f"coalesce({RECORD_LABELS[table]}, {fallback})"
        if chosen:
            return f"coalesce(nullif({quoted(chosen[0])}, ''), {fallback})"
        return fallback

    def labels(self, table: str, key: str) -> dict[Any, str]:
        if (table, key) not in self._cache:
            expression = self.label_expression(table)
            found = dict(self.conn.execute(
                f"SELECT {quoted(key)}, {expression} FROM {quoted(table)}"))
            # Labels are text but for a number in a naming column (a `code` of 7):
            # written as its text, like any label.
            if set(map(type, found.values())) - {str}:
                found = {k: str(label) for k, label in found.items()}
            self._cache[(table, key)] = found
        return self._cache[(table, key)]

    def shown(self, table: str, key: str) -> LinkLabels:
        """The labels as a link's cells show them (neutralized), kept: many columns
        link to the same records (a filing's, in eleven tables)."""
        if (table, key) not in self._shown:
            shown = LinkLabels({k: printable_cell(label)
                                for k, label in self.labels(table, key).items()})
            shown[None] = None  # type: ignore[assignment]  # no link: an empty cell
            self._shown[(table, key)] = shown
        return self._shown[(table, key)]


class LinkLabels(dict[Any, str]):
    """The labels of the records a column links to; a link to none names its number."""

    def __missing__(self, key: Any) -> str:
        return f"(missing record {key})"


def name_audited_records(rows: Iterable[tuple[Any, ...]], names: list[str],
                         labels: RecordLabels) -> Iterator[tuple[Any, ...]]:
    """An audit entry names its record by table and id; the reader gets the record's
    label ("2026-014", "Ruth Åkesson") while the record still exists."""
    table_at, record_at = names.index("table_name"), names.index("record_id")
    present = set(tables(labels.conn))
    # Each table's labels, looked up once (a trail of 300,000 entries names records of
    # thirty tables): a table a later schema dropped, or one unreadable, has none.
    by_table: dict[Any, dict[Any, str]] = {}
    for raw in rows:
        table = raw[table_at]
        named = by_table.get(table)
        if named is None:
            named = by_table[table] = _labels_of(labels, table) if table in present else {}
        label = named.get(raw[record_at])
        if label is None:
            yield raw
        else:
            row = list(raw)
            row[record_at] = label
            yield tuple(row)


def _labels_of(labels: RecordLabels, table: str) -> dict[Any, str]:
    try:
        return labels.labels(table, "id")
    except sqlite3.Error:
        return {}
