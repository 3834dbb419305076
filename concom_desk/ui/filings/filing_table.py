"""The filings grid: its columns, and the proxy that searches and filters it.

Search is type-ahead over tens of thousands of rows, so the proxy never asks the
model for display text: the filings search index answers which rows' lower-case
search keys hold the words typed, or, when the new search extends the last one and
that found few rows, those rows' keys are read. Sorting is the source model's (one
Python sort per click).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from operator import attrgetter
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QModelIndex,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from concom_desk.domain.status_rules import status_name
from concom_desk.services.filings.rows import FilingRow, days_left_text, short_label, urgency
from concom_desk.services.filings.search_index import SearchIndex, search_words
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


_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_ACCESSIBLE_TEXT = Qt.ItemDataRole.AccessibleTextRole.value
_BACKGROUND = Qt.ItemDataRole.BackgroundRole.value
_FOREGROUND = Qt.ItemDataRole.ForegroundRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value
_BLACK = QBrush(QColor("black"))  # readable on the soft colours
# Rows whose painted texts are kept: a few screens' worth of typing and scrolling.
PAINTED_ROWS_KEPT = 5_000


class FilingTableModel(RowTableModel[FilingRow]):
    """The filings' cells. What a row paints (its ten texts, its colour) is worked out
    once and kept: typing repaints mostly the same rows from the top of the list, and
    each painted cell is then a look-up, not its column's formatting again."""

    def __init__(self, today: date, parent: Any = None) -> None:
        columns = filing_columns(today)
        super().__init__(columns, parent)
        self._texts = [column.text for column in columns]
        self._coloured = frozenset(n for n, column in enumerate(columns) if column.background)
        colour = next(column.background for column in columns if column.background)
        self._colour = colour  # every coloured column shows the row's urgency
        self._painted: dict[int, tuple[list[str], QBrush | None]] = {}
        self.dataChanged.connect(self._forget_painted)  # a row told changed paints anew

    def set_rows(self, rows: Sequence[FilingRow]) -> None:
        self._painted.clear()
        super().set_rows(rows)

    def _forget_painted(self, *_changed: object) -> None:
        self._painted.clear()

    def fill_cell(self, row_number: int, column_number: int, roles: QModelRoleDataSpan) -> None:
        """As RowTableModel.fill_cell answers (tested equal), from the row's kept texts."""
        row = self._rows[row_number]
        painted = self._painted.get(id(row))
        if painted is None:
            if len(self._painted) >= PAINTED_ROWS_KEPT:
                self._painted.clear()
            colour = self._colour(row)
            painted = self._painted[id(row)] = ([text(row) for text in self._texts],
                                                None if colour is None else QBrush(colour))
        texts, brush = painted
        if column_number not in self._coloured:
            brush = None
        for item in roles:
            role = item.role()
            if role in (_DISPLAY, _ACCESSIBLE_TEXT):
                item.setData(texts[column_number])
            elif role == _BACKGROUND and brush is not None:
                item.setData(brush)
            elif role == _FOREGROUND and brush is not None:
                item.setData(_BLACK)
            elif role == _TOOLTIP:
                item.setData(self.cell(row_number, column_number, role))
            else:
                item.clearData()


def narrows(before: list[str], after: list[str]) -> bool:
    """Whether every filing the words `after` find is among those `before` found: each
    earlier word is still in some later one ("pon" → "pond", "pond" → "pond sm")."""
    return all(any(old in new for new in after) for old in before)


_search_key = attrgetter("search_key")

# A search extending the last one reads the keys of the rows that one found when they
# are this few; more, and the index answers faster than reading them.
NARROW_BY_READING = 3_000

_ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable  # asked per cell painted


