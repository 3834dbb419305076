"""The filings grid: its columns, and the proxy that searches and filters it.

Search is type-ahead over ten thousand rows, so the proxy never asks the model
for display text: it tests each row's precomputed lower-case search key once per
keystroke. Sorting is the source model's (one Python sort per click).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QColor

from concom_desk.domain.status_rules import status_name
from concom_desk.services.records import FilingRow, days_left_text, short_label, urgency
from concom_desk.ui.row_table import (
    NO_DATE,
    OVERDUE,
    THIS_WEEK,
    Column,
    RowTableModel,
    address_key,
    date_key,
)

RECEIVED_COLUMN = 7

KIND_LABELS = {"rda": "RDA", "noi": "NOI", "anrad": "ANRAD", "amendment": "Amendment",
               "extension": "Extension", "coc": "COC request", "emergency": "Emergency"}


def filing_columns(today: date) -> list[Column[FilingRow]]:
    def colour(row: FilingRow) -> QColor | None:
        return {"overdue": OVERDUE, "this_week": THIS_WEEK}.get(urgency(row.next_deadline,
                                                                         today) or "")

    def days_left(row: FilingRow) -> int:
        return (row.next_deadline - today).days if row.next_deadline else NO_DATE

    return [
        Column("Kind", lambda r: KIND_LABELS.get(r.kind, r.kind)),
        Column("File no.", lambda r: r.file_no),
        Column("DEP file no.", lambda r: r.dep_file_no),
        Column("Address", lambda r: r.address, sort_key=lambda r: address_key(r.address)),
        Column("Map/lot", lambda r: r.map_lot),
        Column("Applicant", lambda r: r.applicant,
               tooltip=lambda r: f"Owner: {r.owner}" if r.owner and r.owner != r.applicant
               else ""),
        Column("Status", lambda r: status_name(r.status)),
        Column("Received", lambda r: r.received.isoformat() if r.received else "",
               sort_key=lambda r: date_key(r.received)),
        Column("Days left", lambda r: days_left_text(r.next_deadline, today),
               sort_key=days_left, background=colour),
        Column("Next deadline",
               lambda r: f"{r.next_deadline.isoformat()}  {short_label(r.next_deadline_label)}"
               if r.next_deadline else "",
               sort_key=lambda r: date_key(r.next_deadline),
               tooltip=lambda r: f"{r.next_deadline_label}\n{r.next_deadline_citation}"
               if r.next_deadline else "", background=colour),
    ]


class FilingTableModel(RowTableModel[FilingRow]):
    def __init__(self, today: date, parent: Any = None) -> None:
        super().__init__(filing_columns(today), parent)


class FilingFilterProxy(QSortFilterProxyModel):
    """Search text, kind, status and year; an empty value means "any"."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setDynamicSortFilter(False)  # rows change only on reload
        self._words: list[str] = []
        self._kind = ""
        self._status = ""
        self._year: int | None = None

    def set_search(self, text: str) -> None:
        words = text.lower().split()
        if words != self._words:
            self.beginFilterChange()
            self._words = words
            self._rows_changed()

    def set_kind(self, kind: str) -> None:
        self.beginFilterChange()
        self._kind = kind
        self._rows_changed()

    def set_status(self, status: str) -> None:
        self.beginFilterChange()
        self._status = status
        self._rows_changed()

    def set_year(self, year: int | None) -> None:
        self.beginFilterChange()
        self._year = year
        self._rows_changed()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source model sorts (in Python, once); the proxy keeps its order and filters."""
        self.sourceModel().sort(column, order)

    def _rows_changed(self) -> None:
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int,
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        row: FilingRow = self.sourceModel().row_at(source_row)  # type: ignore[attr-defined]
        if self._kind and row.kind != self._kind:
            return False
        if self._status and row.status != self._status:
            return False
        if self._year is not None and row.year != self._year:
            return False
        key = row.search_key
        # Every word typed must appear somewhere: "pond smith" finds Smith's filing on Pond Rd.
        return all(word in key for word in self._words)
