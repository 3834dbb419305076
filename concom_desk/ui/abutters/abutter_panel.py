"""A filing's abutters in one place, for the main window to show on a filing:
Import list…, Make mailing…, and the tracking table, refreshed when either
dialog changes something."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from concom_desk.services.abutters.importing import count_abutters
from concom_desk.store import Database
from concom_desk.ui.abutters.import_dialog import AbutterImportDialog
from concom_desk.ui.abutters.mailing_dialog import AbutterMailingDialog
from concom_desk.ui.abutters.tracking_widget import AbutterTrackingWidget


class AbutterPanel(QWidget):
    changed = Signal()  # the filing's abutters or notices changed (views may refresh)

    def __init__(self, db: Database, filing_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db = db
        self._filing_id = filing_id
        self.import_dialog: AbutterImportDialog | None = None
        self.mailing_dialog: AbutterMailingDialog | None = None

        self.count_label = QLabel()
        self.import_button = QPushButton("Import assessor's list…")
        self.import_button.clicked.connect(self.open_import)
        self.mailing_button = QPushButton("Make the mailing…")
        self.mailing_button.clicked.connect(self.open_mailing)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label)
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.mailing_button)

        self.tracking = AbutterTrackingWidget(db, filing_id)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.tracking, 1)
        self._refresh()

    def open_import(self) -> None:
        self.import_dialog = AbutterImportDialog(self._db, self._filing_id, self)
        self.import_dialog.imported.connect(self._refresh)
        self.import_dialog.open()

    def open_mailing(self) -> None:
        self.mailing_dialog = AbutterMailingDialog(self._db, self._filing_id, self)
        self.mailing_dialog.mailing_done.connect(self._refresh)
        self.mailing_dialog.open()

    def _refresh(self, *_args: object) -> None:
        count = count_abutters(self._db, self._filing_id)
        self.count_label.setText(f"{count} owners to notify" if count
                                 else "No abutter list yet: import the assessor's list.")
        self.mailing_button.setEnabled(count > 0)
        self.tracking.reload()
        self.changed.emit()
