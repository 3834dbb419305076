"""Backups of the commission's record: one zip a clerk can carry away and restore.

The database is copied with SQLite's online backup API from a fresh connection
(so never inside an open transaction, and never as a file copy of a live
database, which can capture a half-written page or miss the WAL), into the
system's temporary folder: no copy of the records is ever left beside the
backups. The copy is opened and integrity-checked before it counts; the zip is
written under a temporary name, every member hashed as its bytes go in, checked
against its manifest (without reading it all back), flushed to the disk, and
only then renamed to the name asked for. Leftovers of a run that was killed are
swept on the next one.
"""

from __future__ import annotations

import hashlib
import logging
import re
import sqlite3
import tempfile
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from concom_desk import __version__
from concom_desk.domain.backup_thinning import backups_to_delete
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import backups_dir, data_dir, documents_dir
from concom_desk.store.anchor import chain_head
from concom_desk.store.archive import (
    DATABASE_FOLDER,
    DOCUMENTS_FOLDER,
    TEMPLATES_FOLDER,
    Manifest,
    folder_members,
    open_archive,
    put_in_place,
    read_manifest,
    write_archive,
)
from concom_desk.store.audit import AUDIT_TABLE
from concom_desk.store.db_identity import read_identity, require_concom_database
from concom_desk.store.disk import plain_os_error, sweep_leftovers
from concom_desk.store.restore_staging import RestoreStaging

log = logging.getLogger(__name__)

STAGING_PREFIX = ".concom-backup-"
AUTO_BACKUP_NAME = re.compile(r"^(?P<stem>.+)-auto-(?P<stamp>\d{8}T\d{6}Z)(?:-(?P<n>\d+))?\.zip$")


@dataclass(frozen=True)
class BackupMade:
    path: Path
    manifest: Manifest


def user_templates_dir() -> Path:
    """The clerk's own Word templates (copies of the program's forms, edited)."""
    return data_dir() / TEMPLATES_FOLDER


def utc_stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def snapshot_database(source: Path, dest: Path, *, scratch: bool = False) -> None:
    """A consistent single-file copy of `source` at `dest` through the backup API.

    The copy is switched to the rollback journal so it is one self-contained
    file (a WAL-mode copy would want a -wal file beside it). `scratch`: the copy
    is only read into an archive and then deleted, so it is written without
    waiting for the disk (no journal, no flush): the archive it goes into is
    flushed, once, when whole. Any other copy is flushed as SQLite always does."""
    with closing(sqlite3.connect(source, timeout=30)) as src, \
            closing(sqlite3.connect(dest)) as dst:
        if scratch:
            dst.execute("PRAGMA synchronous=OFF")
            dst.execute("PRAGMA journal_mode=OFF")
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")


def integrity_problems(conn: sqlite3.Connection, limit: int = 10) -> list[str]:
    """What `PRAGMA integrity_check` finds, or [] when the database is sound."""
    rows = [r[0] for r in conn.execute(f"PRAGMA integrity_check({int(limit)})")]
    return [] if rows == ["ok"] else rows


def content_fingerprint(conn: sqlite3.Connection) -> str:
    """A short digest that changes whenever the record does: the newest audit entry's
    hash (every insert, update and delete adds one, so this alone catches an edit),
    the schema's text, and per table how many rows it has and the highest rowid.
    Cheap enough to take each time the program opens a database. (Not the schema
    cookie: the backup API does not carry it into the copy.)"""
    digest = hashlib.sha256()
    has_audit = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (AUDIT_TABLE,)
    ).fetchone()
    if has_audit:
        head = conn.execute(
            f"SELECT id, entry_hash FROM {AUDIT_TABLE} ORDER BY id DESC LIMIT 1"
        ).fetchone()
        digest.update(f"audit:{head}".encode())
    for (sql,) in conn.execute("SELECT sql FROM sqlite_master ORDER BY type, name"):
        digest.update((sql or "").encode())
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name"
    )]
    for table in tables:
        quoted = '"' + table.replace('"', '""') + '"'
        try:
            count, top = conn.execute(f"SELECT count(*), max(rowid) FROM {quoted}").fetchone()
        except sqlite3.OperationalError:  # a WITHOUT ROWID table
            count, top = conn.execute(f"SELECT count(*), 0 FROM {quoted}").fetchone()
        digest.update(f"|{table}:{count}:{top}".encode())
    return digest.hexdigest()[:32]


