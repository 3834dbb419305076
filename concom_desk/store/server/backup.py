"""Backups of the records on a server, and putting one back: `pg_dump` and `pg_restore`
inside the same verified zip and manifest the SQLite backup writes (store.archive).

    database/<database>.pgdump   pg_dump's custom format (compressed; pg_restore reads it)
    documents/…                  the papers printed at this desk (its desk folder)
    templates/…                  the clerk's own templates
    manifest.json                every member's sha256, the schema, the trail's head

The dump and the manifest describe the same state of the records: the program opens
one REPEATABLE READ transaction, reads the trail's head and the tables' counts in it,
and hands its snapshot to pg_dump (`--snapshot`), so an edit made at another desk
while the dump runs is in neither. The zip is written under a hidden name beside the
backups, checked, and only then renamed to its own name, as the SQLite backup is.

Restore goes only into an empty server database (a new one an administrator made),
refuses a dump from a newer schema (read in the manifest, before pg_restore runs),
restores in one transaction (all or nothing), then re-checks the audit chain and its
head against the manifest; a trail that does not check out is removed again.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Connection, Engine, func, inspect, select, text
from sqlalchemy.exc import SQLAlchemyError

from concom_desk import __version__
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import backups_dir, documents_dir
from concom_desk.store.anchor import ChainHead
from concom_desk.store.archive import (
    DATABASE_FOLDER,
    DOCUMENTS_FOLDER,
    TEMPLATES_FOLDER,
    Manifest,
    extract_member,
    folder_members,
    open_archive,
    put_in_place,
    read_manifest,
    write_archive,
)
from concom_desk.store.audit import AUDIT_TABLE, Actor, verify_audit_chain
from concom_desk.store.backup import (
    STAGING_PREFIX,
    BackupMade,
    backup_target,
    claim_backup_folders,
    user_templates_dir,
)
from concom_desk.store.db_identity import APPLICATION_ID, is_newer_than_program
from concom_desk.store.disk import plain_os_error
from concom_desk.store.models import Base
from concom_desk.store.restore_staging import RestoreStaging
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.database import (
    DESK_FILE,
    ServerDatabase,
    desk_folder,
    explain_connection_failure,
)
from concom_desk.store.server.engine import make_server_engine
from concom_desk.store.server.password import stored_password
from concom_desk.store.server.pg_tools import conninfo, run_tool
from concom_desk.store.server.schema import server_revision

DUMP_SUFFIX = ".pgdump"


@dataclass
class ServerRestored:
    address: ServerAddress
    manifest: Manifest
    entries: int = 0
    documents: int = 0
    notices: list[str] = field(default_factory=list)


def chain_head_on(connection: Connection) -> ChainHead:
    count = connection.execute(text(f"SELECT count(*) FROM {AUDIT_TABLE}")).scalar_one()
    last = connection.execute(
        text(f"SELECT entry_hash FROM {AUDIT_TABLE} ORDER BY id DESC LIMIT 1")).scalar()
    return ChainHead(int(count), last or "")


def server_fingerprint(connection: Connection, revision: str | None,
                       head: ChainHead) -> str:
    """What changes whenever the records do: the schema, the trail's head (every save
    adds an entry), and each table's count and highest id."""
    digest = hashlib.sha256(f"{revision}|audit:{head.entries}:{head.hash}".encode())
    for table in Base.metadata.sorted_tables:
        count, top = connection.execute(
            select(func.count(), func.max(table.c.id)).select_from(table)).one()
        digest.update(f"|{table.name}:{count}:{top or 0}".encode())
    return digest.hexdigest()[:32]


def back_up_server(database: ServerDatabase, out: Path | None = None, *,
                   kind: str = "manual", password: str | None = None) -> BackupMade:
    """Write a verified backup archive of the server's records to `out` (a file, or a
    folder to name it in; default: this desk's backups folder for the server). pg_dump
    logs in as the desk did, with the same password unless `password` is given."""
    address = database.address
    out_zip = Path(out) if out is not None else backups_dir(database.path)
    if out is None:
        try:
            out_zip.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise plain_os_error(exc, "write the backup", out_zip) from None
    out_zip = backup_target(out_zip, address.database)
    folder = out_zip.parent
    workspace_claim, staging_claim = claim_backup_folders(folder)
    with workspace_claim as workspace, staging_claim as staging:
        return _write_server_backup(database, out_zip, kind, password, workspace, staging)


