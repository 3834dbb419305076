"""Store test fixtures: a fresh database per test (opened and closed properly), a
small commission record on a temporary SQLite file, and ways to compare records."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from concom_desk.paths import documents_dir
from concom_desk.store import Database, open_database
from concom_desk.store.db_identity import APPLICATION_ID


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "commission.sqlite"


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(db_path, initials="JB")
    yield database
    database.close()


SCHEMA = """
CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY);
CREATE TABLE parties (id INTEGER PRIMARY KEY, name TEXT NOT NULL, mailing_address TEXT);
CREATE TABLE properties (id INTEGER PRIMARY KEY, street_address TEXT NOT NULL,
    map TEXT, lot TEXT);
CREATE TABLE filings (id INTEGER PRIMARY KEY, file_no TEXT NOT NULL, dep_file_no TEXT,
    kind TEXT NOT NULL, applicant_id INTEGER REFERENCES parties(id),
    property_id INTEGER REFERENCES properties(id), received DATE,
    entered_at DATETIME, fee_waived BOOLEAN, work_description TEXT);
CREATE TABLE abutter_notices (id INTEGER PRIMARY KEY,
    filing_id INTEGER NOT NULL REFERENCES filings(id), owner_name TEXT, mailed DATE);
"""


def make_record(path: Path, revision: str = "0001_first") -> Path:
    """A ConCom Desk-shaped database with a few linked records, in WAL mode."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
        conn.executescript(SCHEMA)
        conn.execute("INSERT INTO alembic_version VALUES (?)", (revision,))
        conn.executemany("INSERT INTO parties VALUES (?, ?, ?)", [
            (1, "Ruth Åkesson", "12 Mill St, Upton MA 01568"),
            (2, "=HYPERLINK(\"http://evil\",\"x\")", "1 Elm St"),
            (3, "Nantucket Land Bank", None),
        ])
        conn.executemany("INSERT INTO properties VALUES (?, ?, ?, ?)", [
            (1, "12 Mill St", "4", "112"), (2, "1 Elm St", "7", "9-A"),
        ])
        conn.executemany("INSERT INTO filings VALUES (?,?,?,?,?,?,?,?,?,?)", [
            (1, "2026-014", "SE 082-1234", "noi", 1, 1, "2026-03-02",
             "2026-03-02 14:05:09.123456", 0, "Septic repair in buffer zone"),
            (2, "2026-015", None, "rda", 2, 2, "2026-04-01",
             "2026-04-01 09:00:00", 1, "-remove 3 trees"),
        ])
        conn.executemany("INSERT INTO abutter_notices VALUES (?, ?, ?, ?)", [
            (1, 1, "Paul Revere", "2026-03-05"), (2, 1, "+Jane Doe", "2026-03-05"),
            (3, 2, "Sam Adams", None),
        ])
        conn.commit()
    return path


def corrupt_page(db: Path, pages_from_end: int = 3) -> None:
    """Zero part of a b-tree page: the file still opens, integrity_check fails."""
    size = db.stat().st_size
    with db.open("r+b") as handle:
        handle.seek(4096 * (size // 4096 - pages_from_end) + 100)
        handle.write(b"\x00" * 200)


def big_record(path: Path) -> Path:
    make_record(path)
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE INDEX ix_owner ON abutter_notices(owner_name)")
        conn.executemany("INSERT INTO abutter_notices (filing_id, owner_name) VALUES (1, ?)",
                         [(f"Owner number {i:06d} " * 4,) for i in range(3000)])
        conn.commit()
    return path


def all_rows(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table, ordered, for comparing two databases."""
    with closing(sqlite3.connect(path)) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")]
        return {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY rowid').fetchall()
                for t in tables}


def file_state(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes: what 'left untouched' means."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def record_db(tmp_path: Path) -> Path:
    """A small record with two generated documents beside it."""
    (tmp_path / "office").mkdir()
    db = make_record(tmp_path / "office" / "concom-desk.sqlite")
    docs = documents_dir(db)
    (docs / "2026-014").mkdir(parents=True)
    (docs / "2026-014" / "permit.docx").write_bytes(b"PK\x03\x04 permit for 12 Mill St")
    (docs / "2026-014" / "abutter letters.docx").write_bytes(b"PK\x03\x04 letters")
    return db
