"""Rows for bulk writing: plain dicts with ids assigned up front, so that thousands
of linked records can be built in memory and written in one transaction with one
`executemany` per table (no flush per object)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import Table
from sqlalchemy.orm import Session

from concom_desk.store.models import Base


def _python_defaults(table: Table) -> dict[str, Any]:
    defaults: dict[str, Any] = {}
    for column in table.columns:
        default = column.default
        defaults[column.key] = default.arg if default is not None and default.is_scalar else None
    return defaults


class RowBook:
    """The rows of a demo town, table by table, in the order they must be written."""

    def __init__(self) -> None:
        self._rows: dict[str, list[dict[str, Any]]] = {}
        self._defaults: dict[str, dict[str, Any]] = {}

    def add(self, model: type[Base], **values: Any) -> int:
        table: Table = model.__table__  # type: ignore[assignment]
        rows = self._rows.setdefault(table.name, [])
        if table.name not in self._defaults:
            self._defaults[table.name] = _python_defaults(table)
        row = {**self._defaults[table.name], **values}
        row["id"] = len(rows) + 1
        rows.append(row)
        return row["id"]

    def rows(self, model: type[Base]) -> list[dict[str, Any]]:
        return self._rows.get(model.__tablename__, [])

    def get(self, model: type[Base], row_id: int) -> dict[str, Any]:
        return self._rows[model.__tablename__][row_id - 1]

    def counts(self) -> dict[str, int]:
        return {name: len(rows) for name, rows in self._rows.items()}

    def write(self, session: Session) -> None:
        """Insert every row, parents before children (the metadata's sorted order)."""
        for table in Base.metadata.sorted_tables:
            rows = self._rows.get(table.name)
            if rows:
                for chunk in _chunks(rows, 5000):
                    session.execute(table.insert(), chunk)


def _chunks(rows: list[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    for start in range(0, len(rows), size):
        yield rows[start:start + size]
