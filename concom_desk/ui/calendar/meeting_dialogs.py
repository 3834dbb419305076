"""The commission's meetings: the regular schedule, a special meeting, and moving or
cancelling a meeting — which first lists every hearing on it and what the change
does to that hearing's clocks.

A new meeting is proposed only where its Open Meeting Law notice can still be
posted in time (MGL c.30A §20(b)), at the usual time and place from the settings;
a date whose posting deadline has passed is flagged before it is saved."""

from __future__ import annotations

from datetime import date, datetime, time

from PySide6.QtCore import QSize, QTime, Signal
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
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QTimeEdit,
    QWidget,
)

from concom_desk.domain.meeting_schedule import ORDINALS, WEEKDAYS, RegularSchedule
from concom_desk.domain.open_meeting_law import posting_deadline
from concom_desk.domain.plain_dates import weekday_date, weekday_date_time
from concom_desk.errors import UserError
from concom_desk.services.calendar.entries import MeetingEntry
from concom_desk.services.calendar.meetings import (
    add_meeting,
    cancel_meeting,
    first_postable,
    first_postable_day,
    load_schedule,
    move_meeting,
    posting_too_late,
    preview_meeting_change,
    save_schedule,
    usual_time_and_place,
)
from concom_desk.services.database import Database
from concom_desk.ui import colours
from concom_desk.ui.calendar.dialog_parts import (
    ErrorLine,
    FindingsList,
    pydate,
    pydatetime,
    qdate,
    qdatetime,
    save_cancel,
    stack,
)
from concom_desk.ui.date_picker import typing_replaces_sections
from concom_desk.ui.row_table import DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT
from concom_desk.ui.window_memory import remember


def _qtime(at: time) -> QTime:
    return QTime(at.hour, at.minute)


