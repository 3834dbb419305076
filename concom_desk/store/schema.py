"""Bringing a database file to the schema this program writes, when it is opened.

- A new file: created, marked as ours (`PRAGMA application_id`), put in WAL mode, and
  every migration run from the start, so a new database and an upgraded one are built
  by the same steps.
- An existing file at an older revision: copied first with the SQLite backup API to
  `backups/<name>-before-upgrade-from-<revision>-<time>.sqlite` (the copy is kept),
  upgraded in one transaction, then checked (integrity_check, foreign_key_check). If
  anything fails, the user is told in one line and the file is as it was: byte for
  byte when SQLite's rollback left it so, else the copy is put back; it is never left
  half-upgraded.
- A file at a revision this program does not know was written by a newer program: it
  is refused, untouched.

The audit triggers are re-created from the live tables at the end of every upgrade
(see concom_desk.store.audit), inside the same transaction.
"""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event

from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import backups_dir
from concom_desk.store.audit import Actor, install_audit_triggers, register_audit_functions
from concom_desk.store.file_identity import APPLICATION_ID, is_new_database
from concom_desk.store.renumbered import restamp_renumbered

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
UPGRADE_INITIALS = "UPGRADE"  # initials on audit entries written by a data migration


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def script_directory() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revisions() -> tuple[str, ...]:
    """The newest revision of each branch. Helpers working in parallel each add a
    revision on top of the same parent; alembic applies all the branches, so merged
    work needs no renumbering (a merge revision may join them later)."""
    heads = tuple(sorted(script_directory().get_heads()))
    assert heads, "the program ships without migrations"
    return heads


def head_revision() -> str:
    """The heads as one word, e.g. "0003" or "0003+0005" (for messages and names)."""
    return "+".join(head_revisions())


def schema_version() -> int:
    """How many revisions the program knows: written to PRAGMA user_version, so a tool
    can tell quickly how far a file was upgraded (it only grows)."""
    return sum(1 for _ in script_directory().walk_revisions())


def _migration_engine(path: Path, actor: Actor) -> Engine:
    engine = create_engine(f"sqlite:///{path}", poolclass=_single_connection_pool())

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        register_audit_functions(dbapi_connection, actor)
        # Off while tables are rebuilt by copying (batch mode); checked after.
        dbapi_connection.execute("PRAGMA foreign_keys = OFF")
        dbapi_connection.execute("PRAGMA trusted_schema = ON")

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _single_connection_pool() -> Any:
    from sqlalchemy.pool import NullPool

    return NullPool


def current_revisions(connection: Connection) -> tuple[str, ...]:
    return tuple(sorted(MigrationContext.configure(connection).get_current_heads()))


def current_revision(connection: Connection) -> str | None:
    """The file's revision(s) as one word ("0002", "0003+0005"), None when unstamped."""
    return "+".join(current_revisions(connection)) or None


def _refuse_unknown(path: Path, revision: str | None) -> None:
    if revision is None:
        raise UserError(
            f"{path} is marked as a ConCom Desk database but has no schema revision "
            "(it may be damaged); it was left as it is — restore a backup"
        )
    known = {script.revision for script in script_directory().walk_revisions()}
    if not set(revision.split("+")) <= known:
        raise UserError(
            f"{path} was written by a newer version of ConCom Desk (schema {revision}; this "
            f"program knows schemas up to {head_revision()}). Open it with the newer "
            "program; it was left as it is"
        ) from None


def _upgrade(connection: Connection) -> None:
    restamp_renumbered(connection)
    command.upgrade(alembic_config(connection), "heads")
    install_audit_triggers(connection)
    connection.exec_driver_sql(f"PRAGMA user_version = {schema_version()}")


def check_database(connection: Connection) -> list[str]:
    """Problems found by SQLite's integrity and foreign-key checks (empty when sound)."""
    problems = [row[0] for row in connection.exec_driver_sql("PRAGMA integrity_check")
                if row[0] != "ok"]
    problems += [f"table {row[0]} row {row[1]} points to a missing {row[2]} row"
                 for row in connection.exec_driver_sql("PRAGMA foreign_key_check")]
    return problems


def _create(path: Path, actor: Actor) -> None:
    engine = _migration_engine(path, actor)
    try:
        # Both pragmas must run outside a transaction; the journal mode is persistent.
        raw = sqlite3.connect(path)
        try:
            raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            raw.execute("PRAGMA journal_mode = WAL")
        finally:
            raw.close()
        with engine.begin() as connection:
            _upgrade(connection)
    except BaseException:
        engine.dispose()
        for leftover in (path, *_sidecars(path)):
            leftover.unlink(missing_ok=True)  # nothing of a failed creation stays
        raise
    engine.dispose()


def _sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy with the SQLite backup API (never a file copy of a live db)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(source)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def upgrade_backup_path(path: Path, revision: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    return backups_dir(path) / f"{path.stem}-before-upgrade-from-{revision}-{stamp}.sqlite"


def _fingerprint(path: Path) -> str | None:
    """The file's bytes as a sha256 when the file alone holds the database (no journal
    beside it), else None. An upgrade that fails inside its transaction is rolled back
    by SQLite and leaves the file byte for byte as it was: then it is not copied back
    (a copy made with the backup API holds the same records, not the same bytes)."""
    if any(side.exists() and side.stat().st_size for side in _sidecars(path)):
        return None
    digest = hashlib.sha256()
    with path.open("rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _one_line(exc: BaseException) -> str:
    """What stopped an upgrade, in one line: SQLite's own words for a database error
    (SQLAlchemy adds the statement and a web link on lines of their own)."""
    cause = getattr(exc, "orig", None)
    return " ".join(str(cause if cause is not None else exc).split()) or type(exc).__name__


def bring_schema_up_to_date(path: Path, actor: Actor) -> Path | None:
    """Create or upgrade the database at `path`. Returns the path of the copy made
    before an upgrade, or None when nothing had to be upgraded."""
    if is_new_database(path):
        _create(path, actor)
        return None
    migration_actor = Actor(actor.os_user, UPGRADE_INITIALS)
    engine = _migration_engine(path, migration_actor)
    try:
        with engine.connect() as connection:
            revision = current_revision(connection)
            _refuse_unknown(path, revision)
            if revision == head_revision():
                # A trigger dropped or altered with another tool is NOT put back here:
                # that would erase the evidence. open_database checks the guards and
                # refuses to write until the clerk restores or repairs on purpose.
                return None
        assert revision is not None
        backup = upgrade_backup_path(path, revision)
        copy_database(path, backup)
        as_it_was = _fingerprint(path)
        try:
            with engine.connect() as connection:
                with connection.begin():
                    _upgrade(connection)
                problems = check_database(connection)
            if problems:
                raise OperationFailed("; ".join(problems[:5]))
        except Exception as exc:
            engine.dispose()
            if as_it_was is None or _fingerprint(path) != as_it_was:
                copy_database(backup, path)
            raise OperationFailed(
                f"upgrading {path.name} from schema {revision} failed ({_one_line(exc)}); "
                f"the database was put back as it was (a copy is in {backup})"
            ) from exc
        return backup
    finally:
        engine.dispose()
