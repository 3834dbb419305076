"""Every table of the record in plain words, for a public-records request.

The reader outside the commission gets names, not numbers: each link to
another record (a foreign key) is shown as that record's label (a party's
name, a filing's file number, a property's address), dates are ISO
(2026-11-29, 2026-11-29T22:14:05), yes/no instead of 1/0, and column headers
in words. All tables are read inside one read transaction, so the export is a
consistent picture of one moment.

The same reading works on a server's records (a psycopg connection): only where the
tables are listed differs (the catalog instead of sqlite_master and PRAGMAs), and a
row is ordered by its `id` where SQLite has its `rowid`.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from itertools import chain, count, islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.regulations_in_force import in_force_words
from concom_desk.domain.resource_areas import STATE_AREAS, UNITS
from concom_desk.domain.spreadsheet_cells import column_header, printable_cell
from concom_desk.store.audit import AUDIT_TABLE
from concom_desk.store.db_identity import open_read_only, require_concom_database
from concom_desk.store.regulations_table import regulations

if TYPE_CHECKING:
    from concom_desk.store.server.database import ServerDatabase

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
# Codes shown in words: (table, column) → {code: words}.
CODE_WORDS: dict[tuple[str, str], dict[str, str]] = {
    ("filing", "kind"): {code: kind.name for code, kind in KINDS.items()},
    # The Act's areas by name and citation; a bylaw's own code is shown as stored (its
    # name is in the town's profile, docs/towns.md).
    ("filing_resource_area", "code"): {a.code: f"{a.name} ({a.section})"
                                       for a in STATE_AREAS},
    ("filing_resource_area", "unit"): dict(UNITS),
    # An enforcement case's areas, the same way (issue 34).
    ("case_resource_area", "code"): {a.code: f"{a.name} ({a.citation})" for a in STATE_AREAS},
    ("case_resource_area", "unit"): dict(UNITS),
}
SAMPLE_ROWS = 2000
# Internal bookkeeping, not part of the public record.
SKIPPED_TABLES = ("alembic_version",)

Cell = str | int | float | Decimal | None
_MOMENT = re.compile(r"^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?(.*)$")


@dataclass
class TableView:
    """One table in plain words. `rows` is read as it is written out (a 300,000-row
    audit trail never sits in memory whole); `sample` holds its first rows, for
    sizing columns."""

    name: str
    headers: list[str]
    rows: Iterable[list[Cell]]
    sample: list[list[Cell]]

    @property
    def title(self) -> str:
        return column_header(self.name)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _on_server(conn: Any) -> bool:
    return not isinstance(conn, sqlite3.Connection)


def _tables(conn: sqlite3.Connection) -> list[str]:
    if _on_server(conn):
        listed = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = "
            "current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name COLLATE \"C\"")
    else:
        listed = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")
    return [r[0] for r in listed if r[0] not in SKIPPED_TABLES]


def _columns(conn: sqlite3.Connection, table: str) -> list[tuple[str, str]]:
    """(name, declared type) of each column, in table order."""
    if _on_server(conn):
        return [(r[0], r[1].upper()) for r in conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns WHERE "
            "table_schema = current_schema() AND table_name = %s ORDER BY ordinal_position",
            (table,))]
    return [(r[1], (r[2] or "").upper()) for r in conn.execute(
        f"PRAGMA table_info({_quoted(table)})"
    )]


def _foreign_keys(conn: sqlite3.Connection, table: str) -> dict[str, tuple[str, str]]:
    """column → (parent table, parent column), for single-column foreign keys."""
    if _on_server(conn):
        return {child: (parent, parent_column) for child, parent, parent_column in conn.execute(
            "SELECT a.attname, p.relname, pa.attname FROM pg_constraint c "
            "JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class p ON p.oid = c.confrelid "
            "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] "
            "JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1] "
            "WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND t.relname = %s "
            "AND t.relnamespace = current_schema()::regnamespace", (table,))}
    links: dict[str, tuple[str, str]] = {}
    for row in conn.execute(f"PRAGMA foreign_key_list({_quoted(table)})"):
        parent, child_column, parent_column = row[2], row[3], row[4]
        links[child_column] = (parent, parent_column or "id")
    return links


def _row_key(conn: Any, table: str) -> str:
    """What orders a table's rows as they were written: SQLite's rowid; on a server,
    the record's own number (every table of the records has an `id`)."""
    if not _on_server(conn):
        return "rowid"
    names = [name for name, _ in _columns(conn, table)]
    return "id" if "id" in names else _quoted(names[0])


