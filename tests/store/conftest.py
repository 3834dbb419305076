"""Store test fixtures: a fresh database per test (opened and closed properly), a
small commission record on a temporary SQLite file, and ways to compare records.

Which tests run on both engines. Those about the records themselves — the models
written and read back, sessions and their roll-back, the audit entries and their chain,
voiding instead of deleting (test_models.py, the first part of test_audit.py) — take
`any_db` (tests/helpers/engines.py) and run on the SQLite file and on a PostgreSQL
server. The rest stay on SQLite, because they are about the file, which a server does
not have:
- the WAL journal, the lock file, the file's identity (application_id), the anchor
  beside it and a crash mid-write (test_opening_checks, test_lock, test_location,
  test_crash, test_disk_platforms, test_health's anchors);
- tampering with the sqlite3 shell and repairing the guards (test_tamper,
  test_restore_tamper, the second part of test_audit): a server's trail is its
  PL/pgSQL triggers, checked by tests/store/server/;
- backup of the file and restore of its zip (test_backup, test_restore): a server's are
  pg_dump and pg_restore, tested with them;
- the migrations (test_migrations, test_enforcement_migration): they rebuild SQLite
  tables; a server is made at the head revision (store.server.schema);
- the records export, read from the file through sqlite3 (test_public_records_export); a
  server's export is tests/cli/test_server_db_option.py.
"""

from __future__ import annotations

import atexit
import hashlib
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing
from datetime import date, datetime
from pathlib import Path

import pytest
from sqlalchemy import insert, text

from concom_desk.paths import documents_dir
from concom_desk.store import Database, open_database
from concom_desk.store.models import (
    Abutter,
    AbutterNotice,
    Filing,
    GeneratedDocument,
    Party,
    Property,
)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "commission.sqlite"


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(db_path, initials="JB")
    yield database
    database.close()


PERMIT = b"PK\x03\x04 permit for 12 Mill St"


_TEMPLATE: list[Path] = []


def make_record(path: Path) -> Path:
    """A small commission record written through the store (so with its audit trail).
    Built once per test run, then copied: the template is closed, so a file copy of it
    is exact (the program itself never copies a database this way)."""
    if not _TEMPLATE:
        folder = tempfile.mkdtemp(prefix="concom-record-")
        atexit.register(shutil.rmtree, folder, True)
        template = Path(folder) / "record.sqlite"
        _build_record(template)
        _TEMPLATE.append(template)
    shutil.copyfile(_TEMPLATE[0], path)
    return path


def _build_record(path: Path) -> Path:
    with open_database(path, initials="TS") as database, database.session() as s:
        ruth = Party(name="Ruth Åkesson", address_line1="12 Mill St", city="Upton",
                     zip="01568")
        evil = Party(name='=HYPERLINK("http://evil","x")', address_line1="1 Elm St")
        bank = Party(name="Nantucket Land Bank", kind="public_body")
        mill = Property(address="12 Mill St", map="4", lot="112")
        elm = Property(address="1 Elm St", map="7", lot="9-A")
        noi = Filing(file_no="2026-014", dep_file_no="SE 082-1234", kind="noi", town="upton",
                     applicant=ruth, owner=bank, property=mill, received=date(2026, 3, 2),
                     fee_cents=12500, work_description="Septic repair in buffer zone")
        rda = Filing(file_no="2026-015", kind="rda", town="upton", applicant=evil,
                     property=elm, received=date(2026, 4, 1), fee_waived=True,
                     work_description="-remove 3 trees")
        s.add_all([noi, rda])
        s.flush()
        revere = Abutter(filing_id=noi.id, owner_name="Paul Revere", parcels="4-113")
        doe = Abutter(filing_id=noi.id, owner_name="+Jane Doe", parcels="4-111")
        adams = Abutter(filing_id=rda.id, owner_name="Sam Adams")
        s.add_all([revere, doe, adams])
        s.flush()
        s.add_all([AbutterNotice(abutter_id=a.id, mailed_on=date(2026, 3, 5),
                                 certified_article_no=f"9407 1000 0000 00{a.id}")
                   for a in (revere, doe)])
        s.add(GeneratedDocument(filing_id=noi.id, title="Order of Conditions",
                                template="permit.docx", path="2026-014/permit.docx",
                                created_at=datetime(2026, 5, 1, 14, 5, 9, 123456),
                                created_by="TS", sha256=hashlib.sha256(PERMIT).hexdigest()))
    return path


def write_sql(path: Path, *statements: str) -> None:
    """Changes through the program's own connection (the audit trail records them)."""
    with open_database(path, initials="TS") as database, database.session() as s:
        for statement in statements:
            s.execute(text(statement))


def make_future_record(path: Path) -> Path:
    """A record stamped with a schema revision no migration of this program knows."""
    make_record(path)
    with closing(sqlite3.connect(path)) as conn:  # alembic_version is not audited
        conn.execute("DELETE FROM alembic_version")  # one row per head; a newer file has one
        conn.execute("INSERT INTO alembic_version (version_num) VALUES ('9999')")
        conn.commit()
        conn.execute("PRAGMA journal_mode=DELETE")
    return path


def make_foreign_db(path: Path, application_id: int = 0, revision: str | None = None) -> Path:
    """An SQLite file of another program, or of a newer ConCom Desk (given a revision)."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA application_id={application_id}")
        conn.execute("CREATE TABLE photo (id INTEGER PRIMARY KEY, caption TEXT)")
        if revision:
            conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
            conn.execute("INSERT INTO alembic_version VALUES (?)", (revision,))
        conn.commit()
    return path


def corrupt_page(db: Path, pages_from_end: int = 3) -> None:
    """Zero the cell pointers of a table's b-tree page (the `pages_from_end`-th leaf
    from the end: a free page or an overflow page would hide the damage from every
    check): the file still opens, integrity_check fails."""
    data = db.read_bytes()
    leaves = [n for n in range(1, len(data) // 4096) if data[4096 * n] == 0x0D]
    page = 4096 * leaves[-pages_from_end]
    cells = int.from_bytes(data[page + 3:page + 5], "big")
    with db.open("r+b") as handle:
        handle.seek(page + 8)  # the pointer array follows the leaf's 8-byte header
        handle.write(b"\x00" * (2 * cells))


def big_record(path: Path) -> Path:
    """A record big enough to span many pages, in rollback-journal mode so that a
    damaged page is seen by the next reader (not masked by a WAL)."""
    make_record(path)
    with open_database(path, initials="TS") as database, database.session() as s:
        s.execute(insert(Abutter), [
            {"filing_id": 1, "owner_name": f"Owner number {i:06d} " * 4} for i in range(3000)])
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")
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
    (docs / "2026-014" / "permit.docx").write_bytes(PERMIT)
    (docs / "2026-014" / "abutter letters.docx").write_bytes(b"PK\x03\x04 letters")
    return db
