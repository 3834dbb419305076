"""The audit trail, kept by the database itself.

Why triggers and not SQLAlchemy flush events: the trail holds "every insert, change and
deletion, by any part of the program" (docs/store.md). Flush events see only ORM
unit-of-work changes; they miss `session.execute(update(...))`, bulk inserts, raw SQL
and a future helper's sqlite3 connection. An AFTER trigger on each table sees every
row change, runs inside the statement's transaction (so the entry commits or rolls
back with the change), and costs one INSERT per row.

The trigger needs three things SQLite does not have: who is acting (OS login and the
initials set in the app) and a sha256 for the hash chain. They are SQL functions the
program registers on each of its connections (`register_audit_functions`). A tool that
opens the file without them (the sqlite3 shell, a spreadsheet's ODBC driver) cannot
write at all: its trigger fails with "no such function", the statement is rolled back.
That is the guard on raw writes: nothing changes the record without an audit entry.

The triggers are generated from the live schema (PRAGMA table_info), not from the
models, so that each migration can call `install_audit_triggers` at its end and get
triggers matching the tables as they are at that revision.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from concom_desk.store.record_locks import LOCK_TRIGGERS

if TYPE_CHECKING:  # sqlite3-only users (the backup) do not load SQLAlchemy
    from sqlalchemy import Connection

AUDIT_TABLE = "audit_entry"
NEVER_DELETED = {
    "filing": "a filing is never deleted: void it with a reason",
    "enforcement_case": "an enforcement case is never deleted: void it with a reason",
}
_NOT_AUDITED = {AUDIT_TABLE, "alembic_version"}
_TRIGGER_PREFIXES = ("audit_", "guard_", "lock_")


@dataclass
class Actor:
    """Who is making changes: the OS login (taken, not typed) and initials set in the app."""

    os_user: str
    initials: str = ""

    @classmethod
    def current(cls, initials: str = "") -> Actor:
        from concom_desk.store.os_account import os_account

        return cls(os_user=os_account(), initials=initials)


def entry_hash(prev_hash: str, at: str, os_user: str, initials: str, table_name: str,
               record_id: int, action: str, old_values: str | None,
               new_values: str | None) -> str:
    """The sha256 of one entry, chained to the one before. Each field goes in with its
    length in front (NULL as a single 0xFF byte), so no value can be forged by moving
    text from one field to the next. Called once per row written: kept cheap."""
    parts: list[bytes] = []  # hashed in one piece: the same digest as field by field
    for value in (prev_hash, at, os_user, initials, table_name, record_id, action,
                  old_values, new_values):
        if value is None:
            parts.append(b"\xff")
            continue
        data = str(value).encode("utf-8")
        parts.append(len(data).to_bytes(4, "big"))
        parts.append(data)
    return hashlib.sha256(b"".join(parts)).hexdigest()


def register_audit_functions(dbapi_connection: sqlite3.Connection, actor: Actor) -> None:
    """Make the functions the audit triggers call available on this connection.
    `actor` is read at each call, so changing its initials takes effect at once."""
    dbapi_connection.create_function("concom_os_user", 0, lambda: actor.os_user)
    dbapi_connection.create_function("concom_initials", 0, lambda: actor.initials)
    dbapi_connection.create_function("concom_audit_hash", 9, entry_hash)


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


# SQLite builds may cap a function at 127 arguments; a wide table's row is built
# in chunks (json_object, then json_set), which keeps NULLs as JSON null.
_PAIRS_PER_CALL = 60


def _row_json(columns: list[str], alias: str) -> str:
    chunks = [columns[i:i + _PAIRS_PER_CALL] for i in range(0, len(columns), _PAIRS_PER_CALL)]
    expression = "json_object({})".format(
        ", ".join(f"'{c}', {alias}.{_quote(c)}" for c in chunks[0]))
    for chunk in chunks[1:]:
        pairs = ", ".join(f"'$.\"{c}\"', {alias}.{_quote(c)}" for c in chunk)
        expression = f"json_set({expression}, {pairs})"
    return expression


def row_json_sql(columns: list[str], alias: str) -> str:
    """The SQL expression of a row as the triggers write it into the trail (the replay
    in `check` compares each row with its last entry through the same expression)."""
    return _row_json(columns, alias)


# A path no column has: json_remove takes it for a column that changed (a NULL path
# would make the whole image NULL), and it removes nothing.
_KEEP = "'$.\"\"'"
_PATHS_PER_CALL = 100  # json_remove's paths per call, under the 127-argument cap


def _changed_json(columns: list[str], alias: str, other: str) -> str:
    """The row `alias` as `_row_json` writes it, holding only the columns whose value
    `other` does not share: an update's images keep what it changed (revision 0022).
    A save changes two or three columns of a filing's forty; its entry held both
    whole rows, and a filing saved twenty times over its life weighed more in the
    trail than everything else about it. Nothing is lost: each earlier image is in
    the trail, and the replay folds a record's entries in order (store.trail_replay).
    `IS NOT` is SQLite's own comparison (NULL equals NULL), the one the row holds."""
    paths = [f"CASE WHEN {alias}.{_quote(c)} IS {other}.{_quote(c)} "
             f"THEN '$.\"{c}\"' ELSE {_KEEP} END" for c in columns]
    expression = _row_json(columns, alias)
    for i in range(0, len(paths), _PATHS_PER_CALL):
        expression = f"json_remove({expression}, {', '.join(paths[i:i + _PATHS_PER_CALL])})"
    return expression


