"""The messy lists clerks really get, end to end through the import: each one either
imports right or is refused with a clear message and nothing stored."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from sqlalchemy import select

from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.store import Database
from concom_desk.store.models import Abutter
from tests.helpers.abutter_fixtures import (
    GOOD_ROWS,
    HEADER,
    abutter_count,
    add_filing,
    csv_bytes,
    notice_count,
    write_csv,
    write_xlsx,
)


def stored(db: Database) -> list[tuple[str, str, str]]:
    with db.read_session() as s:
        return [(a.owner_name, a.address_line1, a.zip)
                for a in s.scalars(select(Abutter).order_by(Abutter.id))]


def refused_cleanly(db: Database, summary: object, *reasons: tuple[int, str]) -> None:
    assert not summary.imported  # type: ignore[attr-defined]
    assert [(r.row, r.reason) for r in summary.rejected] == list(reasons)  # type: ignore[attr-defined]
    assert abutter_count(db) == 0 and notice_count(db) == 0


def test_windows_1252_names(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    rows = [("1-1", "1 A ST", "GARCÍA JOSÉ", "1 A ST", "UPTON", "MA", "01568"),
            ("1-2", "2 A ST", "NUÑEZ ANA", "2 A ST", "UPTON", "MA", "01568")]
    path = tmp_path / "list.csv"
    path.write_bytes(csv_bytes(rows, encoding="cp1252"))
    assert import_abutter_list(db, filing, path).imported
    assert [name for name, _, _ in stored(db)] == ["García José", "Nuñez Ana"]


def test_utf8_names_already_garbled_by_windows_are_repaired(db: Database,
                                                           tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    rows = [("1-1", "1 A ST", "GARCÃ\u008dA JOSÃ‰", "1 A ST", "UPTON", "MA", "01568"),
            ("1-2", "2 A ST", "MÃœLLER ANNA", "2 A ST", "UPTON", "MA", "01568")]
    path = tmp_path / "list.csv"
    path.write_bytes(csv_bytes(rows))
    assert import_abutter_list(db, filing, path).imported
    assert [name for name, _, _ in stored(db)] == ["García José", "Müller Anna"]


def test_bom_and_semicolons(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    path = tmp_path / "list.csv"
    path.write_bytes(b"\xef\xbb\xbf" + csv_bytes(GOOD_ROWS, delimiter=";"))
    summary = import_abutter_list(db, filing, path)
    assert summary.imported and summary.notices == 3


def test_title_rows_and_blank_rows_in_a_workbook(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    path = write_xlsx(tmp_path / "list.xlsx", GOOD_ROWS,
                      title_rows=["Certified Abutters List", "Locus: 12 Pond Street"],
                      blank_rows_after=[0, 2])
    summary = import_abutter_list(db, filing, path)
    assert summary.imported and (summary.rows, summary.notices) == (4, 3)


def test_owners_differing_only_in_case_and_spacing_get_one_notice(db: Database,
                                                                  tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    rows = [("1-1", "1 A ST", "SMITH  JOHN", "12 MAIN ST", "UPTON", "MA", "01568"),
            ("1-2", "2 A ST", "Smith John", "12 Main St.", "Upton", "MA", "01568-1234"),
            ("1-3", "3 A ST", "smith, john", "12  MAIN  ST", "UPTON", "ma", "1568")]
    summary = import_abutter_list(db, filing, write_csv(tmp_path / "l.csv", rows))
    assert summary.notices == 1
    with db.read_session() as s:
        only = s.scalars(select(Abutter)).one()
        assert only.parcels == "1-1, 1-2, 1-3"
        assert only.zip == "01568-1234"


def test_missing_owner_and_zip_refuse_the_list(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    rows = [*GOOD_ROWS, ("2-1", "5 B ST", "", "5 B ST", "UPTON", "MA", "01568"),
            ("2-2", "6 B ST", "KING ROBERT", "6 B ST", "UPTON", "MA", "")]
    summary = import_abutter_list(db, filing, write_csv(tmp_path / "l.csv", rows))
    refused_cleanly(db, summary, (6, "missing owner name"), (7, "missing ZIP code"))


def test_numeric_zips_from_excel(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    rows = [("1-1", "1 A ST", "DOE JANE", "1 A ST", "WESTBOROUGH", "MA", 1581),
            ("1-2", "2 A ST", "ROE RICHARD", "2 A ST", "BOSTON", "MA", 21081234)]
    assert import_abutter_list(db, filing, write_xlsx(tmp_path / "l.xlsx", rows)).imported
    assert [z for _, _, z in stored(db)] == ["01581", "02108-1234"]


def test_date_cells_are_refused(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    rows = [*GOOD_ROWS, ("2-1", "1-2 B ST", "KING ROBERT", datetime(2026, 1, 2), "UPTON", "MA",
                         "01568"),
            ("2-2", "7 B ST", 45292, "7 B ST", "UPTON", "MA", "01568")]
    summary = import_abutter_list(db, filing, write_xlsx(tmp_path / "l.xlsx", rows))
    refused_cleanly(
        db, summary,
        (6, "mailing address is a date (2026-01-02): the column was formatted as a date in "
            "Excel"),
        (7, "owner name is a number (45292): perhaps an Excel date serial"))


def test_formulas_and_broken_references_are_refused(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    rows = [*GOOD_ROWS, ("2-1", "5 B ST", '=PROPER("king robert")', "5 B ST", "UPTON", "MA",
                         "01568"),
            ("2-2", "6 B ST", "LEE ANN", "#REF!", "UPTON", "MA", "01568")]
    summary = import_abutter_list(db, filing, write_xlsx(tmp_path / "l.xlsx", rows))
    refused_cleanly(
        db, summary,
        (6, "owner name is a formula that Excel never computed (=PROPER(\"king robert\"))"),
        (7, "mailing address holds the spreadsheet error #REF!"))


def test_formula_text_in_a_csv_is_refused(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    rows = [("2-1", "5 B ST", "=A2&B2", "5 B ST", "UPTON", "MA", "01568")]
    summary = import_abutter_list(db, filing, write_csv(tmp_path / "l.csv", rows))
    refused_cleanly(db, summary, (2, "owner name is a formula (=A2&B2), not a value"))


def test_a_list_without_the_needed_columns_says_which(db: Database, tmp_path: Path) -> None:
    import pytest

    from concom_desk.errors import UserError

    filing = add_filing(db)
    path = tmp_path / "l.csv"
    path.write_bytes(csv_bytes([("a", "b")], header=("Name", "Street")))
    with pytest.raises(UserError, match="no column chosen for City / town; no column chosen "
                                        "for ZIP code"):
        import_abutter_list(db, filing, path)
    assert abutter_count(db) == 0


def test_ten_thousand_rows(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    rows = [(f"{i // 100}-{i % 100}", f"{i} POND ST", f"OWNER NUMBER {i}", f"{i} ELM ST",
             "UPTON", "MA", "01568") for i in range(10_000)]
    rows[9_000] = ("90-0", "9000 POND ST", "", "9000 ELM ST", "UPTON", "MA", "01568")
    path = write_csv(tmp_path / "big.csv", rows)
    summary = import_abutter_list(db, filing, path)
    refused_cleanly(db, summary, (9_002, "missing owner name"))
    summary = import_abutter_list(db, filing, path, skip_bad_rows=True)
    assert summary.imported and (summary.rows, summary.notices) == (10_000, 9_999)
    assert abutter_count(db) == 9_999 and notice_count(db) == 9_999
    assert HEADER[2] == "Owner"


def test_out_of_state_and_foreign_owners_are_flagged_and_kept(db: Database,
                                                              tmp_path: Path) -> None:
    from concom_desk.services.abutters.mailing import load_mailing

    filing = add_filing(db, owner_is_applicant=True)
    header = (*HEADER, "Country")
    rows = [("1-1", "1 A ST", "DOE JOHN", "5 PINE RD", "NASHUA", "NH", "03060", ""),
            ("1-2", "2 A ST", "LEBLANC MARIE", "12 RUE DU PORT", "QUEBEC", "QC", "G1K 4E1",
             "CANADA"),
            ("1-3", "3 A ST", "ROY PAUL", "4 RUE ST JEAN", "MONTREAL", "QC", "H2X 1Y4", "")]
    path = tmp_path / "l.csv"
    path.write_bytes(csv_bytes(rows, header=header))
    summary = import_abutter_list(db, filing, path)
    assert summary.imported
    assert summary.flags == (
        "Doe John: out-of-state address (NH)",
        "Leblanc Marie: foreign address (Canada): certified mail cannot reach it (USPS "
        "certified mail is for US addresses only); the mailing sends it by first-class mail "
        "or hand delivery instead",
        # No country column: a Quebec address is in Canada all the same.
        "Roy Paul: foreign address (Canada): certified mail cannot reach it (USPS "
        "certified mail is for US addresses only); the mailing sends it by first-class mail "
        "or hand delivery instead",
    )
    pieces = load_mailing(db, filing).pieces
    assert [(p.address_lines, p.foreign) for p in pieces] == [
        (("5 Pine Rd", "Nashua, NH 03060"), False),
        (("12 Rue Du Port", "Quebec QC G1K 4E1", "CANADA"), True),
        (("4 Rue St Jean", "Montreal QC H2X 1Y4", "CANADA"), True),
    ]
