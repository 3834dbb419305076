"""Continue a hearing to a date certain, and close a hearing. Both show what the
step does to the clocks before the clerk confirms."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from concom_desk.domain.plain_dates import weekday_date
from concom_desk.errors import UserError
from concom_desk.services.calendar.choices import HearingChoice, open_hearings
from concom_desk.services.calendar.entries import MeetingEntry
from concom_desk.services.calendar.hearings import (
    ContinuanceRequest,
    close_hearing_on,
    continue_hearing,
    preview_close,
    preview_continuance,
)
from concom_desk.services.database import Database
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


def _hearing_box(hearings: list[HearingChoice], selected: int | None) -> QComboBox:
    box = QComboBox()
    box.setAccessibleName("Hearing")
    for choice in hearings:
        box.addItem(choice.label(), choice.hearing_id)
    if selected is not None and box.findData(selected) >= 0:
        box.setCurrentIndex(box.findData(selected))
    return box


class ContinueHearingDialog(QDialog):
    continued = Signal(int)  # the continuance id

    def __init__(self, database: Database, meetings: list[MeetingEntry], today: date,
                 hearing_id: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Continue a hearing")
        self._db, self._today, self._meetings = database, today, meetings
        self._hearings = {h.hearing_id: h for h in open_hearings(database)}
        self.hearing_box = _hearing_box(list(self._hearings.values()), hearing_id)
        self.meeting_box = QComboBox()
        self.meeting_box.setAccessibleName("Continued to")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("Reason stated at the hearing (e.g. revised plan)")
        self.consent = QCheckBox("The applicant consents to this date")
        self.announced = QCheckBox("The new date, time and place were announced at the hearing")
        self.announced.setChecked(True)
        self.findings = FindingsList()
        self.error = ErrorLine()
        self.buttons, self.ok_button = act_cancel(self, "Continue hearing", self._continue)
        form = QFormLayout()
        form.addRow("&Hearing:", self.hearing_box)
        form.addRow("Continued &to:", self.meeting_box)
        form.addRow("&Reason:", self.reason)
        form.addRow("", self.consent)
        form.addRow("", self.announced)
        stack(self, form, self.findings, self.error, self.buttons)
        self.hearing_box.currentIndexChanged.connect(self._fill_meetings)
        for signal in (self.meeting_box.currentIndexChanged, self.reason.textChanged,
                       self.consent.toggled, self.announced.toggled):
            signal.connect(self.refresh)
        remember(self, "continue-hearing", QSize(640, 420))
        self._fill_meetings()

    def _fill_meetings(self) -> None:
        choice = self._hearings.get(self.hearing_box.currentData())
        after = choice.session_day if choice and choice.session_day else self._today
        self.meeting_box.blockSignals(True)
        self.meeting_box.clear()
        for meeting in self._meetings:
            if not meeting.cancelled and meeting.day > after:
                self.meeting_box.addItem(weekday_date(meeting.day), meeting.meeting_id)
        self.meeting_box.blockSignals(False)
        self.refresh()

    def _session_day(self) -> date | None:
        choice = self._hearings.get(self.hearing_box.currentData())
        return choice.session_day if choice else None

    def request(self) -> ContinuanceRequest | None:
        hearing_id, meeting_id = self.hearing_box.currentData(), self.meeting_box.currentData()
        if hearing_id is None or meeting_id is None:
            return None
        return ContinuanceRequest(hearing_id, meeting_id, self.reason.text(),
                                  self.consent.isChecked(), self.announced.isChecked())

    def _missing(self) -> str:
        """Which of the two is missing, and where to add it."""
        if self.hearing_box.count() == 0:
            return ("No hearing is booked or open, so none can be continued: book one with "
                    "Book hearing… first.")
        if self.meeting_box.count() == 0:
            after = self._session_day() or self._today
            return (f"No meeting is scheduled after {weekday_date(after)}: add one with "
                    "Meetings… (a continuance names the date of the next session).")
        return "Choose the hearing and the meeting it is continued to."

    def refresh(self) -> None:
        self.error.say("")
        request = self.request()
        self.findings.show_findings([])
        heard_on = self._session_day()
        if request is None:
            self.error.say(self._missing())
        elif heard_on is not None and heard_on > self._today:
            # Continued "to a date announced at the hearing": that hearing must have sat.
            self.error.say(f"This hearing sits next on {weekday_date(heard_on)}: record the "
                           "continuance at or after that meeting.")
        elif not request.reason.strip():
            self.error.say("State the reason for the continuance.")
        else:
            try:
                self.findings.show_findings(
                    preview_continuance(self._db, request, self._today).findings)
            except UserError as exc:
                self.error.say(str(exc))
        self.ok_button.setEnabled(self.findings.count() > 0 and not self.findings.blocked)

    def _continue(self) -> None:
        request = self.request()
        if request is None:
            return
        try:
            continuance_id = continue_hearing(self._db, request, self._today)
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.continued.emit(continuance_id)
        self.accept()


class CloseHearingDialog(QDialog):
    closed = Signal(int)  # the hearing id

    def __init__(self, database: Database, today: date, hearing_id: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Close a hearing")
        self._db, self._today = database, today
        self._hearings = {h.hearing_id: h for h in open_hearings(database)}
        self.hearing_box = _hearing_box(list(self._hearings.values()), hearing_id)
        self.closed_on = QDateEdit()
        self.closed_on.setDisplayFormat(DATE_FORMAT)
        self.closed_on.setCalendarPopup(True)
        typing_replaces_sections(self.closed_on)
        self.findings = FindingsList()
        self.error = ErrorLine()
        self.buttons, self.ok_button = act_cancel(self, "Close hearing", self._close)
        form = QFormLayout()
        form.addRow("&Hearing:", self.hearing_box)
        form.addRow("Closed &on:", self.closed_on)
        stack(self, form, self.findings, self.error, self.buttons)
        self.hearing_box.currentIndexChanged.connect(self._default_date)
        self.closed_on.dateChanged.connect(self.refresh)
        self._default_date()

    def _default_date(self) -> None:
        choice = self._hearings.get(self.hearing_box.currentData())
        day = choice.session_day if choice and choice.session_day else self._today
        self.closed_on.setDate(qdate(day))
        self.refresh()

    def refresh(self) -> None:
        self.error.say("")
        self.findings.show_findings([])
        hearing_id = self.hearing_box.currentData()
        if hearing_id is None:
            self.error.say("No hearing is open or booked, so there is none to close: book "
                           "one with Book hearing… first.")
        else:
            try:
                closing = preview_close(self._db, hearing_id, pydate(self.closed_on.date()),
                                        self._today)
                self.findings.show_findings(closing.findings)
            except UserError as exc:
                self.error.say(str(exc))
        self.ok_button.setEnabled(hearing_id is not None and not self.error.text())

    def _close(self) -> None:
        try:
            close_hearing_on(self._db, self.hearing_box.currentData(),
                             pydate(self.closed_on.date()), self._today)
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.closed.emit(self.hearing_box.currentData())
        self.accept()
