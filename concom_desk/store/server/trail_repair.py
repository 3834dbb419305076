"""Repairing the server's trail on purpose, with the gap written into the trail, as
`store.guard_repair` does for the SQLite file (`concom-desk repair-guards --db
postgresql://…`).

In one transaction, holding the chain's lock: what is wrong is read first (the
functions and triggers, and the replay of every row), then the program's functions and
triggers are put back (`install_server_trail`), then one entry is written for each row
the trail did not account for (initials UNAUDITED, the row as the trail last had it
and as it is now) and one `repair` entry naming every problem, who repaired it and
when. Afterwards `check` is sound, and each record's history shows the change made
behind the program's back as exactly that.

Only the role that owns the records (whoever ran `server init`) may write into
`audit_entry` directly; a desk's login is told so in one line.
"""

from __future__ import annotations

import json

from sqlalchemy import Connection
from sqlalchemy.exc import ProgrammingError, SQLAlchemyError

from concom_desk.errors import OperationFailed
from concom_desk.store.audit import AUDIT_TABLE, Actor
from concom_desk.store.guard_repair import UNAUDITED, Repaired
from concom_desk.store.server.address import ServerAddress
from concom_desk.store.server.engine import make_server_engine
from concom_desk.store.server.password import stored_password
from concom_desk.store.server.replay import server_replay
from concom_desk.store.server.trail import (
    CHAIN_LOCK,
    install_server_trail,
    quote_name,
    records_schema,
    server_trail_problems,
)


def repair_server_trail(address: ServerAddress, initials: str,
                        password: str | None = None) -> Repaired:
    """Put the trail back on the server at `address`, recording the gap. Raises
    OperationFailed (nothing changed) when the login may not, or the server fails."""
    actor = Actor(address.user, initials.strip().upper()[:10])
    engine = make_server_engine(address, actor, password or stored_password(address))
    try:
        with engine.begin() as connection:
            return repair_trail(connection, actor.initials)
    except ProgrammingError as exc:
        if "permission denied" in str(exc.orig) or "must be owner" in str(exc.orig):
            raise OperationFailed(
                f"{address.user} may not repair the trail on {address.display()}: only the "
                "role that set the server up (server init) can; nothing was changed"
            ) from None
        raise OperationFailed(f"the trail could not be repaired: {exc.orig}") from None
    except SQLAlchemyError as exc:
        raise OperationFailed(f"the trail could not be repaired: "
                              f"{getattr(exc, 'orig', exc)}; nothing was changed") from None
    finally:
        engine.dispose()


def repair_trail(connection: Connection, initials: str) -> Repaired:
    """The repair itself, inside the caller's transaction."""
    result = Repaired()
    schema = records_schema(connection)
    if schema is None:
        raise OperationFailed(f"the server has no {AUDIT_TABLE} table to repair; it was "
                              "not set up by server init, or the trail was dropped: "
                              "restore a backup of the server")
    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({CHAIN_LOCK})")
    result.problems += server_trail_problems(connection)
    found = server_replay(connection, schema)
    install_server_trail(connection)
    qschema = quote_name(connection, schema)
    for row in found:
        result.problems.append(row.describe())
        action = {"no entry": "insert", "back after deletion": "insert",
                  "deleted": "delete"}.get(row.kind, "update")
        old = None if action == "insert" else row.trail_said
        new = None if row.kind == "deleted" else row.row_now
        _append(connection, qschema, UNAUDITED, row.table, row.record_id, action, old, new)
        result.rows_recorded += 1
    if result.problems:
        _append(connection, qschema, initials, AUDIT_TABLE, 0, "repair",
                json.dumps({"problems": result.problems}),
                json.dumps({"repaired": "the program's audit triggers were put back"}))
    return result


def _append(connection: Connection, schema: str, initials: str, table: str,
            record_id: int, action: str, old: str | None, new: str | None) -> None:
    """One entry written by the repair itself, chained like the rest (by the same SQL
    hash the trail function uses)."""
    connection.exec_driver_sql(
        f"INSERT INTO {schema}.{AUDIT_TABLE} (id, at, os_user, initials, table_name, "
        "record_id, action, old_values, new_values, prev_hash, entry_hash) "
        "SELECT m.last_id + 1, m.at, m.u, m.i, m.t, m.r, m.a, m.o, m.n, m.prev, "
        f"{schema}.concom_entry_hash(m.prev, m.at, m.u, m.i, m.t, m.r, m.a, m.o, m.n) "
        "FROM (SELECT session_user::text AS u, %(initials)s::text AS i, %(table)s::text AS t, "
        "%(record)s::bigint AS r, %(action)s::text AS a, %(old)s::text AS o, "
        "%(new)s::text AS n, coalesce((SELECT entry_hash FROM "
        f"{schema}.{AUDIT_TABLE} ORDER BY id DESC LIMIT 1), '') AS prev, "
        f"coalesce((SELECT max(id) FROM {schema}.{AUDIT_TABLE}), 0) AS last_id, "
        "to_char(clock_timestamp() AT TIME ZONE 'UTC', "
        "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS at) AS m",
        {"initials": initials, "table": table, "record": record_id, "action": action,
         "old": old, "new": new})
