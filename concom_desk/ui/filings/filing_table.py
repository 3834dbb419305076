"""The filings grid: its columns, and the proxy that searches and filters it.

Search is type-ahead over ten thousand rows, so the proxy never asks the model
for display text: it tests each row's precomputed lower-case search key once per
keystroke. Sorting is the source model's (one Python sort per click).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor

from concom_desk.domain.status_rules import status_name
from concom_desk.services.filings.rows import FilingRow, days_left_text, short_label, urgency
from concom_desk.ui.row_table import (
    NO_DATE,
    OVERDUE,
    THIS_WEEK,
    Column,
    RowTableModel,
    address_key,
    date_key,
    day_cell,
)

RECEIVED_COLUMN = 7
NEXT_DEADLINE_COLUMN = 9  # what is due next and when: it gets the width left over

KIND_LABELS = {"rda": "RDA", "noi": "NOI", "anrad": "ANRAD", "amendment": "Amendment",
               "extension": "Extension", "coc": "COC request", "emergency": "Emergency",
               "enforcement": "Enforcement"}


def headline(label: str) -> str:
    """A deadline's label without its parenthesis and what follows ("Hold the public
    hearing (21 days from receipt …)" → "Hold the public hearing"), so a narrow grid
    column shows the words that matter; the whole label is in the tooltip."""
    return short_label(label).split(" (", 1)[0]


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
        Column("Received", lambda r: day_cell(r.received),
               sort_key=lambda r: date_key(r.received)),
        Column("Days left", lambda r: days_left_text(r.next_deadline, today),
               sort_key=days_left, background=colour),
        Column("Next deadline",
               lambda r: f"{day_cell(r.next_deadline)}  {headline(r.next_deadline_label)}"
               if r.next_deadline else "",
               sort_key=lambda r: date_key(r.next_deadline),
               tooltip=lambda r: f"{r.next_deadline_label}\n{r.next_deadline_citation}"
               if r.next_deadline else "", background=colour),
    ]


class FilingTableModel(RowTableModel[FilingRow]):
    def __init__(self, today: date, parent: Any = None) -> None:
        super().__init__(filing_columns(today), parent)


class FilingFilterProxy(QSortFilterProxyModel):
    """Search text, kind, status and year; an empty value means "any".

    Qt asks filterAcceptsRow once per row per keystroke, ten thousand calls from
    C++ into Python; so the answer is worked out beforehand, in one Python pass
    over the rows, as the set of filing ids shown, and each call is one lookup.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setDynamicSortFilter(False)  # rows change only on reload
        self._words: list[str] = []
        self._kind = ""
        self._status = ""
        self._year: int | None = None
        self._rows: list[FilingRow] = []
        self._shown: set[int] | None = None  # None: no filter, every row is shown

    def setSourceModel(self, model: QAbstractItemModel) -> None:
        super().setSourceModel(model)
        self._rows = model.rows()  # type: ignore[attr-defined]  # the same list, kept in place
        model.rows_replaced.connect(self._work_out)  # type: ignore[attr-defined]
        self._work_out()

    def set_search(self, text: str) -> None:
        words = text.lower().split()
        if words != self._words:
            self._change(lambda: setattr(self, "_words", words))

    def set_kind(self, kind: str) -> None:
        self._change(lambda: setattr(self, "_kind", kind))

    def set_status(self, status: str) -> None:
        self._change(lambda: setattr(self, "_status", status))

    def set_year(self, year: int | None) -> None:
        self._change(lambda: setattr(self, "_year", year))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source model sorts (in Python, once); the proxy keeps its order and filters."""
        self.sourceModel().sort(column, order)

    def _change(self, apply: Callable[[], None]) -> None:
        self.beginFilterChange()
        apply()
        self._work_out()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def _work_out(self) -> None:
        words, kind, status, year = self._words, self._kind, self._status, self._year
        if not (words or kind or status or year is not None):
            self._shown = None
            return
        # Every word typed must appear somewhere: "pond smith" finds Smith's filing on Pond Rd.
        self._shown = {
            row.id for row in self._rows
            if (not kind or row.kind == kind) and (not status or row.status == status)
            and (year is None or row.year == year)
            and all(word in row.search_key for word in words)
        }

    def filterAcceptsRow(self, source_row: int,
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        shown = self._shown
        return shown is None or self._rows[source_row].id in shown
