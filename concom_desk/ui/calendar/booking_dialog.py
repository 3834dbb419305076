"""Book a filing's hearing onto a meeting. Every clock the booking touches is listed
before the clerk confirms; a meeting after `hearing_by` is a hard stop until the
applicant's signed 21-day waiver is recorded (which the dialog can do); other
warnings must be acknowledged."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from concom_desk.domain.plain_dates import weekday_date
from concom_desk.errors import UserError
from concom_desk.services.calendar_entries import MeetingEntry
from concom_desk.services.hearing_lists import bookable_filings
from concom_desk.services.hearings import book_hearing, preview_booking, record_waiver
from concom_desk.store import Database
from concom_desk.ui.calendar.dialog_parts import ErrorLine, FindingsList, pydate, qdate, stack
from concom_desk.ui.date_picker import typing_replaces_sections
from concom_desk.ui.row_table import DATE_FORMAT
from concom_desk.ui.window_memory import remember


class BookHearingDialog(QDialog):
    booked = Signal(int)  # the hearing id

    def __init__(self, database: Database, meetings: list[MeetingEntry], today: date,
                 filing_id: int | None = None, meeting_id: int | None = None,
                 parent: QWidget | None = None, now: datetime | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Book a hearing")
        self._db = database
        self._today = today
        self._now = now
        self.filing_box = QComboBox()
        self.filing_box.setAccessibleName("Filing")
        for choice in bookable_filings(database):
            self.filing_box.addItem(choice.label(), choice.filing_id)
        self.meeting_box = QComboBox()
        self.meeting_box.setAccessibleName("Meeting")
        for meeting in meetings:
            if not meeting.cancelled and meeting.day >= today:
                label = f"{weekday_date(meeting.day)}, {meeting.at:%I:%M %p}".replace(" 0", " ")
                self.meeting_box.addItem(f"{label} — {len(meeting.hearings)} hearing(s)",
                                         meeting.meeting_id)
        self._select(self.filing_box, filing_id)
        self._select(self.meeting_box, meeting_id)
        self.findings = FindingsList()
        self.waiver_group = self._waiver_group()
        self.acknowledge = QCheckBox("I have read the warnings above and still want to book")
        self.error = ErrorLine()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.book_button = self.buttons.addButton("Book hearing",
                                                  QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self._book)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("&Filing:", self.filing_box)
        form.addRow("&Meeting:", self.meeting_box)
        stack(self, form, self.findings, self.waiver_group, self.acknowledge, self.error,
              self.buttons)
        self.filing_box.currentIndexChanged.connect(self.refresh)
        self.meeting_box.currentIndexChanged.connect(self.refresh)
        self.acknowledge.toggled.connect(self._update_button)
        remember(self, "book-hearing", QSize(640, 420))
        self.refresh()

    @staticmethod
    def _select(box: QComboBox, value: int | None) -> None:
        if value is not None:
            index = box.findData(value)
            if index >= 0:
                box.setCurrentIndex(index)

    def _waiver_group(self) -> QGroupBox:
        group = QGroupBox("Applicant's 21-day waiver")
        self.waiver_signed_on = QDateEdit(qdate(self._today))
        self.waiver_signed_on.setDisplayFormat(DATE_FORMAT)
        self.waiver_signed_on.setCalendarPopup(True)
        typing_replaces_sections(self.waiver_signed_on)
        self.waiver_signed_by = QLineEdit()
        self.waiver_signed_by.setPlaceholderText("Name of the applicant (or agent) who signed")
        self.record_waiver_button = QPushButton("Record the signed waiver")
        self.record_waiver_button.clicked.connect(self._record_waiver)
        row = QHBoxLayout(group)
        row.addWidget(self.waiver_signed_on)
        row.addWidget(self.waiver_signed_by, 1)
        row.addWidget(self.record_waiver_button)
        return group

    def refresh(self) -> None:
        self.error.say("")
        filing_id, meeting_id = self.filing_box.currentData(), self.meeting_box.currentData()
        if filing_id is None or meeting_id is None:
            self.findings.show_findings([])
            self.error.say("There is no filing awaiting a hearing, or no meeting ahead.")
        else:
            try:
                review = preview_booking(self._db, filing_id, meeting_id, self._today,
                                         now=self._now)
            except UserError as exc:
                self.findings.show_findings([])
                self.error.say(str(exc))
            else:
                self.findings.show_findings(review.findings)
        self.waiver_group.setVisible(self.findings.stopped_by("hearing_by"))
        self.acknowledge.setVisible(self.findings.has_warnings)
        self.acknowledge.setChecked(False)
        self._update_button()

    def _update_button(self) -> None:
        ready = (self.filing_box.currentData() is not None
                 and self.meeting_box.currentData() is not None
                 and self.findings.count() > 0 and not self.findings.blocked
                 and (not self.findings.has_warnings or self.acknowledge.isChecked()))
        self.book_button.setEnabled(ready)

    def _record_waiver(self) -> None:
        try:
            record_waiver(self._db, self.filing_box.currentData(),
                          pydate(self.waiver_signed_on.date()), self.waiver_signed_by.text())
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.refresh()

    def _book(self) -> None:
        try:
            hearing_id = book_hearing(self._db, self.filing_box.currentData(),
                                      self.meeting_box.currentData(), self._today)
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.booked.emit(hearing_id)
        self.accept()
