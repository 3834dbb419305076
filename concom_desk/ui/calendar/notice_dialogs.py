"""What the clerk records of a meeting's notices once given: the legal notice seen in
the newspaper (MGL c.131 §40) and the notice and agenda posted (Open Meeting Law, MGL
c.30A §20(b)), each with its date and, when after its deadline, said LATE."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDateEdit,
    QDateTimeEdit,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from concom_desk.domain.plain_dates import weekday_date, weekday_date_time
from concom_desk.errors import UserError
from concom_desk.services.calendar.entries import MeetingEntry
from concom_desk.services.calendar.meetings import (
    mark_agenda_posted,
    mark_legal_notice_published,
    posting_problem,
    usual_newspaper,
)
from concom_desk.services.database import Database
from concom_desk.ui import colours
from concom_desk.ui.calendar.dialog_parts import (
    ErrorLine,
    pydate,
    pydatetime,
    qdate,
    qdatetime,
    save_cancel,
    stack,
)
from concom_desk.ui.date_picker import typing_replaces_sections
from concom_desk.ui.row_table import DATE_FORMAT, DATE_TIME_FORMAT


class PublicationDialog(QDialog):
    """Record that the meeting's legal notice appeared in the newspaper."""

    recorded = Signal(str)

    def __init__(self, database: Database, meeting: MeetingEntry, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Legal notice published — meeting of {weekday_date(meeting.day)}")
        self._db, self._meeting, self._today = database, meeting, today
        self.published_on = QDateEdit(qdate(today))
        self.published_on.setDisplayFormat(DATE_FORMAT)
        self.published_on.setCalendarPopup(True)
        typing_replaces_sections(self.published_on)
        # The commission's newspaper, as the wizard set it; another may be typed.
        self.newspaper = QLineEdit(usual_newspaper(database))
        self.error = ErrorLine()
        form = QFormLayout()
        form.addRow("Published &on:", self.published_on)
        form.addRow("&Newspaper:", self.newspaper)
        buttons = save_cancel(self, self._save)
        stack(self, form, self.error, buttons)

    def _save(self) -> None:
        day = pydate(self.published_on.date())
        due = self._meeting.publish_by()
        try:
            count = mark_legal_notice_published(self._db, self._meeting.meeting_id, day,
                                                self.newspaper.text(), today=self._today)
        except UserError as exc:
            self.error.say(str(exc))
            return
        late = f" — LATE: it was due by {weekday_date(due)}" if due and day > due else ""
        self.recorded.emit(f"Legal notice recorded as published on {weekday_date(day)} for "
                           f"{count} hearing(s){late}.")
        self.accept()


class PostingDialog(QDialog):
    """Record when the meeting's notice and agenda were posted (Open Meeting Law, MGL
    c.30A §20(b)): the time asked for and shown before it is saved, never one click
    (the posting is a legal act, as the publication and the mailing are)."""

    recorded = Signal(str)

    def __init__(self, database: Database, meeting: MeetingEntry, now: datetime,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Agenda posted — meeting of {weekday_date(meeting.day)}")
        self.setMinimumWidth(460)
        self._db, self._meeting, self._now = database, meeting, now
        self.at = QDateTimeEdit(qdatetime(now.replace(second=0, microsecond=0)))
        self.at.setDisplayFormat(DATE_TIME_FORMAT)
        self.at.setCalendarPopup(True)
        self.at.setAccessibleName("Posted at")
        typing_replaces_sections(self.at)
        self.shown = QLabel()
        self.shown.setWordWrap(True)
        self.at.dateTimeChanged.connect(self._show)
        self.error = ErrorLine()
        form = QFormLayout()
        form.addRow("Posted &at:", self.at)
        form.addRow(self.shown)
        buttons = save_cancel(self, self._save)
        stack(self, form, self.error, buttons)
        self._show()

    def posted_at(self) -> datetime:
        return pydatetime(self.at.dateTime())

    def _show(self) -> None:
        at, due = self.posted_at(), self._meeting.post_by
        late = f" — LATE: it was due by {weekday_date_time(due)}" if at > due else ""
        self.shown.setText(f"Records the notice and agenda as posted "
                           f"{weekday_date_time(at)}{late}.")
        self.shown.setStyleSheet(colours.style(colours.PROBLEM) if late else "")

    def _save(self) -> None:
        at = self.posted_at()
        problem = posting_problem(self._db, self._meeting.meeting_id, at, self._now)
        if problem:
            self.error.say(problem)
            self.adjustSize()  # the refusal in full, not cut under the buttons
            return
        mark_agenda_posted(self._db, self._meeting.meeting_id, at)
        due = self._meeting.post_by
        late = f" — LATE: it was due by {weekday_date_time(due)}" if at > due else ""
        self.recorded.emit(f"Agenda recorded as posted {weekday_date_time(at)}{late}.")
        self.accept()