def _audit_trigger(table: str, columns: list[str], action: str,
                   whole_updates: bool = False) -> str:
    when = {"insert": "INSERT", "update": "UPDATE", "delete": "DELETE"}[action]
    row = "OLD" if action == "delete" else "NEW"
    old = new = "NULL"
    if action != "insert":
        old = _row_json(columns, "OLD")
    if action != "delete":
        new = _row_json(columns, "NEW")
    if action == "update" and not whole_updates:
        old, new = _changed_json(columns, "OLD", "NEW"), _changed_json(columns, "NEW", "OLD")
    return f"""
CREATE TRIGGER audit_{table}_{action} AFTER {when} ON {_quote(table)}
BEGIN
  INSERT INTO {AUDIT_TABLE} (at, os_user, initials, table_name, record_id, action,
                            old_values, new_values, prev_hash, entry_hash)
  SELECT e.at, e.u, e.i, '{table}', {row}.id, '{action}', e.ov, e.nv, e.ph,
         concom_audit_hash(e.ph, e.at, e.u, e.i, '{table}', {row}.id, '{action}', e.ov, e.nv)
  FROM (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS at,
               concom_os_user() AS u, concom_initials() AS i, {old} AS ov, {new} AS nv,
               coalesce((SELECT entry_hash FROM {AUDIT_TABLE} ORDER BY id DESC LIMIT 1), '')
               AS ph) AS e;
END"""


def _guard_triggers() -> list[str]:
    statements = [
        f"CREATE TRIGGER guard_{AUDIT_TABLE}_update BEFORE UPDATE ON {AUDIT_TABLE} "
        "BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only: entries cannot be "
        "changed'); END",
        f"CREATE TRIGGER guard_{AUDIT_TABLE}_delete BEFORE DELETE ON {AUDIT_TABLE} "
        "BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only: entries cannot be "
        "deleted'); END",
    ]
    for table, message in NEVER_DELETED.items():
        statements.append(
            f"CREATE TRIGGER guard_{table}_delete BEFORE DELETE ON {table} "
            f"BEGIN SELECT RAISE(ABORT, '{message}'); END"
        )
    statements.extend(LOCK_TRIGGERS)  # approved minutes (store.record_locks)
    return statements


def audited_tables(connection: Connection) -> list[str]:
    names = connection.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name"
    ).scalars().all()
    return [n for n in names if n not in _NOT_AUDITED and not n.startswith("_alembic")]


def expected_triggers(connection: Connection) -> set[str]:
    names = {f"guard_{AUDIT_TABLE}_update", f"guard_{AUDIT_TABLE}_delete"}
    for table in audited_tables(connection):
        names |= {f"audit_{table}_{action}" for action in ("insert", "update", "delete")}
        if table in NEVER_DELETED:
            names.add(f"guard_{table}_delete")
    return names


