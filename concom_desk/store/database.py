"""Opening the commission's database and working in transactions.

    db = open_database(path)            # checks, locks, migrates; raises UserError
    db.set_initials("JB")               # who is at the keyboard (audit trail)
    with db.session() as session:       # one transaction: commit on success,
        session.add(Filing(...))        # rollback on any exception
    db.close()

Durability: WAL journal with synchronous=FULL. In WAL mode FULL syncs the log on
every commit, so a transaction the program reported as saved survives a power cut;
NORMAL would only protect the file's integrity, not the last commits. WAL also lets
a backup read while the window keeps working. (WAL needs shared memory, which is why
a database on a network share gets a warning: see concom_desk.store.location.)

Transactions: Python's sqlite3 module (before 3.12) opens transactions lazily and
not for reads, so a session's reads could see two different states of the file. The
driver's own handling is switched off and each SQLAlchemy transaction emits BEGIN
itself: `session()` uses BEGIN IMMEDIATE (takes the write lock at once, so a write
never fails half-way because another connection wrote first); `read_session()` uses
a deferred BEGIN and is never committed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from concom_desk.errors import OperationFailed, RecordChanged, UserError
from concom_desk.store.audit import (
    Actor,
    ChainReport,
    register_audit_functions,
    verify_audit_chain,
)
from concom_desk.store.copy_journal import settle_interrupted_copy
from concom_desk.store.file_identity import APPLICATION_ID, check_file_identity, hold, release
from concom_desk.store.location import location_warning
from concom_desk.store.lock import DatabaseLock
from concom_desk.store.opening_checks import (
    OpeningState,
    folder_is_writable,
    look_after_opening,
    look_before_opening,
)
from concom_desk.store.restore_journal import UnreadableJournal, settle_interrupted_restore
from concom_desk.store.restore_staging import sweep_abandoned_restores
from concom_desk.store.schema import bring_schema_up_to_date

if TYPE_CHECKING:
    from concom_desk.store.anchor import CountedHead

BUSY_TIMEOUT_SECONDS = 10


def _configure_connection(dbapi_connection: sqlite3.Connection, actor: Actor) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (see above)
    register_audit_functions(dbapi_connection, actor)
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys = ON")
        # Persistent, so a no-op once set; here too so a file restored or copied in
        # another journal mode is brought back to WAL before anything is written.
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        # Our triggers call our own SQL functions; builds that default to an untrusted
        # schema would refuse that. The file is ours (application_id was checked).
        cursor.execute("PRAGMA trusted_schema = ON")
    finally:
        cursor.close()


def _configure_read_only(dbapi_connection: sqlite3.Connection, actor: Actor) -> None:
    dbapi_connection.isolation_level = None
    register_audit_functions(dbapi_connection, actor)
    dbapi_connection.execute("PRAGMA trusted_schema = ON")
    dbapi_connection.execute("PRAGMA query_only = ON")


def make_read_only_engine(path: Path, actor: Actor, immutable: bool = False) -> Engine:
    """An engine that can only read `path`: for a damaged database (read so the clerk
    can see what is there before restoring) or one in a read-only folder."""
    uri = f"{path.absolute().as_uri()}?{'immutable=1' if immutable else 'mode=ro'}"
    engine = create_engine(
        "sqlite://",
        creator=lambda: sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS,
                                        check_same_thread=False),
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        _configure_read_only(dbapi_connection, actor)

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN DEFERRED")

    return engine


def make_engine(path: Path, actor: Actor) -> Engine:
    """An engine on `path` whose connections carry the audit functions and pragmas.
    Used by `open_database`; also by tools (backup, check) that need a connection
    configured the same way."""
    engine = create_engine(
        f"sqlite:///{path}",
        connect_args={"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False},
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        _configure_connection(dbapi_connection, actor)

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        connection.exec_driver_sql(f"BEGIN {mode}")

    return engine


class Database:
    """An open ConCom Desk database. Create it with `open_database`."""

    def __init__(self, path: Path, engine: Engine, actor: Actor, lock: DatabaseLock | None,
                 upgrade_backup: Path | None = None, state: OpeningState | None = None):
        self.path = path
        # What the checks at opening found (see concom_desk.store.opening_checks): why the
        # program must not write, and what the clerk is to be told.
        self.state = state or OpeningState()
        # The copy kept before a schema upgrade at this opening (None when none was made).
        self.upgrade_backup = upgrade_backup
        self.engine = engine
        self.actor = actor
        self._lock = lock
        self._closed = False
        self._head: CountedHead | None = None  # the trail's head at the last save
        # Told to file_identity, so nothing in this process reads the file raw while
        # it is open (that would drop SQLite's locks on it: see hold()).
        self._held = hold(path)
        # Saves committed through this Database: a view that read at count N needs no
        # new read while the count is still N (the window's tabs ask it when shown).
        self.changes = 0
        # A session knows its database's file, so a paper made inside it can find what is
        # kept beside the file (the loaded parcels) without being handed the path.
        info = {"database_path": path}
        self._write_sessions = sessionmaker(bind=engine, expire_on_commit=False, info=info)
        self._read_sessions = sessionmaker(
            bind=engine.execution_options(sqlite_begin="DEFERRED"), expire_on_commit=False,
            info=info,
        )

    # -- who is acting -------------------------------------------------------------
    @property
    def initials(self) -> str:
        return self.actor.initials

    def set_initials(self, initials: str) -> None:
        """The initials written in every later audit entry (next to the OS login)."""
        self.actor.initials = initials.strip().upper()[:10]

    # -- transactions --------------------------------------------------------------
    @contextmanager
    def session(self) -> Iterator[Session]:
        """One transaction: committed when the block ends normally, rolled back (and the
        exception re-raised) otherwise. Nothing is ever half-written."""
        if self.state.refusal:
            raise OperationFailed(self.state.refusal)
        try:
            with self._write_sessions() as session, session.begin():
                yield session
        except StaleDataError as exc:
            # The UPDATE's `WHERE version = ?` matched nothing: another desk saved the
            # row after this session read it (store.record_versions). Rolled back.
            from concom_desk.store.record_versions import CHANGED_MEANWHILE

            raise RecordChanged(CHANGED_MEANWHILE) from exc
        self.changes += 1
        self.anchor()

    @property
    def writable(self) -> bool:
        return not self.state.refusal

    def anchor(self, closing: bool = False) -> None:
        """Write the trail's head into the anchor file beside the database (after each
        save, and at closing with the file's size and time, once SQLite has folded its
        journal in). Failing to is told in the log, never stops the clerk: the backups
        carry the head too."""
        if self.state.refusal or self._closed:
            return
        from concom_desk.store.anchor import counted_head, file_stamp, head_after, write_anchor

        try:
            raw = self.engine.raw_connection()
            try:
                conn = raw.driver_connection
                # After a save only the entries it added are counted; at closing the
                # whole trail again.
                self._head = (head_after(conn, self._head)  # type: ignore[arg-type]
                              if self._head is not None and not closing
                              else counted_head(conn))  # type: ignore[arg-type]
                head = self._head.head
            finally:
                raw.close()
            if not closing:
                write_anchor(self.path, head)
                return
            self.engine.dispose()
            write_anchor(self.path, head, closed=file_stamp(self.path))
        except (OSError, sqlite3.Error) as exc:
            import logging

            logging.getLogger(__name__).warning("could not write the anchor of %s: %s",
                                                self.path, exc)

    @contextmanager
    def read_session(self) -> Iterator[Session]:
        """A consistent read of the database; anything written here is discarded (the
        transaction is rolled back when the block ends). Objects read stay usable after
        the block, detached, with the values they had."""
        with self._read_sessions() as session:
            yield session

    def trail_mark(self) -> int:
        """The newest audit entry's id (0 for an empty trail): every save by any desk
        moves it, so a view that read at mark N needs no new read while it is N. One
        indexed look-up, cheap enough to ask each time the window is brought back."""
        from concom_desk.store.models import AuditEntry

        try:
            with self.read_session() as session:
                return int(session.scalar(select(func.max(AuditEntry.id))) or 0)
        except SQLAlchemyError as exc:
            detail = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            raise OperationFailed(f"cannot look at the records: {detail}") from exc

    def verify_audit_chain(self) -> ChainReport:
        """Check the audit trail's hash chain (see concom_desk.store.audit)."""
        with self.engine.connect() as connection:
            return verify_audit_chain(connection)

    # -- safety --------------------------------------------------------------------
    def location_warning(self) -> str | None:
        """Text to show when the file is in a sync folder or on a network share."""
        return location_warning(self.path)

    @property
    def recovered_stale_lock(self) -> bool:
        """True when this opening took over the lock of a program that had crashed."""
        return self._lock is not None and self._lock.recovered_stale

    # -- life cycle ----------------------------------------------------------------
    def close(self) -> None:
        if not self._closed and self._lock is not None:
            self.anchor(closing=True)
        self._closed = True
        self.engine.dispose()
        release(self._held)
        self._held = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    @property
    def is_open(self) -> bool:
        return not self._closed

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Database {self.path}>"


