"""Nothing the program does in its own process drops SQLite's locks on the open
database. POSIX locks belong to the process: one close() of any descriptor of the file
releases them all (sqlite.org, "How To Corrupt An SQLite Database File", 2.2). The
opening backup and the window's export look at the file's header; had they read it
with open(), a program beside the window (a backup or an export from the command line)
would find the file unused when it closed, fold the WAL in and delete it, and the
window's later saves would go to a deleted file that no other program can see."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

from sqlalchemy import select

from concom_desk.store import open_database
from concom_desk.store.db_identity import require_concom_database
from concom_desk.store.file_identity import held_open, read_application_id
from concom_desk.store.models import Filing

# A program beside the window: it reads the filings through SQLite, prints them, closes.
_BESIDE = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
           "print(','.join(r[0] for r in c.execute('SELECT file_no FROM filing "
           "ORDER BY file_no'))); c.close()")


def _beside(path: Path) -> str:
    done = subprocess.run([sys.executable, "-c", _BESIDE, str(path)], check=True,
                          capture_output=True, text=True, timeout=60)
    return done.stdout.strip()


def _filing(file_no: str) -> Filing:
    return Filing(kind="noi", file_no=file_no, town="upton", received=date(2027, 1, 4))


def test_a_save_after_the_header_was_looked_at_is_seen_by_a_program_beside_it(
        tmp_path: Path) -> None:
    path = tmp_path / "commission.sqlite"
    db = open_database(path, initials="JB")
    try:
        with db.session() as session:
            session.add(_filing("2027-001"))
        assert held_open(path)
        require_concom_database(path)  # what the opening backup and the export do first
        assert read_application_id(path) is not None
        assert _beside(path) == "2027-001"
        with db.session() as session:
            session.add(_filing("2027-002"))
        assert _beside(path) == "2027-001,2027-002"  # the window's save, seen beside it
    finally:
        db.close()
    assert not held_open(path)
    again = open_database(path, initials="JB")
    try:
        with again.read_session() as session:
            kept = session.scalars(select(Filing.file_no).order_by(Filing.file_no)).all()
    finally:
        again.close()
    assert kept == ["2027-001", "2027-002"]
