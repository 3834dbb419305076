"""The two ends of `concom-desk copy`, as the clerk names them: a file or a server.

    copy_between("upton.sqlite", "postgresql://clerk@townhall/upton")   # onto a server
    copy_between("postgresql://clerk@townhall/upton", "back.sqlite")    # and back

The source is opened as the program opens it (a file locked, so no window writes to
it during the copy; a server checked for this program's schema). The source file must
already be at this program's schema: the copy does not upgrade it behind the clerk's
back. The target is a server database that is empty (its tables made, and the desk
roles given their rights, when it has none yet, as `server init` does) or a new file.
The letters and permits printed from the source (its documents folder) are copied
into the target's, so its records' papers still open on this desk.

All or nothing, whatever stops it (store.copy_journal): a file is filled under a
hidden working name and renamed into place whole; the server takes its tables and
rows in one transaction; the papers wait in the working folder until the records are
in place. A copy killed half-way is finished or undone at the next start.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.services.safekeeping.server_copy import (
    CopyReport,
    Progress,
    copied_tables,
    copy_records,
    where_of,
)
from concom_desk.store.copy_journal import (
    PULL,
    PUSH,
    CopyJournal,
    move_documents_in,
    settle_interrupted_copy,
)
from concom_desk.store.db_identity import open_read_only
from concom_desk.store.disk import fsync_directory, plain_os_error
from concom_desk.store.restore_checks import anchor_new_file
from concom_desk.store.restore_staging import RestoreStaging, sweep_abandoned_restores
from concom_desk.store.server.address import ServerAddress, is_server_address, parse_address
from concom_desk.store.server.password import stored_password

if TYPE_CHECKING:
    from concom_desk.store import Database

log = logging.getLogger(__name__)


@dataclass
class Copied:
    report: CopyReport
    source: str
    target: str
    documents: int = 0


def copy_between(source_text: str, target_text: str, progress: Progress | None = None,
                 password_for: Callable[[ServerAddress], str | None] | None = None) -> Copied:
    """Copy the records at `source_text` into `target_text` (see the module).
    `password_for` gives a server's password (default: the one kept for it)."""
    password_for = password_for or stored_password
    source_address = parse_address(source_text) if is_server_address(source_text) else None
    target_address = parse_address(target_text) if is_server_address(target_text) else None
    if source_address is None and target_address is None:
        same = Path(source_text).expanduser().absolute() == \
            Path(target_text).expanduser().absolute()
    else:
        same = source_address == target_address
    if same:
        raise UserError("the copy's source and target are the same place")
    source = _open_source(source_address, source_text,
                          password_for(source_address) if source_address else None)
    try:
        if target_address is not None:
            report, documents = _push(source, target_address,
                                      password_for(target_address), progress)
            target = target_address.display()
        else:
            path = Path(target_text).expanduser().absolute()
            report, documents = _pull(source, path, progress)
            target = str(path)
        return Copied(report, where_of(source), target, documents)
    finally:
        source.close()


def _open_source(address: ServerAddress | None, text: str,
                 password: str | None):  # -> Database
    if address is not None:
        from concom_desk.store.server.database import open_server_database

        return open_server_database(address, password=password)
    from concom_desk.store import open_database
    from concom_desk.store.db_identity import require_concom_database
    from concom_desk.store.schema import head_revision

    path = Path(text).expanduser().absolute()
    identity = require_concom_database(path)
    if identity.revision != head_revision():
        raise UserError(f"{path} is at schema {identity.revision}, older than this "
                        f"program's {head_revision()}; open it with this program once (it "
                        "is upgraded, with a copy kept), then copy it")
    return open_database(path)


