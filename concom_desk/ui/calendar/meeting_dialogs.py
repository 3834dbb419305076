"""The commission's meetings: the regular schedule, a special meeting, and moving or
cancelling a meeting — which first lists every hearing on it and what the change
does to that hearing's clocks."""

from __future__ import annotations

from datetime import date, datetime, time

from PySide6.QtCore import QDateTime, QSize, QTime, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QTimeEdit,
    QWidget,
)

from concom_desk.domain.meeting_schedule import ORDINALS, WEEKDAYS, RegularSchedule
from concom_desk.domain.plain_dates import weekday_date
from concom_desk.errors import UserError
from concom_desk.services.calendar_entries import MeetingEntry
from concom_desk.services.meetings import (
    add_meeting,
    cancel_meeting,
    load_schedule,
    mark_legal_notice_published,
    move_meeting,
    preview_meeting_change,
    save_schedule,
)
from concom_desk.store import Database
from concom_desk.ui.calendar.dialog_parts import (
    ErrorLine,
    FindingsList,
    pydate,
    qdate,
    save_cancel,
    stack,
)
from concom_desk.ui.date_picker import typing_replaces_sections
from concom_desk.ui.row_table import DATE_FORMAT, DATE_TIME_FORMAT
from concom_desk.ui.window_memory import remember


def _qdatetime(moment: datetime) -> QDateTime:
    return QDateTime(qdate(moment.date()), QTime(moment.hour, moment.minute))


def _pydatetime(moment: QDateTime) -> datetime:
    return datetime.combine(pydate(moment.date()), time(moment.time().hour(),
                                                        moment.time().minute()))


