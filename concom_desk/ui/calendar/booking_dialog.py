"""Book a filing's hearing onto a meeting. Every clock the booking touches is listed
before the clerk confirms; a meeting after `hearing_by` is a hard stop until the
applicant's signed 21-day waiver is recorded (which the dialog can do); other
warnings must be acknowledged.

A meeting whose Open Meeting Law posting deadline has passed is marked in the list
and never proposed (MGL c.30A §20(b)); when there is nothing to book, the dialog
says which is missing and offers to add it."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from concom_desk.domain.plain_dates import weekday_date
from concom_desk.errors import UserError
from concom_desk.services.calendar.choices import bookable_filings
from concom_desk.services.calendar.entries import MeetingEntry
from concom_desk.services.calendar.hearings import book_hearing, preview_booking, record_waiver
from concom_desk.services.calendar.meetings import posting_too_late
from concom_desk.services.database import Database
from concom_desk.ui import colours
from concom_desk.ui.calendar.dialog_parts import (
    ErrorLine,
    FindingsList,
    act_cancel,
    pydate,
    qdate,
    stack,
)
from concom_desk.ui.date_picker import typing_replaces_sections
from concom_desk.ui.row_table import DATE_FORMAT
from concom_desk.ui.window_memory import remember

NO_FILING = ("No filing is awaiting a hearing: every Notice of Intent, RDA, ANRAD and "
             "amendment received has had its hearing opened or is decided. Enter the new one "
             "with New filing….")
NO_MEETING = ("No meeting is scheduled from today on. Add one with Add a meeting…, then "
              "book the hearing.")
ALL_TOO_LATE = ("Every meeting ahead is past its posting deadline (48 hours, not counting "
                "weekends and legal holidays). Add a later meeting with Add a meeting….")
CHOOSE_MEETING = "Choose the meeting."


def meeting_label(meeting: MeetingEntry, now: datetime | None) -> str:
    """'Wednesday, March 3, 2027, 7:00 PM — 2 hearing(s)', with the posting deadline's
    warning when it has passed."""
    label = f"{weekday_date(meeting.day)}, {meeting.at:%I:%M %p}".replace(" 0", " ")
    label = f"{label} — {len(meeting.hearings)} hearing(s)"
    late = posting_too_late(meeting.at, now) if now is not None else ""
    return f"{label} — {late}" if late else label


class BookHearingDialog(QDialog):
    booked = Signal(int)  # the hearing id
    add_meeting_requested = Signal()
    new_filing_requested = Signal()

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
        ahead = [m for m in meetings if not m.cancelled and m.day >= today]
        postable = [m.meeting_id for m in ahead
                    if now is None or not posting_too_late(m.at, now)]
        if ahead and not postable:
            # Nothing may be proposed: the clerk must pick a late meeting on purpose.
            self.meeting_box.addItem("Choose a meeting…", None)
        for meeting in ahead:
            self.meeting_box.addItem(meeting_label(meeting, now), meeting.meeting_id)
            if meeting.meeting_id not in postable:
                self.meeting_box.setItemData(self.meeting_box.count() - 1,
                                             colours.text_colour(colours.PROBLEM),
                                             Qt.ItemDataRole.ForegroundRole)
        self._select(self.filing_box, filing_id)
        # A meeting whose notice can no longer be posted in time is never the default.
        self._select(self.meeting_box, meeting_id if meeting_id in postable
                     else (postable[0] if postable else None))
        self.next_step = QLabel()
        self.next_step.setWordWrap(True)
        self.add_meeting_button = QPushButton("Add a meeting…")
        self.add_meeting_button.setAutoDefault(False)
        self.add_meeting_button.clicked.connect(self._add_meeting)
        self.new_filing_button = QPushButton("New filing…")
        self.new_filing_button.setAutoDefault(False)
        self.new_filing_button.clicked.connect(self._new_filing)
        self.next_row = QWidget()
        next_layout = QHBoxLayout(self.next_row)
        next_layout.setContentsMargins(0, 0, 0, 0)
        next_layout.addWidget(self.add_meeting_button)
        next_layout.addWidget(self.new_filing_button)
        next_layout.addStretch(1)
        self.findings = FindingsList()
        self.waiver_group = self._waiver_group()
        self.acknowledge = QCheckBox("I have read the warnings above and still want to book")
        self.error = ErrorLine()
        self.buttons, self.book_button = act_cancel(self, "Book hearing", self._book)

        form = QFormLayout()
        form.addRow("&Filing:", self.filing_box)
        form.addRow("&Meeting:", self.meeting_box)
        stack(self, form, self.findings, self.waiver_group, self.acknowledge, self.error,
              self.next_row, self.buttons)
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
        no_filing = self.filing_box.count() == 0
        no_meeting = self.meeting_box.findData(None) < 0 and self.meeting_box.count() == 0
        all_late = self.meeting_box.findData(None) >= 0
        self.new_filing_button.setVisible(no_filing)
        self.add_meeting_button.setVisible(no_meeting or all_late)
        self.next_row.setVisible(no_filing or no_meeting or all_late)
        if filing_id is None or meeting_id is None:
            self.findings.show_findings([])
            missing = [NO_FILING] if no_filing else []
            if no_meeting:
                missing.append(NO_MEETING)
            elif meeting_id is None:
                missing.append(ALL_TOO_LATE if all_late else CHOOSE_MEETING)
            self.error.say(" ".join(missing))
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

    def _add_meeting(self) -> None:
        self.add_meeting_requested.emit()
        self.reject()

    def _new_filing(self) -> None:
        self.new_filing_requested.emit()
        self.reject()

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
