"""A filing's abutters in one place, for the main window to show on a filing:
Import list…, Compute from parcels…, Make mailing…, and the tracking table,
refreshed when a dialog changes something. A computed list says it is a draft
until the day the Board of Assessors certified it is recorded here."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from concom_desk.services.abutters.importing import count_abutters
from concom_desk.services.database import Database
from concom_desk.services.parcels.computed_list import list_status, record_certification
from concom_desk.ui.abutters.certification_row import CertificationRow
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
        self.parcels_dialog: QWidget | None = None

        self.count_label = QLabel()
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
        self._refresh()

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
        count = count_abutters(self._db, self._filing_id)
        self.count_label.setText(f"{count} owners to notify" if count
                                 else "No abutter list yet: import the assessor's list, or "
                                      "compute it from the parcels.")
        self.certification.show_status(list_status(self._db, self._filing_id))
        self.mailing_button.setEnabled(count > 0)
        self.tracking.reload()
        self.changed.emit()
