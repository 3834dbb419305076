"""Files stamped with a revision number that was later given to another revision.

On 29 Nov 2026 the audit history index was revision 0003 for a few commits (103b52d to
b717883) and was then renumbered 0005 (e26b24b), 0003 going to the enforcement
records. A file those commits made says "0003" but holds the index and none of the
enforcement records' tables; upgraded as today's 0003 it would skip them and fail on the
index at 0005. It is what today calls 0005, and is stamped so, inside the upgrade's
transaction (a failed upgrade puts the old stamp back with the rest).
Renumbering a landed revision is refused now (tests/store/test_revisions_are_history.py);
this is the one case from before.
"""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import Connection, inspect, text


class Renumbered(NamedTuple):
    stamped: str  # the number the file carries
    now: str  # the number of what it holds, today
    has_index: str  # an index only the old revision made
    lacks_table: str  # a table today's revision of that number makes


RENUMBERED = (
    Renumbered("0003", "0005", "ix_audit_entry_table_name_record_id", "case_attachment"),
)


def restamp_renumbered(connection: Connection) -> str | None:
    """Give a file stamped with a since-renumbered revision today's number for what it
    holds; returns the new stamp, or None when the file is not one of them."""
    found = inspect(connection)
    if not found.has_table("alembic_version"):
        return None
    stamped = [row[0] for row in
               connection.execute(text("SELECT version_num FROM alembic_version"))]
    for case in RENUMBERED:
        if stamped != [case.stamped] or found.has_table(case.lacks_table):
            continue
        if case.has_index in {index["name"] for index in found.get_indexes("audit_entry")}:
            connection.execute(text("UPDATE alembic_version SET version_num = :now"),
                               {"now": case.now})
            return case.now
    return None