def _check_copy(copy: Path, kind: str, database_member: str) -> Manifest:
    """The manifest of a copy that passed `integrity_check`, or OperationFailed."""
    with closing(sqlite3.connect(copy)) as conn:
        problems = integrity_problems(conn)
        if problems:
            raise OperationFailed(
                "the copy of the database failed its integrity check "
                f"({problems[0]}); the database itself may be damaged: run `concom-desk check`"
            )
        identity = read_identity(conn)
        fingerprint = content_fingerprint(conn)
        head = chain_head(conn) if _has_audit_table(conn) else None
    return Manifest(
        program_version=__version__,
        schema_revision=identity.revision,
        application_id=identity.application_id,
        created_utc=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        database=database_member,
        kind=kind,
        fingerprint=fingerprint,
        chain_head=head,
    )


def _has_audit_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                        (AUDIT_TABLE,)).fetchone() is not None


def backup_target(out_zip: Path, stem: str) -> Path:
    """Where a backup goes: `out_zip`, or in the folder `out_zip` a file named after
    `stem` and the time; refused in one line if that file is there already or its
    folder is not. What killed runs left there and in the temporary folder is swept."""
    if out_zip.is_dir():
        out_zip = out_zip / f"{stem}-{utc_stamp(datetime.now(UTC))}.zip"
    if out_zip.exists():
        raise UserError(f"{out_zip} already exists; choose another name for the backup")
    folder = out_zip.parent
    if not folder.is_dir():
        raise UserError(f"the folder {folder} does not exist; create it or choose another")
    sweep_backup_leftovers(folder)
    return out_zip


def sweep_backup_leftovers(folder: Path) -> None:
    sweep_leftovers(folder, STAGING_PREFIX)  # a zip half-written by a run that was killed
    sweep_leftovers(Path(tempfile.gettempdir()), STAGING_PREFIX)  # and its working copies


def claim_backup_folders(folder: Path) -> tuple[RestoreStaging, RestoreStaging]:
    """The working folders of one backup, claimed: the copy of the records in the
    system's temporary folder, and beside the backups the zip being written (under a
    hidden name, removed if anything fails), so it can be renamed into place at once.
    Both are claimed for as long as the backup runs: a killed backup's are swept by the
    next at once, and a running one's never (by a backup on another desk or window)."""
    try:
        workspace_claim = RestoreStaging(Path(tempfile.gettempdir()), STAGING_PREFIX)
        try:
            staging_claim = RestoreStaging(folder, STAGING_PREFIX)
        except OSError:
            workspace_claim.__exit__(None, None, None)
            raise
    except OSError as exc:
        raise plain_os_error(exc, "write the backup", folder) from None
    return workspace_claim, staging_claim


def make_backup(db_path: Path, out_zip: Path, *, kind: str = "manual") -> BackupMade:
    """Write a verified backup archive of the database at `db_path` to `out_zip`."""
    db_path, out_zip = Path(db_path), Path(out_zip)
    require_concom_database(db_path)
    out_zip = backup_target(out_zip, db_path.stem)
    folder = out_zip.parent
    workspace_claim, staging_claim = claim_backup_folders(folder)
    with workspace_claim as workspace, staging_claim as staging:
        try:
            manifest = _write_backup(db_path, out_zip, kind, workspace, staging)
        except OSError as exc:
            raise plain_os_error(exc, "write the backup", folder) from None
    return BackupMade(out_zip, manifest)


