"""Opening the records, and the File menu's backup, restore and export, for the
window: it calls these and never the store directly (ui → services → store).
Each is slow on a big database, so the window runs them off its GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concom_desk.store import Database
    from concom_desk.store.server.address import ServerAddress


def open_and_back_up(db_path: Path, warn: Callable[[str], None] | None = None, *,
                 back_up: bool = True) -> Database:
    """Open (creating or upgrading) the database; UserError in plain words if it cannot.
    Then, unless the caller makes it itself (the window does, behind the open records:
    ui/opening_backup.py), the opening backup when the records changed since the last
    automatic one: a backup that fails is told through `warn` and never keeps the
    clerk from working."""
    from concom_desk.services.safekeeping.backups import back_up_quietly
    from concom_desk.store import open_database

    database = open_database(db_path)
    # a damaged or tampered file must not become the latest backup
    if back_up and database.writable:
        back_up_quietly(database.path, warn)
    return database


def backup_to(db_path: Path, out_zip: Path) -> Path:
    """A verified backup archive of the database, its documents and templates."""
    from concom_desk.store.backup import make_backup

    return make_backup(db_path, out_zip).path


def restore_from(archive: Path, db_path: Path) -> list[Path]:
    """Put a backup in place of the (closed) database; the files kept aside."""
    from concom_desk.store.restore import restore

    return list(restore(archive, db_path).kept_aside)


def export_to(db_path: Path, fmt: str, out_dir: Path,
              report: Callable[[int, str], None] | None = None) -> list[Path]:
    """Every table in plain words, for a public-records request (xlsx or csv);
    `report` hears how far it got and may raise to stop it (Cancel)."""
    from concom_desk.store.export_writers import export

    return export(db_path, fmt, out_dir, report)


def export_records_to(database: Database, fmt: str, out_dir: Path,
                      report: Callable[[int, str], None] | None = None) -> list[Path]:
    """`export_to` for open records: a server's, read in one snapshot."""
    from concom_desk.store.export_writers import export_records

    return export_records(database, fmt, out_dir, report)


def repair_guards(db_path: Path, initials: str) -> str:
    """Tools → Repair audit guards: the program's triggers put back, and what was found
    recorded in the trail (concom_desk.store.guard_repair); the line to tell. The
    database must be closed (the repair takes its lock, as the program would)."""
    import sqlite3

    from concom_desk.errors import OperationFailed, UserError
    from concom_desk.store.audit import Actor
    from concom_desk.store.db_identity import require_concom_database
    from concom_desk.store.guard_repair import repair_guards as repair
    from concom_desk.store.lock import DatabaseLock

    if not initials.strip():
        raise UserError("say who is repairing the guards: give your initials")
    require_concom_database(db_path)
    lock = DatabaseLock(db_path)
    lock.acquire()
    try:
        done = repair(db_path, Actor.current(initials.strip().upper()[:10]))
    except sqlite3.Error as exc:
        raise OperationFailed(f"the guards could not be repaired ({exc}); nothing was "
                              "changed") from None
    finally:
        lock.release()
    return done.describe()


def repair_server_guards(address: ServerAddress, initials: str) -> str:
    """Repair audit guards on a server: its trail's functions and triggers put back, and
    what was found recorded in the trail (concom_desk.store.server.trail_repair)."""
    from concom_desk.errors import UserError
    from concom_desk.store.server.trail_repair import repair_server_trail

    if not initials.strip():
        raise UserError("say who is repairing the guards: give your initials")
    return repair_server_trail(address, initials).describe()


def last_good_backup(db_path: Path) -> Path | None:
    """The newest automatic backup whose trail matches this database's: an earlier state
    of its trail, or one that reaches its anchor (restore checks the rest)."""
    import sqlite3

    from concom_desk.errors import OperationFailed, UserError
    from concom_desk.store.anchor import Anchor, disagreement, read_anchor
    from concom_desk.store.archive import open_archive, read_manifest
    from concom_desk.store.backup import automatic_backups
    from concom_desk.store.db_identity import open_read_only

    anchor = read_anchor(db_path)
    try:
        current: sqlite3.Connection | None = open_read_only(db_path)
        current.execute("SELECT 1 FROM audit_entry LIMIT 1")
    except sqlite3.DatabaseError:
        current = None
    try:
        for path in reversed(automatic_backups(db_path)):
            try:
                with open_archive(path) as archive:
                    head = read_manifest(archive, path).chain_head
            except (UserError, OperationFailed, OSError):
                continue
            if head is None or current is None:
                return path  # a damaged database has no trail to compare: the newest
            reaches_anchor = isinstance(anchor, Anchor) and head.entries >= anchor.head.entries
            try:
                earlier = disagreement(current, head, "the backup") is None
            except sqlite3.DatabaseError:
                earlier = False
            if earlier or reaches_anchor:
                return path
        return None
    finally:
        if current is not None:
            current.close()


def location_warning_for(db_path: Path) -> str | None:
    """The warning for a database in a sync folder or on a network share (or None)."""
    from concom_desk.store.location import location_warning

    return location_warning(db_path)


def local_place_for(db_path: Path) -> Path | None:
    """Where on this computer the database would be safe: the data folder the program
    uses by default. None when it is there already, when that folder is itself in a
    sync folder, or when another database holds both names it could take."""
    from concom_desk.paths import data_dir, default_db_path
    from concom_desk.store.location import location_warning

    for place in (default_db_path(), data_dir() / db_path.name):
        if place.absolute() == db_path.absolute():
            return None
        if location_warning(place) is not None:
            return None
        if not place.exists():
            return place
    return None


def move_to_local(db_path: Path) -> Path:
    """Copy the (closed) database and its documents to `local_place_for(db_path)`; the
    new path. The copy is made with SQLite's backup API under a temporary name and
    renamed into place; the old copy is left as it was (the clerk deletes it)."""
    import shutil
    import sqlite3
    from contextlib import closing

    from concom_desk.errors import OperationFailed, UserError
    from concom_desk.paths import documents_dir
    from concom_desk.store.backup import snapshot_database
    from concom_desk.store.disk import plain_os_error

    target = local_place_for(db_path)
    if target is None:
        raise UserError("there is no free place for the database in this computer's data "
                        "folder; it was left where it is")
    partial = target.with_name(f".{target.name}.partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        snapshot_database(db_path, partial)
        with closing(sqlite3.connect(partial)) as conn:
            conn.execute("PRAGMA journal_mode=WAL")
        documents, moved_documents = documents_dir(db_path), documents_dir(target)
        if documents.is_dir() and not moved_documents.exists():
            shutil.copytree(documents, moved_documents)
        partial.replace(target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise plain_os_error(exc, "copy the database", target.parent) from None
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise OperationFailed(f"the database could not be copied ({exc})") from None
    return target
