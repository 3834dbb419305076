"""`concom-desk server init`: a database made ready for the desks, in one transaction.

An empty database gets the records' tables (stamped at this program's revision, the
trail installed with them: `schema.create_server_schema`), the three group roles and
their grants (`roles`). A database already at this program's revision is refused,
untouched: running init twice must never look like it did something. One at an older
revision is upgraded (the later revisions, which run on both engines), and its trail
and grants are made again for the tables as they now are. Anything that fails rolls it all back —
PostgreSQL's DDL is transactional — so a database is never left half set up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from alembic import command
from sqlalchemy import Connection, inspect

from concom_desk.errors import UserError
from concom_desk.store.schema import alembic_config, head_revision, script_directory
from concom_desk.store.server.roles import grant_roles, make_groups, record_tables
from concom_desk.store.server.schema import create_server_schema, server_revision
from concom_desk.store.server.trail import install_server_trail


@dataclass(frozen=True)
class SetUp:
    """What `set_up_server` did, for the administrator to be told."""

    revision: str
    upgraded_from: str | None = None  # None: the tables were made
    groups_made: list[str] = field(default_factory=list)
    tables: int = 0


def set_up_server(connection: Connection, where: str) -> SetUp:
    """Make (or upgrade) the records' schema, the group roles and the grants, inside the
    caller's transaction. Raises UserError, with nothing changed, for a database that
    already holds this program's records, another program's tables, or a newer schema."""
    revision = server_revision(connection)
    if revision is None:
        others = sorted(inspect(connection).get_table_names(schema="public"))
        if others:
            shown = ", ".join(others[:4]) + (f" and {len(others) - 4} more" if len(others) > 4
                                             else "")
            raise UserError(f"{where} already holds tables that are not ConCom Desk's "
                            f"({shown}); set the records up in an empty database — nothing "
                            "was changed")
        made = make_groups(connection)
        create_server_schema(connection)
        grant_roles(connection)
        return SetUp(head_revision(), None, made, len(record_tables()))
    known = {script.revision for script in script_directory().walk_revisions()}
    if not set(revision.split("+")) <= known:
        raise UserError(f"{where} was set up by a newer version of ConCom Desk (schema "
                        f"{revision}); nothing was changed — use the newer program")
    if revision == head_revision():
        raise UserError(f"{where} is already set up for ConCom Desk (schema {revision}); "
                        "nothing was changed — add desk logins with `concom-desk server "
                        "add-user`")
    made = make_groups(connection)
    command.upgrade(alembic_config(connection), "heads")
    install_server_trail(connection)  # the trail's triggers for the tables as they now are
    grant_roles(connection)
    return SetUp(head_revision(), revision, made, len(record_tables()))