def _write_server_backup(database: ServerDatabase, out_zip: Path, kind: str,
                         password: str | None, workspace: Path, staging: Path) -> BackupMade:
    address, folder = database.address, out_zip.parent
    try:
        dump = workspace / f"{address.database}{DUMP_SUFFIX}"
        member = f"{DATABASE_FOLDER}/{dump.name}"
        manifest = _dump(database, dump, member, kind, password)
        members = [(member, dump)]
        members += folder_members(documents_dir(database.path), DOCUMENTS_FOLDER)
        members += folder_members(user_templates_dir(), TEMPLATES_FOLDER)
        partial = staging / (out_zip.name + ".partial")
        described = manifest
        manifest = write_archive(partial, members, lambda: described)
        put_in_place(partial, out_zip, manifest)
    except OSError as exc:
        raise plain_os_error(exc, "write the backup", folder) from None
    return BackupMade(out_zip, manifest)


def _dump(database: ServerDatabase, dump: Path, member: str, kind: str,
          password: str | None) -> Manifest:
    """pg_dump of one snapshot, and the manifest of that same snapshot."""
    address = database.address
    try:
        with database.engine.connect() as connection:
            connection = connection.execution_options(sqlite_begin="DEFERRED")
            with connection.begin():  # REPEATABLE READ, READ ONLY (store.server.engine)
                if password is None:  # the one this desk logged in with (kept or typed)
                    password = connection.connection.driver_connection.info.password or None
                snapshot = connection.execute(text("SELECT pg_export_snapshot()")).scalar()
                revision = server_revision(connection)
                head = chain_head_on(connection)
                fingerprint = server_fingerprint(connection, revision, head)
                run_tool("pg_dump", ["--format=custom", f"--snapshot={snapshot}",
                                     f"--file={dump}", f"--dbname={conninfo(address)}"],
                         password, f"back up {address.display()}")
    except SQLAlchemyError as exc:
        raise OperationFailed(explain_connection_failure(address, exc)) from None
    # The dump must be one pg_restore can read back, before it counts as a backup.
    run_tool("pg_restore", ["--list", str(dump)], None, "read back the dump it wrote")
    return Manifest(
        program_version=__version__,
        schema_revision=revision,
        application_id=APPLICATION_ID,
        created_utc=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        database=member,
        kind=kind,
        fingerprint=fingerprint,
        chain_head=head,
    )


def restore_server(archive_path: Path, address: ServerAddress,
                   password: str | None = None) -> ServerRestored:
    """Put the server backup at `archive_path` into the empty server database at
    `address` (see the module)."""
    archive_path = Path(archive_path)
    password = password if password is not None else stored_password(address)
    with open_archive(archive_path) as archive:
        manifest = read_manifest(archive, archive_path)
        if not manifest.database.endswith(DUMP_SUFFIX):
            raise UserError(f"{archive_path} is a backup of a database file, not of a server; "
                            "restore it with `concom-desk restore` and --db FILE.sqlite, "
                            "then `concom-desk copy` it to the server")
        if manifest.application_id != APPLICATION_ID:
            raise UserError(f"{archive_path} does not hold ConCom Desk records")
        if is_newer_than_program(manifest.schema_revision):
            raise UserError(f"{archive_path} was made by a newer version of ConCom Desk "
                            f"(schema {manifest.schema_revision}); install the newer program "
                            "to restore it; nothing was changed")
        engine = make_server_engine(address, Actor(address.user), password)
        try:
            _refuse_filled(engine, address)
            with RestoreStaging(Path(tempfile.gettempdir()), STAGING_PREFIX) as workspace:
                dump = workspace / Path(manifest.database).name
                extract_member(archive, manifest, manifest.database, dump, archive_path)
                # Owners and grants are this server's, not the dumped one's (whose roles
                # may not exist here): the tables belong to whoever restores, and the
                # desk roles' grants are given again as `server init` gives them.
                run_tool("pg_restore", ["--single-transaction", "--exit-on-error",
                                        "--no-owner", "--no-privileges",
                                        f"--dbname={conninfo(address)}", str(dump)],
                         password, f"restore into {address.display()}")
                done = ServerRestored(address, manifest)
                done.entries = _check_restored_trail(engine, manifest, archive_path)
                done.notices += _grant_again(engine)
                done.documents = _restore_documents(archive, manifest, address, workspace,
                                                    archive_path)
        finally:
            engine.dispose()
    return done


