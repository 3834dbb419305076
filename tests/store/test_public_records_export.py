"""The public-records export: names not ids, ISO dates, words for headers, and no
cell a spreadsheet would run."""

from __future__ import annotations

import csv
import errno
import gc
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

import pytest
from openpyxl import load_workbook

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store import export_writers
from concom_desk.store.audit import Actor, register_audit_functions
from concom_desk.store.export_writers import export
from tests.helpers.clock import TEST_TODAY

TABLE_TITLES = [
    "Abutter", "Abutter notice", "Attendance", "Audit entry", "Calendar feed",
    "Case attachment", "Case note", "Case resource area", "Commission settings",
    "Condition", "Conservation land", "Continuance", "Decision", "Enforcement case",
    "Enforcement order", "Executive minutes", "Filing", "Filing resource area",
    "Fine", "Fine payment", "Generated document", "Hearing", "Hearing notice", "Hearing waiver",
    "Inspection", "Monitoring visit", "Inspection check", "Meeting", "Meeting schedule",
    "Member", "Member vote", "Minutes", "Minutes item", "Party", "Payment", "Property",
    "Records request",
    "Standard condition",
    "Status correction", "Town closure day", "Violation", "Vote",
]
# The fixture's record (tests/store/conftest.py make_record) as a reader of the
# export must see it, worked out by hand: names for links, words for codes, dollars
# for cents, ISO dates, and a quote before anything a spreadsheet would run.
FILINGS = [
    {"ID": 1, "File no.": "2026-014", "DEP file no.": "SE 082-1234",
     "Kind": "Notice of Intent / Application for Permit", "Applicant": "Ruth Åkesson",
     "Owner": "Nantucket Land Bank", "Property": "12 Mill St", "Received": "2026-03-02",
     "Fee waived": "no", "Work description": "Septic repair in buffer zone",
     # Worked out from resources/regulations.toml for a 2026-03-02 Upton filing.
     "Regulations in force": "310 CMR 10.00 as amended in 2014 (effective 2014-10-24); "
                             "proposed, not in force: Wetlands Resilience amendments to "
                             "310 CMR 10.00"},
    {"ID": 2, "File no.": "2026-015", "Kind": "Request for Determination of Applicability",
     "Applicant": "'=HYPERLINK(\"http://evil\",\"x\")", "Owner": None, "Property": "1 Elm St",
     "Received": "2026-04-01", "Fee waived": "yes",
     "Work description": "'-remove 3 trees"},
]
ABUTTERS = [
    {"ID": 1, "Filing": "2026-014", "Owner name": "Paul Revere", "Parcels": "4-113"},
    {"ID": 2, "Filing": "2026-014", "Owner name": "'+Jane Doe", "Parcels": "4-111"},
    {"ID": 3, "Filing": "2026-015", "Owner name": "Sam Adams"},
]
NOTICES = [
    {"ID": 1, "Abutter": "Paul Revere", "Mailed on": "2026-03-05", "Hearing": None,
     "Returned undeliverable": "no"},
    {"ID": 2, "Abutter": "'+Jane Doe", "Mailed on": "2026-03-05"},
]
DOCUMENTS = [{"ID": 1, "Filing": "2026-014", "Title": "Order of Conditions",
              "Created at": "2026-05-01T14:05:09", "Created by": "TS"}]


def records(rows: list[list]) -> list[dict]:
    header, *body = rows
    return [dict(zip(header, row, strict=True)) for row in body]


def shown_as_text(value: object) -> object:
    """What a CSV reader gets back: text, with empty cells as None and numbers as text."""
    if value is None or value == "":
        return None
    return value


def assert_shows(found: list[dict], expected: list[dict]) -> None:
    assert len(found) == len(expected)
    for row, wanted in zip(found, expected, strict=True):
        assert {k: row[k] for k in wanted} == wanted


def sheet_rows(sheet) -> list[list]:
    return [[shown_as_text(v) for v in row] for row in sheet.iter_rows(values_only=True)]


def csv_rows(path: Path) -> list[list]:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return [[int(v) if v.isdigit() else (v or None) for v in row]
                for row in csv.reader(handle)]


