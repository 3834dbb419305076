"""Replaying the server's trail against its records, as `store.trail_replay` does for
the SQLite file: every row must hold what its last audit entry says it was left holding.

Each row is rendered by the server with the very query its trail function uses
(`row_json_select`), inline rather than through the function, so a replay still runs
when that function was dropped or altered. Rows whose text differs are judged column
by column in Python, by the same code as on SQLite (`trail_replay.divergences`): a
trail copied in from a SQLite file, whose columns come in another order, is not a
change.
"""

from __future__ import annotations

from sqlalchemy import Connection

from concom_desk.store.audit import AUDIT_TABLE
from concom_desk.store.server.trail import audited_tables, quote_name, row_json_select
from concom_desk.store.trail_replay import Divergence, divergences


def server_replay(connection: Connection, schema: str) -> list[Divergence]:
    """Every row the server's trail does not account for, table by table."""
    q = quote_name(connection, schema)
    found: list[Divergence] = []
    for table, stamps in audited_tables(connection, schema).items():
        found += _replay_table(connection, q, table, list(stamps))
    return found


def _replay_table(connection: Connection, schema: str, table: str,
                  stamps: list[str]) -> list[Divergence]:
    qtable = f"{schema}.{quote_name(connection, table)}"
    trail = f"{schema}.{AUDIT_TABLE}"
    last = (f"SELECT record_id, max(id) AS last_id FROM {trail} "
            "WHERE table_name = %(table)s GROUP BY record_id")
    now = row_json_select("row_to_json(t)", "%(stamps)s::text[]")
    rows = connection.exec_driver_sql(
        f"SELECT r.id, r.now, a.id, a.action, a.new_values "
        f"FROM (SELECT t.id, ({now}) AS now FROM {qtable} AS t) AS r "
        f"LEFT JOIN ({last}) AS l ON l.record_id = r.id "
        f"LEFT JOIN {trail} AS a ON a.id = l.last_id "
        "WHERE a.id IS NULL OR a.action = 'delete' OR a.new_values IS DISTINCT FROM r.now "
        "ORDER BY r.id", {"table": table, "stamps": stamps}).all()
    gone = connection.exec_driver_sql(
        f"SELECT a.record_id, a.id, a.new_values FROM {trail} AS a "
        f"JOIN ({last}) AS l ON a.id = l.last_id "
        f"WHERE a.action <> 'delete' AND NOT EXISTS "
        f"(SELECT 1 FROM {qtable} AS t WHERE t.id = a.record_id) ORDER BY a.record_id",
        {"table": table}).all()
    return divergences(table, list(rows), list(gone))