def _rows(conn: Any, sql: str) -> Iterable[tuple[Any, ...]]:
    """The rows of a query, read a batch at a time on a server (a named cursor), so a
    long trail is never held whole in memory; SQLite's cursor already steps."""
    if not _on_server(conn):
        return conn.execute(sql)  # type: ignore[no-any-return]
    cursor = conn.cursor(name=f"export_{next(_cursor_numbers)}")
    cursor.itersize = SAMPLE_ROWS
    cursor.execute(sql)
    return cursor  # type: ignore[no-any-return]


_cursor_numbers = count(1)


class RecordLabels:
    """The human label of any record, looked up once per table and kept."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._cache: dict[tuple[str, str], dict[Any, str]] = {}

    def label_expression(self, table: str) -> str:
        names = [c for c, _ in _columns(self.conn, table)]
        chosen = [c for c in LABEL_COLUMNS if c in names]
        fallback = (f"'{column_header(table).replace(chr(39), chr(39) * 2)} ' || "
                    f"{_row_key(self.conn, table)}")
        if table in RECORD_LABELS:
            return f"coalesce({RECORD_LABELS[table]}, {fallback})"
        if chosen:
            return f"coalesce(nullif({_quoted(chosen[0])}, ''), {fallback})"
        return fallback

    def labels(self, table: str, key: str) -> dict[Any, str]:
        if (table, key) not in self._cache:
            expression = self.label_expression(table)
            self._cache[(table, key)] = {
                k: str(label) for k, label in self.conn.execute(
                    f"SELECT {_quoted(key)}, {expression} FROM {_quoted(table)}"
                )
            }
        return self._cache[(table, key)]


def plain_header(column: str) -> str:
    if column.endswith("_cents"):
        return column_header(column.removesuffix("_cents")) + " ($)"
    return column_header(column)


def plain_value(value: Any, declared: str, column: str = "",
                words: dict[str, str] | None = None) -> Cell:
    """A stored value as the export shows it (strings already neutralized)."""
    if value is None:
        return None
    if column.endswith("_cents") and isinstance(value, int):
        return (Decimal(value) / 100).quantize(Decimal("0.01"))
    if words is not None and value in words:
        return printable_cell(words[value])
    if "BOOL" in declared and value in (0, 1):
        return "yes" if value else "no"
    if isinstance(value, bytes):
        return f"(binary data, {len(value)} bytes)"
    if isinstance(value, datetime):  # a server's moments: as a file's text shows them
        return value.isoformat(timespec="seconds")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        if "DATETIME" in declared or "TIMESTAMP" in declared:
            value = _iso_moment(value)
        return printable_cell(value)
    return value


def _iso_moment(text: str) -> str:
    """'2026-11-29 22:14:05.123456' → '2026-11-29T22:14:05' (seconds are enough)."""
    match = _MOMENT.match(text)
    return f"{match[1]}T{match[2]}{match[3]}" if match else text


def table_names(conn: sqlite3.Connection) -> list[str]:
    """The tables an export writes, in its order."""
    return _tables(conn)


# One table shown as two sheets where it holds two things a reader asks for apart: a
# conservation land's monitoring visits (MGL c.184 §§31–33) are inspections of the
# land (`inspection.land_id`), listed on their own sheet, the permits' and cases'
# site visits on "Inspection". Each row is on one sheet, under its own number.
SPLIT_SHEETS = {
    "inspection": ("land_id", "monitoring_visit"),
}


def table_views(conn: sqlite3.Connection, neutralized: bool = True) -> Iterator[TableView]:
    """Every table in plain words. `neutralized=False`: text is left as stored where
    it is shown as it is (not a link, a code, a date, money or yes/no), for a writer
    that neutralizes the text it writes as a whole (the CSV's, domain.public_csv)."""
    labels = RecordLabels(conn)
    for table in _tables(conn):
        split = SPLIT_SHEETS.get(table)
        if split and split[0] in {name for name, _ in _columns(conn, table)}:
            column, other = split
            yield _table_view(conn, labels, table, neutralized, f"{_quoted(column)} IS NULL")
            yield _table_view(conn, labels, table, neutralized,
                              f"{_quoted(column)} IS NOT NULL", other)
        else:
            yield _table_view(conn, labels, table, neutralized)


def _only_text_and_numbers(conn: Any, table: str, columns: list[str]) -> bool:
    """Whether these columns hold nothing but text, numbers and NULL (one scan, in
    SQLite): a file's text and number columns always do unless a value was put in
    from outside the program (SQLite keeps a blob where text belongs). A server's
    rows are typed by their columns (a date column gives dates): never taken as is."""
    if _on_server(conn) or not columns:
        return not columns
    odd = " OR ".join(f"typeof({_quoted(column)}) = 'blob'" for column in columns)
    return conn.execute(f"SELECT 1 FROM {_quoted(table)} WHERE {odd} LIMIT 1").fetchone() is None


def _table_view(conn: sqlite3.Connection, labels: RecordLabels, table: str,
                neutralized: bool = True, where: str = "", shown_as: str = "") -> TableView:
    # The record's own number first, where a reader looks for it.
    columns = sorted(_columns(conn, table), key=lambda c: c[0] != "id")
    links = _foreign_keys(conn, table)
    headers = [plain_header(name) for name, _ in columns]
    lookups = [labels.labels(*links[name]) if name in links else None for name, _ in columns]
    words = [CODE_WORDS.get((table, name)) for name, _ in columns]
    kinds = list(zip(columns, lookups, words, strict=True))
    as_stored = [not _judged(name, declared, lookup, code_words)
                 for (name, declared), lookup, code_words in kinds]
    if neutralized or not _only_text_and_numbers(
            conn, table, [name for (name, _), plain in zip(columns, as_stored, strict=True)
                          if plain]):
        as_stored = [False] * len(columns)
    # None: the value as stored (text the writer neutralizes, a number, nothing).
    cells = [None if plain else _cell_of(name, declared, lookup, code_words)
             for ((name, declared), lookup, code_words), plain in zip(kinds, as_stored,
                                                                      strict=True)]
    select = ", ".join(_quoted(name) for name, _ in columns)
    cursor = _rows(conn, f"SELECT {select} FROM {_quoted(table)} "
                         f"{'WHERE ' + where if where else ''} "
                         f"ORDER BY {_row_key(conn, table)}")
    names = [name for name, _ in columns]
    if table == EXECUTIVE_TABLE:
        cursor = _withhold_minutes(cursor, names)
    if table == AUDIT_TABLE:
        cursor = _withhold_trail(cursor, names, _released_minutes(conn))
        cursor = _name_audited_records(cursor, names, labels)
    rows: Iterable[Any]
    if not any(cells):
        rows = cursor  # every value as stored: the rows as SQLite hands them over
    else:
        rows = ([value if value is None or cell is None else cell(value)
                 for cell, value in zip(cells, raw, strict=True)] for raw in cursor)
    if table == "filing" and {"received", "town", "laws"} <= {n for n, _ in columns}:
        headers.append(REGULATIONS_HEADER)
        rows = _with_regulations(rows, [name for name, _ in columns])
    sample = list(islice(rows, SAMPLE_ROWS))
    return TableView(shown_as or table, headers, chain(sample, rows), sample)


REGULATIONS_HEADER = "Regulations in force"
# Executive-session minutes are withheld until a later meeting's vote releases them
# (MGL c.30A §22(f)): what the export prints in place of their words. The database
# keeps the words (and the trail's hashes cover them); only what is written out hides.
EXECUTIVE_TABLE = "executive_minutes"
WITHHELD = ("(withheld: executive-session minutes not yet released, "
            "MGL c.30A §22(f))")


def _released_minutes(conn: Any) -> set[Any]:
    if EXECUTIVE_TABLE not in _tables(conn):
        return set()
    return {r[0] for r in conn.execute(
        f"SELECT id FROM {EXECUTIVE_TABLE} WHERE released_on IS NOT NULL")}


def _withhold_minutes(rows: Iterable[tuple[Any, ...]], names: list[str]
                      ) -> Iterator[tuple[Any, ...]]:
    text_at, released_at = names.index("text"), names.index("released_on")
    for raw in rows:
        row = list(raw)
        if row[released_at] is None:
            row[text_at] = WITHHELD
        yield tuple(row)


def _withhold_trail(rows: Iterable[tuple[Any, ...]], names: list[str],
                    released: set[Any]) -> Iterator[tuple[Any, ...]]:
    """The trail's entries of withheld minutes, their values hidden (the row, its
    time, who and its hashes are shown as they are: the chain is still checkable
    against the database, which holds the words)."""
    table_at, record_at = names.index("table_name"), names.index("record_id")
    hidden = [names.index("old_values"), names.index("new_values")]
    for raw in rows:
        if raw[table_at] == EXECUTIVE_TABLE and raw[record_at] not in released:
            row = list(raw)
            for at in hidden:
                if row[at] is not None:
                    row[at] = WITHHELD
            yield tuple(row)
        else:
            yield raw


def _with_regulations(rows: Iterable[list[Cell]], names: list[str]) -> Iterator[list[Cell]]:
    """A filing's row with the regulations it is reviewed under, by its received day:
    not a stored column, but what a reader of the record asks first of an old permit.
    (A file from before the `laws` column has none: its export is as it was.)"""
    table = regulations()
    at = {name: names.index(name) for name in ("received", "town", "laws")}
    for row in rows:
        received = row[at["received"]]
        day = date.fromisoformat(str(received)) if received else None
        yield [*row, printable_cell(in_force_words(
            table, day, str(row[at["town"]] or ""), str(row[at["laws"]] or "")))]


def _name_audited_records(rows: Iterable[tuple[Any, ...]], names: list[str],
                          labels: RecordLabels) -> Iterator[tuple[Any, ...]]:
    """An audit entry names its record by table and id; the reader gets the record's
    label ("2026-014", "Ruth Åkesson") while the record still exists."""
    table_at, record_at = names.index("table_name"), names.index("record_id")
    present = set(_tables(labels.conn))
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


def _judged(name: str, declared: str, lookup: dict[Any, str] | None,
            code_words: dict[str, str] | None) -> bool:
    """A column whose values are shown otherwise than as stored: a link shown as its
    record's label, a code in words, money, yes/no, a moment."""
    return (lookup is not None or code_words is not None or name.endswith("_cents")
            or "BOOL" in declared or "DATETIME" in declared or "TIMESTAMP" in declared)


class _LinkLabels(dict[Any, str]):
    """The labels of the records a column links to; a link to none names its number."""

    def __missing__(self, key: Any) -> str:
        return f"(missing record {key})"


def _cell_of(name: str, declared: str, lookup: dict[Any, str] | None,
             code_words: dict[str, str] | None) -> Callable[[Any], Cell]:
    """How one column's stored values (never None: the row leaves those empty) are
    shown: chosen once per column, so that the three hundred thousand rows of a trail
    pay one call a cell, not plain_value's questions. What a column usually holds is
    taken by its type; anything else (SQLite keeps what it is given: text in a number
    column) goes through plain_value, which judges every value."""
    if lookup is not None:
        # A dict's own lookup is the cell's function: no Python call for each link.
        return _LinkLabels({key: printable_cell(label)
                            for key, label in lookup.items()}).__getitem__

    def judged(value: Any) -> Cell:
        return plain_value(value, declared, name, code_words)

    if _judged(name, declared, None, code_words):
        return judged

    def text_or_number(value: Any) -> Cell:
        kind = type(value)
        if kind is str:
            return printable_cell(value)
        if kind is int or kind is float:
            return value  # type: ignore[no-any-return]
        return judged(value)
    return text_or_number


@contextmanager
def record_snapshot(db_path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection inside one read transaction: every table the export
    reads shows the same moment, even if the window saves meanwhile."""
    require_concom_database(db_path)
    with closing(open_read_only(db_path)) as conn:
        conn.isolation_level = None
        conn.execute("BEGIN")
        try:
            yield conn
        finally:
            conn.execute("COMMIT")


@contextmanager
def server_snapshot(database: ServerDatabase) -> Iterator[Any]:
    """On a server: one REPEATABLE READ, READ ONLY transaction (the same moment for
    every table while other desks go on saving), on a connection of the database's."""
    raw = database.engine.raw_connection()
    try:
        conn = raw.driver_connection
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        try:
            yield conn
        finally:
            conn.rollback()
    finally:
        raw.close()