class ScheduleDialog(QDialog):
    saved = Signal()
    special_requested = Signal()

    def __init__(self, database: Database, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Meetings")
        self._db = database
        current = load_schedule(database)
        self.weekday = QComboBox()
        for number, name in enumerate(WEEKDAYS):
            self.weekday.addItem(name.title(), number)
        self.by_month = QRadioButton("Weeks of the month:")
        self.by_interval = QRadioButton("Every")
        group = QButtonGroup(self)
        group.addButton(self.by_month)
        group.addButton(self.by_interval)
        self.weeks = {n: QCheckBox(word) for n, word in ORDINALS.items()}
        self.every = QSpinBox()
        self.every.setRange(1, 8)
        self.every.setSuffix(" week(s), from")
        self.first = QDateEdit(qdate(today))
        self.first.setDisplayFormat(DATE_FORMAT)
        self.first.setCalendarPopup(True)
        typing_replaces_sections(self.first)
        self.at = QTimeEdit(QTime(19, 0))
        self.place = QLineEdit()
        self.error = ErrorLine()
        weeks_row = QHBoxLayout()
        weeks_row.addWidget(self.by_month)
        for box in self.weeks.values():
            weeks_row.addWidget(box)
        every_row = QHBoxLayout()
        for widget in (self.by_interval, self.every, self.first):
            every_row.addWidget(widget)
        form = QFormLayout()
        form.addRow("&Weekday:", self.weekday)
        form.addRow(weeks_row)
        form.addRow(every_row)
        form.addRow("&Time:", self.at)
        form.addRow("&Place:", self.place)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.save_button = buttons.addButton("Save and add meetings",
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        special = buttons.addButton("Special meeting…", QDialogButtonBox.ButtonRole.ActionRole)
        special.clicked.connect(self._special)
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        stack(self, form, self.error, buttons)
        self._show(current)

    def _show(self, schedule: RegularSchedule | None) -> None:
        if schedule is None:
            self.weekday.setCurrentIndex(2)
            self.by_month.setChecked(True)
            self.weeks[1].setChecked(True)
            self.weeks[3].setChecked(True)
            return
        self.weekday.setCurrentIndex(schedule.weekday)
        self.by_month.setChecked(bool(schedule.nths))
        self.by_interval.setChecked(not schedule.nths)
        for n, box in self.weeks.items():
            box.setChecked(n in schedule.nths)
        if schedule.every_weeks:
            self.every.setValue(schedule.every_weeks)
        if schedule.first:
            self.first.setDate(qdate(schedule.first))
        self.at.setTime(QTime(schedule.at.hour, schedule.at.minute))
        self.place.setText(schedule.place)

    def schedule(self) -> RegularSchedule:
        at = time(self.at.time().hour(), self.at.time().minute())
        if self.by_month.isChecked():
            nths = tuple(n for n, box in self.weeks.items() if box.isChecked())
            return RegularSchedule(self.weekday.currentData(), at, self.place.text(), nths=nths)
        return RegularSchedule(self.weekday.currentData(), at, self.place.text(),
                               every_weeks=self.every.value(), first=pydate(self.first.date()))

    def _save(self) -> None:
        try:
            save_schedule(self._db, self.schedule())
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.saved.emit()
        self.accept()

    def _special(self) -> None:
        self.special_requested.emit()
        self.reject()


class SpecialMeetingDialog(QDialog):
    added = Signal(int)

    def __init__(self, database: Database, day: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Special meeting")
        self._db = database
        self.at = QDateTimeEdit(_qdatetime(datetime.combine(day, time(19, 0))))
        self.at.setDisplayFormat(DATE_TIME_FORMAT)
        self.at.setCalendarPopup(True)
        typing_replaces_sections(self.at)
        self.kind = QComboBox()
        self.kind.addItem("Special meeting", "special")
        self.kind.addItem("Site walk", "site_walk")
        self.place = QLineEdit()
        self.error = ErrorLine()
        form = QFormLayout()
        form.addRow("&When:", self.at)
        form.addRow("&Kind:", self.kind)
        form.addRow("&Place:", self.place)
        buttons = save_cancel(self, self._save)
        stack(self, form, self.error, buttons)

    def _save(self) -> None:
        try:
            meeting_id = add_meeting(self._db, _pydatetime(self.at.dateTime()),
                                     self.place.text(), self.kind.currentData())
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.added.emit(meeting_id)
        self.accept()


class MeetingChangeDialog(QDialog):
    changed = Signal(str)  # what was done, in words

    def __init__(self, database: Database, meeting: MeetingEntry, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Move or cancel the meeting of {weekday_date(meeting.day)}")
        self._db, self._meeting, self._today = database, meeting, today
        self.move = QRadioButton("Move it to")
        self.cancel = QRadioButton("Cancel it")
        self.move.setChecked(True)
        self.new_at = QDateTimeEdit(_qdatetime(meeting.at))
        self.new_at.setDisplayFormat(DATE_TIME_FORMAT)
        self.new_at.setCalendarPopup(True)
        typing_replaces_sections(self.new_at)
        self.findings = FindingsList()
        self.error = ErrorLine()
        row = QHBoxLayout()
        for widget in (self.move, self.new_at, self.cancel):
            row.addWidget(widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.ok_button = buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._apply)
        buttons.rejected.connect(self.reject)
        stack(self, row, self.findings, self.error, buttons)
        self.move.toggled.connect(self.refresh)
        self.new_at.dateTimeChanged.connect(self.refresh)
        remember(self, "meeting-change", QSize(640, 380))
        self.refresh()

    def _target(self) -> datetime | None:
        return _pydatetime(self.new_at.dateTime()) if self.move.isChecked() else None

    def refresh(self) -> None:
        self.error.say("")
        try:
            effects = preview_meeting_change(self._db, self._meeting.meeting_id, self._target(),
                                             self._today)
        except UserError as exc:
            self.error.say(str(exc))
            effects = []
        self.findings.show_findings([f for e in effects for f in e.findings])
        if not effects:
            self.error.say("No hearing is booked on this meeting.")
        self.ok_button.setEnabled(not self.findings.blocked)

    def _apply(self) -> None:
        target = self._target()
        try:
            if target is None:
                cancel_meeting(self._db, self._meeting.meeting_id, self._today)
                words = f"Meeting of {weekday_date(self._meeting.day)} cancelled."
            else:
                move_meeting(self._db, self._meeting.meeting_id, target, self._today)
                words = f"Meeting moved to {weekday_date(target.date())}."
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.changed.emit(words)
        self.accept()


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
        self.newspaper = QLineEdit()
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
