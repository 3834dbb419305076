"""Replaying the server's trail against its records, as `store.trail_replay` does for
the SQLite file: every row must hold what its last audit entry says it was left holding.

A record last updated is judged by its entries folded in order (an update keeps
only the columns it changed). Each row is rendered by the server with the very query
its trail function uses
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
    # A record last updated: its history, folded in Python (trail_replay.trail_state).
    said = (f"CASE WHEN a.action = 'update' THEN (SELECT json_agg(json_build_array("
            f"h.id, h.action, h.new_values))::text FROM {trail} AS h "
            "WHERE h.table_name = %(table)s AND h.record_id = a.record_id) "
            "ELSE a.new_values END")
    rows = connection.exec_driver_sql(
        f"SELECT r.id, r.now, a.id, a.action, {said} "
        f"FROM (SELECT t.id, ({now}) AS now FROM {qtable} AS t) AS r "
        f"LEFT JOIN ({last}) AS l ON l.record_id = r.id "
        f"LEFT JOIN {trail} AS a ON a.id = l.last_id "
        "WHERE a.id IS NULL OR a.action IN ('delete', 'update') "
        "OR a.new_values IS DISTINCT FROM r.now "
        "ORDER BY r.id", {"table": table, "stamps": stamps}).all()
    gone = connection.exec_driver_sql(
        f"SELECT a.record_id, a.id, {said} FROM {trail} AS a "
        f"JOIN ({last}) AS l ON a.id = l.last_id "
        f"WHERE a.action <> 'delete' AND NOT EXISTS "
        f"(SELECT 1 FROM {qtable} AS t WHERE t.id = a.record_id) ORDER BY a.record_id",
        {"table": table}).all()
    return divergences(table, list(rows), list(gone))

