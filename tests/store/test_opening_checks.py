"""The guards docs/store.md promises, at opening: a stray -wal is set aside, not merged;
the program's own -wal after a crash is; a malformed database opens read-only; a
read-only folder is told as read-only, not as damage; the actor comes from the OS."""

from __future__ import annotations

import shutil
import sqlite3
import sys
import types
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import func, select

from concom_desk.errors import OperationFailed
from concom_desk.store import health, open_database, opening_checks
from concom_desk.store.audit import Actor, register_audit_functions
from concom_desk.store.models import Abutter, Party
from concom_desk.store.opening_checks import DAMAGED, READ_ONLY_FOLDER
from concom_desk.store.os_account import os_account
from tests.store.conftest import big_record, corrupt_page


def parties(db_path: Path) -> list[str]:
    with open_database(db_path) as db, db.read_session() as s:
        return list(s.scalars(select(Party.name).order_by(Party.id)))


def test_a_wal_from_another_copy_is_set_aside_not_merged(record_db: Path,
                                                         tmp_path: Path) -> None:
    open_database(record_db).close()  # anchored; a clean close leaves no -wal
    other = tmp_path / "usb" / "concom-desk.sqlite"
    other.parent.mkdir()
    shutil.copy(record_db, other)
    with closing(sqlite3.connect(other)) as conn:
        register_audit_functions(conn, Actor("elsewhere", "ZZ"))
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        conn.execute("INSERT INTO party (name, kind) VALUES ('Only on the stick', 'person')")
        conn.commit()
        shutil.copy(str(other) + "-wal", str(record_db) + "-wal")  # left beside the laptop's
    with open_database(record_db) as db:
        assert len(db.state.notices) == 1
        notice = db.state.notices[0]
        with db.read_session() as s:
            names = list(s.scalars(select(Party.name)))
    assert notice.startswith("concom-desk.sqlite-wal beside the database is not its own "
                             "journal (it comes from another copy of the file); it was not "
                             "merged and is kept as concom-desk.sqlite-wal.not-merged-")
    assert "Only on the stick" not in names
    assert len(list(record_db.parent.glob("concom-desk.sqlite-wal.not-merged-*"))) == 1


def test_the_database_s_own_wal_after_a_crash_is_merged(record_db: Path,
                                                        tmp_path: Path) -> None:
    crashed = tmp_path / "after-the-crash"
    crashed.mkdir()
    db = open_database(record_db, initials="JB")
    try:
        with db.session() as s:
            s.add(Party(name="Saved just before the power cut"))
        # The power goes: the files as they are on the disk at this moment.
        for path in record_db.parent.iterdir():
            if path.is_file():
                shutil.copy(path, crashed / path.name)
    finally:
        db.close()
    copy = crashed / record_db.name
    assert Path(str(copy) + "-wal").stat().st_size > 32
    with open_database(copy) as reopened:
        assert reopened.state.notices == [] and reopened.recovered_stale_lock
        with reopened.read_session() as s:
            assert "Saved just before the power cut" in s.scalars(select(Party.name)).all()


def test_a_malformed_database_opens_read_only(tmp_path: Path) -> None:
    db_path = big_record(tmp_path / "concom-desk.sqlite")
    corrupt_page(db_path)
    before = db_path.read_bytes()
    with open_database(db_path, initials="JB") as db:
        assert db.state.why == DAMAGED and not db.writable
        with pytest.raises(OperationFailed, match=r"concom-desk.sqlite is damaged \(.*\): it "
                           "is open read-only; restore the last good backup"), db.session():
            pass
        with db.read_session() as s:  # what can be read, can be seen before restoring
            assert s.scalar(select(func.count()).select_from(Party)) == 3
    assert db_path.read_bytes() == before


def test_a_read_only_folder_is_read_only_not_damaged(record_db: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    open_database(record_db).close()
    monkeypatch.setattr(opening_checks, "folder_is_writable", lambda folder: False)
    with open_database(record_db) as db:
        assert db.state.why == READ_ONLY_FOLDER
        assert "damaged" not in db.state.refusal
        with db.read_session() as s:
            assert s.scalar(select(func.count()).select_from(Abutter)) == 3
        with pytest.raises(OperationFailed, match="is read-only: the records can be read but not "
                           "changed"), db.session():
            pass


class _CannotOpen:
    """A read-only connection as SQLite gives it in a read-only folder (no -shm)."""

    def execute(self, *args: object) -> None:
        raise sqlite3.OperationalError("unable to open database file")

    def close(self) -> None:
        pass


def test_check_in_a_read_only_folder_says_so(record_db: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "open_read_only", lambda path: _CannotOpen())
    monkeypatch.setattr(health, "folder_is_writable", lambda folder: False)
    report = health.check(record_db)
    assert report.sound
    assert report.lines[0] == (f"The folder {record_db.parent} is read-only: the database was "
                               "checked as it is (ConCom Desk can only read it there).")


def test_the_os_account_on_posix_ignores_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pwd = pytest.importorskip("pwd")
    monkeypatch.setenv("USER", "mallory")
    monkeypatch.setenv("LOGNAME", "mallory")
    assert os_account() == pwd.getpwuid(__import__("os").getuid()).pw_name


def test_the_os_account_on_windows_asks_getusernamew(monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    asked = []

    def get_user_name(buffer: ctypes.Array, size: object) -> int:
        asked.append(size)
        buffer.value = "TOWNHALL-clerk"
        return 1

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("USERNAME", "mallory")
    windll = types.SimpleNamespace(advapi32=types.SimpleNamespace(GetUserNameW=get_user_name))
    monkeypatch.setattr(ctypes, "windll", windll, raising=False)
    assert os_account() == "TOWNHALL-clerk"
    assert len(asked) == 1


def test_the_os_account_on_windows_when_the_call_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    monkeypatch.setattr(sys, "platform", "win32")
    windll = types.SimpleNamespace(advapi32=types.SimpleNamespace(
        GetUserNameW=lambda buffer, size: 0))
    monkeypatch.setattr(ctypes, "windll", windll, raising=False)
    assert os_account() == "unknown"