def missing_audit_triggers(connection: Connection) -> set[str]:
    """Audit or guard triggers that should exist and do not (dropped outside the program)."""
    present = set(connection.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type = 'trigger'").scalars().all())
    return expected_triggers(connection) - present


def expected_trigger_sql(connection: Connection, whole_updates: bool = False,
                         ) -> dict[str, str]:
    """Every audit and guard trigger the schema as it is now should have, by name, with
    the exact statement that makes it: what `install_audit_triggers` creates, and what
    `check` compares the database's triggers with (their full SQL, not their names).
    `whole_updates`: the update triggers as revisions before 0022 made them, writing
    both whole rows (a file not yet opened by this program still has them)."""
    expected: dict[str, str] = {}
    tables = audited_tables(connection)
    for table in tables:
        columns = [row[1] for row in connection.exec_driver_sql(
            f"PRAGMA table_info({_quote(table)})")]
        for action in ("insert", "update", "delete"):
            expected[f"audit_{table}_{action}"] = _audit_trigger(table, columns, action,
                                                                 whole_updates)
    for statement in _guard_triggers():
        table = statement.split(" ON ")[1].split()[0]
        if table == AUDIT_TABLE or table in tables:
            expected[statement.split()[2]] = statement
    return expected


def install_audit_triggers(connection: Connection, whole_updates: bool = False) -> None:
    """Drop and re-create every audit and guard trigger from the schema as it is now.
    Called by migrations and by the audited "repair guards" only: a guard found missing
    or altered at opening is never put back silently (see concom_desk.store.guards).
    `whole_updates`: as before revision 0022 (its downgrade)."""
    existing = connection.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type = 'trigger'"
    ).scalars().all()
    for name in existing:
        if name.startswith(_TRIGGER_PREFIXES):
            connection.exec_driver_sql(f"DROP TRIGGER {_quote(name)}")
    for statement in expected_trigger_sql(connection, whole_updates).values():
        connection.exec_driver_sql(statement)


@dataclass(frozen=True)
class ChainReport:
    """The result of checking the audit chain. `first_broken_id` is None when sound."""

    entries: int
    first_broken_id: int | None = None
    problem: str = ""
    first_format_entries: int = 0  # sealed in the format of 29 Nov 2026 (see below)
    # Every entry dated, in the triggers' one format, no earlier than the one before it:
    # then the trail's dates need no closer look (`check`'s time order).
    in_time_order: bool = False

    @property
    def ok(self) -> bool:
        return self.first_broken_id is None

    def describe(self) -> str:
        if self.ok:
            return f"audit trail sound: {self.entries} entries, chain unbroken"
        return f"audit trail broken at entry {self.first_broken_id}: {self.problem}"


_LENGTH = struct.Struct(">I").pack  # a field's length in front of it, as entry_hash puts it
_NULL = b"\xff"
# The length prefixes of short fields, looked up rather than packed: all but the row
# images are short, and the chain walk makes nine of them for each of its entries.
_SHORT = tuple(_LENGTH(n) for n in range(256))
# How the triggers date an entry (strftime('%Y-%m-%dT%H:%M:%fZ')): in this one format
# the dates' order is their text's order.
_AT_LENGTH = len("2026-12-04T09:17:41.063Z")


def _read_back_hash(prev_hash: str, at: str, os_user: str, initials: str, table_name: str,
                    record_id: object, action: str, old_values: str | None,
                    new_values: str | None) -> str:
    """`entry_hash` of an entry as SQLite hands it back (text fields as text, the two
    row images text or NULL), in one expression: the same bytes hashed, with no loop
    over the fields -- the chain walk in `check` does this three hundred thousand
    times. Anything else (a number or a blob where text belongs, a NULL in a field
    that is never NULL, a short field over 255 bytes) raises AttributeError or
    IndexError and is hashed by `entry_hash` itself."""
    p, a, u, i = prev_hash.encode(), at.encode(), os_user.encode(), initials.encode()
    t, r, c = table_name.encode(), str(record_id).encode(), action.encode()
    o = _NULL if old_values is None else _LENGTH(len(b := old_values.encode())) + b
    n = _NULL if new_values is None else _LENGTH(len(b := new_values.encode())) + b
    short = _SHORT  # an IndexError (a field over 255 bytes) is hashed by entry_hash
    return hashlib.sha256(b"".join((
        short[len(p)], p, short[len(a)], a, short[len(u)], u, short[len(i)], i,
        short[len(t)], t, short[len(r)], r, short[len(c)], c, o, n))).hexdigest()


