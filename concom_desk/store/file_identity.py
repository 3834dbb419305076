"""Is this file a ConCom Desk database? Answered from the file's first 100 bytes,
without opening it with SQLite, so a foreign file is never touched (opening a WAL
database even read-only can create -wal and -shm files beside it)."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from concom_desk.errors import OperationFailed, UserError

# Written in the SQLite header (offset 68) of every ConCom Desk database: "CCDK".
APPLICATION_ID = 0x4343444B
SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
_APPLICATION_ID_OFFSET = 68


# POSIX advisory locks belong to the process, not to a descriptor: closing ANY
# descriptor of a file drops every lock the process holds on it, SQLite's own
# included (sqlite.org, "How To Corrupt An SQLite Database File", 2.2). A header read
# with open() while this process has the database open would leave its connection
# unlocked: a second program beside the window (a backup, a check) would then take
# the file for unused at its close, fold the WAL in and delete it under the window,
# whose later saves would go nowhere. So a file this process holds open is read only
# through SQLite (which keeps its descriptors open while any connection holds a lock),
# or not at all: it was checked when it was opened, and has been held since.
_HELD: dict[tuple[int, int], int] = {}


def _file_key(path: Path) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)  # a stat opens no descriptor
    except OSError:
        return None
    return (stat.st_dev, stat.st_ino)


def hold(path: Path) -> tuple[int, int] | None:
    """The program has opened the database at `path` (see above); what `release` takes
    when it closes it (the file's identity then: a restore may put another in place)."""
    key = _file_key(path)
    if key is not None:
        _HELD[key] = _HELD.get(key, 0) + 1
    return key


def release(key: tuple[int, int] | None) -> None:
    if key is not None and key in _HELD:
        _HELD[key] -= 1
        if not _HELD[key]:
            del _HELD[key]


def held_open(path: Path) -> bool:
    """Whether this process has the database at `path` open (never read it raw then)."""
    key = _file_key(path)
    return key is not None and key in _HELD


def read_header(path: Path) -> bytes | None:
    """The 100-byte SQLite header, or None when the file is not SQLite at all."""
    with path.open("rb") as handle:
        header = handle.read(_HEADER_SIZE)
    if len(header) < _HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        return None
    return header


def read_application_id(path: Path) -> int | None:
    if held_open(path):
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            return int(conn.execute("PRAGMA application_id").fetchone()[0])
    header = read_header(path)
    if header is None:
        return None
    return int.from_bytes(header[_APPLICATION_ID_OFFSET:_APPLICATION_ID_OFFSET + 4], "big")


def expected_size(header: bytes) -> int | None:
    """Bytes the header says the file holds (page size x page count), when the page
    count is trustworthy (its 'valid-for' number matches the change counter)."""
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    page_count = int.from_bytes(header[28:32], "big")
    if header[24:28] != header[92:96] or page_count == 0:
        return None
    return page_size * page_count


def is_new_database(path: Path) -> bool:
    return not path.exists() or (path.is_file() and path.stat().st_size == 0)


def check_file_identity(path: Path) -> None:
    """Raise UserError unless `path` is missing, empty, or a ConCom Desk database."""
    if is_new_database(path):
        return
    if path.is_dir():
        raise UserError(f"{path} is a folder; give the path of a database file")
    if held_open(path):
        return  # checked when this process opened it, and held open since
    try:
        header = read_header(path)
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    app_id = None if header is None else int.from_bytes(
        header[_APPLICATION_ID_OFFSET:_APPLICATION_ID_OFFSET + 4], "big")
    if header is None:
        raise UserError(
            f"{path} is not a database (not an SQLite file, or a damaged one); "
            "it was left as it is — choose a ConCom Desk database or a new file name"
        )
    if app_id != APPLICATION_ID:
        raise UserError(
            f"{path} is an SQLite database of another program, not a ConCom Desk database; "
            "it was left as it is — choose a ConCom Desk database or a new file name"
        )
    # A checkpoint cut short by a crash can leave the file shorter than its header says
    # while the WAL beside it still holds every page: SQLite finishes the job on open.
    wal = path.with_name(path.name + "-wal")
    wal_has_pages = wal.exists() and wal.stat().st_size > 0
    wanted = expected_size(header)
    if wanted is not None and not wal_has_pages and path.stat().st_size < wanted:
        raise OperationFailed(
            f"{path} is damaged: the file is shorter than the database it holds (it was "
            "cut off, e.g. by a copy that did not finish); it was left as it is — restore "
            "a backup"
        )
