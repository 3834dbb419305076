"""`check`: a sound database says so; each kind of damage is named, and the file is
left exactly as it was."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concom_desk.store.health import check
from tests.store.conftest import big_record, corrupt_page


def test_a_sound_database(record_db: Path) -> None:
    report = check(record_db)
    assert report.sound
    assert report.lines == [
        "ConCom Desk database, schema 0001_first.",
        "Integrity check: ok, every page of the file is readable and consistent.",
        "Links between records: ok, every link points to an existing record.",
    ]


def test_broken_links_are_counted_per_table(record_db: Path) -> None:
    with closing(sqlite3.connect(record_db)) as conn:  # foreign keys off by default here
        conn.execute("INSERT INTO abutter_notices (filing_id, owner_name) VALUES (77, 'A')")
        conn.execute("INSERT INTO abutter_notices (filing_id, owner_name) VALUES (78, 'B')")
        conn.execute("UPDATE filings SET applicant_id = 50 WHERE id = 2")
        conn.commit()
    report = check(record_db)
    assert not report.sound
    assert "Links between records: BROKEN." in report.lines
    assert "  2 records in Abutter notices point to Filings that do not exist" in report.lines
    assert "  1 record in Filings points to Parties that do not exist" in report.lines


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
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")
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
    db = tmp_path / "photos.sqlite"
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("CREATE TABLE photo (id INTEGER PRIMARY KEY)")
    report = check(db)
    assert not report.sound
    assert report.lines == ["This SQLite file is not a ConCom Desk database."]


def test_no_file(tmp_path: Path) -> None:
    report = check(tmp_path / "none.sqlite")
    assert not report.sound
    assert not (tmp_path / "none.sqlite").exists()
