"""The assessor's certified list and the computed list side by side, differences first,
before the import replaces the computed one (it stays in the audit trail and its map
in the filing's documents either way)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.services.parcels.list_comparison import SAME, ComparedOwner, ListComparison
from concom_desk.ui.row_table import Column, RowTableModel, fit_columns
from concom_desk.ui.window_memory import remember

_DIFFERENT = QColor(255, 236, 200)

COLUMNS: tuple[Column[ComparedOwner], ...] = (
    Column("Owner", lambda r: r.owner),
    Column("On the assessor's list", lambda r: r.assessor or "—",
           background=lambda r: _DIFFERENT if r.difference != SAME else None),
    Column("On the computed list", lambda r: r.computed or "—",
           background=lambda r: _DIFFERENT if r.difference != SAME else None),
    Column("Difference", lambda r: "" if r.difference == SAME else r.difference),
)


class ListComparisonDialog(QDialog):
    def __init__(self, comparison: ListComparison, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("The assessor's list beside the computed list")
        remember(self, "list-comparison", QSize(1000, 520))
        self.comparison = comparison
        self.summary = QLabel(comparison.summary()[:1].upper() + comparison.summary()[1:] + ".")
        self.summary.setWordWrap(True)
        self.only_differences = QCheckBox("Show only the differences")
        self.only_differences.setChecked(bool(comparison.differences))
        self.only_differences.toggled.connect(self._show)
        self.model: RowTableModel[ComparedOwner] = RowTableModel(COLUMNS, self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.setAccessibleName("Owners on the two lists")
        note = QLabel("Importing the assessor's list (choosing to replace) makes it the "
                      "notice list; the computed list stays in the record's history.")
        note.setWordWrap(True)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        bottom = QHBoxLayout()
        bottom.addWidget(note, 1)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.only_differences)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        self._show()

    def _show(self) -> None:
        rows = (self.comparison.differences if self.only_differences.isChecked()
                else self.comparison.owners)
        self.model.set_rows(list(rows))
        fit_columns(self.table, stretch=2, may_cut=(1, 2))