def _settle_a_stopped_restore(db_path: Path) -> str:
    try:
        return settle_interrupted_restore(db_path)
    except UnreadableJournal as exc:
        # whichever database is in place is whole (it is replaced by one rename)
        return (f"A restore left a journal: {exc}; it was left alone. Restore the backup again "
                "(File → Restore from backup…) if the records are not right.")


def _settle_a_stopped_copy(db_path: Path) -> str:
    try:
        return settle_interrupted_copy(db_path)
    except UnreadableJournal as exc:
        # the file in place is whole (it is put there by one rename)
        return (f"A copy from the server left a journal: {exc}; it was left alone. Copy "
                "the records again if they are not right.")


def open_database(path: Path | str | None = None, *, initials: str = "",
                  lock: bool = True) -> Database:
    """Open (creating or upgrading as needed) the commission's database at `path`
    (default: `concom_desk.paths.default_db_path()`).

    Raises UserError, with the file left untouched, for a file that is not a ConCom
    Desk database, one written by a newer program, or one another program has open.
    `lock=False` is for read-only tools that must work beside a running program.
    """
    from concom_desk.paths import default_db_path

    db_path = Path(path) if path is not None else default_db_path()
    db_path = db_path.expanduser().absolute()
    check_file_identity(db_path)
    db_lock = DatabaseLock(db_path) if lock else None
    try:
        if db_lock is not None:
            try:
                db_lock.acquire()
            except OperationFailed:
                # A read-only folder cannot hold the lock file; nobody can write there
                # either, so the database is opened read-only without one (said below).
                if folder_is_writable(db_path.parent) or not db_path.is_file():
                    raise
                db_lock = None
        actor = Actor.current()
        db_path.parent.mkdir(parents=True, exist_ok=True)
        settled = copied = ""
        if db_lock is not None:
            # a restore stopped half-way is finished or undone, never left half
            settled = _settle_a_stopped_restore(db_path)
            # and so is a copy from a server into this file
            copied = _settle_a_stopped_copy(db_path)
            # the full copy a killed restore left beside the records, hidden
            sweep_abandoned_restores(db_path.parent)
        crashed = db_lock is not None and db_lock.recovered_stale
        state = look_before_opening(db_path, crashed, may_set_aside=lock)
        state.settled_restore = settled
        state.settled_copy = copied
        upgrade_backup = None
        if state.read_only:
            engine = make_read_only_engine(db_path, actor, state.immutable)
        else:
            upgrade_backup = bring_schema_up_to_date(db_path, actor)
            look_after_opening(db_path, state)
            engine = make_engine(db_path, actor)
    except (UserError, OperationFailed):
        if db_lock is not None:
            db_lock.release()
        raise
    except (OSError, sqlite3.Error, SQLAlchemyError) as exc:
        if db_lock is not None:
            db_lock.release()
        raise OperationFailed(_explain_open_failure(db_path, exc)) from exc
    except BaseException:
        if db_lock is not None:
            db_lock.release()
        raise
    database = Database(db_path, engine, actor, db_lock, upgrade_backup, state)
    database.set_initials(initials)
    if lock:
        database.anchor()
    return database


def _explain_open_failure(path: Path, exc: BaseException) -> str:
    detail = str(getattr(exc, "orig", None) or exc).splitlines()[0]
    if any(word in detail for word in ("malformed", "not a database", "corrupt")):
        return (f"{path} is damaged ({detail}); it was left as it is — restore a backup")
    if isinstance(exc, OSError) and exc.strerror:
        where = exc.filename or path
        return f"cannot open {path}: {exc.strerror} ({where})"
    return f"cannot open {path}: {detail}"


__all__ = ["APPLICATION_ID", "Database", "make_engine", "make_read_only_engine", "open_database"]
