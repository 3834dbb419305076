"""A read-only table model over a list of plain rows, described by its columns.

Every grid of the window (filings, today, deadlines, history, documents) is one
of these: the rows are built before the model sees them, so data() only reads
attributes and never touches the database.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import date
from math import ceil
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFontMetricsF
from PySide6.QtWidgets import QHeaderView, QTableView

Row = TypeVar("Row")

# Soft colours that keep black text readable; the text always says the same thing
# ("3 days overdue"), so nobody depends on telling red from amber.
OVERDUE = QColor("#f8d0cc")
THIS_WEEK = QColor("#fbe7b5")

_DIGITS = re.compile(r"\d+")

# One way of writing a date in every field of the window (the filing form types
# YYYY-MM-DD too), whatever the laptop's regional setting.
DATE_FORMAT = "yyyy-MM-dd"
TIME_FORMAT = "h:mm AP"
DATE_TIME_FORMAT = f"{DATE_FORMAT} {TIME_FORMAT}"
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


def day_cell(day: date | None) -> str:
    """The one way every grid shows a date: 2026-11-05, as the clerk types it and as it
    sorts, whichever tab it is in."""
    return day.isoformat() if day else ""


# Rows measured when a grid sizes its columns: enough to see the long addresses and
# names, few enough that ten thousand filings do not hold up the window.
SAMPLE_ROWS = 200


def fit_columns(view: QTableView, stretch: int, may_cut: Collection[int] = (),
                widest_chars: int = 42, give_way: Collection[int] | None = None) -> None:
    """Size a grid for reading: every column as wide as a sample of its contents, the
    column that carries the meaning (`stretch`: the description, the deadline) given
    all the width left over instead of the last column taking it, and the columns a
    clerk reads least (`may_cut`: citations, rules) held to `widest_chars`, elided
    with the full text in the tooltip. Where `stretch` is then left too narrow, the
    columns of `give_way` (every other one when None) are cut further (make_room)."""
    model = view.model()
    if model is None:
        return
    header = view.horizontalHeader()
    header.setResizeContentsPrecision(SAMPLE_ROWS)
    header.setStretchLastSection(False)
    widest = view.fontMetrics().averageCharWidth() * widest_chars
    for column in range(model.columnCount()):
        if column == stretch:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
            continue
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        needed = max(_sample_width(view, column), header.sectionSizeHint(column))
        view.setColumnWidth(column, min(needed, widest) if column in may_cut else needed)
    make_room(view, stretch, give_way)


# The width the column that carries the meaning keeps at least, in characters: a date and
# the first words of what is due ("2026-12-09 Publish the legal…").
LEAST_MEANING_CHARS = 32
# No other column is cut narrower than this while making that room.
LEAST_OTHER_CHARS = 10


def make_room(view: QTableView, stretch: int, may_cut: Collection[int] | None = None
              ) -> None:
    """Where the columns sized to their contents leave the `stretch` column too narrow
    to read (a laptop at 150 %: the Filings tab's Next deadline showed "2026-12-…"),
    the widest of the others (of `may_cut`, where given: names and addresses, not the
    days left) give way, each no narrower than the next widest, elided (their full text
    a double-click away, in the record)."""
    model = view.model()
    if model is None or not view.isVisible():  # a hidden grid's width means nothing yet
        return
    chars = view.fontMetrics().averageCharWidth()
    widths = {c: view.columnWidth(c) for c in range(model.columnCount())
              if c != stretch and not view.isColumnHidden(c)}
    others = {c: w for c, w in widths.items() if may_cut is None or c in may_cut}
    short = sum(widths.values()) + LEAST_MEANING_CHARS * chars - view.viewport().width()
    floor = LEAST_OTHER_CHARS * chars
    cut_to = dict(others)  # worked out first, each column then set once (a grid re-lays
    while short > 0:       # itself out at every width set)
        widest = max(cut_to, key=cut_to.__getitem__, default=None)
        if widest is None or cut_to[widest] <= floor:
            break
        below = max([w for c, w in cut_to.items() if c != widest] + [floor])
        cut = min(short, cut_to[widest] - below) or 1
        cut_to[widest] -= cut
        short -= cut
    for column, width in cut_to.items():
        if width != others[column]:
            view.setColumnWidth(column, width)


def fit_columns_in_turns(view: QTableView, stretch: int,
                         done: Callable[[], None] | None = None,
                         may_cut: Collection[int] | None = None) -> None:
    """`fit_columns`, one column per turn of the event loop, then `done`: measuring a
    sample of a column's texts takes 10-20 ms on a slow laptop, and a whole town's grid
    fitted at once froze the window a fifth of a second as its rows were handed over
    (bench/freeze.py). The columns keep their widths till measured."""
    model = view.model()
    if model is None:
        return
    header = view.horizontalHeader()
    header.setResizeContentsPrecision(SAMPLE_ROWS)
    header.setStretchLastSection(False)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    waiting = [c for c in range(model.columnCount()) if c != stretch]

    def next_column() -> None:
        if not waiting or view.model() is not model:
            if not waiting:
                make_room(view, stretch, may_cut)
            if done is not None:
                done()
            return
        column = waiting.pop(0)
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        view.setColumnWidth(column, max(_sample_width(view, column),
                                        header.sectionSizeHint(column)))
        QTimer.singleShot(0, view, next_column)  # (never for a view deleted meanwhile)

    QTimer.singleShot(0, view, next_column)


def _sample_width(view: QTableView, column: int) -> int:
    """How wide `column` must be for the texts of its first SAMPLE_ROWS rows, as
    Qt's own sizeHintForColumn measures it, but reading each cell's text once: Qt asks
    the model for eight roles per cell, and with a Python model that was a tenth of a
    second of frozen window per grid. The margins the cell draws around its text are
    taken from Qt's measure of one cell (they are the same for every plain-text cell)."""
    model = view.model()
    rows = min(model.rowCount(), SAMPLE_ROWS)
    if rows == 0:
        return 0
    metrics = QFontMetricsF(view.font())  # fractional, as Qt lays the text out

    def text_width(row: int) -> int:
        text = model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)
        if text is None or text == "":
            return 0
        return ceil(max(metrics.horizontalAdvance(line) for line in str(text).split("\n")))

    first = model.index(0, column)
    margins = view.sizeHintForIndex(first).width() - text_width(0)
    widest = max(text_width(row) for row in range(rows)) + margins
    return widest + 1 if view.showGrid() else widest