def test_xlsx_workbook(record_db: Path, tmp_path: Path) -> None:
    written = export(record_db, "xlsx", tmp_path / "request")
    assert [p.name for p in written] == [f"concom-desk records {TEST_TODAY}.xlsx"]
    book = load_workbook(written[0])
    assert book.sheetnames == TABLE_TITLES
    assert_shows(records(sheet_rows(book["Filing"])), FILINGS)
    assert_shows(records(sheet_rows(book["Abutter"])), ABUTTERS)
    assert_shows(records(sheet_rows(book["Abutter notice"])), NOTICES)
    assert_shows(records(sheet_rows(book["Generated document"])), DOCUMENTS)
    audit = records(sheet_rows(book["Audit entry"]))
    assert len(audit) == 13
    # make_record inserts parties first: entry 1 is Ruth Åkesson's, named not numbered.
    assert {k: audit[0][k] for k in ("Table name", "Record", "Action", "Initials")} == {
        "Table name": "party", "Record": "Ruth Åkesson", "Action": "insert", "Initials": "TS"}
    filings = book["Filing"]
    assert filings.freeze_panes == "A2"
    assert filings["A1"].value == "ID" and filings["A1"].font.bold
    assert filings.column_dimensions["A"].width == 8
    fee_column = [c for c in filings[1] if c.value == "Fee ($)"][0].column_letter
    assert filings[f"{fee_column}2"].value == 125
    assert filings[f"{fee_column}2"].number_format == "#,##0.00"
    description = [c for c in filings[1] if c.value == "Work description"][0].column_letter
    assert filings.column_dimensions[description].width == len("Septic repair in buffer zone") + 2
    for sheet in book:
        for row in sheet.iter_rows():
            assert all(cell.data_type != "f" for cell in row), "a formula reached the workbook"


def test_csv_files(record_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "request"
    written = export(record_db, "csv", out)
    assert sorted(p.name for p in written) == sorted(f"{t}.csv" for t in TABLE_TITLES)
    # UTF-8 with a byte-order mark, every text quoted (PublicCsvWriter)
    assert (out / "Party.csv").read_bytes().startswith(b'\xef\xbb\xbf"ID","Name","Kind",')
    assert_shows(records(csv_rows(out / "Filing.csv")), FILINGS)
    assert [r["Fee ($)"] for r in records(csv_rows(out / "Filing.csv"))] == ["125.00", "0.00"]
    assert_shows(records(csv_rows(out / "Abutter.csv")), ABUTTERS)
    assert_shows(records(csv_rows(out / "Abutter notice.csv")), NOTICES)
    assert_shows(records(csv_rows(out / "Generated document.csv")), DOCUMENTS)
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in written)


def test_a_link_to_a_missing_record_is_shown_not_hidden(record_db: Path, tmp_path: Path) -> None:
    with closing(sqlite3.connect(record_db)) as conn:  # damage done outside the program
        register_audit_functions(conn, Actor("someone"))
        conn.execute("UPDATE abutter SET filing_id = 77 WHERE id = 3")
        conn.commit()
    export(record_db, "csv", tmp_path)
    assert records(csv_rows(tmp_path / "Abutter.csv"))[2]["Filing"] == "(missing record 77)"


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

    def fill_up(table, target: Path, tally) -> None:
        calls.append(table.name)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(table, target, tally)

    monkeypatch.setattr(export_writers, "_write_csv", fill_up)
    out = tmp_path / "request"
    with pytest.raises(OperationFailed, match="the disk is full"):
        export(record_db, "csv", out)
    assert list(out.iterdir()) == []


