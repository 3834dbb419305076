"""The Filings tab: type-ahead search, filters by kind, status and year, the grid.

Enter or a double-click on a row opens its record; the tab only says which
filing was asked for, the main window opens it.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from concom_desk.domain.status_rules import STATUS_NAMES, Status
from concom_desk.services.filings.rows import FilingRow
from concom_desk.services.filings.search_index import SearchIndex
from concom_desk.ui.background import in_background
from concom_desk.ui.filings.filing_table import (
    KIND_LABELS,
    MAY_CUT_COLUMNS,
    NEXT_DEADLINE_COLUMN,
    RECEIVED_COLUMN,
    FilingFilterProxy,
    FilingTableModel,
)
from concom_desk.ui.list_table import ListTable
from concom_desk.ui.row_table import fit_columns_in_turns, make_room


class FilingsTab(QWidget):
    open_filing = Signal(int)
    new_filing = Signal()

    def __init__(self, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = FilingTableModel(today, self)
        self.proxy = FilingFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search file no., address, applicant, owner, map/lot")
        self.search.setAccessibleName("Search filings")
        self.search.setClearButtonEnabled(True)
        search_label = QLabel("&Search:")
        search_label.setBuddy(self.search)
        # Filtered as the clerk types: the zero timer runs once the keys already waiting
        # are taken in, so keystrokes that came while the grid filtered are one filter.
        self.search_applied = ""  # the search the grid shows (the bench waits for it)
        self._search_timer = QTimer(self, singleShot=True, interval=0)
        self._search_timer.timeout.connect(self._apply_search)
        self.search.textChanged.connect(self._search_timer.start)
        self.search.returnPressed.connect(self._open_first_match)

        self.kind_filter = QComboBox()
        self.kind_filter.setAccessibleName("Show kind")
        self.kind_filter.addItem("All kinds", "")
        for code, label in KIND_LABELS.items():
            self.kind_filter.addItem(label, code)
        self.kind_filter.currentIndexChanged.connect(
            lambda: self.proxy.set_kind(self.kind_filter.currentData()))

        self.status_filter = QComboBox()
        self.status_filter.setAccessibleName("Show status")
        self.status_filter.addItem("All statuses", "")
        for status, label in STATUS_NAMES.items():
            if status != Status.VOID:  # void filings are not listed at all
                self.status_filter.addItem(label, status.value)
        self.status_filter.currentIndexChanged.connect(
            lambda: self.proxy.set_status(self.status_filter.currentData()))

        self.year_filter = QComboBox()
        self.year_filter.setAccessibleName("Show year received")
        self.year_filter.addItem("All years", None)
        self.year_filter.currentIndexChanged.connect(
            lambda: self.proxy.set_year(self.year_filter.currentData()))

        self.new_button = QPushButton("N&ew filing…")
        self.new_button.setAccessibleName("New filing")
        self.new_button.clicked.connect(self.new_filing)

        self.count_label = QLabel()
        self.count_label.setAccessibleName("Number of filings shown")

        self.table = ListTable()
        self.table.setAccessibleName("Filings")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(RECEIVED_COLUMN, Qt.SortOrder.DescendingOrder)  # newest first
        self.table.open_requested.connect(self._open_index)
        self._sized = False
        self.columns_fitted = False  # the columns measured to their texts (in turns)
        self._index_asked = 0  # search indexes asked for: only the last one's is used

        top = QHBoxLayout()
        top.addWidget(search_label)
        top.addWidget(self.search, 3)
        top.addWidget(self.kind_filter)
        top.addWidget(self.status_filter)
        top.addWidget(self.year_filter)
        top.addWidget(self.new_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)
        # The proxy says "reset" once per filter (never once per stretch of rows gone):
        # the count is worked out once per filter too.
        self.proxy.modelReset.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)
        # After a reset the grid lays its rows out on a zero timer, and repaints again
        # when it has: laid out at once, a filter costs one paint, not two.
        self.proxy.modelReset.connect(self.table.executeDelayedItemsLayout)

    def set_rows(self, rows: list[FilingRow], index: SearchIndex | None = None) -> None:
        """The filings to list, and their search index when it was built with them
        (off the GUI thread); without one it is built when the first search needs it."""
        self._index_asked += 1  # an index still being built for the rows before: not these
        self.proxy.use_index(index)
        self.model.set_rows(rows)
        self._list_years(rows)
        self._update_count()

    def put_rows(self, fresh: list[FilingRow], read: frozenset[int]) -> None:
        """The filings `read` again after a save, in place of theirs (a voided one
        leaves), the clerk's selection, sort, filters and search kept. When what a search
        finds changed, the search index is built again off the GUI thread; searches
        read the keys till it comes."""
        if self.model.put_rows(fresh, read):
            self._build_index()
            years = {r.year for r in fresh if r.year is not None}
            if any(self.year_filter.findData(year) < 0 for year in years):
                self._list_years(self.model.rows())
        self._update_count()

    def _build_index(self) -> None:
        self._index_asked += 1
        asked, rows = self._index_asked, list(self.model.rows())

        def built(index: SearchIndex) -> None:
            # (Not for a tab closed meanwhile, nor rows changed again since.)
            if isValid(self) and asked == self._index_asked:
                self.proxy.use_index(index)

        in_background(lambda _progress: SearchIndex(rows), built)

    def _list_years(self, rows: list[FilingRow]) -> None:
        years = sorted({r.year for r in rows if r.year is not None}, reverse=True)
        chosen = self.year_filter.currentData()
        self.year_filter.blockSignals(True)
        self.year_filter.clear()
        self.year_filter.addItem("All years", None)
        for year in years:
            self.year_filter.addItem(str(year), year)
        index = self.year_filter.findData(chosen)
        self.year_filter.setCurrentIndex(max(index, 0))
        self.year_filter.blockSignals(False)
        # Once there are rows: later reloads keep the widths the clerk set. A new town's
        # first read has none, and its first filing would be shown cut to the headers.
        if not self._sized and rows:
            self._sized = True
            fit_columns_in_turns(self.table, NEXT_DEADLINE_COLUMN, self._fitted,
                                 MAY_CUT_COLUMNS)
        self._update_count()

    def _fitted(self) -> None:
        self.columns_fitted = True

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        # The columns are fitted on the town's first read, while Today is in front: only
        # once shown does the grid know its width, and whether Next deadline has room.
        super().showEvent(event)
        if self.columns_fitted:
            QTimer.singleShot(0, self.table, lambda: make_room(self.table,
                                                               NEXT_DEADLINE_COLUMN,
                                                               MAY_CUT_COLUMNS))

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def apply_search_now(self) -> None:
        self._search_timer.stop()
        self._apply_search()

    def shown_rows(self) -> list[FilingRow]:
        return [self.model.row_at(self.proxy.mapToSource(self.proxy.index(i, 0)).row())
                for i in range(self.proxy.rowCount())]

    def _apply_search(self) -> None:
        self.proxy.set_search(self.search.text())
        self.search_applied = self.search.text()

    def _update_count(self) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        noun = "filing" if total == 1 else "filings"
        self.count_label.setText(f"Showing {shown:,} of {total:,} {noun}"
                                 if shown != total else f"{total:,} {noun}")

    def _open_first_match(self) -> None:
        self.apply_search_now()
        if self.proxy.rowCount():
            self._open_index(self.proxy.index(0, 0))

    def _open_index(self, index: QModelIndex) -> None:
        if index.isValid():
            row: FilingRow = self.model.row_at(self.proxy.mapToSource(index).row())
            self.open_filing.emit(row.id)
