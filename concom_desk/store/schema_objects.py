"""Which tables, indexes, views and triggers a database of ours may hold.

A backup is a whole SQLite file, and SQLite files carry code: a trigger runs on
every write, a view can stand in for a table. A restored file that brings its own
(a trigger that rewrites an applicant's name each time the program saves the
filing, say) would work against the program from inside. So restore accepts only
the program's own schema objects: the tables and indexes that the migrations make
at the backup's schema revision (built afresh in a temporary file and compared by
name), no views at all, and the audit triggers as the program writes them.
"""

from __future__ import annotations

import sqlite3
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from alembic import command

from concom_desk.store.audit import Actor, expected_trigger_sql
from concom_desk.store.guards import as_sqlalchemy, guard_problems


def reference_objects(revision: str) -> frozenset[tuple[str, str]]:
    """(type, name) of every table and index the migrations make up to `revision`
    ("0003" or "0003+0005" for merged branches)."""
    return frozenset(key for key in reference_sql(revision) if key[0] in ("table", "index"))


@lru_cache(maxsize=4)
def reference_sql(revision: str) -> dict[tuple[str, str], str]:
    """(type, name) → SQL of every table and index the migrations make up to
    `revision`, built afresh in a temporary file (a second or so)."""
    from concom_desk.store.schema import _migration_engine, alembic_config

    with tempfile.TemporaryDirectory(prefix="concom-reference-") as folder:
        path = Path(folder) / "reference.sqlite"
        engine = _migration_engine(path, Actor("reference", ""))
        try:
            with engine.begin() as connection:
                for head in revision.split("+"):
                    command.upgrade(alembic_config(connection), head)
            with sqlite3.connect(path) as conn:
                found = conn.execute("SELECT type, name, sql FROM sqlite_master "
                                     "WHERE type IN ('table', 'index')").fetchall()
            conn.close()
        finally:
            engine.dispose()
    return {(kind, name): sql or "" for kind, name, sql in found}


def foreign_objects(conn: sqlite3.Connection, revision: str, at_head: bool) -> list[str]:
    """What in the database at `conn` the program did not make, in plain words. At the
    program's own revision an own-named trigger must also be word for word the
    program's; at an older one the upgrade re-creates them all anyway."""
    if at_head:
        from concom_desk.store.schema_master import schema_differences

        found = schema_differences(conn)
        with as_sqlalchemy(conn) as connection:
            expected = expected_trigger_sql(connection)
            problems = guard_problems(connection)
        return found + _trigger_findings(conn, expected, problems)
    allowed = reference_objects(revision)
    found = []
    for kind, name in conn.execute(
            "SELECT type, name FROM sqlite_master ORDER BY type, name").fetchall():
        if kind == "view":
            found.append(f"a view {name!r}")
        elif kind in ("table", "index") and (kind, name) not in allowed:
            found.append(f"{'a table' if kind == 'table' else 'an index'} {name!r}")
    # and, as `check` does, a table or index of the program's own made otherwise (a
    # CHECK weakened, a column added) than the migrations make it at that revision
    from concom_desk.store.schema_master import older_differences

    found += [line for line in older_differences(conn, revision)
              if "that ConCom Desk does not make" not in line]
    with as_sqlalchemy(conn) as connection:
        expected = expected_trigger_sql(connection)
        problems = guard_problems(connection) if at_head else []
    return found + _trigger_findings(conn, expected, problems)


def _trigger_findings(conn: sqlite3.Connection, expected: Any, problems: Any) -> list[str]:
    found = [f"a trigger {name!r} on {table}" for name, table in conn.execute(
        "SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        if name not in expected]
    return found + [f"a trigger {p.trigger!r} that is not the program's own (altered)"
                    for p in problems if p.kind == "altered"]