def test_a_table_longer_than_a_sheet_goes_on_in_the_next(record_db: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(export_writers, "XLSX_MAX_ROWS", 3)  # header + 2 rows per sheet
    book = load_workbook(export(record_db, "xlsx", tmp_path)[0])
    # The 3 abutters fill "Abutter" (2 rows) and go on in "Abutter (2)" (1 row).
    assert book.sheetnames[:3] == ["Abutter", "Abutter (2)", "Abutter notice"]
    assert [r["Owner name"] for r in records(sheet_rows(book["Abutter"]))] == [
        "Paul Revere", "'+Jane Doe"]
    assert records(sheet_rows(book["Abutter (2)"]))[0]["Owner name"] == "Sam Adams"


def test_not_a_database_makes_no_folder(tmp_path: Path) -> None:
    letter = tmp_path / "letter.sqlite"
    letter.write_text("Dear Commissioners")
    with pytest.raises(UserError, match="not an SQLite file"):
        export(letter, "csv", tmp_path / "request")
    assert not (tmp_path / "request").exists()


def test_text_too_long_for_an_excel_cell_is_cut_and_says_so(record_db: Path,
                                                            tmp_path: Path) -> None:
    # Excel holds at most 32,767 characters in a cell and calls a longer one a damaged
    # file; the workbook cuts the text and says so, the CSV files keep all of it.
    long_text = "Narrative of the site visit. " * 1400  # 40,600 characters
    with closing(sqlite3.connect(record_db)) as conn:
        register_audit_functions(conn, Actor("TS"))
        conn.execute("UPDATE filing SET work_description = ? WHERE id = 1", (long_text,))
        conn.commit()
    book = load_workbook(export(record_db, "xlsx", tmp_path / "xlsx")[0])
    shown = records(sheet_rows(book["Filing"]))[0]["Work description"]
    assert len(shown) <= 32_767
    assert shown.endswith(" … (cut: too long for one Excel cell)")
    assert long_text.startswith(shown.removesuffix(" … (cut: too long for one Excel cell)"))
    export(record_db, "csv", tmp_path / "csv")
    assert records(csv_rows(tmp_path / "csv" / "Filing.csv"))[0]["Work description"] == long_text


class StopPressed(Exception):
    """What the window's Progress raises once Cancel is pressed (ui.background.Cancelled)."""


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_progress_is_told_and_cancel_leaves_nothing(record_db: Path, tmp_path: Path,
                                                    fmt: str) -> None:
    heard: list[tuple[int, str]] = []

    def report(percent: int, text: str) -> None:
        heard.append((percent, text))

    out = tmp_path / "whole"
    written = export(record_db, fmt, out, report)
    assert written and all(path.exists() for path in written)
    percents = [p for p, _ in heard]
    assert percents == sorted(percents) and percents[-1] == 99  # forward, to the end
    assert heard[-1][1] == "Putting the files in place…"
    assert any(text.startswith("Writing ") and " rows)…" in text for _, text in heard)

    def press_cancel(percent: int, text: str) -> None:
        if text.startswith("Writing "):
            raise StopPressed

    stopped = tmp_path / "stopped"
    with pytest.raises(StopPressed):
        export(record_db, fmt, stopped, press_cancel)
    assert list(stopped.iterdir()) == []  # no file, and no staging folder either


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_cancelled_workbook_leaves_no_spooled_rows_behind(
        record_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # openpyxl spools a write-only sheet's rows to the system's temporary folder: a
    # cancelled export must delete them, not leave a copy of the records there.
    spool = tmp_path / "system-temp"
    spool.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spool))

    def press_cancel(percent: int, text: str) -> None:
        if text.startswith("Writing "):
            raise StopPressed

    with pytest.raises(StopPressed):
        export(record_db, "xlsx", tmp_path / "stopped", press_cancel)
    gc.collect()  # a half-ended sheet would complain here, when collected
    assert list(spool.iterdir()) == []


def test_long_text_kept_only_in_the_audit_trail_is_cut_there_too(record_db: Path,
                                                                 tmp_path: Path) -> None:
    # The workbook measures its rows only when some stored text comes near Excel's
    # limit: a long description since shortened lives on in the trail's entries alone,
    # and there too it must be cut, not written whole into a file Excel calls damaged.
    long_text = "Narrative of the site visit. " * 1400  # 40,600 characters
    with closing(sqlite3.connect(record_db)) as conn:
        register_audit_functions(conn, Actor("TS"))
        conn.execute("UPDATE filing SET work_description = ? WHERE id = 1", (long_text,))
        conn.execute("UPDATE filing SET work_description = 'Septic repair' WHERE id = 1")
        conn.commit()
    book = load_workbook(export(record_db, "xlsx", tmp_path / "xlsx")[0])
    assert records(sheet_rows(book["Filing"]))[0]["Work description"] == "Septic repair"
    trail = [value for row in sheet_rows(book["Audit entry"])[1:] for value in row
             if isinstance(value, str) and "Narrative of the site visit." in value]
    assert len(trail) == 2  # the first change's new values, the second's old ones
    assert all(len(value) <= 32_767 and value.endswith(" … (cut: too long for one Excel cell)")
               for value in trail)
