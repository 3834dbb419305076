"""The tables of the record and how they are read, on a file or on a server.

On a file (SQLite) the tables are listed from sqlite_master and PRAGMAs and a row is
ordered by its `rowid`; on a server (a psycopg connection) from the catalog, and a row
by its `id`. Both are read inside one read transaction, so everything read is one
moment of the record.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from itertools import count
from pathlib import Path
from typing import TYPE_CHECKING, Any

from concom_desk.store.db_identity import open_read_only, require_concom_database

if TYPE_CHECKING:
    from concom_desk.store.server.database import ServerDatabase

# Rows read from a server at a time (a named cursor): a long trail is never held whole.
READ_BATCH = 2000
# Internal bookkeeping, not part of the public record.
SKIPPED_TABLES = ("alembic_version",)


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def on_server(conn: Any) -> bool:
    return not isinstance(conn, sqlite3.Connection)


def tables(conn: sqlite3.Connection) -> list[str]:
    if on_server(conn):
        listed = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = "
            "current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name COLLATE \"C\"")
    else:
        listed = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")
    return [r[0] for r in listed if r[0] not in SKIPPED_TABLES]


def columns(conn: sqlite3.Connection, table: str) -> list[tuple[str, str]]:
    """(name, declared type) of each column, in table order."""
    if on_server(conn):
        return [(r[0], r[1].upper()) for r in conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns WHERE "
            "table_schema = current_schema() AND table_name = %s ORDER BY ordinal_position",
            (table,))]
    return [(r[1], (r[2] or "").upper()) for r in conn.execute(
        f"PRAGMA table_info({quoted(table)})"
    )]


def foreign_keys(conn: sqlite3.Connection, table: str) -> dict[str, tuple[str, str]]:
    """column → (parent table, parent column), for single-column foreign keys."""
    if on_server(conn):
        return {child: (parent, parent_column) for child, parent, parent_column in conn.execute(
            "SELECT a.attname, p.relname, pa.attname FROM pg_constraint c "
            "JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class p ON p.oid = c.confrelid "
            "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] "
            "JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1] "
            "WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND t.relname = %s "
            "AND t.relnamespace = current_schema()::regnamespace", (table,))}
    links: dict[str, tuple[str, str]] = {}
    for row in conn.execute(f"PRAGMA foreign_key_list({quoted(table)})"):
        parent, child_column, parent_column = row[2], row[3], row[4]
        links[child_column] = (parent, parent_column or "id")
    return links


def row_key(conn: Any, table: str) -> str:
    """What orders a table's rows as they were written: SQLite's rowid; on a server,
    the record's own number (every table of the records has an `id`)."""
    if not on_server(conn):
        return "rowid"
    names = [name for name, _ in columns(conn, table)]
    return "id" if "id" in names else quoted(names[0])


def rows_of(conn: Any, sql: str) -> Iterable[tuple[Any, ...]]:
    """The rows of a query, read a batch at a time on a server (a named cursor), so a
    long trail is never held whole in memory; SQLite's cursor already steps."""
    if not on_server(conn):
        return conn.execute(sql)  # type: ignore[no-any-return]
    cursor = conn.cursor(name=f"export_{next(_cursor_numbers)}")
    cursor.itersize = READ_BATCH
    cursor.execute(sql)
    return cursor  # type: ignore[no-any-return]


_cursor_numbers = count(1)



@contextmanager
def record_snapshot(db_path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection inside one read transaction: every table the export
    reads shows the same moment, even if the window saves meanwhile."""
    require_concom_database(db_path)
    with closing(open_read_only(db_path)) as conn:
        conn.isolation_level = None
        conn.execute("BEGIN")
        try:
            yield conn
        finally:
            conn.execute("COMMIT")


@contextmanager
def server_snapshot(database: ServerDatabase) -> Iterator[Any]:
    """On a server: one REPEATABLE READ, READ ONLY transaction (the same moment for
    every table while other desks go on saving), on a connection of the database's."""
    raw = database.engine.raw_connection()
    try:
        conn = raw.driver_connection
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        try:
            yield conn
        finally:
            conn.rollback()
    finally:
        raw.close()
