"""A `-wal` beside the database that is not its own is set aside, never merged.

SQLite replays whatever write-ahead log it finds beside a database when it opens it,
as long as the log is well formed. A log that came from another copy of the file (a
USB stick's copy put back over the laptop's, a sync service's old version) would be
merged into this one silently, writing another copy's pages over these.

The program writes the log's salts (which SQLite renews each time it starts the log
afresh) into the anchor file after every save (concom_desk.store.anchor). A clean
close leaves no log at all. So a log with frames in it is this database's own when
its salts are the ones last anchored, or when the program crashed since (its lock was
left behind) in the moment after a save and before the anchor; anything else is set
aside as `<name>-wal.not-merged-<time>` (with its `-shm`), and the clerk is told.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from concom_desk.store.anchor import WAL_HEADER_SIZE, Anchor, anchor_path, wal_salts

_WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")


def wal_path(db_path: Path) -> Path:
    return Path(str(db_path) + "-wal")


def has_frames(db_path: Path) -> bool:
    try:
        return wal_path(db_path).stat().st_size > WAL_HEADER_SIZE
    except OSError:
        return False


def foreign_wal(db_path: Path, anchor: Anchor | None, crashed: bool) -> str | None:
    """Why the database's -wal is not its own, or None when it is (or there is none)."""
    if not has_frames(db_path):
        return None
    wal = wal_path(db_path)
    try:
        with wal.open("rb") as handle:
            magic = handle.read(4)
        wal_time = wal.stat().st_mtime
        anchor_time = anchor_path(db_path).stat().st_mtime if anchor is not None else None
    except OSError:
        anchor_time = None
        magic, wal_time = b"", 0.0
    if magic not in _WAL_MAGIC:
        return f"{wal.name} is not an SQLite journal"
    salts = wal_salts(db_path)
    if anchor is not None and anchor.wal_salts and salts == anchor.wal_salts:
        return None
    if crashed and (anchor is None or not anchor.wal_salts or
                    (anchor_time is not None and wal_time >= anchor_time)):
        return None  # the last save before a crash, not yet anchored
    return (f"{wal.name} beside the database is not its own journal (it comes from "
            "another copy of the file)")


def set_aside(db_path: Path) -> Path:
    """Rename the -wal (and its -shm index) out of SQLite's way; the new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    wal = wal_path(db_path)
    aside = wal.with_name(f"{wal.name}.not-merged-{stamp}")
    wal.rename(aside)
    Path(str(db_path) + "-shm").unlink(missing_ok=True)
    return aside