# The roles a painted cell is filled with, as the plain numbers Qt hands over
# (comparing them with the enum members costs more than the rest of the cell).
_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_ACCESSIBLE_TEXT = Qt.ItemDataRole.AccessibleTextRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value
_BACKGROUND = Qt.ItemDataRole.BackgroundRole.value
_FOREGROUND = Qt.ItemDataRole.ForegroundRole.value
_BLACK = QBrush(QColor("black"))  # readable on the soft colours


@dataclass(frozen=True)
class Column(Generic[Row]):
    title: str
    text: Callable[[Row], str]
    sort_key: Callable[[Row], Any] | None = None
    tooltip: Callable[[Row], str] | None = None
    background: Callable[[Row], QColor | None] | None = None


class PlainRowsModel(QAbstractTableModel, Generic[Row]):
    """Rows held in memory and columns that each have a title (or are one): the
    counting and the headers every grid shares. Subclasses say what a cell shows."""

    def __init__(self, columns: Sequence[Any], parent: Any = None) -> None:
        super().__init__(parent)
        self._columns = list(columns)
        self._rows: list[Row] = []

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
            column = self._columns[section]
            return column if isinstance(column, str) else column.title
        return None


class RowTableModel(PlainRowsModel[Row]):
    rows_replaced = Signal()

    def __init__(self, columns: Sequence[Column[Row]], parent: Any = None) -> None:
        super().__init__(columns, parent)
        self._sorted_by: tuple[int, Qt.SortOrder] | None = None

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        # In place: a proxy may hold this very list (see FilingFilterProxy).
        self._rows[:] = rows
        if self._sorted_by is not None:
            self._rows.sort(key=self._key(self._sorted_by[0]),
                            reverse=self._sorted_by[1] == Qt.SortOrder.DescendingOrder)
        self.rows_replaced.emit()  # before the reset ends, so filters see the new rows
        self.endResetModel()

    def set_columns(self, columns: Sequence[Column[Row]]) -> None:
        """The same columns counted from another day (the window was open past
        midnight): the rows stay, and are shown and sorted again."""
        assert len(columns) == len(self._columns), "the same columns, not others"
        self._columns = list(columns)
        self.set_rows(list(self._rows))

    def _key(self, column: int) -> Callable[[Row], Any]:
        spec = self._columns[column]
        if spec.sort_key is not None:
            return spec.sort_key
        return lambda row: natural_key(spec.text(row))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorted here, in Python, once per click: a proxy's C++ sort would call data()
        a few hundred thousand times on ten thousand rows."""
        if not 0 <= column < len(self._columns):
            return
        self._sorted_by = (column, order)
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        old_rows = [index.row() for index in before]
        key = self._key(column)
        keys = [key(row) for row in self._rows]
        order_of = sorted(range(len(keys)), key=keys.__getitem__,
                          reverse=order == Qt.SortOrder.DescendingOrder)
        self._rows[:] = [self._rows[i] for i in order_of]
        new_position = {old: new for new, old in enumerate(order_of)}
        self.changePersistentIndexList(
            before, [self.index(new_position[row], index.column())
                     for row, index in zip(old_rows, before, strict=True)])
        self.layoutChanged.emit()

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        return self.cell(index.row(), index.column(), role)

    def multiData(self, index: AnyIndex, roles: QModelRoleDataSpan) -> None:  # noqa: N802
        """Every role a painted cell asks for at once (Qt asks seven per cell): one call
        into Python instead of seven, which is most of a keystroke's repaint."""
        if index.isValid():
            self.fill_cell(index.row(), index.column(), roles)
        else:
            for item in roles:
                item.clearData()

    def fill_cell(self, row_number: int, column_number: int, roles: QModelRoleDataSpan) -> None:
        """`roles` filled as `cell` answers them, the row's colour worked out once; every
        role is set, the unanswered ones cleared (Qt hands the same span cell after cell)."""
        row = self._rows[row_number]
        column = self._columns[column_number]
        colour = column.background(row) if column.background else None
        for item in roles:
            role = item.role()
            if role in (_DISPLAY, _ACCESSIBLE_TEXT):
                item.setData(column.text(row))
            elif role == _BACKGROUND and colour is not None:
                item.setData(QBrush(colour))
            elif role == _FOREGROUND and colour is not None:
                item.setData(_BLACK)
            elif role == _TOOLTIP:
                item.setData((column.tooltip(row) if column.tooltip else column.text(row))
                             or None)
            else:
                item.clearData()

    def cell(self, row_number: int, column_number: int, role: int) -> Any:
        """What a cell shows for `role`, by its row and column (a filter over this model
        asks directly: no index made and mapped for each of the cells it paints)."""
        row = self._rows[row_number]
        column = self._columns[column_number]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return column.text(row)
        if role == Qt.ItemDataRole.ToolTipRole:  # the full text of a cell cut short
            return (column.tooltip(row) if column.tooltip else column.text(row)) or None
        if role == Qt.ItemDataRole.BackgroundRole and column.background:
            colour = column.background(row)
            return QBrush(colour) if colour is not None else None
        if role == Qt.ItemDataRole.ForegroundRole and column.background:
            return QBrush(QColor("black")) if column.background(row) is not None else None
        return None
