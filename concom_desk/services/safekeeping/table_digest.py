"""A table's contents as one digest, the same on SQLite and on PostgreSQL.

A copy between the two engines is trusted only when each table reads back the same
on the other side. The two drivers hand back the same values through the models'
column types, with small differences of form (a date as SQLite's text or as
PostgreSQL's date, a boolean kept as 0/1, a decimal with or without trailing zeros),
so each value is put in one plain form before it is hashed. Rows go in by id.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Table


def plain_value(value: Any) -> Any:
    """One form for a value, whichever engine read it."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            value = value.astimezone(UTC).replace(tzinfo=None)
        return "dt:" + value.isoformat()
    if isinstance(value, date):
        return "d:" + value.isoformat()
    if isinstance(value, bytes | memoryview):
        return "b:" + bytes(value).hex()
    return f"{type(value).__name__}:{value}"


# Values already in their one form (most of them): passed through without a call.
_AS_THEY_ARE = frozenset({str, int, bool, type(None)})


class TableDigest:
    """Rows counted and hashed as they stream by (in id order). Rows are read with the
    table's own `select`, so their values come in the table's column order."""

    def __init__(self, table: Table) -> None:
        self.columns = [column.name for column in table.columns]
        self.rows = 0
        self._hash = hashlib.sha256()

    def add(self, row: Any) -> None:
        values = tuple(value if type(value) in _AS_THEY_ARE else plain_value(value)
                       for value in row)
        # repr of str, int, bool and None is fixed by the language: the same bytes for
        # the same values, on any machine.
        self._hash.update(repr(values).encode("utf-8", "surrogatepass"))
        self._hash.update(b"\n")
        self.rows += 1

    def hexdigest(self) -> str:
        return self._hash.hexdigest()
