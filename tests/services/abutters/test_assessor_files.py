"""Workbooks and CSV files opened as the assessor's list."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from concom_desk.domain.abutters.sheet import Formula
from concom_desk.errors import UserError
from concom_desk.services.abutters.assessor_files import read_assessor_sheet
from tests.helpers.abutter_fixtures import GOOD_ROWS, HEADER, csv_bytes, write_xlsx


def test_xlsx_title_rows_and_blank_rows(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "list.xlsx", GOOD_ROWS,
                      title_rows=["Town of Upton — Board of Assessors",
                                  "Certified abutters list, 12 Pond Street (12-34)"],
                      blank_rows_after=[1])
    sheet = read_assessor_sheet(path)
    assert sheet.header == HEADER
    assert sheet.header_row == 4            # two title rows and a blank row above it
    assert [r.number for r in sheet.rows] == [5, 6, 8, 9]   # row 7 is blank


def test_xlsx_numbers_and_dates_come_through_typed(tmp_path: Path) -> None:
    rows = [("1-1", "1 A ST", "DOE JANE", datetime(2024, 1, 2), "UPTON", "MA", 1568)]
    sheet = read_assessor_sheet(write_xlsx(tmp_path / "list.xlsx", rows))
    cells = sheet.rows[0].cells
    assert cells[6] == 1568
    assert cells[3] == datetime(2024, 1, 2)


def test_xlsx_formula_gives_its_value_never_its_text(tmp_path: Path) -> None:
    rows = [("1-1", "1 A ST", '=UPPER("smith john")', "1 A ST", "UPTON", "MA", "01568"),
            ("1-2", "2 A ST", '=UPPER("doe jane")', "2 A ST", "UPTON", "MA", "01568")]
    sheet = read_assessor_sheet(write_xlsx(tmp_path / "list.xlsx", rows,
                                           cached={"C2": "SMITH JOHN"}))
    assert sheet.rows[0].cells[2] == "SMITH JOHN"            # Excel's computed value
    assert sheet.rows[1].cells[2] == Formula('=UPPER("doe jane")')   # never computed


def test_workbook_saved_as_csv_name_is_still_read(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "list.xlsx", GOOD_ROWS)
    renamed = path.rename(tmp_path / "list.csv")
    assert read_assessor_sheet(renamed).header == HEADER


def test_old_excel_file_is_refused_with_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "list.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0" + b"\x00" * 100)
    with pytest.raises(UserError, match="save it as .xlsx or CSV"):
        read_assessor_sheet(path)


def test_damaged_workbook_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "list.xlsx"
    path.write_bytes(b"PK\x03\x04 not really a workbook")
    with pytest.raises(UserError, match="not a readable Excel workbook"):
        read_assessor_sheet(path)


def test_csv_file(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_bytes(csv_bytes(GOOD_ROWS, delimiter=";", encoding="cp1252"))
    sheet = read_assessor_sheet(path)
    assert sheet.delimiter == ";" and sheet.encoding in ("utf-8", "cp1252")
    assert sheet.rows[3].cells[2] == "O'BRIEN JOHN & MARY"