class FilingFilterProxy(QAbstractProxyModel):
    """Search text, kind, status and year; an empty value means "any".

    Type-ahead over forty thousand rows must repaint within a keystroke, so a search
    is answered by the filings search index (services/filings/search_index: built with
    the records, off the GUI thread), and a search that extends the last one ("pon" →
    "pond") over few rows reads only the keys of the rows the last one found. The
    grid is then told once that its rows changed (a reset), not once for every
    stretch of rows that went; Qt never calls back into Python per row. Sorting is the
    source model's (one Python sort per click); the rows shown keep its order.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._kind = ""
        self._status = ""
        self._year: int | None = None
        self._rows: list[FilingRow] = []
        self._keys: list[str] | None = None  # the rows' search keys, in the rows' order
        self._shown: list[int] = []  # source rows shown, in the source's order
        self._position: dict[int, int] | None = None  # source row -> row here
        self._filtered = False
        self._columns = 0
        self._index: SearchIndex | None = None  # given with the rows, or built when asked
        self._row_of: Any = None  # the index's row numbers -> source rows (numpy)

    # -- the filters -------------------------------------------------------------
    def setSourceModel(self, model: QAbstractItemModel) -> None:
        super().setSourceModel(model)
        self._rows = model.rows()  # type: ignore[attr-defined]  # the same list, kept in place
        self._columns = model.columnCount()
        model.modelAboutToBeReset.connect(self.beginResetModel)
        model.modelReset.connect(self._source_reset)
        model.layoutAboutToBeChanged.connect(self._source_moving)
        model.layoutChanged.connect(self._source_moved)
        model.dataChanged.connect(self._source_data_changed)
        self._rows_changed()
        self._refilter(False)

    def use_index(self, index: SearchIndex | None) -> None:
        """The search index of the rows about to be shown (read with them in the
        background); without one, it is built here when the first search needs it."""
        self._index = index
        self._row_of = None

    def set_search(self, text: str) -> None:
        words = search_words(text)
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

    def _rows_changed(self) -> None:
        """The source's rows were replaced or sorted: their keys are read again when a
        search first needs them; their numbers in the index now, when it is theirs (with
        the reload or the sort click, not with the next keystroke)."""
        self._keys = None
        self._row_of = None
        if self._index is not None:
            self._match_index()

    def _match_index(self) -> None:
        """Which source row each of the index's row numbers is; an index of other rows
        (none given, or an older read's) is replaced by one of these."""
        import numpy as np

        index = self._index
        numbers = None if index is None else index.numbers_of(self._rows)
        if index is None or numbers is None:
            self._index = SearchIndex(self._rows)
            numbers = np.arange(len(self._rows))
        row_of = np.empty(len(self._rows), dtype=np.int64)
        row_of[numbers] = np.arange(len(self._rows), dtype=np.int64)
        self._row_of = row_of

    def _searched(self) -> list[int]:
        """The source rows (in its order) every word typed is found in, by the index."""
        import numpy as np

        if self._row_of is None:
            self._match_index()
        assert self._index is not None
        # Marked, then read off in the source's order: linear, where sorting the
        # rows found would not be (a first letter finds most of the town).
        marked = np.zeros(len(self._rows), dtype=bool)
        marked[self._row_of[self._index.find(self._words)]] = True
        return np.flatnonzero(marked).tolist()

    def _work_out(self, among: list[int] | None = None) -> None:
        """The source rows shown; only those of `among` are looked at when given."""
        rows, words = self._rows, self._words
        kind, status, year = self._kind, self._status, self._year
        self._filtered = bool(words or kind or status or year is not None)
        if not words:
            shown = list(range(len(rows)) if among is None else among)
        elif among is not None and len(among) <= NARROW_BY_READING:
            # Every word typed must appear somewhere: "pond smith" finds Smith's filing
            # on Pond Rd. One tight pass per word, each over what the last one left.
            if self._keys is None:
                self._keys = list(map(_search_key, rows))
            keys = self._keys
            shown = among
            for word in words:
                shown = [i for i in shown if word in keys[i]]
        else:
            shown = self._searched()
        if kind or status or year is not None:
            shown = [i for i in shown
                     if (not kind or rows[i].kind == kind)
                     and (not status or rows[i].status == status)
                     and (year is None or rows[i].year == year)]
        self._shown = shown
        self._position = None  # worked out when first asked: typing never needs it

    # -- following the source ----------------------------------------------------
    def _source_reset(self) -> None:
        self._rows_changed()
        self._work_out()
        self.endResetModel()

    def _source_moving(self) -> None:
        self.layoutAboutToBeChanged.emit()
        self._moving = [(index, self._rows[self._shown[index.row()]].id)
                        for index in self.persistentIndexList()]

    def _source_moved(self) -> None:
        self._rows_changed()
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
        # Asked once per painted cell: no call back into Python beyond this one.
        if 0 <= row < len(self._shown) and 0 <= column < self._columns \
                and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

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
