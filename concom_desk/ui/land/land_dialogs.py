"""Tools → Conservation land…: the town's conservation land and the conservation
restrictions, listed with their holders, recordings and last monitoring visit; a
parcel or restriction is added or corrected in its own form."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.database import Database
from concom_desk.services.inspections.filing_inspections import FilingInspection
from concom_desk.services.land.conservation_land import (
    LAND_KINDS,
    LandDraft,
    LandRow,
    from_parcels,
    lands,
    save_land,
)
from concom_desk.services.land.monitoring import print_monitoring_report, save_visit, visits_of
from concom_desk.ui.enforcement.dialogs import RecordDialog, text_box
from concom_desk.ui.enforcement.fields import OptionalDate
from concom_desk.ui.inspections.inspection_dialog import FilingInspectionDialog
from concom_desk.ui.row_table import Column, RowTableModel, date_key, day_cell


def _columns(today: date) -> list[Column[LandRow]]:
    # What the monitor acts on first (the visit due); the recording, longest, last.
    return [
        Column("Name", lambda r: r.name),
        Column("Kind", lambda r: r.kind_words),
        Column("Visit due", lambda r: day_cell(r.visit_due(today)),
               sort_key=lambda r: date_key(r.visit_due(today))),
        Column("Last visit", lambda r: day_cell(r.last_visit) if r.last_visit else "never",
               sort_key=lambda r: date_key(r.last_visit)),
        Column("Where", lambda r: " · ".join(p for p in (r.address, r.map_lot) if p)),
        Column("Holder", lambda r: r.holder),
        Column("Recorded", lambda r: r.recording),
    ]


class LandFormDialog(RecordDialog):
    def __init__(self, database: Database, today: date, row: LandRow | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__("Conservation land" if row is None else row.name, parent)
        self.database, self.land_id = database, row.id if row else None
        draft = row.draft() if row else LandDraft("")
        self.name = QLineEdit(draft.name)
        self.kind = QComboBox()
        for key, words in LAND_KINDS.items():
            self.kind.addItem(words, key)
        self.kind.setCurrentIndex(self.kind.findData(draft.kind))
        self.address = QLineEdit(draft.address)
        self.map_lot = QLineEdit(draft.map_lot)
        self.map_lot.setPlaceholderText("e.g. 14-22 (several: 14-22; 14-23)")
        self.acres = QLineEdit(draft.acres)
        self.holder = QLineEdit(draft.holder)
        self.grantor = QLineEdit(draft.grantor)
        self.recorded = OptionalDate("Recorded on", draft.recorded_on or today)
        self.recorded.set_value(draft.recorded_on)
        self.book = QLineEdit(draft.recorded_book)
        self.page = QLineEdit(draft.recorded_page)
        self.terms = text_box(4)
        self.terms.setPlainText(draft.terms)
        # The loaded MassGIS parcels fill the address and acres from the map/lot.
        self.from_parcels = QPushButton("Fill from the &parcels")
        self.from_parcels.setAutoDefault(False)
        self.from_parcels.clicked.connect(self.fill_from_parcels)
        lot_row = QWidget()
        lot_layout = QHBoxLayout(lot_row)
        lot_layout.setContentsMargins(0, 0, 0, 0)
        lot_layout.addWidget(self.map_lot, 1)
        lot_layout.addWidget(self.from_parcels)
        self.map_lot.setAccessibleName("Map/lot")
        for label, widget in (("Name", self.name), ("Kind", self.kind),
                              ("Address", self.address), ("Map/lot", lot_row),
                              ("Acres", self.acres), ("Held by", self.holder),
                              ("Granted by", self.grantor), ("", self.recorded),
                              ("Book", self.book), ("Page", self.page),
                              ("Terms", self.terms)):
            self.form.addRow(label, widget)
            if label and widget is not lot_row:
                widget.setAccessibleName(label)
        self.watch(self.name, self.kind, self.address, self.map_lot, self.holder,
                   self.book, self.page, self.recorded)
        self.setMinimumWidth(min(560, self.fontMetrics().averageCharWidth() * 80))
        self.validate()

    def fill_from_parcels(self) -> None:
        try:
            address, acres = from_parcels(self.database.path, self.map_lot.text())
        except UserError as exc:
            self.problems.setText(str(exc))
            return
        if address:
            self.address.setText(address)
        self.acres.setText(acres)
        self.validate()

    def draft(self) -> LandDraft:
        return LandDraft(self.name.text(), str(self.kind.currentData()), self.address.text(),
                         self.map_lot.text(), self.acres.text(), self.holder.text(),
                         self.grantor.text(), self.recorded.value(), self.book.text(),
                         self.page.text(), self.terms.toPlainText())

    def problems_now(self) -> list[str]:
        return self.draft().problems()

    def write(self) -> int:
        return save_land(self.database, self.draft(), self.land_id)


class LandVisitDialog(FilingInspectionDialog):
    """A monitoring visit: the inspection dialog, of the land (no permit conditions)."""

    def __init__(self, database: Database, land: LandRow, today: date,
                 planned: FilingInspection | None = None, plan_only: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(database, land.id, today, [], planned, plan_only, parent)
        self.setWindowTitle(f"{'Plan' if plan_only else 'Record'} a monitoring visit: "
                            f"{land.name}")
        if planned is None:
            self.purpose.setCurrentText("Yearly monitoring")

    def write(self) -> int:
        return save_visit(self.database, self.visited_id, self.draft(), self.inspection_id)


class ConservationLandDialog(QDialog):
    """Non-modal, like a filing's record: the list stays open beside the window."""

    def __init__(self, database: Database, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Conservation land and restrictions")
        self.database, self.today = database, today
        self.form: LandFormDialog | None = None
        self.rows = RowTableModel(_columns(today), self)
        self.view = QTableView()
        self.view.setModel(self.rows)
        self.view.setAccessibleName("Conservation land and restrictions")
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.view.doubleClicked.connect(lambda _index: self.edit())
        self.add_button = QPushButton("&Add land or restriction…")
        self.edit_button = QPushButton("&Edit…")
        self.plan_button = QPushButton("&Plan visit…")
        self.visit_button = QPushButton("Record &monitoring visit…")
        self.report_button = QPushButton("Print monitoring &report")
        self.add_button.clicked.connect(self.add)
        self.edit_button.clicked.connect(self.edit)
        self.plan_button.clicked.connect(lambda: self.visit(plan_only=True))
        self.visit_button.clicked.connect(lambda: self.visit(plan_only=False))
        self.report_button.clicked.connect(self.print_report)
        self.visit_dialog: LandVisitDialog | None = None
        self.report_path: Path | None = None  # the last monitoring report made
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Conservation land message")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.plan_button,
                       self.visit_button, self.report_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        layout.addWidget(close)
        self.reload()

    def reload(self) -> None:
        rows = lands(self.database)
        self.rows.set_rows(rows)
        for button in (self.edit_button, self.plan_button, self.visit_button,
                       self.report_button):
            button.setEnabled(bool(rows))
        if not rows:
            self.message.setText("No conservation land or restriction recorded yet.")

    def selected(self) -> LandRow | None:
        index = self.view.currentIndex()
        return self.rows.row_at(index.row()) if index.isValid() else None

    def _open(self, row: LandRow | None) -> LandFormDialog:
        form = LandFormDialog(self.database, self.today, row, self)
        form.saved.connect(self._saved)
        self.form = form
        form.open()
        return form

    def add(self) -> LandFormDialog:
        return self._open(None)

    def edit(self) -> LandFormDialog | None:
        row = self.selected()
        if row is None:
            self.message.setText("Choose the land or restriction to edit.")
            return None
        return self._open(row)

    def _saved(self, _land_id: int) -> None:
        self.reload()
        self.message.setText("Saved.")
        # Today's reminders of visits due are the town's: read again, off the GUI thread.
        reread = getattr(self.parent(), "reload", None)
        if callable(reread):
            reread()

    def select_land(self, land_id: int) -> None:
        for row in range(self.rows.rowCount()):
            if self.rows.row_at(row).id == land_id:
                self.view.selectRow(row)

    def visit(self, plan_only: bool) -> LandVisitDialog | None:
        """A visit planned, or one made: the land's planned visit, if any, completed."""
        land = self.selected()
        if land is None:
            self.message.setText("Choose the land or restriction visited.")
            return None
        planned = next((v for v in visits_of(self.database, land.id) if not v.done), None)
        dialog = LandVisitDialog(self.database, land, self.today,
                                 None if plan_only else planned, plan_only, self)
        dialog.saved.connect(self._saved)
        self.visit_dialog = dialog
        dialog.open()
        return dialog

    def print_report(self) -> None:
        """The report of the land's last visit made."""
        land = self.selected()
        made = [v for v in visits_of(self.database, land.id) if v.done] if land else []
        if land is None or not made:
            self.message.setText("Choose land with a monitoring visit recorded.")
            return
        try:
            path = print_monitoring_report(self.database, land.id, made[-1].id)
        except (UserError, OperationFailed) as exc:
            self.message.setText(str(exc))
            return
        self.message.setText(f"Made {path}")
        self.report_path = path


def open_conservation_land(window: Any) -> ConservationLandDialog:
    dialog = ConservationLandDialog(window.db, window.today, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.resize(min(1100, window.width()), 480)
    dialog.show()
    return dialog
