"""A filing's "Inspections" tab: its site visits planned and made, each with who went,
what they found, its photos and the conditions checked; a visit is planned, then
recorded as made, and its report printed (it joins the record's Documents)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.errors import UserError
from concom_desk.services.database import Database
from concom_desk.services.inspections.filing_inspections import (
    FilingInspection,
    conditions_of,
    inspections_of,
)
from concom_desk.services.inspections.report import print_inspection_report
from concom_desk.ui.inspections.inspection_dialog import FilingInspectionDialog
from concom_desk.ui.row_table import Column, RowTableModel, date_key, day_cell
from concom_desk.ui.save_behind import save_behind
from concom_desk.ui.view_loader import ViewLoader

COLUMNS: list[Column[FilingInspection]] = [
    Column("Date", lambda i: day_cell(i.inspected_on), sort_key=lambda i: date_key(i.inspected_on)),
    Column("State", lambda i: i.state),
    Column("For", lambda i: i.purpose),
    Column("By", lambda i: i.inspector),
    Column("Photos", lambda i: str(len(i.photos)) if i.photos else ""),
    Column("Conditions", lambda i: ", ".join(f"{c.number}: {c.result_words}"
                                             for c in i.checks)),
    Column("Findings", lambda i: i.findings, tooltip=lambda i: i.findings),
]


class InspectionsPanel(QWidget):
    changed = Signal()

    def __init__(self, db: Database, filing_id: int, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db, self._filing_id, self._today = db, filing_id, today
        self.dialog: FilingInspectionDialog | None = None
        self.inspections = RowTableModel(COLUMNS, self)
        self.view = QTableView()
        self.view.setModel(self.inspections)
        self.view.setAccessibleName("Inspections of this filing")
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        header = self.view.horizontalHeader()
        header.setStretchLastSection(True)
        # The short columns as wide as what they hold; the findings take the rest.
        for column in range(len(COLUMNS) - 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.plan_button = QPushButton("Plan inspec&tion…")
        self.record_button = QPushButton("Record visit and &findings…")
        self.report_button = QPushButton("Print visit re&port")
        self.report_button.setAccessibleName("Print the inspection report")
        self.record_button.setAccessibleName("Record an inspection made")
        for button, action in ((self.plan_button, self.plan),
                               (self.record_button, self.record),
                               (self.report_button, self.print_report)):
            button.setAutoDefault(False)
            button.clicked.connect(action)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Inspections message")
        row = QHBoxLayout()
        for button in (self.plan_button, self.record_button, self.report_button):
            row.addWidget(button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(row)
        layout.addWidget(self.message)
        self.view.selectionModel().selectionChanged.connect(self._explain)
        self.loader = ViewLoader(self)  # read, and the report made, behind the window
        self.reload()

    def reload(self) -> None:
        db, filing_id = self._db, self._filing_id
        self.loader.load(lambda _progress: inspections_of(db, filing_id), self._show)

    def _show(self, rows: list[FilingInspection]) -> None:
        self.inspections.set_rows(rows)
        self._explain()

    def selected(self) -> FilingInspection | None:
        index = self.view.currentIndex()
        return self.inspections.row_at(index.row()) if index.isValid() else None

    def _explain(self) -> None:
        chosen = self.selected()
        self.record_button.setText("Record the planned visit's &findings…" if chosen
                                   and not chosen.done else "Record visit and &findings…")
        self.report_button.setEnabled(chosen is not None and chosen.done)

    def _open(self, planned: FilingInspection | None, plan_only: bool) -> FilingInspectionDialog:
        try:
            conditions = conditions_of(self._db, self._filing_id)
        except UserError as exc:
            self.message.setText(str(exc))
            raise
        dialog = FilingInspectionDialog(self._db, self._filing_id, self._today, conditions,
                                  planned, plan_only, self)
        dialog.saved.connect(self._saved)
        self.dialog = dialog
        dialog.open()
        return dialog

    def plan(self) -> FilingInspectionDialog:
        return self._open(None, plan_only=True)

    def record(self) -> FilingInspectionDialog:
        """A planned visit chosen is recorded as made; otherwise a new one."""
        chosen = self.selected()
        return self._open(chosen if chosen is not None and not chosen.done else None,
                          plan_only=False)

    def _saved(self, _inspection_id: int) -> None:
        self.reload()
        self.message.setText("Saved.")
        self.changed.emit()

    def print_report(self) -> None:
        chosen = self.selected()
        if chosen is None:
            self.message.setText("Choose the inspection to print.")
            return
        db = self._db
        self.report_button.setEnabled(False)
        self.message.setText("Making the report…")

        def made(outcome: str, said: Any) -> None:
            self._explain()
            if outcome != "saved":
                self.message.setText(str(said))
                return
            self.message.setText(f"Made {said.name}; it is on the Documents tab.")
            self.changed.emit()

        save_behind(self, lambda: print_inspection_report(db, chosen.id), made)


def add_inspections_tab(db: Database, record: Any, filing_id: int, today: date,
                        refresh: Callable[[], None]) -> InspectionsPanel:
    """The tab on every filing's record; a save reads the record again (its history
    and documents show the visit and its report) and tells the main window."""
    panel = InspectionsPanel(db, filing_id, today)
    panel.changed.connect(record.writes.read_again)
    panel.changed.connect(refresh)
    record.inspections_panel = panel
    record.add_panel(panel, "I&nspections")
    return panel
