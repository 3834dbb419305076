"""The SELECTs a piece of the program sends to the database, caught as SQLAlchemy sends
them, for a test to ask SQLite's planner how each is answered (EXPLAIN QUERY PLAN)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import event

from concom_desk.store import Database


def selects_sent(db: Database, holding: str, action: Callable[[], object]
                 ) -> list[tuple[str, tuple[object, ...]]]:
    """(statement, parameters) of each SELECT holding `holding` that `action` sends."""
    sent: list[tuple[str, tuple[object, ...]]] = []

    def seen(_conn, _cursor, statement, parameters, _context, _many) -> None:  # type: ignore[no-untyped-def]
        if statement.lstrip().upper().startswith("SELECT") and holding in statement:
            sent.append((statement, tuple(parameters)))

    event.listen(db.engine, "before_cursor_execute", seen)
    try:
        action()
    finally:
        event.remove(db.engine, "before_cursor_execute", seen)
    return sent
