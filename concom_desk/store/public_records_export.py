"""Every table of the record in plain words, for a public-records request.

The reader outside the commission gets names, not numbers: each link to
another record (a foreign key) is shown as that record's label (a party's
name, a filing's file number, a property's address), dates are ISO
(2026-11-29, 2026-11-29T22:14:05), yes/no instead of 1/0, and column headers
in words. All tables are read inside one read transaction, so the export is a
consistent picture of one moment.

The same reading works on a server's records (store.record_tables). A table's rows are
read and shown a batch at a time, a column at a time: a column shown as stored costs
nothing, and a link's labels, a code's words or money are mapped over the column in one
call (no Python step for each row of a 300,000-row trail).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from itertools import chain, islice
from typing import Any

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.regulations_in_force import in_force_words
from concom_desk.domain.resource_areas import STATE_AREAS, UNITS
from concom_desk.domain.spreadsheet_cells import column_header, printable_cell
from concom_desk.store.audit import AUDIT_TABLE
from concom_desk.store.record_labels import RecordLabels, name_audited_records
from concom_desk.store.record_tables import columns as table_columns
from concom_desk.store.record_tables import (
    foreign_keys,
    on_server,
    quoted,
    record_snapshot,
    row_key,
    rows_of,
    server_snapshot,
    tables,
)
from concom_desk.store.regulations_table import regulations

__all__ = ["Cell", "TableView", "record_snapshot", "server_snapshot", "table_names",
           "table_views"]

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

Cell = str | int | float | Decimal | None
SAMPLE_ROWS = 2000
BINARY_WORDS = "(binary data, {} bytes)"
_MOMENT = re.compile(r"^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?(.*)$")


@dataclass
class TableView:
    """One table in plain words. `rows` is read as it is written out (a 300,000-row
    audit trail never sits in memory whole); `sample` holds its first rows, for
    sizing columns."""

    name: str
    headers: list[str]
    rows: Iterable[Sequence[Cell]]
    sample: list[Sequence[Cell]]

    @property
    def title(self) -> str:
        return column_header(self.name)



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
        return BINARY_WORDS.format(len(value))
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
    return tables(conn)


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
    for table in tables(conn):
        split = SPLIT_SHEETS.get(table)
        if split and split[0] in {name for name, _ in table_columns(conn, table)}:
            column, other = split
            yield _table_view(conn, labels, table, neutralized, f"{quoted(column)} IS NULL")
            yield _table_view(conn, labels, table, neutralized,
                              f"{quoted(column)} IS NOT NULL", other)
        else:
            yield _table_view(conn, labels, table, neutralized)


def _as_stored(column: str) -> str:
    """A column read as stored, but for a blob: SQLite keeps one where text belongs
    when it was put in from outside the program, and it is shown as plain_value shows
    it, by its size (in the query: no step for each value of the column in Python)."""
    before, after = BINARY_WORDS.split("{}")
    return (f"CASE WHEN typeof({column}) = 'blob' THEN '{before}' || length({column}) || "
            f"'{after}' ELSE {column} END")


def _table_view(conn: sqlite3.Connection, labels: RecordLabels, table: str,
                neutralized: bool = True, where: str = "", shown_as: str = "") -> TableView:
    # The record's own number first, where a reader looks for it.
    columns = sorted(table_columns(conn, table), key=lambda c: c[0] != "id")
    links = foreign_keys(conn, table)
    headers = [plain_header(name) for name, _ in columns]
    lookups = [labels.shown(*links[name]) if name in links else None for name, _ in columns]
    words = [CODE_WORDS.get((table, name)) for name, _ in columns]
    kinds = list(zip(columns, lookups, words, strict=True))
    as_stored = [not _judged(name, declared, lookup, code_words)
                 for (name, declared), lookup, code_words in kinds]
    # A server's rows are typed by their columns (a date column gives dates): every
    # value is judged.
    if neutralized or on_server(conn):
        as_stored = [False] * len(columns)
    # None: the value as stored (text the writer neutralizes, a number, nothing).
    cells = [None if plain else _cell_of(name, declared, lookup, code_words)
             for ((name, declared), lookup, code_words), plain in zip(kinds, as_stored,
                                                                      strict=True)]
    names = [name for name, _ in columns]
    select = ", ".join(
        _trail_value(conn, name, plain) if table == AUDIT_TABLE
        else _as_stored(quoted(name)) if plain else quoted(name)
        for name, plain in zip(names, as_stored, strict=True))
    cursor: Iterable[tuple[Any, ...]] = rows_of(
        conn, f"SELECT {select} FROM {quoted(table)} {'WHERE ' + where if where else ''} "
              f"ORDER BY {row_key(conn, table)}")
    if table == EXECUTIVE_TABLE:
        cursor = _withhold_minutes(cursor, names)
    if table == AUDIT_TABLE:
        cursor = name_audited_records(cursor, names, labels)
    rows: Iterable[Sequence[Cell]] = cursor  # every value as stored: as read
    if any(cells):
        rows = chain.from_iterable(_shown(batch, cells) for batch in _batches(cursor))
    if table == "filing" and {"received", "town", "laws"} <= set(names):
        headers.append(REGULATIONS_HEADER)
        rows = _with_regulations(rows, names)
    sample = list(islice(rows, SAMPLE_ROWS))
    return TableView(shown_as or table, headers, chain(sample, rows), sample)


def _batches(rows: Iterable[tuple[Any, ...]]) -> Iterator[list[tuple[Any, ...]]]:
    """The rows a few thousand at a time, as they are read."""
    rows = iter(rows)
    return iter(lambda: list(islice(rows, SAMPLE_ROWS)), [])


def _shown(batch: list[tuple[Any, ...]], cells: list[Callable[[Any], Cell] | None]
           ) -> Iterator[tuple[Cell, ...]]:
    """A batch's rows with each judged column mapped by its cell, a column at a time."""
    shown: list[Iterable[Any]] = list(zip(*batch, strict=True))
    for at, cell in enumerate(cells):
        if cell is not None:
            shown[at] = map(cell, shown[at])
    return zip(*shown, strict=True)