def _refuse_filled(engine: Engine, address: ServerAddress) -> None:
    """Restore never writes over records: the target must hold no tables at all."""
    try:
        with engine.connect() as connection:
            tables = inspect(connection).get_table_names()
    except SQLAlchemyError as exc:
        raise UserError(explain_connection_failure(address, exc)) from None
    if tables:
        raise UserError(f"{address.display()} already holds tables ({sorted(tables)[0]}, …); "
                        "restore a server backup only into a new, empty database — "
                        "nothing was changed")


def _check_restored_trail(engine: Engine, manifest: Manifest, where: Path) -> int:
    """The restored trail: whole, unbroken, and ending where the manifest says."""
    with engine.connect() as connection, connection.begin():
        head = chain_head_on(connection)
        altered = trail_problems(connection)
        foreign = _foreign_objects(connection)
        # The large town's 290,000 entries are streamed through, not held in memory.
        chain = verify_audit_chain(connection.execution_options(
            stream_results=True, yield_per=5000))
    problem = None
    if altered:
        problem = f"its trail's triggers are not the program's ({altered[0]})"
    elif foreign:
        more = f" and {len(foreign) - 1} more" if len(foreign) > 1 else ""
        problem = f"it holds what ConCom Desk does not make ({foreign[0]}{more})"
    elif not chain.ok:
        problem = f"its {chain.describe()}"
    elif manifest.chain_head is not None and manifest.chain_head != head:
        problem = (f"its trail ends at entry {head.entries:,}, and the backup's "
                   f"manifest recorded {manifest.chain_head.entries:,}")
    if problem is None:
        return chain.entries
    with engine.begin() as connection:
        _remove_restored(connection)
    raise OperationFailed(f"{where} was restored, but {problem}; the restored records were "
                          "removed again — use another backup")


def trail_problems(connection: Connection) -> list[str]:
    """What is wrong with the server's trail triggers (store.server.trail), [] when
    they are the program's own."""
    try:
        from concom_desk.store.server.trail import server_trail_problems
    except ImportError:  # a server schema without its own trail yet
        return []
    return server_trail_problems(connection)


def _grant_again(engine: Engine) -> list[str]:
    """The desk roles' grants on the restored tables (store.server.roles)."""
    from concom_desk.store.server.roles import grant_roles

    try:
        with engine.begin() as connection:
            grant_roles(connection)
    except SQLAlchemyError as exc:
        detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        return [f"The desk roles could not be given their rights ({detail}); run "
                "`concom-desk server init` on this database as its owner."]
    return ["The desk roles (clerk, commissioner, read-only) were given their rights again."]


def _foreign_objects(connection: Connection) -> list[str]:
    """What the restored catalog holds that the program does not make, as `check`
    says it (store.server.catalog): whole at this program's revision, views and
    functions of anyone else's at an older one."""
    from concom_desk.store.schema import head_revision
    from concom_desk.store.server.catalog import catalog_differences
    from concom_desk.store.server.schema import server_revision
    from concom_desk.store.server.trail import records_schema

    schema = records_schema(connection)
    if schema is None:
        return []
    return catalog_differences(connection, schema,
                               whole=server_revision(connection) == head_revision())


def _remove_restored(connection: Connection) -> None:
    """Take out again what pg_restore put into the (formerly empty: no tables, see
    _refuse_filled) database, a forged dump's own views and tables too."""
    for kind, name in connection.exec_driver_sql(
            "SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' "
            "ELSE 'TABLE' END, quote_ident(n.nspname) || '.' || quote_ident(c.relname) "
            "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = current_schema() AND c.relkind IN ('v', 'm', 'r', 'p') "
            "ORDER BY c.relkind DESC").all():
        connection.exec_driver_sql(f"DROP {kind} IF EXISTS {name} CASCADE")
    Base.metadata.drop_all(connection)
    connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")


def _restore_documents(archive: object, manifest: Manifest, address: ServerAddress,
                       workspace: Path, where: Path) -> int:
    """The papers printed at the desk that made the backup, into this desk's folder for
    the server (a paper already there is kept)."""
    target = documents_dir(desk_folder(address) / DESK_FILE)
    restored = 0
    prefix = DOCUMENTS_FOLDER + "/"
    for name in manifest.members:
        if not name.startswith(prefix):
            continue
        dest = target / name[len(prefix):]
        if dest.exists():
            continue
        staged = workspace / "document"
        extract_member(archive, manifest, name, staged, where)  # type: ignore[arg-type]
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(staged, dest)
        restored += 1
    return restored


__all__ = ["ServerRestored", "back_up_server", "restore_server"]