class PostingNote(QLabel):
    """When the meeting's notice must be posted by, or — in red — that it is too late."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAccessibleName("Open Meeting Law posting")

    def show_for(self, meeting_at: datetime | None, now: datetime, lead: str) -> bool:
        """Shows the note for a meeting at `meeting_at`; True when it is too late."""
        if meeting_at is None:
            self.setStyleSheet(colours.style(colours.PROBLEM))
            self.setText(lead)
            return True
        late = posting_too_late(meeting_at, now)
        self.setStyleSheet(colours.style(colours.PROBLEM) if late else "")
        text = late or f"post its notice by {weekday_date_time(posting_deadline(meeting_at))}"
        if lead:
            self.setText(f"{lead}{weekday_date_time(meeting_at)}: {text}.")
        else:
            self.setText(f"{text[0].upper()}{text[1:]}.")
        return bool(late)


class ScheduleDialog(QDialog):
    saved = Signal(object)  # the first day meetings are added from
    special_requested = Signal()

    def __init__(self, database: Database, today: date, parent: QWidget | None = None,
                 now: datetime | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Meetings")
        self._db = database
        self._now = now or datetime.combine(today, time(0))
        self._start_chosen = False  # once the clerk picks the start, it stays theirs
        current = load_schedule(database)
        usual_at, usual_place = usual_time_and_place(database)
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
        self.every.setAccessibleName("Every how many weeks")
        self.first = QDateEdit(qdate(today))
        self.first.setDisplayFormat(DATE_FORMAT)
        self.first.setCalendarPopup(True)
        self.first.setAccessibleName("Counting the weeks from")
        typing_replaces_sections(self.first)
        self.at = QTimeEdit(_qtime(usual_at or time(19, 0)))
        self.at.setDisplayFormat(TIME_FORMAT)
        typing_replaces_sections(self.at)
        self.place = QLineEdit(usual_place)
        self.start = QDateEdit(qdate(today))
        self.start.setDisplayFormat(DATE_FORMAT)
        self.start.setCalendarPopup(True)
        self.start.setAccessibleName("Add meetings from")
        self.start_note = PostingNote()
        typing_replaces_sections(self.start)
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
        form.addRow("Add meetings &from:", self.start)
        form.addRow(self.start_note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.save_button = buttons.addButton("Save and add meetings",
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        special = buttons.addButton("Special meeting…", QDialogButtonBox.ButtonRole.ActionRole)
        special.clicked.connect(self._special)
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        stack(self, form, self.error, buttons)
        self._show(current)
        self._propose_start()
        for box in self.weeks.values():
            box.toggled.connect(self._propose_start)
        for signal in (self.weekday.currentIndexChanged, self.by_month.toggled,
                       self.every.valueChanged, self.first.dateChanged, self.at.timeChanged):
            signal.connect(self._propose_start)
        self.start.dateChanged.connect(self._start_picked)

    def _planned(self, schedule: RegularSchedule, start: date) -> datetime | None:
        found = schedule.meetings_between(start, start.replace(year=start.year + 1))
        return found[0].at if found else None

    def _propose_start(self) -> None:
        """The start the schedule proposes: its first meeting whose posting deadline
        is still ahead (today's or tomorrow's may already be too late)."""
        try:
            schedule = self.schedule(place_optional=True)
        except UserError as exc:
            self.start_note.show_for(None, self._now, f"{exc}.")
            return
        if not self._start_chosen:
            first = first_postable(schedule, self._now)
            self.start.blockSignals(True)
            self.start.setDate(qdate(first.at.date() if first else self._now.date()))
            self.start.blockSignals(False)
        self._show_start(schedule)

    def _start_picked(self) -> None:
        self._start_chosen = True
        try:
            self._show_start(self.schedule(place_optional=True))
        except UserError as exc:
            self.start_note.show_for(None, self._now, f"{exc}.")

    def _show_start(self, schedule: RegularSchedule) -> None:
        first_at = self._planned(schedule, self.start_day())
        if first_at is None:
            self.start_note.show_for(None, self._now, "No meeting falls in the year from "
                                                      "that date.")
            return
        self.start_note.show_for(first_at, self._now, "First meeting added: ")

    def start_day(self) -> date:
        return pydate(self.start.date())

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

    def schedule(self, place_optional: bool = False) -> RegularSchedule:
        """The schedule as entered; `place_optional` lets the dates be worked out
        before the place is typed."""
        at = time(self.at.time().hour(), self.at.time().minute())
        place = self.place.text() or ("-" if place_optional else "")
        if self.by_month.isChecked():
            nths = tuple(n for n, box in self.weeks.items() if box.isChecked())
            return RegularSchedule(self.weekday.currentData(), at, place, nths=nths)
        return RegularSchedule(self.weekday.currentData(), at, place,
                               every_weeks=self.every.value(), first=pydate(self.first.date()))

    def _save(self) -> None:
        try:
            save_schedule(self._db, self.schedule())
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.saved.emit(self.start_day())
        self.accept()

    def _special(self) -> None:
        self.special_requested.emit()
        self.reject()


class SpecialMeetingDialog(QDialog):
    added = Signal(int)

    def __init__(self, database: Database, day: date, parent: QWidget | None = None,
                 now: datetime | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Special meeting")
        self._db = database
        self._now = now or datetime.combine(day, time(0))
        usual_at, usual_place = usual_time_and_place(database)
        at = usual_at or time(19, 0)
        # The chosen day, unless its notice could no longer be posted in time.
        day = max(day, first_postable_day(at, self._now))
        self.at = QDateTimeEdit(qdatetime(datetime.combine(day, at)))
        self.at.setDisplayFormat(DATE_TIME_FORMAT)
        self.at.setCalendarPopup(True)
        typing_replaces_sections(self.at)
        self.kind = QComboBox()
        self.kind.addItem("Special meeting", "special")
        self.kind.addItem("Site walk", "site_walk")
        self.place = QLineEdit(usual_place)
        self.posting = PostingNote()
        self.error = ErrorLine()
        form = QFormLayout()
        form.addRow("&When:", self.at)
        form.addRow(self.posting)
        form.addRow("&Kind:", self.kind)
        form.addRow("&Place:", self.place)
        buttons = save_cancel(self, self._save)
        stack(self, form, self.error, buttons)
        self.at.dateTimeChanged.connect(self._show_posting)
        self._show_posting()

    def _show_posting(self) -> None:
        self.posting.show_for(pydatetime(self.at.dateTime()), self._now, "")

    def _save(self) -> None:
        try:
            meeting_id = add_meeting(self._db, pydatetime(self.at.dateTime()),
                                     self.place.text(), self.kind.currentData())
        except UserError as exc:
            self.error.say(str(exc))
            return
        self.added.emit(meeting_id)
        self.accept()


class MeetingChangeDialog(QDialog):
    changed = Signal(str)  # what was done, in words

    def __init__(self, database: Database, meeting: MeetingEntry, today: date,
                 parent: QWidget | None = None, now: datetime | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Move or cancel the meeting of {weekday_date(meeting.day)}")
        self._db, self._meeting, self._today = database, meeting, today
        self._now = now or datetime.combine(today, time(0))
        self.move = QRadioButton("Move it to")
        self.cancel = QRadioButton("Cancel it")
        self.move.setChecked(True)
        self.new_at = QDateTimeEdit(qdatetime(meeting.at))
        self.new_at.setDisplayFormat(DATE_TIME_FORMAT)
        self.new_at.setCalendarPopup(True)
        self.new_at.setAccessibleName("New date and time")
        typing_replaces_sections(self.new_at)
        # The notice posted for the old date no longer serves: the new date's own
        # posting deadline, in red once it has passed.
        self.posting = PostingNote()
        self.findings = FindingsList()
        self.error = ErrorLine()
        row = QHBoxLayout()
        for widget in (self.move, self.new_at, self.cancel):
            row.addWidget(widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.ok_button = buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._apply)
        buttons.rejected.connect(self.reject)
        stack(self, row, self.posting, self.findings, self.error, buttons)
        self.move.toggled.connect(self.refresh)
        self.new_at.dateTimeChanged.connect(self.refresh)
        remember(self, "meeting-change", QSize(640, 380))
        self.refresh()

    def _target(self) -> datetime | None:
        return pydatetime(self.new_at.dateTime()) if self.move.isChecked() else None

    def refresh(self) -> None:
        self.error.say("")
        target = self._target()
        self.posting.setVisible(target is not None)
        if target is not None:
            self.posting.show_for(target, self._now, "Moved to ")
        try:
            effects = preview_meeting_change(self._db, self._meeting.meeting_id, self._target(),
                                             self._today)
        except UserError as exc:
            self.error.say(str(exc))
            effects = []
        self.findings.show_findings([f for e in effects for f in e.findings])
        if not effects:
            self.error.say("No hearing is booked on this meeting: moving or cancelling it "
                           "changes no hearing's dates.")
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
