"""`check`: is the database sound? Told in lines a clerk can read aloud.

The checks only read (the file is opened read-only): a database that fails
them is exactly the one that must not be touched before it is copied.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

from concom_desk.domain.spreadsheet_cells import column_header
from concom_desk.store.audit import AUDIT_TABLE, verify_audit_chain
from concom_desk.store.backup import integrity_problems
from concom_desk.store.db_identity import (
    APPLICATION_ID,
    is_newer_than_program,
    looks_like_sqlite,
    open_read_only,
    read_identity,
)


@dataclass
class HealthReport:
    database: Path
    sound: bool = True
    lines: list[str] = field(default_factory=list)

    def ok(self, line: str) -> None:
        self.lines.append(line)

    def problem(self, line: str) -> None:
        self.sound = False
        self.lines.append(line)


def _foreign_key_lines(conn: sqlite3.Connection) -> list[str]:
    broken: Counter[tuple[str, str]] = Counter()
    for table, _rowid, parent, _fk in conn.execute("PRAGMA foreign_key_check"):
        broken[(table, parent)] += 1
    return [
        f"{count} {column_header(table)} record{'s' if count > 1 else ''} "
        f"point{'' if count > 1 else 's'} to a {column_header(parent)} record that does not exist"
        for (table, parent), count in sorted(broken.items())
    ]


def check(db_path: Path) -> HealthReport:
    """Integrity, foreign keys and the audit chain of the database at `db_path`."""
    db_path = Path(db_path)
    report = HealthReport(db_path)
    if not db_path.is_file():
        report.problem(f"There is no database at {db_path}.")
        return report
    if not looks_like_sqlite(db_path):
        report.problem(f"{db_path} is not a database file (it is not SQLite).")
        return report
    try:
        with closing(open_read_only(db_path)) as conn:
            _check_open(conn, report)
    except sqlite3.DatabaseError as exc:
        report.problem(f"The database cannot be read: {exc}.")
    return report


def _check_open(conn: sqlite3.Connection, report: HealthReport) -> None:
    identity = read_identity(conn)
    if identity.application_id != APPLICATION_ID:
        report.problem("This SQLite file is not a ConCom Desk database.")
        return
    if is_newer_than_program(identity.revision):
        report.problem(f"Written by a newer ConCom Desk (schema {identity.revision}); "
                       "this program cannot judge it.")
        return
    report.ok(f"ConCom Desk database, schema {identity.revision or 'not stamped'}.")
    problems = integrity_problems(conn)
    if problems:
        report.problem("Integrity check FAILED: the file is damaged. Restore the latest "
                       "backup (`concom-desk restore`).")
        report.lines.extend(f"  {p}" for p in problems)
    else:
        report.ok("Integrity check: ok, every page of the file is readable and consistent.")
        fk_lines = _foreign_key_lines(conn)
        if fk_lines:
            report.problem("Links between records: BROKEN.")
            report.lines.extend(f"  {line}" for line in fk_lines)
        else:
            report.ok("Links between records: ok, every link points to an existing record.")
        _check_audit_chain(conn, report)


def _check_audit_chain(conn: sqlite3.Connection, report: HealthReport) -> None:
    has_audit = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (AUDIT_TABLE,)
    ).fetchone()
    if not has_audit:
        report.problem("Audit trail: MISSING (this database has no history of changes).")
        return
    # verify_audit_chain speaks SQLAlchemy; lend it the read-only connection.
    engine = create_engine("sqlite://", creator=lambda: conn, poolclass=StaticPool)
    with engine.connect() as connection:
        chain = verify_audit_chain(connection)
    if chain.ok:
        report.ok(f"Audit trail: ok, {chain.entries:,} entries, each sealed to the one "
                  "before it.")
    else:
        report.problem(f"Audit trail: BROKEN at entry {chain.first_broken_id}: "
                       f"{chain.problem}. The record was changed outside ConCom Desk.")
