"""A read-only table model over a list of plain rows, described by its columns.

Every grid of the window (filings, today, deadlines, history, documents) is one
of these: the rows are built before the model sees them, so data() only reads
attributes and never touches the database.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

Row = TypeVar("Row")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ROW_ROLE = Qt.ItemDataRole.UserRole + 2

# Soft colours that keep black text readable; the text always says the same thing
# ("3 days overdue"), so nobody depends on telling red from amber.
OVERDUE = QColor("#f8d0cc")
THIS_WEEK = QColor("#fbe7b5")

_DIGITS = re.compile(r"\d+")
AnyIndex = QModelIndex | QPersistentModelIndex


BLANK_LAST = "\uffff"
NO_DATE = 10**8  # after every real date's ordinal


def natural_key(text: str) -> str:
    """Lower-case text with numbers padded, so 2026-5 sorts before 2026-41; blanks last."""
    if not text:
        return BLANK_LAST
    return _DIGITS.sub(lambda m: m.group().zfill(10), text.lower())


def address_key(address: str) -> str:
    """Street first, then house number: the order of a street list, not of numbers."""
    number, _, street = address.strip().partition(" ")
    if number[:1].isdigit() and street:
        return natural_key(f"{street} {number}")
    return natural_key(address)


def date_key(day: date | None) -> int:
    return day.toordinal() if day else NO_DATE


@dataclass(frozen=True)
class Column(Generic[Row]):
    title: str
    text: Callable[[Row], str]
    sort_key: Callable[[Row], Any] | None = None
    tooltip: Callable[[Row], str] | None = None
    background: Callable[[Row], QColor | None] | None = None


class RowTableModel(QAbstractTableModel, Generic[Row]):
    def __init__(self, columns: Sequence[Column[Row]], parent: Any = None) -> None:
        super().__init__(parent)
        self._columns = list(columns)
        self._rows: list[Row] = []

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rows(self) -> list[Row]:
        return self._rows

    def row_at(self, row: int) -> Row:
        return self._rows[row]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._columns[section].title
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = self._columns[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return column.text(row)
        if role == SORT_ROLE:
            # Plain ints and strings, so the proxy sorts in C++ without calling back.
            return column.sort_key(row) if column.sort_key else natural_key(column.text(row))
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return column.tooltip(row) or None
        if role == Qt.ItemDataRole.BackgroundRole and column.background:
            colour = column.background(row)
            return QBrush(colour) if colour is not None else None
        if role == Qt.ItemDataRole.ForegroundRole and column.background:
            return QBrush(QColor("black")) if column.background(row) is not None else None
        if role == ROW_ROLE:
            return row
        return None