def first_format_hash(prev_hash: str, at: str, os_user: str, initials: str,
                      table_name: str, record_id: object, action: str,
                      old_values: str | None, new_values: str | None) -> str:
    """The seal of the trail's first format (a JSON list of the fields), written by the
    programs of 29 Nov 2026 until c2e93e8 made it length-prefixed. Their files are
    upgraded, not resealed: resealing would put the program's hand on every entry. It
    is exactly as hard to forge as the present format (both plain sha256), so a trail
    may begin in it; once an entry is sealed in the present format, every later one is."""
    payload = json.dumps([prev_hash, at, os_user, initials, table_name, record_id, action,
                          old_values, new_values], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


# Each record's last entry: (table, record id) -> (entry id, action, what the trail
# says it left): an insert's row image; for a record last updated, the images since
# its insert in order, or their history as the replay's SQL reads it
# (trail_replay.trail_state folds either).
LastEntries = dict[tuple[str, int], tuple[int, str, Any]]


def note_entry(last: LastEntries, entry_id: int, table: str, record_id: int, action: str,
               new_values: str | None) -> None:
    """Note one entry, read in the trail's order, as its record's last. An update
    keeps the images since the record's insert: only their fold is the row."""
    if action != "update":
        last[table, record_id] = (entry_id, action, new_values)
        return
    prior = last.get((table, record_id))
    if prior is None or prior[1] == "delete":
        images = [new_values]
    elif prior[1] == "update":
        images = prior[2]
        images.append(new_values)
    else:
        images = [prior[2], new_values]
    last[table, record_id] = (entry_id, action, images)


def verify_audit_chain(connection: Connection | sqlite3.Connection,
                       last: LastEntries | None = None,
                       ) -> ChainReport:
    """Walk the audit trail in order and report the first entry that does not match:
    its stored hash is not the hash of its contents (a changed row), or its `prev_hash`
    is not the hash of the entry before it (a removed or inserted row). A plain sqlite3
    connection is read directly (`check`: a third less time than through SQLAlchemy's
    rows over three hundred thousand entries). `last` is filled, as the walk goes, with
    each record's last entry ((table, record) -> (id, action, new_values)), for a
    replay that compares the rows in Python (store.trail_replay), as `note_entry`
    notes them."""
    run = (connection.execute if isinstance(connection, sqlite3.Connection)
           else connection.exec_driver_sql)
    rows = run(
        f"SELECT id, at, os_user, initials, table_name, record_id, action, old_values, "
        f"new_values, prev_hash, entry_hash FROM {AUDIT_TABLE} ORDER BY id"
    )
    previous = ""
    count = 0
    first_format = 0
    latest, in_order = "", True
    for row in rows:
        count += 1
        entry_id, at, user, initials, table, record, action, old, new, prev, stored = row
        if prev != previous:
            return ChainReport(count, entry_id, "it does not follow the entry before it "
                                                "(an entry was removed, added or changed)")
        try:
            digest = _read_back_hash(prev, at, user, initials, table, record, action, old, new)
            if at >= latest and len(at) == _AT_LENGTH and at[-1] == "Z":
                latest = at
            else:
                in_order = False
        except (AttributeError, IndexError, TypeError):
            digest = entry_hash(prev, at, user, initials, table, record, action, old, new)
            in_order = False
        if digest != stored:
            if first_format == count - 1 and stored == first_format_hash(
                    prev, at, user, initials, table, record, action, old, new):
                first_format += 1
            else:
                return ChainReport(count, entry_id,
                                   "its contents were changed after it was written")
        previous = stored
        if last is not None:
            if action == "update":
                note_entry(last, entry_id, table, record, action, new)
            else:  # note_entry's first line, inline: the walk's hot loop
                last[table, record] = (entry_id, action, new)
    return ChainReport(count, first_format_entries=first_format, in_time_order=in_order)
