"""The CSV export of a whole demo town, read back, is every table's rows as the
workbook's reading shows them (each cell judged and neutralized on its own), each text
made as `csv_text` makes it: the CSV's faster reading (values as stored, neutralized a
batch of bytes at a time, columns mapped a batch at a time) changes nothing a reader
gets, hostile values put in from outside the program included."""

from __future__ import annotations

import csv
import sqlite3
from contextlib import closing
from decimal import Decimal
from pathlib import Path

import pytest

from concom_desk.domain.public_csv import csv_text
from concom_desk.domain.spreadsheet_cells import sheet_title
from concom_desk.services.demo.town import load_demo
from concom_desk.store.audit import Actor, register_audit_functions
from concom_desk.store.export_writers import export
from concom_desk.store.public_records_export import record_snapshot, table_views
from tests.helpers.clock import TEST_TODAY

# Put in with a tool other than the program: formulas, control characters, a `;`
# before a formula, a blob where text belongs, a CR LF opening a field.
HOSTILE = [
    "UPDATE party SET name = '=HYPERLINK(\"http://evil\")' WHERE id = 1",
    "UPDATE party SET city = 'Bourne;=cmd' WHERE id = 2",
    "UPDATE party SET email = 'bell' || char(7) || '@x' WHERE id = 3",
    "UPDATE property SET address = char(13) || char(10) || '-2+3' WHERE id = 1",
    "UPDATE filing SET notes = '@SUM(A1)' WHERE id = 1",
    "UPDATE filing SET fee_waived = 2 WHERE id = 3",
    "UPDATE filing SET work_description = 'ends in a comma,' WHERE id = 4",
    # a row's last field (a resource area's words) ending as a field may open
    "UPDATE filing_resource_area SET text = 'wet meadow,' WHERE id = 1",
    "UPDATE filing_resource_area SET text = 'bank' || char(10) WHERE id = 2",
    "UPDATE filing_resource_area SET text = char(13) || char(10) || 'opens on a line end' "
    "WHERE id = 3",
]


@pytest.fixture(scope="module")
def hostile_town(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("town") / "demo.sqlite"
    load_demo(path, "small", today=TEST_TODAY, town="sandwich")
    with closing(sqlite3.connect(path)) as conn:
        register_audit_functions(conn, Actor("someone"))
        for statement in HOSTILE:
            conn.execute(statement)
        # A blob the trail cannot hold: put in past its triggers.
        for (trigger,) in conn.execute("SELECT name FROM sqlite_master WHERE type = "
                                       "'trigger' AND tbl_name = 'property'").fetchall():
            conn.execute(f'DROP TRIGGER "{trigger}"')
        conn.execute("UPDATE property SET map = x'00ff' WHERE id = 2")
        conn.commit()
    return path


def _as_csv_shows(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return csv_text(value)
    assert isinstance(value, int | float | Decimal), value
    return str(value)


def test_every_csv_file_reads_as_each_cell_judged_on_its_own(hostile_town: Path,
                                                            tmp_path: Path) -> None:
    written = export(hostile_town, "csv", tmp_path / "request")
    taken: set[str] = set()
    expected: dict[str, list[list[str]]] = {}
    with record_snapshot(hostile_town) as conn:
        for table in table_views(conn):  # the workbook's reading: cell by cell
            expected[sheet_title(table.name, taken) + ".csv"] = [
                [csv_text(header) for header in table.headers],
                *([_as_csv_shows(value) for value in row] for row in table.rows)]
    assert sorted(path.name for path in written) == sorted(expected)
    for path in written:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            found = list(csv.reader(handle))
        if path.name == "Filing.csv":  # a text ending in a comma is shown with it
            comma = [row for row in found if "ends in a comma," in row]
            assert len(comma) == 1, "a field ending in a comma lost its place"
        assert found == expected[path.name], path.name
    with open(tmp_path / "request" / "Party.csv", encoding="utf-8-sig", newline="") as handle:
        names = [row[1] for row in csv.reader(handle)]
    assert "'=HYPERLINK(\"http://evil\")" in names
