"""Is this file a ConCom Desk database? Answered from the file's first 100 bytes,
without opening it with SQLite, so a foreign file is never touched (opening a WAL
database even read-only can create -wal and -shm files beside it)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.errors import OperationFailed, UserError

# Written in the SQLite header (offset 68) of every ConCom Desk database: "CCDK".
APPLICATION_ID = 0x4343444B
SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
_APPLICATION_ID_OFFSET = 68


def read_header(path: Path) -> bytes | None:
    """The 100-byte SQLite header, or None when the file is not SQLite at all."""
    with path.open("rb") as handle:
        header = handle.read(_HEADER_SIZE)
    if len(header) < _HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        return None
    return header


def read_application_id(path: Path) -> int | None:
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
