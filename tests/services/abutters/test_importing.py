"""Importing an assessor's list into a filing: one transaction, all or nothing."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from concom_desk.services.abutters.column_memory import memory_path, remembered_mapping
from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.abutters.rows import PROPERTY_OWNER_SOURCE
from concom_desk.store import Database
from concom_desk.store.models import Abutter, AbutterNotice
from tests.helpers.abutter_fixtures import (
    GOOD_ROWS,
    HEADER,
    abutter_count,
    add_filing,
    notice_count,
    write_csv,
)


def owners(db: Database, filing_id: int) -> list[tuple[str, str]]:
    with db.read_session() as s:
        rows = s.scalars(select(Abutter).where(Abutter.filing_id == filing_id)
                         .order_by(Abutter.id)).all()
        return [(a.owner_name, a.parcels) for a in rows]


def test_a_clean_list_is_imported_one_notice_per_owner(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    summary = import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    assert summary.imported
    assert (summary.rows, summary.notices, summary.rejected) == (4, 4, ())
    assert owners(db, filing) == [
        ("Smith Robert", "12-33"),
        ("Greenway Land Trust Inc", "12-35, 12-36"),
        ("O'Brien John & Mary", "13-1"),
        ("Pond Realty Trust", "12-34"),   # the owner is not the applicant: the locus
    ]
    assert notice_count(db) == 4
    with db.read_session() as s:
        added = s.scalars(select(Abutter).where(Abutter.owner_name == "Pond Realty Trust")).one()
        assert added.source == PROPERTY_OWNER_SOURCE
        assert added.care_of == "R. Smith, Trustee"
        hearing_ids = set(s.scalars(select(AbutterNotice.hearing_id)).all())
        assert len(hearing_ids) == 1 and None not in hearing_ids


def test_owner_who_is_the_applicant_gets_no_extra_notice(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    summary = import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    assert summary.notices == 3
    assert abutter_count(db, filing) == 3


def test_a_bad_row_refuses_the_whole_list(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    rows = [*GOOD_ROWS, ("13-2", "2 MILL RD", "", "2 MILL RD", "UPTON", "MA", "01568"),
            ("13-3", "3 MILL RD", "DOE JANE", "3 MILL RD", "UPTON", "MA", "")]
    summary = import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", rows))
    assert not summary.imported
    assert [(r.row, r.reason) for r in summary.rejected] == [
        (6, "missing owner name"), (7, "missing ZIP code")]
    assert "nothing imported: 2 row(s) of 6 have problems (rows 6, 7)" in summary.message
    assert abutter_count(db) == 0 and notice_count(db) == 0
    assert not memory_path().exists()   # a refused import remembers nothing either


def test_skipping_bad_rows_imports_the_rest(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    rows = [*GOOD_ROWS, ("13-2", "2 MILL RD", "", "2 MILL RD", "UPTON", "MA", "01568")]
    summary = import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", rows),
                                  skip_bad_rows=True)
    assert summary.imported
    assert [r.row for r in summary.rejected] == [6]
    assert abutter_count(db, filing) == 3


def test_an_existing_list_is_kept_unless_replacing(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    first = write_csv(tmp_path / "first.csv", GOOD_ROWS)
    assert import_abutter_list(db, filing, first).imported
    second = write_csv(tmp_path / "second.csv", GOOD_ROWS[:1])
    refused = import_abutter_list(db, filing, second)
    assert not refused.imported
    assert "already has an abutter list (3 owners)" in refused.message
    assert abutter_count(db, filing) == 3
    replaced = import_abutter_list(db, filing, second, replace=True)
    assert replaced.imported and replaced.replaced == 3
    assert owners(db, filing) == [("Smith Robert", "12-33")]
    assert notice_count(db) == 1


def test_a_list_already_mailed_is_never_replaced(db: Database, tmp_path: Path) -> None:
    from datetime import date

    filing = add_filing(db, owner_is_applicant=True)
    path = write_csv(tmp_path / "list.csv", GOOD_ROWS)
    import_abutter_list(db, filing, path)
    with db.session() as s:
        s.scalars(select(AbutterNotice)).first().mailed_on = date(2026, 6, 5)  # type: ignore[union-attr]
    refused = import_abutter_list(db, filing, path, replace=True)
    assert not refused.imported
    assert "already mailed or tracked" in refused.message
    assert abutter_count(db, filing) == 3


def test_the_mapping_is_remembered_for_the_same_header(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    remembered = remembered_mapping(HEADER)
    assert remembered is not None
    assert remembered.columns == {
        "parcel": 0, "location": 1, "owner": 2, "address": 3, "city": 4, "state": 5, "zip": 6}


def test_the_import_is_in_the_audit_trail(db: Database, tmp_path: Path) -> None:
    from concom_desk.store.models import AuditEntry

    filing = add_filing(db, owner_is_applicant=True)
    import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    with db.read_session() as s:
        tables = s.scalars(select(AuditEntry.table_name).where(AuditEntry.action == "insert")
                           ).all()
    assert tables.count("abutter") == 3 and tables.count("abutter_notice") == 3
