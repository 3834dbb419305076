"""The filings grid: its columns, and the proxy that searches and filters it.

Search is type-ahead over tens of thousands of rows, so the proxy never asks the
model for display text: it tests each row's precomputed lower-case search key, only
among the rows the last search found when the new one extends it. Sorting is the
source model's (one Python sort per click).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QModelIndex,
    QModelRoleDataSpan,
    QPersistentModelIndex,
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


def narrows(before: list[str], after: list[str]) -> bool:
    """Whether every filing the words `after` find is among those `before` found: each
    earlier word is still in some later one ("pon" → "pond", "pond" → "pond sm")."""
    return all(any(old in new for new in after) for old in before)


_ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable  # asked per cell painted


class FilingFilterProxy(QAbstractProxyModel):
    """Search text, kind, status and year; an empty value means "any".

    Type-ahead over forty thousand rows must repaint within a keystroke, so the rows
    shown are worked out in one Python pass over the rows' precomputed lower-case
    search keys, and a search that extends the last one ("pon" → "pond") looks only
    among the rows the last one found. The grid is then told once that its rows
    changed (a reset), not once for every stretch of rows that went; Qt never calls
    back into Python per row. Sorting is the source model's (one Python sort per
    click); the rows shown keep its order.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._kind = ""
        self._status = ""
        self._year: int | None = None
        self._rows: list[FilingRow] = []
        self._keys: list[str] = []  # the rows' search keys, in the rows' order
        self._shown: list[int] = []  # source rows shown, in the source's order
        self._position: dict[int, int] | None = None  # source row -> row here
        self._filtered = False

    # -- the filters -------------------------------------------------------------
    def setSourceModel(self, model: QAbstractItemModel) -> None:
        super().setSourceModel(model)
        self._rows = model.rows()  # type: ignore[attr-defined]  # the same list, kept in place
        model.modelAboutToBeReset.connect(self.beginResetModel)
        model.modelReset.connect(self._source_reset)
        model.layoutAboutToBeChanged.connect(self._source_moving)
        model.layoutChanged.connect(self._source_moved)
        model.dataChanged.connect(self._source_data_changed)
        self._refilter(False)

    def set_search(self, text: str) -> None:
        words = text.lower().split()
        if words != self._words:
            narrower = self._filtered and narrows(self._words, words)
            self._words = words
            self._refilter(narrower)

    def set_kind(self, kind: str) -> None:
        self._kind = kind
        self._refilter(False)

    def set_status(self, status: str) -> None:
        self._status = status
        self._refilter(False)

    def set_year(self, year: int | None) -> None:
        self._year = year
        self._refilter(False)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source model sorts (in Python, once); the proxy keeps its order and filters."""
        self.sourceModel().sort(column, order)

    def _refilter(self, narrower: bool) -> None:
        self.beginResetModel()
        self._work_out(self._shown if narrower else None)
        self.endResetModel()

    def _work_out(self, among: list[int] | None = None) -> None:
        """The source rows shown; only those of `among` are looked at when given."""
        rows, words = self._rows, self._words
        kind, status, year = self._kind, self._status, self._year
        self._filtered = bool(words or kind or status or year is not None)
        if among is None:  # the rows changed, or the search is not a narrowing one
            self._keys = [row.search_key for row in rows]
        keys = self._keys
        shown = list(range(len(rows)) if among is None else among)
        if kind or status or year is not None:
            shown = [i for i in shown
                     if (not kind or rows[i].kind == kind)
                     and (not status or rows[i].status == status)
                     and (year is None or rows[i].year == year)]
        # Every word typed must appear somewhere: "pond smith" finds Smith's filing on
        # Pond Rd. One tight pass per word, each over what the last one left.
        for word in words:
            shown = [i for i in shown if word in keys[i]]
        self._shown = shown
        self._position = None  # worked out when first asked: typing never needs it

    # -- following the source ----------------------------------------------------
    def _source_reset(self) -> None:
        self._work_out()
        self.endResetModel()

    def _source_moving(self) -> None:
        self.layoutAboutToBeChanged.emit()
        self._moving = [(index, self._rows[self._shown[index.row()]].id)
                        for index in self.persistentIndexList()]

    def _source_moved(self) -> None:
        self._work_out()
        position_of_id = {self._rows[source].id: row for row, source in enumerate(self._shown)}
        before = [index for index, _id in self._moving]
        after = [self.index(position_of_id[filing_id], index.column())
                 if filing_id in position_of_id else QModelIndex()
                 for index, filing_id in self._moving]
        self.changePersistentIndexList(before, after)
        self._moving = []
        self.layoutChanged.emit()

    def _source_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex,
                             roles: list[int] | None = None) -> None:
        self.dataChanged.emit(self.index(0, 0),
                              self.index(max(0, self.rowCount() - 1), self.columnCount() - 1))

    # -- the proxy's side of the model -------------------------------------------
    def mapToSource(self, proxy_index: QModelIndex | QPersistentModelIndex) -> QModelIndex:
        if not proxy_index.isValid() or not 0 <= proxy_index.row() < len(self._shown):
            return QModelIndex()
        return self.sourceModel().index(self._shown[proxy_index.row()], proxy_index.column())

    def mapFromSource(self, source_index: QModelIndex | QPersistentModelIndex) -> QModelIndex:
        if self._position is None:
            self._position = {source: row for row, source in enumerate(self._shown)}
        row = self._position.get(source_index.row()) if source_index.isValid() else None
        return QModelIndex() if row is None else self.index(row, source_index.column())

    def index(self, row: int, column: int,
              parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not (0 <= row < len(self._shown)
                                    and 0 <= column < self.columnCount()):
            return QModelIndex()
        return self.createIndex(row, column)

    def parent(self, _child: Any = None) -> Any:  # type: ignore[override]
        return QModelIndex()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        source = self.sourceModel()
        return 0 if parent.isValid() or source is None else source.columnCount()

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        return self.sourceModel().headerData(section, orientation, role)

    # Painting asks for each visible cell's every role: straight to the source's row.
    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = index.row()
        if not index.isValid() or row >= len(self._shown):
            return None
        return self.sourceModel().cell(self._shown[row], index.column(), role)  # type: ignore[attr-defined]

    def multiData(self, index: QModelIndex | QPersistentModelIndex,  # noqa: N802
                  roles: QModelRoleDataSpan) -> None:
        """A painted cell's every role in one call (see RowTableModel.multiData)."""
        row = index.row()
        if not index.isValid() or row >= len(self._shown):
            for item in roles:
                item.clearData()
            return
        self.sourceModel().fill_cell(self._shown[row], index.column(), roles)  # type: ignore[attr-defined]

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _ROW_FLAGS

    def sibling(self, row: int, column: int,
                index: QModelIndex | QPersistentModelIndex) -> QModelIndex:
        return self.index(row, column)
