"""A filing's abutters in one place, for the main window to show on a filing:
Import list…, Compute from parcels…, Make mailing…, and the tracking table,
refreshed when a dialog changes something. A computed list says it is a draft
until the day the Board of Assessors certified it is recorded here.

What it shows is read behind the window (ui/view_loader.py): read on the window's
thread, the notices, the count and the list's status froze a large town's record
60 ms as it opened (bench/freeze.py)."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from concom_desk.services.abutters.importing import count_abutters
from concom_desk.services.abutters.tracking import NoticeRow, list_notices
from concom_desk.services.database import Database
from concom_desk.services.parcels.computed_list import (
    ListStatus,
    list_status,
    record_certification,
)
from concom_desk.ui.abutters.certification_row import CertificationRow
from concom_desk.ui.abutters.import_dialog import AbutterImportDialog
from concom_desk.ui.abutters.mailing_dialog import AbutterMailingDialog
from concom_desk.ui.abutters.tracking_widget import AbutterTrackingWidget
from concom_desk.ui.view_loader import ViewLoader


class AbutterPanel(QWidget):
    changed = Signal()  # the filing's abutters or notices changed (views may refresh)

    def __init__(self, db: Database, filing_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db = db
        self._filing_id = filing_id
        self.import_dialog: AbutterImportDialog | None = None
        self.mailing_dialog: AbutterMailingDialog | None = None
        self.parcels_dialog: QWidget | None = None

        self.count_label = QLabel("Reading the abutters…")
        # Wrapped: a long line of what is owed ("No abutters yet…") on one row with the
        # buttons made the record wider than a laptop at 150 %.
        self.count_label.setWordWrap(True)
        self.import_button = QPushButton("Import assessor's list…")
        self.import_button.clicked.connect(self.open_import)
        self.compute_button = QPushButton("Compute from &parcels…")
        self.compute_button.setToolTip("Find the abutters on the town's MassGIS parcels "
                                       "(a draft for the assessors to certify), with a map")
        self.compute_button.clicked.connect(self.open_parcels)
        self.mailing_button = QPushButton("Make the mailing…")
        self.mailing_button.clicked.connect(self.open_mailing)
        self.mailing_button.setEnabled(False)  # until the list is read
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label)
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.compute_button)
        buttons.addWidget(self.mailing_button)
        self.certification = CertificationRow()
        self.certification.recorded.connect(self.record_certified)

        self.tracking = AbutterTrackingWidget(db, filing_id)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.certification)
        layout.addWidget(self.tracking, 1)
        self.loader = ViewLoader(self)
        self.loader.failed.connect(self.count_label.setText)
        self._read(tell=False)  # what it shows when the record opens is no change

    def open_import(self) -> None:
        self.import_dialog = AbutterImportDialog(self._db, self._filing_id, self)
        self.import_dialog.imported.connect(self._refresh)
        self.import_dialog.open()

    def open_mailing(self) -> None:
        self.mailing_dialog = AbutterMailingDialog(self._db, self._filing_id, self)
        self.mailing_dialog.mailing_done.connect(self._refresh)
        self.mailing_dialog.open()

    def open_parcels(self) -> None:
        from concom_desk.ui.abutters.parcel_abutters_dialog import ParcelAbuttersDialog

        dialog = ParcelAbuttersDialog(self._db, self._filing_id, self)
        dialog.stored.connect(self._refresh)
        self.parcels_dialog = dialog
        dialog.open()

    def record_certified(self, day: date) -> None:
        record_certification(self._db, self._filing_id, day)
        self._refresh()

    def _refresh(self, *_args: object) -> None:
        """Read again after a dialog changed the list; `changed` once it shows."""
        self._read(tell=True)

    def _read(self, tell: bool) -> None:
        db, filing_id = self._db, self._filing_id

        def read(_progress: object) -> tuple[int, ListStatus, list[NoticeRow]]:
            return (count_abutters(db, filing_id), list_status(db, filing_id),
                    list_notices(db, filing_id))

        self.loader.load(read, lambda found: self._show(*found, tell=tell))

    def _show(self, count: int, status: ListStatus, notices: list[NoticeRow],
              tell: bool) -> None:
        self.count_label.setText(f"{count} owners to notify" if count
                                 else "No abutter list yet: import the assessor's list, or "
                                      "compute it from the parcels.")
        self.certification.show_status(status)
        self.mailing_button.setEnabled(count > 0)
        self.tracking.show_notices(notices)
        if tell:
            self.changed.emit()