def _push(source: Database, address: ServerAddress, password: str | None,
          progress: Progress | None) -> tuple[CopyReport, int]:
    """Onto the server: its tables (when it has none yet), grants and rows in one
    transaction; the papers into this desk's folder for the server once it committed."""
    from concom_desk.store.audit import Actor
    from concom_desk.store.server.copy_settling import settle_copy_to_server
    from concom_desk.store.server.database import (
        DESK_FILE,
        ServerDatabase,
        desk_folder,
        explain_connection_failure,
    )
    from concom_desk.store.server.engine import make_server_engine

    folder = desk_folder(address)
    actor = Actor(address.user)
    engine = make_server_engine(address, actor, password)
    target = ServerDatabase(address, engine, actor)
    try:
        try:
            with engine.connect() as connection:  # an earlier push stopped half-way
                told = settle_copy_to_server(connection, address)
        except SQLAlchemyError as exc:
            raise UserError(explain_connection_failure(address, exc)) from None
        if told:
            log.info("before copying: %s", told)
        with _working_folder(folder) as staging:
            journal = CopyJournal(folder / DESK_FILE, staging, PUSH, where_of(source))
            journal.documents = _stage_documents(source.path, journal)

            def before_commit(last: tuple[int, str] | None) -> None:
                journal.last_entry = last
                try:
                    journal.write()
                except OSError as exc:  # no journal, no commit: the server rolls back
                    raise plain_os_error(exc, "copy the records", folder) from None

            try:
                report = copy_records(source, target, progress,
                                      lambda writing: _make_tables(writing, address),
                                      before_commit)
            except BaseException:
                _settle_failed_push(journal, engine)
                raise
            return report, _documents_in(journal, source.path)
    finally:
        target.close()


def _make_tables(writing: Connection, address: ServerAddress) -> None:
    """The server's tables and the desk roles' rights, inside the copy's transaction,
    when it has none yet (as `server init` makes them); else its schema must be this
    program's."""
    from concom_desk.store.server.schema import (
        create_server_schema,
        refuse_unknown_server,
        server_revision,
    )

    if server_revision(writing) is not None:
        refuse_unknown_server(writing, address.display())
        return
    create_server_schema(writing)
    _grant_desk_roles(writing)


def _settle_failed_push(journal: CopyJournal, engine: Engine) -> None:
    """A push that failed after its journal was written (its COMMIT lost on the way?):
    the server says whether it committed; the papers follow what it says."""
    if not journal.path.exists():
        return
    from concom_desk.store.server.copy_settling import push_committed

    try:
        with engine.connect() as connection:
            if push_committed(connection, journal):
                move_documents_in(journal)
    except (SQLAlchemyError, OSError) as exc:
        log.warning("after a failed copy to the server, its papers were not moved in: %s", exc)
    journal.remove()


def _grant_desk_roles(connection: object) -> None:
    """The desk roles' rights on the tables just made, as `server init` gives them."""
    try:
        from concom_desk.store.server.roles import grant_roles
    except ImportError:  # a program without desk roles yet
        return
    grant_roles(connection)


def _pull(source: Database, path: Path, progress: Progress | None) -> tuple[CopyReport, int]:
    """Into a file: filled in the working folder, renamed into place whole (the commit
    point), then the papers moved in; the target file held locked throughout."""
    from concom_desk.store import open_database
    from concom_desk.store.lock import DatabaseLock

    folder = path.parent
    if not folder.is_dir():
        raise UserError(f"the folder {folder} does not exist; create it or choose another")
    lock = DatabaseLock(path)
    lock.acquire()  # UserError naming who has it open
    try:
        told = settle_interrupted_copy(path)  # an earlier copy into it stopped half-way
        if told:
            log.info("before copying: %s", told)
        if path.exists():
            _refuse_unsuitable_file(path)
        with _working_folder(folder) as staging:
            journal = CopyJournal(path, staging, PULL, where_of(source))
            staged = journal.staged_database
            target = open_database(staged)
            try:
                report = copy_records(source, target, progress)
            finally:
                target.close()
            try:
                _make_whole(staged)
                journal.documents = _stage_documents(source.path, journal)
                journal.write()
            except OSError as exc:
                journal.remove()
                raise plain_os_error(exc, "copy the records", folder) from None
            try:
                os.replace(staged, path)  # the commit point
                fsync_directory(folder)
            except OSError as exc:
                journal.remove()
                raise plain_os_error(exc, "copy the records", folder) from None
            # the journal goes last (_documents_in): a kill before it re-does both
            anchor_new_file(path)
            return report, _documents_in(journal, source.path)
    finally:
        lock.release()
        if not path.exists():  # nothing was made: no lock file beside nothing either
            lock.path.unlink(missing_ok=True)


