"""The records' tables on a server: made once by `server init`, then checked at each
opening.

A server starts at the schema this program writes (the tables made from the models,
stamped with the current revision), not by replaying the SQLite file's history: those
early revisions rebuilt SQLite tables by copying them, which a server has no need of.
Later revisions run on both engines through Alembic, the same way.
"""

from __future__ import annotations

from alembic import command
from sqlalchemy import Connection, inspect

from concom_desk.errors import UserError
from concom_desk.store.models import Base
from concom_desk.store.schema import (
    alembic_config,
    current_revision,
    head_revision,
    head_revisions,
    script_directory,
)
from concom_desk.store.server.trail import install_server_trail


def server_revision(connection: Connection) -> str | None:
    """The server's revision(s) as one word, None when it holds no ConCom Desk schema."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return current_revision(connection)


def create_server_schema(connection: Connection) -> None:
    """Make the tables on an empty database, stamp them at this program's revision and
    install the trail (store.server.trail), inside the caller's transaction: a failure
    leaves the database empty."""
    if server_revision(connection) is not None:
        raise UserError("this server database already holds ConCom Desk records; "
                        "nothing was changed")
    Base.metadata.create_all(connection)
    command.stamp(alembic_config(connection), "heads")
    assert tuple(sorted(current_revision(connection).split("+"))) == head_revisions()
    install_server_trail(connection)


def refuse_unknown_server(connection: Connection, where: str) -> None:
    """One clear line for a server with no schema, or one from a newer program."""
    revision = server_revision(connection)
    if revision is None:
        raise UserError(f"{where} holds no ConCom Desk records yet; an administrator sets "
                        "it up with `concom-desk server init`")
    known = {script.revision for script in script_directory().walk_revisions()}
    if not set(revision.split("+")) <= known:
        raise UserError(f"{where} was set up by a newer version of ConCom Desk (schema "
                        f"{revision}; this program knows schemas up to {head_revision()}); "
                        "install the newer program on this desk")
    if revision != head_revision():
        raise UserError(f"{where} is at schema {revision}, older than this program's "
                        f"{head_revision()}; whoever set the server up runs `concom-desk server "
                        "init` again with this program to upgrade it")
