"""A joint filing's "MassDEP copies" tab: each WPA form made for it and the day its
copy went to the MassDEP Regional Office; "Copy sent on" records the day (Today
reminds the clerk of each copy not recorded)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.filing_requirements import parse_date
from concom_desk.errors import UserError
from concom_desk.services.documents.dep_copies import (
    DepCopy,
    dep_copies_of,
    record_dep_copy_sent,
)
from concom_desk.ui.row_table import Column, RowTableModel
from concom_desk.ui.save_behind import SAVING, save_behind
from concom_desk.ui.view_loader import ViewLoader

if TYPE_CHECKING:
    from concom_desk.services.database import Database

COLUMNS: list[Column[DepCopy]] = [
    Column("Made", lambda c: c.made.isoformat()),
    Column("Form", lambda c: c.form),
    Column("Copy to MassDEP", lambda c: f"sent {c.sent.isoformat()}" if c.sent
           else "not yet sent"),
]


class DepCopiesPanel(QWidget):
    changed = Signal()

    def __init__(self, db: Database, filing_id: int, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db, self._filing_id = db, filing_id
        self.copies = RowTableModel(COLUMNS, self)
        self.view = QTableView()
        self.view.setModel(self.copies)
        self.view.setAccessibleName("WPA forms and their copies to MassDEP")
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.sent_on = QLineEdit(today.isoformat())
        self.sent_on.setAccessibleName("Day the copy was sent")
        self.sent_on.setPlaceholderText("YYYY-MM-DD or M/D/YYYY")
        self.record_button = QPushButton("Co&py sent on this day")
        self.record_button.setAutoDefault(False)
        self.record_button.clicked.connect(self.record_sent)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("MassDEP copy message")
        row = QHBoxLayout()
        row.addWidget(QLabel("Copy sent on:"))
        row.addWidget(self.sent_on)
        row.addWidget(self.record_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(row)
        layout.addWidget(self.message)
        self.loader = ViewLoader(self)  # read, and written, behind the window
        self.reload()

    def reload(self) -> None:
        db, filing_id = self._db, self._filing_id
        self.loader.load(lambda _progress: dep_copies_of(db, filing_id), self._show)

    def _show(self, rows: list[DepCopy]) -> None:
        self.copies.set_rows(rows)
        self.record_button.setEnabled(bool(rows))
        if rows and not self.view.currentIndex().isValid():
            self.view.selectRow(next((i for i, c in enumerate(rows) if c.sent is None), 0))
        if not rows:
            self.message.setText("No WPA form has been made for this filing yet "
                                 "(Make a document… offers them).")

    def record_sent(self) -> None:
        index = self.view.currentIndex()
        if not index.isValid():
            self.message.setText("Choose the form whose copy was sent.")
            return
        copy = self.copies.row_at(index.row())
        try:
            day = parse_date(self.sent_on.text())
            if day is None:
                raise UserError("type the day the copy was sent")
        except (ValueError, UserError) as exc:
            self.message.setText(str(exc))
            return
        db, filing_id = self._db, self._filing_id
        self.record_button.setEnabled(False)
        self.message.setText(SAVING)

        def write() -> list[DepCopy]:
            record_dep_copy_sent(db, copy.document_id, day)
            return dep_copies_of(db, filing_id)

        def written(outcome: str, said: Any) -> None:
            if outcome != "saved":
                self.record_button.setEnabled(True)
                self.message.setText(str(said))
                return
            self._show(said)
            self.message.setText(f"Recorded: the copy of {copy.form} went to MassDEP on "
                                 f"{day.isoformat()}.")
            self.changed.emit()

        save_behind(self, write, written)


def add_dep_copies_tab(db: Database, record: Any, filing_id: int, today: date,
                       refresh: Callable[[], None]) -> DepCopiesPanel | None:
    """The tab, on the record of a filing under the Act (a DEP file number) only; a
    recorded copy refreshes Today, which stops reminding of it."""
    from concom_desk.services.documents.wpa_context import offered_templates

    detail = record.detail
    if not offered_templates(db, detail.row.file_no, detail.row.kind)[0]:
        return None
    panel = DepCopiesPanel(db, filing_id, today)
    panel.changed.connect(refresh)
    # A WPA form just made shows here at once, and on Today as a copy to send.
    record.document_maker_made = lambda: (panel.reload(), refresh())
    record.add_panel(panel, "&MassDEP copies")
    return panel
