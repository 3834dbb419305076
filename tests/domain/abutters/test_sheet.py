"""CSV files as Excel and assessing software write them."""

import pytest

from concom_desk.domain.abutters.sheet import read_csv_bytes
from concom_desk.errors import UserError

HEADER = "Owner,Mailing Address,City,State,Zip,Parcel\r\n"
ROW = "JOSÉ GARCÍA,12 MAIN ST,UPTON,MA,01568,12-3\r\n"


def test_utf8() -> None:
    sheet = read_csv_bytes((HEADER + ROW).encode("utf-8"), "list.csv")
    assert sheet.header == ("Owner", "Mailing Address", "City", "State", "Zip", "Parcel")
    assert sheet.rows[0].cells[0] == "JOSÉ GARCÍA"
    assert sheet.rows[0].number == 2
    assert sheet.encoding == "utf-8"


def test_utf8_with_bom_does_not_leak_into_the_first_header() -> None:
    sheet = read_csv_bytes(b"\xef\xbb\xbf" + (HEADER + ROW).encode("utf-8"), "list.csv")
    assert sheet.header[0] == "Owner"
    assert sheet.rows[0].cells[0] == "JOSÉ GARCÍA"


def test_windows_1252_is_not_read_as_mojibake() -> None:
    sheet = read_csv_bytes((HEADER + ROW).encode("cp1252"), "list.csv")
    assert sheet.rows[0].cells[0] == "JOSÉ GARCÍA"
    assert sheet.encoding == "cp1252"


def test_utf16_unicode_text_export() -> None:
    text = (HEADER + ROW).replace(",", "\t")
    sheet = read_csv_bytes(text.encode("utf-16"), "list.txt")
    assert sheet.delimiter == "\t"
    assert sheet.rows[0].cells[1] == "12 MAIN ST"


def test_semicolons() -> None:
    data = (HEADER + ROW).replace(",", ";").encode("utf-8")
    sheet = read_csv_bytes(data, "list.csv")
    assert sheet.delimiter == ";"
    assert sheet.rows[0].cells[2] == "UPTON"


def test_semicolons_with_commas_inside_names() -> None:
    data = (b"Owner;Mailing Address;City;State;Zip\n"
            b"SMITH, JOHN;1 A ST;UPTON;MA;01568\n"
            b"DOE, JANE;2 B ST;UPTON;MA;01568\n")
    sheet = read_csv_bytes(data, "list.csv")
    assert sheet.rows[1].cells[0] == "DOE, JANE"


def test_title_rows_and_blank_rows_are_skipped_with_excel_row_numbers() -> None:
    data = ("Certified Abutters List,,,,,\r\n"
            "Parcel 12-3 - 14 Main St,,,,,\r\n"
            ",,,,,\r\n" + HEADER + ROW + ",,,,,\r\n" + ROW).encode("utf-8")
    sheet = read_csv_bytes(data, "list.csv")
    assert sheet.header_row == 4
    assert [r.number for r in sheet.rows] == [5, 7]


def test_empty_file_is_refused() -> None:
    with pytest.raises(UserError, match="empty"):
        read_csv_bytes(b"", "list.csv")


def test_header_without_rows_is_refused() -> None:
    with pytest.raises(UserError, match="no rows under the header"):
        read_csv_bytes(HEADER.encode(), "list.csv")


def test_binary_file_is_refused() -> None:
    with pytest.raises(UserError, match="not a text"):
        read_csv_bytes(b"\x00\x01\x02\x03garbage\x00", "list.csv")


def test_excel_separator_hint_line() -> None:
    data = ("sep=;\r\n" + (HEADER + ROW).replace(",", ";")).encode("utf-8")
    sheet = read_csv_bytes(data, "list.csv")
    assert sheet.delimiter == ";"
    assert sheet.header[0] == "Owner" and sheet.header_row == 2
    assert sheet.rows[0].number == 3
