"""`check`: a sound database says so; each kind of damage is named, and the file is
left exactly as it was."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concom_desk.store.audit import Actor, register_audit_functions
from concom_desk.store.health import check
from concom_desk.store.schema import head_revision
from tests.store.conftest import big_record, corrupt_page, make_foreign_db, make_future_record


def test_a_sound_database(record_db: Path) -> None:
    report = check(record_db)
    assert report.sound
    # make_record inserts 3 parties, 2 properties, 2 filings, 3 abutters, 2 notices and
    # 1 document: 13 rows, one audit entry each.
    assert report.lines == [
        f"ConCom Desk database, schema {head_revision()}.",
        "Integrity check: ok, every page of the file is readable and consistent.",
        "Links between records: ok, every link points to an existing record.",
        "Audit trail: ok, 13 entries, each sealed to the one before it.",
        "Trail replay: ok, every record holds what its last audit entry says.",
    ]


def tamper(db: Path, *statements: str) -> None:
    """Changes made behind the program's back (foreign keys off, as in the sqlite3 shell)."""
    with closing(sqlite3.connect(db)) as conn:
        register_audit_functions(conn, Actor("someone", ""))
        for statement in statements:
            conn.execute(statement)
        conn.commit()


def test_broken_links_are_counted_per_table(record_db: Path) -> None:
    tamper(record_db, "UPDATE abutter SET filing_id = 77 WHERE id IN (1, 2)",
           "UPDATE filing SET applicant_id = 50 WHERE id = 2")
    report = check(record_db)
    assert not report.sound
    assert "Links between records: BROKEN." in report.lines
    assert "  2 Abutter records point to a Filing record that does not exist" in report.lines
    assert "  1 Filing record points to a Party record that does not exist" in report.lines


def test_an_edited_audit_entry_breaks_the_chain(record_db: Path) -> None:
    tamper(record_db, "DROP TRIGGER guard_audit_entry_update",
           "UPDATE audit_entry SET initials = 'XX' WHERE id = 5")
    report = check(record_db)
    assert not report.sound
    assert (
        "Audit trail: BROKEN at entry 5: its contents were changed after it was written. "
        "The record was changed outside ConCom Desk.") in report.lines


def test_a_deleted_audit_entry_breaks_the_chain(record_db: Path) -> None:
    tamper(record_db, "DROP TRIGGER guard_audit_entry_delete",
           "DELETE FROM audit_entry WHERE id = 7")
    report = check(record_db)
    assert not report.sound
    assert any(line.startswith("Audit trail: BROKEN at entry 8: it does not follow")
               for line in report.lines)


def test_a_dropped_audit_trigger_is_named(record_db: Path) -> None:
    tamper(record_db, "DROP TRIGGER audit_filing_update")
    report = check(record_db)
    assert not report.sound
    assert ("Audit guards: 1 WRONG; changes could be made without a trace. ConCom Desk "
            "will not write to this database until a good backup is restored or the guards "
            "are repaired (Tools → Repair audit guards…, recorded in the trail)."
            ) in report.lines
    assert "  trigger audit_filing_update is missing" in report.lines


def test_a_damaged_page(tmp_path: Path) -> None:
    db = big_record(tmp_path / "concom-desk.sqlite")
    corrupt_page(db)
    before = db.read_bytes()
    report = check(db)
    assert not report.sound
    assert any(line.startswith("Integrity check FAILED") for line in report.lines)
    assert any("missing from index" in line or "tree page" in line for line in report.lines)
    assert db.read_bytes() == before


def test_a_truncated_file(tmp_path: Path) -> None:
    db = big_record(tmp_path / "concom-desk.sqlite")
    db.write_bytes(db.read_bytes()[:20000])
    report = check(db)
    assert not report.sound
    assert any("FAILED" in line or "cannot be read" in line for line in report.lines)


def test_not_a_database(tmp_path: Path) -> None:
    letter = tmp_path / "letter.sqlite"
    letter.write_bytes(b"Dear Commissioners")
    report = check(letter)
    assert not report.sound
    assert report.lines == [f"{letter} is not a database file (it is not SQLite)."]
    assert letter.read_bytes() == b"Dear Commissioners"


def test_another_programs_database(tmp_path: Path) -> None:
    report = check(make_foreign_db(tmp_path / "photos.sqlite"))
    assert not report.sound
    assert report.lines == ["This SQLite file is not a ConCom Desk database."]


def test_a_database_from_a_newer_program(tmp_path: Path) -> None:
    report = check(make_future_record(tmp_path / "concom-desk.sqlite"))
    assert not report.sound
    assert report.lines == [
        "Written by a newer ConCom Desk (schema 9999); this program cannot judge it."]


def test_no_file(tmp_path: Path) -> None:
    report = check(tmp_path / "none.sqlite")
    assert not report.sound
    assert not (tmp_path / "none.sqlite").exists()
