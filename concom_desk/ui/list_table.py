"""The table of records every list uses (Today, Filings, the expiry watch, a
record's history): whole rows selected, nothing edited in place, Enter opening the
current row as a double-click does."""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QTableView, QWidget

from concom_desk.ui.row_table import fit_columns


class ListTable(QTableView):
    """A table where Enter opens the current row, like a double-click."""

    open_requested = Signal(QModelIndex)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        self.setTabKeyNavigation(False)  # Tab leaves the table, arrows move within it
        self.doubleClicked.connect(self.open_requested)

    def fit_columns(self, stretch: int, may_cut: Collection[int] = (),
                    widest_chars: int = 42) -> None:
        """Columns as wide as their contents, `stretch` taking the width left and
        `may_cut` held narrow (see row_table.fit_columns)."""
        fit_columns(self, stretch, may_cut, widest_chars)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.open_requested.emit(self.currentIndex())
            return
        super().keyPressEvent(event)