REGULATIONS_HEADER = "Regulations in force"
# Executive-session minutes are withheld until a later meeting's vote releases them
# (MGL c.30A §22(f)): what the export prints in place of their words. The database
# keeps the words (and the trail's hashes cover them); only what is written out hides.
EXECUTIVE_TABLE = "executive_minutes"
WITHHELD = ("(withheld: executive-session minutes not yet released, "
            "MGL c.30A §22(f))")


def _withhold_minutes(rows: Iterable[tuple[Any, ...]], names: list[str]
                      ) -> Iterator[tuple[Any, ...]]:
    text_at, released_at = names.index("text"), names.index("released_on")
    for raw in rows:
        row = list(raw)
        if row[released_at] is None:
            row[text_at] = WITHHELD
        yield tuple(row)


def _trail_value(conn: Any, name: str, as_stored: bool) -> str:
    """A trail's column as the export reads it: an entry of minutes not yet released
    has its values hidden, in the query itself (the row, its time, who and its hashes
    are shown as they are: the chain is still checkable against the database, which
    holds the words)."""
    stored = _as_stored(quoted(name)) if as_stored else quoted(name)
    if name not in ("old_values", "new_values"):
        return stored
    released = "1 = 0"  # a file from before executive minutes: none released
    if EXECUTIVE_TABLE in tables(conn):
        released = (f"EXISTS (SELECT 1 FROM {EXECUTIVE_TABLE} m WHERE m.released_on IS NOT "
                    f"NULL AND m.id = {quoted(AUDIT_TABLE)}.record_id)")
    return (f"CASE WHEN table_name = '{EXECUTIVE_TABLE}' AND {quoted(name)} IS NOT NULL "
            f"AND NOT {released} THEN '{WITHHELD}' ELSE {stored} END")


def _with_regulations(rows: Iterable[Sequence[Cell]], names: list[str]
                      ) -> Iterator[list[Cell]]:
    """A filing's row with the regulations it is reviewed under, by its received day:
    not a stored column, but what a reader of the record asks first of an old permit.
    (A file from before the `laws` column has none: its export is as it was.)"""
    table = regulations()
    at = {name: names.index(name) for name in ("received", "town", "laws")}
    # Ten thousand filings were received on a few thousand days: each day's words once.
    words: dict[tuple[date | None, str, str], str] = {}
    for row in rows:
        received = row[at["received"]]
        asked = (date.fromisoformat(str(received)) if received else None,
                 str(row[at["town"]] or ""), str(row[at["laws"]] or ""))
        if asked not in words:
            words[asked] = printable_cell(in_force_words(table, *asked))
        yield [*row, words[asked]]



def _judged(name: str, declared: str, lookup: dict[Any, str] | None,
            code_words: dict[str, str] | None) -> bool:
    """A column whose values are shown otherwise than as stored: a link shown as its
    record's label, a code in words, money, yes/no, a moment."""
    return (lookup is not None or code_words is not None or name.endswith("_cents")
            or "BOOL" in declared or "DATETIME" in declared or "TIMESTAMP" in declared)


class _Known(dict[Any, Cell]):
    """A column's usual values as shown; any other is judged when met."""

    def __init__(self, known: dict[Any, Cell], judged: Callable[[Any], Cell]) -> None:
        super().__init__(known)
        self.judged = judged

    def __missing__(self, value: Any) -> Cell:
        return self.judged(value)


def _cell_of(name: str, declared: str, lookup: dict[Any, str] | None,
             code_words: dict[str, str] | None) -> Callable[[Any], Cell]:
    """How one column's stored values are shown (nothing stays nothing): chosen once
    per column, so that the three hundred thousand rows of a trail pay one call a
    cell, not plain_value's questions. What a column usually holds is
    taken by its type; anything else (SQLite keeps what it is given: text in a number
    column) goes through plain_value, which judges every value."""
    if lookup is not None:
        # A dict's own lookup is the cell's function: no Python call for each link.
        return lookup.__getitem__  # type: ignore[attr-defined,no-any-return]

    def judged(value: Any) -> Cell:
        return plain_value(value, declared, name, code_words)

    if _judged(name, declared, None, code_words):
        if name.endswith("_cents") or (code_words is None and "BOOL" not in declared):
            return judged
        # A yes/no or a code: its few values worked out once, a dict lookup each.
        known = [None, *(code_words or ()), *((0, 1) if "BOOL" in declared else ())]
        return _Known({value: judged(value) for value in known}, judged).__getitem__

    def text_or_number(value: Any) -> Cell:
        kind = type(value)
        if kind is str:
            return printable_cell(value)
        if kind is int or kind is float or value is None:
            return value  # type: ignore[no-any-return]
        return judged(value)
    return text_or_number


