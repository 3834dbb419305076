"""The two ends of `concom-desk copy`, as the clerk names them: a file or a server.

    copy_between("upton.sqlite", "postgresql://clerk@townhall/upton")   # onto a server
    copy_between("postgresql://clerk@townhall/upton", "back.sqlite")    # and back

The source is opened as the program opens it (a file locked, so no window writes to
it during the copy; a server checked for this program's schema). The source file must
already be at this program's schema: the copy does not upgrade it behind the clerk's
back. The target is a server database that is empty (its tables made, and the desk
roles given their rights, when it has none yet, as `server init` does) or a new file;
a new file is deleted again when the copy fails. The letters and permits printed from
the source (its documents folder) are copied into the target's, so its records'
papers still open on this desk.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.services.safekeeping.server_copy import (
    CopyReport,
    Progress,
    copy_records,
    where_of,
)
from concom_desk.store.server.address import ServerAddress, is_server_address, parse_address
from concom_desk.store.server.password import stored_password


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
        new_file = None
        if target_address is not None:
            target = _open_server_target(target_address, password_for(target_address))
        else:
            path = Path(target_text).expanduser().absolute()
            new_file = None if path.exists() else path
            target = _open_file_target(path)
        try:
            report = copy_records(source, target, progress)
        except BaseException:
            target.close()
            if new_file is not None:
                _delete_database_file(new_file)
            raise
        try:
            documents = _copy_documents(source.path, target.path)
        finally:
            target.close()
        return Copied(report, where_of(source), where_of(target), documents)
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


def _open_server_target(address: ServerAddress,
                        password: str | None):  # -> ServerDatabase
    """The server database, its tables made first when it has none (an empty database
    an administrator created for the commission)."""
    from concom_desk.store.audit import Actor
    from concom_desk.store.server.database import (
        explain_connection_failure,
        open_server_database,
    )
    from concom_desk.store.server.engine import make_server_engine
    from concom_desk.store.server.schema import create_server_schema, server_revision

    engine = make_server_engine(address, Actor(address.user), password)
    try:
        with engine.begin() as connection:
            if server_revision(connection) is None:
                create_server_schema(connection)
                _grant_desk_roles(connection)
    except SQLAlchemyError as exc:
        raise UserError(explain_connection_failure(address, exc)) from None
    finally:
        engine.dispose()
    return open_server_database(address, password=password)


def _grant_desk_roles(connection: object) -> None:
    """The desk roles' rights on the tables just made, as `server init` gives them."""
    try:
        from concom_desk.store.server.roles import grant_roles
    except ImportError:  # a program without desk roles yet
        return
    grant_roles(connection)


def _open_file_target(path: Path):  # -> Database
    from concom_desk.store import open_database
    from concom_desk.store.db_identity import require_concom_database
    from concom_desk.store.schema import head_revision

    if path.exists():
        identity = require_concom_database(path, what=str(path))
        if identity.revision != head_revision():
            raise UserError(f"{path} is at schema {identity.revision}, not this program's "
                            f"{head_revision()}; copy into a new file instead")
    else:
        if not path.parent.is_dir():
            raise UserError(f"the folder {path.parent} does not exist; create it or "
                            "choose another")
    return open_database(path)


def _delete_database_file(path: Path) -> None:
    """A file this copy made and could not fill: gone, with what SQLite kept beside it."""
    for suffix in ("", "-wal", "-shm", "-journal", ".anchor", ".lock"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def _copy_documents(source_db: Path, target_db: Path) -> int:
    """The papers printed from the source, into the target's documents folder (those
    already there are kept: nothing of the target's is overwritten)."""
    source, target = documents_dir(source_db), documents_dir(target_db)
    if not source.is_dir():
        return 0
    copied = 0
    try:
        for path in sorted(source.rglob("*")):
            if not path.is_file() or path.is_symlink():
                continue
            dest = target / path.relative_to(source)
            if dest.exists():
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest)
            copied += 1
    except OSError as exc:
        raise OperationFailed(f"the records were copied, but not all their documents: "
                              f"{exc.strerror or exc} ({exc.filename}); copy the folder "
                              f"{source} to {target} by hand") from None
    return copied
