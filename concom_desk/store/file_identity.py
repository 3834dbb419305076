"""Is this file a ConCom Desk database? Answered from the file's first 100 bytes,
without opening it with SQLite, so a foreign file is never touched (opening a WAL
database even read-only can create -wal and -shm files beside it)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.errors import UserError

# Written in the SQLite header (offset 68) of every ConCom Desk database: "CCDK".
APPLICATION_ID = 0x4343444B
SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
_APPLICATION_ID_OFFSET = 68


def read_application_id(path: Path) -> int | None:
    """The application id in the header, or None when the file is not SQLite at all."""
    with path.open("rb") as handle:
        header = handle.read(_HEADER_SIZE)
    if len(header) < _HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        return None
    return int.from_bytes(header[_APPLICATION_ID_OFFSET:_APPLICATION_ID_OFFSET + 4], "big")


def is_new_database(path: Path) -> bool:
    return not path.exists() or (path.is_file() and path.stat().st_size == 0)


def check_file_identity(path: Path) -> None:
    """Raise UserError unless `path` is missing, empty, or a ConCom Desk database."""
    if is_new_database(path):
        return
    if path.is_dir():
        raise UserError(f"{path} is a folder; give the path of a database file")
    try:
        app_id = read_application_id(path)
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    if app_id is None:
        raise UserError(
            f"{path} is not a database (not an SQLite file, or a damaged one); "
            "it was left as it is — choose a ConCom Desk database or a new file name"
        )
    if app_id != APPLICATION_ID:
        raise UserError(
            f"{path} is an SQLite database of another program, not a ConCom Desk database; "
            "it was left as it is — choose a ConCom Desk database or a new file name"
        )
