"""Opening the records, and the File menu's backup, restore and export, for the
window: it calls these and never the store directly (ui → services → store).
Each is slow on a big database, so the window runs them off its GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concom_desk.store import Database


def open_records(db_path: Path, warn: Callable[[str], None] | None = None, *,
                 back_up: bool = True) -> Database:
    """Open (creating or upgrading) the database; UserError in plain words if it cannot.
    Then, unless the caller makes it itself (the window does, behind the open records:
    ui/opening_backup.py), the opening backup when the records changed since the last
    automatic one: a backup that fails is told through `warn` and never keeps the
    clerk from working."""
    from concom_desk.services.records.backups import back_up_quietly
    from concom_desk.store import open_database

    database = open_database(db_path)
    if back_up:
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
