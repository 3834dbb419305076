"""`open_server_database`: a `Database` whose records live on a PostgreSQL server.

Everything above the store uses it as it uses the SQLite one: `session()`,
`read_session()`, `verify_audit_chain()`, `initials`. What differs is below:
- no lock file and no anchor file — the server serializes the desks itself and keeps
  the trail's head in its own transactions;
- `path` is this desk's own folder for the server (`<data folder>/servers/<name>/`):
  where the letters and permits this desk prints, its backups and its parcel layer go,
  as they go beside a SQLite file;
- no location warning: a server is the safe way to share records across a network.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session

from concom_desk.errors import OperationFailed, UserError
from concom_desk.store.audit import Actor
from concom_desk.store.database import Database
from concom_desk.store.opening_checks import OpeningState
from concom_desk.store.restore_staging import sweep_abandoned_restores
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.copy_settling import settle_copy_to_server
from concom_desk.store.server.engine import make_server_engine
from concom_desk.store.server.health import trail_opening_state
from concom_desk.store.server.password import stored_password
from concom_desk.store.server.refusals import privilege_refusal
from concom_desk.store.server.roles import OWNER, READ_ONLY_ROLE, desk_role
from concom_desk.store.server.schema import refuse_unknown_server
from concom_desk.store.server.trail import CHAIN_LOCK

DESK_FILE = "server.concom"  # names the desk's folder; holds no records
READ_ONLY_LOGIN = "read-only login"  # OpeningState.why for a public-records terminal


def desk_folder(address: ServerAddress) -> Path:
    """This desk's folder for the server: its printed papers, backups and parcels."""
    from concom_desk.paths import data_dir

    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{address.host}-{address.port}-"
                  f"{address.database}").strip("_")
    return data_dir() / "servers" / name


class ServerDatabase(Database):
    """An open server database. Create it with `open_server_database`."""

    is_server = True

    def __init__(self, address: ServerAddress, engine: object, actor: Actor) -> None:
        folder = desk_folder(address)
        super().__init__(folder / DESK_FILE, engine, actor, None)  # type: ignore[arg-type]
        self.address = address
        # What the login may do, as the server's grants say (store.server.roles).
        self.desk_role = OWNER

    @contextmanager
    def session(self) -> Iterator[Session]:
        """As the file's, with the trail's chain lock taken first: a save queues behind
        another desk's before it locks any record, so two saves touching the same
        records in turn wait for each other instead of deadlocking (store.server.trail).

        A save the server's grants refuse is told in one line (the transaction is rolled
        back: nothing of it is kept). A read-only login is refused before the server is
        asked, as a UserError: every form of the window shows that in its own place,
        where OperationFailed would be a fault."""
        if self.state.why == READ_ONLY_LOGIN:
            raise UserError(self.state.refusal)
        try:
            with super().session() as session:
                session.execute(text(f"SELECT pg_advisory_xact_lock({CHAIN_LOCK})"))
                yield session
        except DBAPIError as exc:
            refusal = privilege_refusal(exc, self.address.user)
            if refusal is None:
                raise
            raise UserError(refusal) from None

    def anchor(self, closing: bool = False) -> None:
        """The server keeps the trail's head itself: there is no file to anchor it in."""

    def location_warning(self) -> str | None:
        return None

    def __repr__(self) -> str:
        return f"<Database {self.address.display()}>"


def open_server_database(address: ServerAddress, *, initials: str = "",
                         password: str | None = None) -> ServerDatabase:
    """Connect to the server and check it holds this program's schema. Raises UserError
    (wrong password, no such server, a schema this program does not know) in one line."""
    actor = Actor(os_user=address.user, initials="")
    engine = make_server_engine(address, actor, password or stored_password(address))
    try:
        with engine.connect() as connection:
            role = desk_role(connection)
            if role is None:
                raise UserError(not_a_desk_login(address))
            # a copy onto the server this desk left half-way, finished or undone first
            copied = settle_copy_to_server(connection, address)
            # and the working folder of one killed before its journal, hidden, swept
            sweep_abandoned_restores(desk_folder(address))
            refuse_unknown_server(connection, address.display())
            trail = trail_opening_state(connection)  # damaged or missing: no writing
    except (UserError, OperationFailed):
        engine.dispose()
        raise
    except SQLAlchemyError as exc:
        engine.dispose()
        raise UserError(explain_connection_failure(address, exc)) from None
    database = ServerDatabase(address, engine, actor)
    database.desk_role = role
    if trail is not None:  # the trail's problems are told first, to any login
        database.state = trail
    elif role == READ_ONLY_ROLE:
        database.state = OpeningState(
            refusal=f"this login ({address.user}) can only read the records",
            why=READ_ONLY_LOGIN)
    database.state.settled_copy = copied
    desk_folder(address).mkdir(parents=True, exist_ok=True)
    database.set_initials(initials)
    return database


def not_a_desk_login(address: ServerAddress) -> str:
    return (f"the login {address.user!r} is not one of the desk logins of "
            f"{address.display()} (clerk, commissioner or read-only); the administrator "
            "adds it with `concom-desk server add-user`")


def explain_connection_failure(address: ServerAddress, exc: BaseException) -> str:
    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    text = detail[0] if detail else type(exc).__name__
    where = address.display()
    lowered = text.lower()
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        return f"the server {where} refused the password for {address.user}"
    if "does not exist" in lowered and "database" in lowered:
        return f"the server has no database {address.database!r} ({where})"
    if "permission denied for database" in lowered:
        return not_a_desk_login(address)
    if "role" in lowered and "does not exist" in lowered:
        return f"the server has no user {address.user!r} ({where})"
    if "ssl" in lowered and ("not support" in lowered or "unsupported" in lowered):
        return (f"the server {where} does not offer TLS; ask whoever runs it to turn TLS "
                "on (or, on the town hall's own network only, add ?sslmode=disable)")
    if isinstance(exc, OperationalError):
        return f"cannot reach the server {where}: {text}"
    return f"the server {where} answered: {text}"
