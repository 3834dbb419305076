"""The public-records export: names not ids, ISO dates, words for headers, and no
cell a spreadsheet would run."""

from __future__ import annotations

import csv
import errno
import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store import export_writers
from concom_desk.store.export_writers import export

# The fixture's record, as a reader of the export must see it (worked out from
# tests/store/conftest.py by hand).
PARTIES = [
    ["ID", "Name", "Mailing address"],
    [1, "Ruth Åkesson", "12 Mill St, Upton MA 01568"],
    [2, "'=HYPERLINK(\"http://evil\",\"x\")", "1 Elm St"],
    [3, "Nantucket Land Bank", None],
]
FILINGS = [
    ["ID", "File no.", "DEP file no.", "Kind", "Applicant", "Property", "Received",
     "Entered at", "Fee waived", "Work description"],
    [1, "2026-014", "SE 082-1234", "noi", "Ruth Åkesson", "12 Mill St", "2026-03-02",
     "2026-03-02T14:05:09", "no", "Septic repair in buffer zone"],
    [2, "2026-015", None, "rda", "'=HYPERLINK(\"http://evil\",\"x\")", "1 Elm St", "2026-04-01",
     "2026-04-01T09:00:00", "yes", "'-remove 3 trees"],
]
ABUTTER_NOTICES = [
    ["ID", "Filing", "Owner name", "Mailed"],
    [1, "2026-014", "Paul Revere", "2026-03-05"],
    [2, "2026-014", "'+Jane Doe", "2026-03-05"],
    [3, "2026-015", "Sam Adams", None],
]


def sheet_rows(sheet) -> list[list]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def csv_rows(path: Path) -> list[list]:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return [[int(v) if v.isdigit() else (v or None) for v in row]
                for row in csv.reader(handle)]


def test_xlsx_workbook(record_db: Path, tmp_path: Path) -> None:
    written = export(record_db, "xlsx", tmp_path / "request")
    assert [p.name for p in written] == [f"concom-desk records {date.today()}.xlsx"]
    book = load_workbook(written[0])
    assert book.sheetnames == ["Abutter notices", "Filings", "Parties", "Properties"]
    assert sheet_rows(book["Parties"]) == PARTIES
    assert sheet_rows(book["Filings"]) == FILINGS
    assert sheet_rows(book["Abutter notices"]) == ABUTTER_NOTICES
    filings = book["Filings"]
    assert filings.freeze_panes == "A2"
    assert filings["A1"].font.bold
    assert filings.column_dimensions["J"].width == len("Septic repair in buffer zone") + 2
    assert filings.column_dimensions["A"].width == 8
    for sheet in book:
        for row in sheet.iter_rows():
            assert all(cell.data_type != "f" for cell in row), "a formula reached the workbook"


def test_csv_files(record_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "request"
    written = export(record_db, "csv", out)
    assert sorted(p.name for p in written) == [
        "Abutter notices.csv", "Filings.csv", "Parties.csv", "Properties.csv"]
    assert (out / "Parties.csv").read_bytes().startswith(b"\xef\xbb\xbfID,Name,")
    assert csv_rows(out / "Parties.csv") == PARTIES
    assert csv_rows(out / "Filings.csv") == FILINGS
    assert csv_rows(out / "Abutter notices.csv") == ABUTTER_NOTICES
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in written)


def test_a_link_to_a_missing_record_is_shown_not_hidden(record_db: Path, tmp_path: Path) -> None:
    with closing(sqlite3.connect(record_db)) as conn:
        conn.execute("INSERT INTO abutter_notices (filing_id, owner_name) VALUES (77, 'Lost')")
        conn.commit()
    export(record_db, "csv", tmp_path)
    assert csv_rows(tmp_path / "Abutter notices.csv")[-1] == [4, "(missing record 77)", "Lost",
                                                              None]


@pytest.mark.parametrize("fmt", ["pdf", "XLSX"])
def test_unknown_format(record_db: Path, tmp_path: Path, fmt: str) -> None:
    with pytest.raises(UserError, match="choose xlsx or csv"):
        export(record_db, fmt, tmp_path)


def test_out_must_be_a_folder(record_db: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "a.txt"
    a_file.write_text("x")
    with pytest.raises(UserError, match="is a file"):
        export(record_db, "csv", a_file)


def test_disk_full_leaves_no_partial_export(record_db: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = export_writers._write_csv
    calls = []

    def fill_up(table, target: Path) -> None:
        calls.append(table.name)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(table, target)

    monkeypatch.setattr(export_writers, "_write_csv", fill_up)
    out = tmp_path / "request"
    with pytest.raises(OperationFailed, match="the disk is full"):
        export(record_db, "csv", out)
    assert list(out.iterdir()) == []
