"""Are the audit triggers the program's own, every one, word for word?

A trigger checked by its name alone can be defeated: drop it, change a record,
create it again (the trail never saw the change, which the replay finds), or replace
it with a same-named trigger that does nothing (every later change goes unaudited).
So each trigger in the file is compared, by its full SQL, with the statement the
program would write for the tables as they are (`expected_trigger_sql`), and any
trigger the program does not make is named too: a foreign trigger can rewrite a
record every time the program saves one.

A database whose guards are not sound is never repaired silently (that would erase
the evidence): the program opens it without writing, and the clerk restores a
backup or repairs the guards on purpose, which the trail records
(concom_desk.store.guard_repair).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from concom_desk.store.audit import expected_trigger_sql

if TYPE_CHECKING:
    from sqlalchemy import Connection


@dataclass(frozen=True)
class GuardProblem:
    trigger: str
    kind: str  # "missing", "altered" or "foreign"
    table: str = ""

    def describe(self) -> str:
        if self.kind == "missing":
            return f"trigger {self.trigger} is missing"
        if self.kind == "altered":
            return f"trigger {self.trigger} was altered (its SQL is not the program's)"
        return f"trigger {self.trigger} on {self.table or 'a table'} is not the program's"


def normalized(sql: str | None) -> str:
    """SQL compared without regard to spacing and line breaks (SQLite keeps the text
    of CREATE TRIGGER as it was given)."""
    return " ".join((sql or "").split())


@contextmanager
def as_sqlalchemy(conn: sqlite3.Connection) -> Iterator[Connection]:
    """Lend a plain sqlite3 connection (e.g. a read-only one) to code that speaks
    SQLAlchemy, without closing it afterwards."""
    from sqlalchemy import create_engine
    from sqlalchemy.pool import StaticPool

    # No reset on return: the caller's transaction on `conn` must survive the loan.
    engine = create_engine("sqlite://", creator=lambda: conn, poolclass=StaticPool,
                           pool_reset_on_return=None)
    with engine.connect() as connection:
        yield connection


class PlainRows:
    """A statement's rows, answering as much of SQLAlchemy's result as the audit code
    asks: iterating the rows, `.scalars().all()` for their first column."""

    def __init__(self, rows: Sequence[Any]) -> None:
        self._rows = list(rows)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)

    def scalars(self) -> PlainRows:
        return PlainRows([row[0] for row in self._rows])

    def all(self) -> list[Any]:
        return list(self._rows)


class PlainConnection:
    """A plain sqlite3 connection that reads like SQLAlchemy's to the trigger checks
    (`exec_driver_sql`), so `check` judges the guards without importing SQLAlchemy:
    half a second of a command's start-up."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def exec_driver_sql(self, statement: str, parameters: Sequence[Any] = ()) -> PlainRows:
        return PlainRows(self._conn.execute(statement, tuple(parameters)).fetchall())


# The first revision whose update triggers keep only the columns changed: a file at
# an earlier one (not opened by this program yet) has the whole-row triggers.
_CHANGED_ONLY_SINCE = 22


def _before_changed_only(connection: Connection | PlainConnection) -> bool:
    if not connection.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                      "AND name = 'alembic_version'").all():
        return False
    versions = connection.exec_driver_sql(
        "SELECT version_num FROM alembic_version").scalars().all()
    numbers = [int(v.split("_")[0]) for v in versions if v.split("_")[0].isdigit()]
    return bool(numbers) and max(numbers) < _CHANGED_ONLY_SINCE


def guard_problems(connection: Connection | PlainConnection) -> list[GuardProblem]:
    """Every trigger that is missing, altered or foreign, in a stable order. A file at
    a revision before 0022 is held to the triggers of its revision."""
    expected = expected_trigger_sql(connection, whole_updates=_before_changed_only(connection))
    present = {name: (table, sql) for name, table, sql in connection.exec_driver_sql(
        "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'")}
    problems = []
    for name, statement in sorted(expected.items()):
        if name not in present:
            problems.append(GuardProblem(name, "missing"))
        elif normalized(present[name][1]) != normalized(statement):
            problems.append(GuardProblem(name, "altered", present[name][0]))
    problems += [GuardProblem(name, "foreign", table)
                 for name, (table, _sql) in sorted(present.items()) if name not in expected]
    return problems


def guard_problems_of(conn: sqlite3.Connection) -> list[GuardProblem]:
    with as_sqlalchemy(conn) as connection:
        return guard_problems(connection)


def summary(problems: list[GuardProblem], shown: int = 3) -> str:
    lines = [p.describe() for p in problems[:shown]]
    if len(problems) > shown:
        lines.append(f"{len(problems) - shown} more")
    return "; ".join(lines)
