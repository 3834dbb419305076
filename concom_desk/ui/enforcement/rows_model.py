"""A read-only table model over plain rows (dataclasses from the services):
each column is a title and a function of the row, so data() never touches the
database."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from concom_desk.ui.row_table import PlainRowsModel, day_cell

Row = TypeVar("Row")
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
OVERDUE_COLOUR = QColor("#f8d0cc")  # soft red; the text says "OVERDUE" too
AnyIndex = QModelIndex | QPersistentModelIndex


def day_text(day: date | None) -> str:
    """A date in an enforcement grid, written as in every other grid."""
    return day_cell(day)


class Column(Generic[Row]):
    def __init__(self, title: str, text: Callable[[Row], str],
                 sort_key: Callable[[Row], Any] | None = None,
                 alert: Callable[[Row], bool] | None = None) -> None:
        self.title, self.text, self.sort_key, self.alert = title, text, sort_key, alert


class RowsModel(PlainRowsModel[Row]):
    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = self._columns[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return column.text(row)
        if role == SORT_ROLE:
            return column.sort_key(row) if column.sort_key else column.text(row).lower()
        if role == Qt.ItemDataRole.BackgroundRole and column.alert and column.alert(row):
            return QBrush(OVERDUE_COLOUR)
        if role == ROW_ROLE:
            return row
        return None
