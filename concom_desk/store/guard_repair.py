"""Repairing the guards on purpose, with the gap written into the trail.

When the audit triggers were dropped, altered or joined by foreign ones, the record
may have changed with no entry. Restoring the last backup whose trail matches is the
first remedy; when there is none (or the clerk knows what happened), "repair guards"
puts the program's own triggers back and records, in the trail itself, what was
found: one entry per row the trail did not account for (initials UNAUDITED, with the
row as the trail last had it and as it is now) and one `repair` entry listing every
problem, who repaired it and when. All of it is one transaction. Afterwards `check`
is sound again, and the history of each record shows the change made behind the
program's back as exactly that.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from concom_desk.store.anchor import chain_head, disagreement, read_anchor, write_anchor
from concom_desk.store.audit import (
    AUDIT_TABLE,
    Actor,
    entry_hash,
    expected_trigger_sql,
    register_audit_functions,
)
from concom_desk.store.guards import GuardProblem, as_sqlalchemy, guard_problems
from concom_desk.store.trail_replay import replay

UNAUDITED = "UNAUDITED"  # initials on the entries that record a change found by repair


@dataclass
class Repaired:
    problems: list[str] = field(default_factory=list)
    rows_recorded: int = 0

    def describe(self) -> str:
        if not self.problems and not self.rows_recorded:
            return "The guards were sound; nothing was repaired."
        rows = (f"; {self.rows_recorded} change{'s' if self.rows_recorded != 1 else ''} "
                "made without a trace recorded in the trail" if self.rows_recorded else "")
        return (f"Guards repaired ({len(self.problems)} problem"
                f"{'s' if len(self.problems) != 1 else ''} recorded){rows}.")


def append_entry(conn: sqlite3.Connection, actor: Actor, table: str, record_id: int,
                 action: str, old: str | None, new: str | None,
                 initials: str | None = None) -> None:
    """One entry written by the program itself (not a trigger), chained like the rest."""
    at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    last = conn.execute(f"SELECT entry_hash FROM {AUDIT_TABLE} ORDER BY id DESC LIMIT 1"
                        ).fetchone()
    prev = last[0] if last else ""
    who = actor.initials if initials is None else initials
    sealed = entry_hash(prev, at, actor.os_user, who, table, record_id, action, old, new)
    conn.execute(
        f"INSERT INTO {AUDIT_TABLE} (at, os_user, initials, table_name, record_id, action, "
        "old_values, new_values, prev_hash, entry_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (at, actor.os_user, who, table, record_id, action, old, new, prev, sealed))


def repair_guards(db_path: Path, actor: Actor) -> Repaired:
    """Put the program's triggers back on the database at `db_path` (which the caller
    holds locked), recording the gap. Raises sqlite3.Error with nothing changed."""
    result = Repaired()
    with closing(sqlite3.connect(db_path, isolation_level=None)) as conn:
        register_audit_functions(conn, actor)
        conn.execute("PRAGMA trusted_schema = ON")
        # Read with SQLAlchemy's help before the transaction (a lent connection rolls
        # back when it is given back); the caller's lock keeps the schema still meanwhile.
        with as_sqlalchemy(conn) as connection:
            guards = guard_problems(connection)
            statements = expected_trigger_sql(connection)
        conn.execute("BEGIN IMMEDIATE")
        try:
            _repair(conn, db_path, actor, guards, statements, result)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        write_anchor(db_path, chain_head(conn))
    return result


def _repair(conn: sqlite3.Connection, db_path: Path, actor: Actor,
            guards: list[GuardProblem], statements: dict[str, str], result: Repaired) -> None:
    result.problems += [p.describe() for p in guards]
    anchor = read_anchor(db_path)
    if isinstance(anchor, str):
        result.problems.append(anchor)
    elif anchor is not None:
        cut = disagreement(conn, anchor.head, f"the anchor of {anchor.written_utc}")
        if cut:
            result.problems.append(cut)
    present = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall()]
    for name in present:  # foreign ones too: they are named in the repair entry
        conn.execute('DROP TRIGGER "{}"'.format(name.replace('"', '""')))
    for statement in statements.values():
        conn.execute(statement)
    for row in replay(conn):
        result.problems.append(row.describe())
        action = {"no entry": "insert", "back after deletion": "insert",
                  "deleted": "delete"}.get(row.kind, "update")
        old = None if action == "insert" else row.trail_said
        new = None if row.kind == "deleted" else row.row_now
        append_entry(conn, actor, row.table, row.record_id, action, old, new, UNAUDITED)
        result.rows_recorded += 1
    if result.problems:
        append_entry(conn, actor, AUDIT_TABLE, 0, "repair",
                     json.dumps({"problems": result.problems}),
                     json.dumps({"repaired": "the program's audit triggers were put back"}))
