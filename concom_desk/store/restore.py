"""Putting a backup archive back in place of the database.

Everything that can be checked is checked before the target is touched: the
archive is a zip with our manifest, every member matches its sha256 and size,
the database inside is a ConCom Desk database no newer than this program and
passes `integrity_check` and `foreign_key_check`. All of it is unpacked beside
the target (same disk, so the final step is a rename). Only then is the
current database kept aside as `<name>.before-restore-<UTC>.sqlite`, the
current documents and templates folders renamed aside the same way, and the
restored ones renamed into place. A refusal or a failure before that point
leaves the target exactly as it was.
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import zipfile
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from concom_desk.domain.docx_safety import package_refusals
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.store.archive import (
    DOCUMENTS_FOLDER,
    MERGE_FIELDS_FILE,
    TEMPLATES_FOLDER,
    Manifest,
    extract_member,
    open_archive,
    read_manifest,
)
from concom_desk.store.backup import (
    integrity_problems,
    snapshot_database,
    user_templates_dir,
    utc_stamp,
)
from concom_desk.store.db_identity import (
    APPLICATION_ID,
    is_newer_than_program,
    looks_like_sqlite,
    read_identity,
)
from concom_desk.store.disk import fsync_directory, plain_os_error
from concom_desk.store.file_identity import read_application_id
from concom_desk.store.lock import DatabaseLock
from concom_desk.store.restore_checks import judge_backup_database, restart_anchor
from concom_desk.store.restore_journal import (
    SIDECARS,
    FolderSwap,
    RestoreJournal,
    journal_path,
    set_old_sidecars_aside,
    settle_interrupted_restore,
    undo,
)
from concom_desk.store.restore_staging import (
    STAGING_PREFIX,  # noqa: F401  (where the tests and the server's restore find it)
    RestoreStaging,
    sweep_abandoned_restores,
)

log = logging.getLogger(__name__)

@dataclass
class Restored:
    database: Path
    manifest: Manifest
    kept_aside: list[Path] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


def _refuse_foreign_target(db_path: Path) -> None:
    """Restoring over another program's database would be the clerk's mistake. A
    wrecked ConCom Desk file (no SQLite header left) is what restore is for: it is
    replaced, and kept aside."""
    if not db_path.is_file():
        return
    try:
        application_id = read_application_id(db_path)
    except OSError:
        return
    if application_id is not None and application_id != APPLICATION_ID:
        raise UserError(f"{db_path} is another program's database; restore the backup to "
                        "a ConCom Desk database or a new file name")


def _require_room(folder: Path, db_path: Path, manifest: Manifest) -> None:
    """Say so before starting when the disk cannot hold the unpacked archive plus the
    copy of the current database kept aside (rather than fill it half-way)."""
    needed = sum(int(info["size"]) for info in manifest.members.values())
    if db_path.is_file():
        needed += db_path.stat().st_size
    free = shutil.disk_usage(folder).free
    if needed > free:
        raise OperationFailed(
            f"restoring needs {needed / 1e6:,.0f} MB free in {folder} and only "
            f"{free / 1e6:,.0f} MB are; free some space; nothing was changed"
        )


def _check_restored_database(copy: Path, where: Path) -> None:
    if not looks_like_sqlite(copy):
        raise OperationFailed(f"{where} is damaged: the database inside is not an SQLite file")
    try:
        with closing(sqlite3.connect(copy)) as conn:
            identity = read_identity(conn)
            if identity.application_id != APPLICATION_ID:
                raise UserError(f"{where} does not hold a ConCom Desk database")
            if is_newer_than_program(identity.revision):
                raise UserError(
                    f"{where} was made by a newer version of ConCom Desk (schema "
                    f"{identity.revision}); install the newer program to restore it"
                )
            problems = integrity_problems(conn)
            if problems:
                raise OperationFailed(
                    f"{where} is damaged: the database inside fails its integrity check "
                    f"({problems[0]})"
                )
            if conn.execute("PRAGMA foreign_key_check").fetchone():
                raise OperationFailed(
                    f"{where} is damaged: the database inside has links to missing records"
                )
    except sqlite3.DatabaseError as exc:
        raise OperationFailed(f"{where} is damaged: the database inside cannot be read "
                              f"({exc})") from None


def _use_wal(database: Path) -> None:
    """The archive's copy is a single rollback-journal file; the program runs its
    databases in WAL mode (see concom_desk.store.database), so the restored one is
    switched back before it is put in place."""
    with closing(sqlite3.connect(database)) as conn:
        conn.execute("PRAGMA journal_mode=WAL")


def _unpack_folder(archive: zipfile.ZipFile, manifest: Manifest, prefix: str, into: Path,
                   where: Path) -> None:
    into.mkdir()
    for name in manifest.members:
        if name.startswith(prefix + "/"):
            dest = into / name[len(prefix) + 1:]
            dest.parent.mkdir(parents=True, exist_ok=True)
            extract_member(archive, manifest, name, dest, where)


def _merge_field_table(staged: Path, path: Path) -> bool:
    """The mail-merge field table: names of fields, nothing Word reads; kept when it is
    one (a small JSON object of texts), judged as a template otherwise."""
    if path.parent != staged or path.name != MERGE_FIELDS_FILE or \
            path.stat().st_size > 1024 * 1024:
        return False
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(table, dict) and all(isinstance(v, str) for v in table.values())


def _leave_out_active_templates(staged: Path) -> list[str]:
    """A backup can carry any file as a template; each is judged as `check-template`
    judges one, and one that would put active content into the commission's letters is
    not installed (it stays in the backup file). The records are restored regardless:
    a bad letter template is no reason to keep the clerk from her data."""
    notices = []
    for path in sorted(staged.rglob("*")):
        if not path.is_file() or _merge_field_table(staged, path):
            continue
        refusals = package_refusals(path)
        if refusals:
            path.unlink()
            notices.append(f"the template {path.relative_to(staged).as_posix()} in the backup "
                           f"was not installed: {refusals[0]}")
    return notices


def _set_database_aside(target: Path, aside: Path, staging: Path) -> None:
    """Keep the current database as `aside`, readable on its own.

    A sound database is copied through the backup API (which folds in its WAL);
    a wrecked one, which is the usual reason to restore, is copied byte for
    byte with its journal files so that nothing in it is lost. Either is written in
    the working folder and takes its name only when whole: a restore killed while
    copying leaves no half a database under a name that looks complete (the working
    folder is swept at the next start)."""
    copy = staging / "before-restore.sqlite"
    try:
        snapshot_database(target, copy)
        copy.replace(aside)
        return
    except sqlite3.DatabaseError:
        copy.unlink(missing_ok=True)
    copied = []
    for suffix in ("", *SIDECARS):
        source = Path(str(target) + suffix)
        if source.exists():
            shutil.copy2(source, Path(str(copy) + suffix))
            copied.append(suffix)
    # the journals first: a main file under its final name always has its journal beside it
    for suffix in sorted(copied, key=lambda s: s == ""):
        Path(str(copy) + suffix).replace(Path(str(aside) + suffix))


def restore(archive_path: Path, db_path: Path) -> Restored:
    """Replace the database at `db_path` (and its documents and templates) with the
    contents of the backup at `archive_path`."""
    archive_path, db_path = Path(archive_path), Path(db_path)
    folder = db_path.parent
    with open_archive(archive_path) as archive:
        manifest = read_manifest(archive, archive_path)
        if not folder.is_dir():
            raise UserError(f"the folder {folder} does not exist; create it or choose another")
        _refuse_foreign_target(db_path)
        _require_room(folder, db_path, manifest)
        _settle_an_earlier_restore(db_path)
        sweep_abandoned_restores(folder)
        try:
            working = RestoreStaging(folder)
        except OSError as exc:
            raise plain_os_error(exc, "restore the backup", folder) from None
        with working as staging:
            return _restore_in(staging, archive, manifest, archive_path, db_path)


def _settle_an_earlier_restore(db_path: Path) -> None:
    """A restore stopped half-way is finished or undone before another begins."""
    if not journal_path(db_path).exists():
        return
    lock = DatabaseLock(db_path)
    lock.acquire()  # UserError naming who has the database open
    try:
        told = settle_interrupted_restore(db_path)
        if told:
            log.info("before restoring: %s", told)
    finally:
        lock.release()


def _restore_in(staging: Path, archive: zipfile.ZipFile, manifest: Manifest,
                archive_path: Path, db_path: Path) -> Restored:
    folder = db_path.parent
    try:
        staged_db = staging / db_path.name
        extract_member(archive, manifest, manifest.database, staged_db, archive_path)
        _check_restored_database(staged_db, archive_path)
        # The full check of `check`, on the copy, before anything is replaced.
        notices = judge_backup_database(staged_db, manifest, archive_path, db_path)
        _use_wal(staged_db)
        staged_documents = staging / DOCUMENTS_FOLDER
        staged_templates = staging / TEMPLATES_FOLDER
        _unpack_folder(archive, manifest, DOCUMENTS_FOLDER, staged_documents, archive_path)
        _unpack_folder(archive, manifest, TEMPLATES_FOLDER, staged_templates, archive_path)
        notices += _leave_out_active_templates(staged_templates)
        # Only now, with everything checked and unpacked: no program may have the
        # database open while it is replaced (UserError names who has it).
        lock = DatabaseLock(db_path)
        lock.acquire()
        try:
            done = _put_in_place(db_path, manifest, staged_db, staged_documents,
                                 staged_templates, staging, archive_path.name)
            done.notices += notices
            return done
        finally:
            lock.release()
    except OSError as exc:
        raise plain_os_error(exc, "restore the backup", folder) from None


def _put_in_place(db_path: Path, manifest: Manifest, staged_db: Path, staged_documents: Path,
                  staged_templates: Path, staging: Path, backup: str) -> Restored:
    """The steps of concom_desk.store.restore_journal, journaled before the first."""
    stamp = utc_stamp(datetime.now(UTC))
    result = Restored(db_path, manifest)
    journal = RestoreJournal(db_path, staging, backup, stamp)
    if db_path.exists():
        journal.database_aside = db_path.with_name(
            f"{db_path.stem}.before-restore-{stamp}.sqlite")
    # Documents belong to the records (each row names its file), so they are
    # always swapped; templates are the clerk's work, replaced only by templates.
    for current, restored, always in ((documents_dir(db_path), staged_documents, True),
                                      (user_templates_dir(), staged_templates, False)):
        if any(restored.iterdir()) or (always and current.exists()):
            journal.swaps.append(FolderSwap(
                current, restored, current.with_name(f"{current.name}.before-restore-{stamp}")))
    journal.write()
    try:
        if journal.database_aside is not None:
            _set_database_aside(db_path, journal.database_aside, staging)
        for swap in journal.swaps:
            swap.current.parent.mkdir(parents=True, exist_ok=True)
            if swap.current.exists():
                swap.current.rename(swap.aside)
            swap.restored.rename(swap.current)
        set_old_sidecars_aside(journal)
        staged_db.replace(db_path)  # the point of no return
        fsync_directory(db_path.parent)
    except OSError:
        try:
            undo(journal)
        except OSError as exc:  # the next start tries again, from the journal
            log.error("could not undo the failed restore of %s yet: %s", db_path, exc)
        raise
    if journal.database_aside is not None:
        result.kept_aside.append(journal.database_aside)
    result.kept_aside += [swap.aside for swap in journal.swaps if swap.aside.exists()]
    restart_anchor(db_path, stamp, result.kept_aside)
    journal.remove()
    return result