class _working_folder:
    """`with _working_folder(folder) as staging:` the claimed hidden working folder
    beside the target (store.restore_staging), after sweeping those killed copies and
    restores left there; removed afterwards (it is empty by then when all went well)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        sweep_abandoned_restores(folder)
        try:
            self.staging = RestoreStaging(folder)
        except OSError as exc:
            raise plain_os_error(exc, "copy the records", folder) from None

    def __enter__(self) -> Path:
        return self.staging.__enter__()

    def __exit__(self, *exc: object) -> None:
        self.staging.__exit__(*exc)  # type: ignore[arg-type]


def _refuse_unsuitable_file(path: Path) -> None:
    """An existing target: a ConCom Desk database at this program's schema that holds
    no records (it is replaced whole by the copy)."""
    from concom_desk.store.db_identity import require_concom_database
    from concom_desk.store.schema import head_revision

    identity = require_concom_database(path, what=str(path))
    if identity.revision != head_revision():
        raise UserError(f"{path} is at schema {identity.revision}, not this program's "
                        f"{head_revision()}; copy into a new file instead")
    with closing(open_read_only(path)) as conn:
        for table in copied_tables():
            if conn.execute(f'SELECT 1 FROM "{table.name}" LIMIT 1').fetchone():
                raise UserError(f"{path} already holds records ({table.name}); copy only "
                                "into an empty database — nothing was changed")
    # Its journal files folded in and gone: a -wal left beside the file that replaces
    # it would be read as part of that file.
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def _make_whole(staged: Path) -> None:
    """The filled file alone holds every row (its -wal folded in) and is on the disk
    before it takes the target's name: a rename moves one file, not its journal."""
    if Path(str(staged) + "-wal").exists():
        with closing(sqlite3.connect(staged)) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("-wal", "-shm", ".lock", ".anchor"):
        Path(str(staged) + suffix).unlink(missing_ok=True)
    with open(staged, "rb") as handle:
        os.fsync(handle.fileno())


def _stage_documents(source_db: Path, journal: CopyJournal) -> list[str]:
    """The papers printed from the source that the target's documents folder does not
    hold yet, copied into the working folder and flushed; their relative names."""
    source, target = documents_dir(source_db), documents_dir(journal.target)
    if not source.is_dir():
        return []
    names = []
    try:
        for path in sorted(source.rglob("*")):
            if not path.is_file() or path.is_symlink():
                continue
            relative = path.relative_to(source)
            if (target / relative).exists():
                continue
            staged = journal.staged_documents / relative
            staged.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, staged)
            with open(staged, "rb") as handle:
                os.fsync(handle.fileno())
            names.append(relative.as_posix())
    except OSError as exc:
        raise OperationFailed(f"the documents of {source_db.name} could not be copied "
                              f"({exc.strerror or exc}: {exc.filename}); nothing was "
                              "copied") from None
    return names


def _documents_in(journal: CopyJournal, source_db: Path) -> int:
    """After the commit point: the staged papers into the target's documents folder,
    and the journal removed."""
    try:
        moved = move_documents_in(journal)
    except OSError as exc:
        journal.remove()
        raise OperationFailed(
            f"the records were copied, but not all their documents: {exc.strerror or exc} "
            f"({exc.filename}); copy the folder {documents_dir(source_db)} to "
            f"{documents_dir(journal.target)} by hand") from None
    journal.remove()
    return moved