def _write_backup(db_path: Path, out_zip: Path, kind: str, workspace: Path,
                  staging: Path) -> Manifest:
    copy = workspace / f"{db_path.stem}.sqlite"
    try:
        snapshot_database(db_path, copy, scratch=True)
    except sqlite3.DatabaseError as exc:
        raise OperationFailed(
            f"the database could not be copied ({exc}); run `concom-desk check`"
        ) from None
    database_member = f"{DATABASE_FOLDER}/{db_path.stem}.sqlite"
    members = [(database_member, copy)]
    members += folder_members(documents_dir(db_path), DOCUMENTS_FOLDER)
    members += folder_members(user_templates_dir(), TEMPLATES_FOLDER)
    partial = staging / (out_zip.name + ".partial")
    # The integrity check of the copy (SQLite works without the GIL) runs while the
    # archive is compressed; the manifest, written last, waits for its verdict.
    with ThreadPoolExecutor(max_workers=1) as pool:
        checking = pool.submit(_check_copy, copy, kind, database_member)
        manifest = write_archive(partial, members, checking.result)
    put_in_place(partial, out_zip, manifest)
    return manifest


def _automatic_backups(db_path: Path) -> list[tuple[datetime, Path]]:
    folder = backups_dir(db_path)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        match = AUTO_BACKUP_NAME.match(path.name)
        if match and match["stem"] == db_path.stem and path.is_file():
            made = datetime.strptime(match["stamp"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
            # Two in one second are numbered -2, -3…: the number orders them, not the name.
            found.append((made, int(match["n"] or 1), path))
    return [(made, path) for made, _, path in sorted(found)]


def automatic_backups(db_path: Path) -> list[Path]:
    """The automatic backups of the database, oldest first."""
    return [path for _made, path in _automatic_backups(db_path)]


def _latest_fingerprint(path: Path) -> str | None:
    try:
        with open_archive(path) as archive:
            return read_manifest(archive, path).fingerprint
    except (UserError, OperationFailed, OSError):
        return None


def thin_automatic_backups(db_path: Path, now: datetime | None = None) -> list[Path]:
    """Delete the automatic backups the thinning policy no longer keeps; the deleted paths."""
    now = (now or datetime.now(UTC)).astimezone()
    backups = _automatic_backups(db_path)
    # Days and weeks follow the clerk's local calendar, not UTC midnight.
    doomed = backups_to_delete([made.astimezone() for made, _ in backups], now)
    deleted = []
    for made, path in backups:
        if made.astimezone() in doomed:
            try:
                path.unlink()
                deleted.append(path)
            except OSError as exc:  # an old backup left behind harms nothing
                log.warning("could not delete old backup %s: %s", path, exc)
    return deleted


def auto_backup(db_path: Path, now: datetime | None = None) -> Path | None:
    """Back the database up into its backups folder if it changed since the last
    automatic backup, then thin the old ones. Called when the program opens and
    closes a database; returns the new archive, or None when nothing changed."""
    db_path = Path(db_path)
    if not db_path.is_file():
        return None
    require_concom_database(db_path)
    with closing(sqlite3.connect(db_path, timeout=30)) as conn:
        fingerprint = content_fingerprint(conn)
    existing = _automatic_backups(db_path)
    if existing and _latest_fingerprint(existing[-1][1]) == fingerprint:
        # a backup killed while cleaning up, after its zip was in place
        sweep_backup_leftovers(backups_dir(db_path))
        thin_automatic_backups(db_path, now)
        return None
    folder = backups_dir(db_path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise plain_os_error(exc, "make the automatic backup", folder) from None
    base = f"{db_path.stem}-auto-{utc_stamp(now or datetime.now(UTC))}"
    target, n = folder / f"{base}.zip", 2
    while target.exists():
        target, n = folder / f"{base}-{n}.zip", n + 1
    made = make_backup(db_path, target, kind="automatic")
    thin_automatic_backups(db_path, now)
    return made.path
