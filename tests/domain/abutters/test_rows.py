"""Each row accepted whole or rejected with its Excel row number and every reason."""

from datetime import datetime

import pytest

from concom_desk.domain.abutters.columns import guess_mapping
from concom_desk.domain.abutters.rows import AbutterRecord, RejectedRow, check_row, check_rows
from concom_desk.domain.abutters.sheet import AssessorSheet, Formula, SheetRow

HEADER = ("Owner", "C/O", "Mailing Address", "City", "State", "Zip", "Country", "Parcel",
          "Location")
MAPPING = guess_mapping(HEADER)


def row(*cells: object, number: int = 7) -> SheetRow:
    return SheetRow(number, tuple(cells))  # type: ignore[arg-type]


GOOD = ("SMITH JOHN", "", "12 MAIN ST", "UPTON", "MA", "01568", "", "12-3", "14 ELM ST")


def good() -> SheetRow:
    return row(*GOOD)


def test_a_good_row() -> None:
    record = check_row(good(), MAPPING)
    assert isinstance(record, AbutterRecord)
    assert record.owner_name == "Smith John"
    assert record.address_lines == ("12 Main St", "Upton, MA 01568")
    assert record.parcel_label == "12-3"
    assert not record.out_of_state and not record.foreign


@pytest.mark.parametrize(("changes", "reason"), [
    ({"Owner": ""}, "missing owner name"),
    ({"Owner": "   "}, "missing owner name"),
    ({"Zip": ""}, "missing ZIP code"),
    ({"Zip": "1234567890"}, "ZIP '1234567890' is not 5 or 9 digits"),
    ({"Mailing Address": ""}, "missing mailing address"),
    ({"City": ""}, "missing city"),
    ({"State": ""}, "missing state"),
    ({"Owner": "=CONCATENATE(A2,B2)"}, "owner name is a formula (=CONCATENATE(A2,B2))"),
    ({"Owner": Formula("=A2&B2")}, "owner name is a formula that Excel never computed"),
    ({"Mailing Address": "#REF!"}, "mailing address holds the spreadsheet error #REF!"),
    ({"City": "#N/A"}, "city holds the spreadsheet error #N/A"),
    ({"Mailing Address": datetime(2024, 1, 2)}, "mailing address is a date (2024-01-02)"),
    ({"Mailing Address": "2-Jan"}, "mailing address is a date (2-Jan)"),
    ({"Zip": datetime(2023, 11, 5)}, "ZIP code is a date (2023-11-05)"),
    ({"Owner": "45292"}, "owner name is a number (45292): perhaps an Excel date serial"),
    ({"Zip": 45292}, "ZIP 45292 is not a Massachusetts ZIP"),
])
def test_rejected_rows_say_why(changes: dict[str, object], reason: str) -> None:
    cells = dict(zip(HEADER, GOOD, strict=True)) | changes
    result = check_row(row(*(cells[h] for h in HEADER), number=9), MAPPING)
    assert isinstance(result, RejectedRow)
    assert result.row == 9
    assert reason in result.reason


def test_every_reason_is_listed() -> None:
    result = check_row(row("", "", "", "UPTON", "MA", "", "", "", ""), MAPPING)
    assert isinstance(result, RejectedRow)
    assert result.reason == "missing owner name; missing mailing address; missing ZIP code"


def test_numeric_zip_gets_its_zero_back() -> None:
    cells = ("DOE JANE", "", "1 OAK ST", "WESTBOROUGH", "MA", 1581, "", "", "")
    record = check_row(row(*cells), MAPPING)
    assert isinstance(record, AbutterRecord)
    assert record.zip_code == "01581"
    plus4 = check_row(row(*cells[:5], 15811234, "", "", ""), MAPPING)
    assert isinstance(plus4, AbutterRecord)
    assert plus4.zip_code == "01581-1234"


def test_care_of_in_the_address_column_becomes_the_care_of_line() -> None:
    header = ("Owner", "Address 1", "Address 2", "City", "State", "Zip")
    mapping = guess_mapping(header)
    record = check_row(row("ACME LLC", "C/O JANE DOE", "PO BOX 12", "BOSTON", "MA", "02101"),
                       mapping)
    assert isinstance(record, AbutterRecord)
    assert record.care_of == "Jane Doe"
    assert record.street_lines == ("PO Box 12",)


def test_care_of_column_keeps_the_line() -> None:
    record = check_row(row("ACME LLC", "C/O TAX DEPT", "1 MAIN ST", "BOSTON", "MA", "02101", "",
                           "", ""), MAPPING)
    assert isinstance(record, AbutterRecord)
    assert record.care_of == "Tax Dept"


def test_out_of_state_and_foreign_are_flagged() -> None:
    away = check_row(row("DOE JOHN", "", "5 PINE RD", "NASHUA", "NH", "03060", "", "", ""),
                     MAPPING)
    assert isinstance(away, AbutterRecord)
    assert away.out_of_state and not away.foreign
    abroad = check_row(row("LEBLANC MARIE", "", "12 RUE DU PORT", "QUEBEC", "QC", "G1K 4E1",
                           "CANADA", "", ""), MAPPING)
    assert isinstance(abroad, AbutterRecord)
    assert abroad.foreign
    assert abroad.address_lines == ("12 Rue Du Port", "Quebec QC G1K 4E1", "CANADA")


def test_province_without_a_country_column_is_foreign() -> None:
    # A Canadian province names its country: the envelope's last line is CANADA.
    mapping = guess_mapping(("Owner", "Address", "City", "State", "Zip"))
    record = check_row(row("LEBLANC MARIE", "12 RUE DU PORT", "QUEBEC", "QC", "G1K 4E1"), mapping)
    assert isinstance(record, AbutterRecord)
    assert record.foreign and record.country == "Canada"
    assert record.address_lines == ("12 Rue Du Port", "Quebec QC G1K 4E1", "CANADA")


def test_foreign_province_not_canadian_stays_without_a_country() -> None:
    mapping = guess_mapping(("Owner", "Address", "City", "State", "Zip"))
    record = check_row(row("BAUER KARL", "HAUPTSTRASSE 5", "BERLIN", "BE", "10115X"), mapping)
    assert isinstance(record, AbutterRecord)
    assert record.foreign and record.country == ""
    assert record.address_lines == ("Hauptstrasse 5", "Berlin, BE 10115X")


def test_check_rows_counts_everything() -> None:
    sheet = AssessorSheet("x.csv", HEADER, 1, (good(), row("", "", "", "", "", "", "", "", "",
                                                             number=3)))
    reading = check_rows(sheet, MAPPING)
    assert reading.row_count == 2
    assert len(reading.records) == 1
    assert reading.rejected[0].row == 3
