"""Tools → Conservation land…: the town's conservation land and the conservation
restrictions, listed with their holders, recordings and last monitoring visit; a
parcel or restriction is added or corrected in its own form."""

from __future__ import annotations

from datetime import date
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

from concom_desk.services.database import Database
from concom_desk.services.land.conservation_land import (
    LAND_KINDS,
    LandDraft,
    LandRow,
    lands,
    save_land,
)
from concom_desk.ui.enforcement.dialogs import RecordDialog, text_box
from concom_desk.ui.enforcement.fields import OptionalDate
from concom_desk.ui.row_table import Column, RowTableModel, date_key, day_cell


def _columns(today: date) -> list[Column[LandRow]]:
    return [
        Column("Name", lambda r: r.name),
        Column("Kind", lambda r: r.kind_words),
        Column("Where", lambda r: " · ".join(p for p in (r.address, r.map_lot) if p)),
        Column("Holder", lambda r: r.holder),
        Column("Recorded", lambda r: r.recording),
        Column("Last visit", lambda r: day_cell(r.last_visit) if r.last_visit else "never",
               sort_key=lambda r: date_key(r.last_visit)),
        Column("Visit due", lambda r: day_cell(r.visit_due(today)),
               sort_key=lambda r: date_key(r.visit_due(today))),
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
        for label, widget in (("Name", self.name), ("Kind", self.kind),
                              ("Address", self.address), ("Map/lot", self.map_lot),
                              ("Acres", self.acres), ("Held by", self.holder),
                              ("Granted by", self.grantor), ("", self.recorded),
                              ("Book", self.book), ("Page", self.page),
                              ("Terms", self.terms)):
            self.form.addRow(label, widget)
            if label:
                widget.setAccessibleName(label)
        self.watch(self.name, self.kind, self.address, self.map_lot, self.holder,
                   self.book, self.page, self.recorded)
        self.setMinimumWidth(min(560, self.fontMetrics().averageCharWidth() * 80))
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
        self.add_button.clicked.connect(self.add)
        self.edit_button.clicked.connect(self.edit)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Conservation land message")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button):
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
        self.edit_button.setEnabled(bool(rows))
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


def open_conservation_land(window: Any) -> ConservationLandDialog:
    dialog = ConservationLandDialog(window.db, window.today, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.resize(min(1100, window.width()), 480)
    dialog.show()
    return dialog
