"""The hearing calendar tab: a month view with each day's meetings and deadlines,
the selected day's items, and an agenda list of the meetings ahead with their
hearings. Activating a row asks the window to open its record (`record_requested`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from concom_desk import clock
from concom_desk.domain.ma_calendar import BusinessCalendar
from concom_desk.domain.plain_dates import weekday_date
from concom_desk.services.calendar.counted_deadlines import CountedDeadlines
from concom_desk.services.calendar.entries import CalendarSnapshot, MeetingEntry
from concom_desk.services.calendar.meetings import month_without_meeting
from concom_desk.services.database import Database
from concom_desk.ui import colours, document_actions
from concom_desk.ui.background import in_background
from concom_desk.ui.calendar import adding_meetings, meeting_papers
from concom_desk.ui.calendar.booking_flow import BookingFlow
from concom_desk.ui.calendar.calendar_models import (
    CalendarRowsModel,
    HearingRole,
    MeetingRole,
    RecordRole,
    agenda_rows,
    day_rows,
    rows_table,
)
from concom_desk.ui.calendar.current_month import on_the_month_as_it_is
from concom_desk.ui.calendar.hearing_dialogs import CloseHearingDialog, ContinueHearingDialog
from concom_desk.ui.calendar.meeting_dialogs import (
    MeetingChangeDialog,
)
from concom_desk.ui.calendar.month_read import count_ahead, grid_days, read_month, stopped_by
from concom_desk.ui.calendar.month_view import MonthView, from_qdate, to_qdate
from concom_desk.ui.calendar.vote_dialog import VoteDialog
from concom_desk.ui.view_loader import BusyLine, ViewLoader
from concom_desk.ui.window_memory import remember_splitter

# The documents (python-docx, the templates) and the .ics writer are imported when a
# button asks for them: importing them with the tab froze the window on first sight.


class CalendarTab(QWidget):
    record_requested = Signal(str, int)  # ("filing" | "meeting" | "enforcement_case", id)
    new_filing_requested = Signal()  # the booking dialog found no filing to book

    def __init__(self, database: Database, parent: QWidget | None = None, *,
                 now: Callable[[], datetime] = clock.local_now,
                 counted: CountedDeadlines | None = None) -> None:
        super().__init__(parent)
        self._db = database
        self._now = now
        self._snapshot = CalendarSnapshot(identity="", commission_name="")  # until read
        self._business = BusinessCalendar()
        self.busy = BusyLine("Reading the calendar…")
        self.loader = ViewLoader(self, self.busy)
        self.loader.failed.connect(lambda message: self.say(message, error=True))
        self._after_load: list[Callable[[], None]] = []
        self.waiting_actions: set[str] = set()  # the actions waiting for the month read
        self.loader.failed.connect(lambda _message: self._forget_waiting())
        self.seen_changes = -1  # the store's change count this tab last read
        # The filings' deadlines its months have counted, kept while no desk saves:
        # the next month counts only the filings the last did not (a second at 4x).
        # The window's, when it counted the month ahead of the first visit.
        self.counted = counted if counted is not None else CountedDeadlines()
        self.booking = BookingFlow(self)
        self._counting_ahead = False  # the months beside the one shown, being counted
        self._ahead_stop = threading.Event()  # set: the counting ahead stops soon
        self.form_overrides: dict[str, Path] = {}  # template name -> .docx (tests, clerks)
        self.active_dialog: QWidget | None = None  # the dialog last opened (kept alive)
        self.last_document: Path | None = None
        self._made_said = ""  # what the status line said of it
        self.month = MonthView()
        self.day_title = QLabel()
        self.day_model = CalendarRowsModel(self)
        self.day_table = rows_table(self.day_model, "Items on the selected day")
        self.agenda_model = CalendarRowsModel(self)
        self.agenda_table = rows_table(self.agenda_model, "Agenda list of meetings ahead")
        # A month still to come with no meeting says so (meetings are added months at a
        # time: services/calendar/meetings.month_without_meeting).
        self.month_warning = QLabel()
        self.month_warning.setWordWrap(True)
        self.month_warning.setAccessibleName("Month without a meeting")
        self.month_warning.setStyleSheet(colours.style(colours.WARNING))
        self.month_warning.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons: dict[str, QPushButton] = {}
        # A legal notice or agenda just made: opened, or its folder shown, if the clerk
        # asks (the status line alone left them looking for the file).
        self.open_made = QPushButton("Open it")
        self.open_made.clicked.connect(lambda: self._made_document(document_actions.open_document))
        self.show_made = QPushButton("Show in folder")
        self.show_made.clicked.connect(
            lambda: self._made_document(lambda _tab, path: document_actions.open_folder(path)))

        day_panel = QWidget()
        day_layout = QVBoxLayout(day_panel)
        day_layout.setContentsMargins(0, 0, 0, 0)
        day_layout.addWidget(self.day_title)
        day_layout.addWidget(self.day_table)
        split = QSplitter()
        split.addWidget(self.month)
        split.addWidget(day_panel)
        # The month is what commissioners read: it gets most of the width.
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([600, 400])
        remember_splitter(split, "calendar-month")
        self.views = QTabWidget()
        self.views.addTab(split, "M&onth")
        self.views.addTab(self.agenda_table, "&Agenda list")
        self._agenda_sized = True  # its rows' heights fit what it shows
        self.views.currentChanged.connect(lambda _index: self._size_agenda())
        layout = QVBoxLayout(self)
        layout.addLayout(self._toolbar())
        layout.addWidget(self.views, 1)
        layout.addWidget(self.month_warning)
        layout.addWidget(self.busy)
        foot = QHBoxLayout()
        foot.addWidget(self.status, 1)
        for button in (self.open_made, self.show_made):
            button.hide()
            foot.addWidget(button)
        layout.addLayout(foot)

        self.month.setSelectedDate(to_qdate(self.today))  # the tab's clock, not the laptop's
        # The legal holidays at once, before the month's records are read.
        self.month.show_snapshot(self._snapshot, self._business.holiday_name)
        self.month.selectionChanged.connect(self._show_day)
        self.month.currentPageChanged.connect(lambda _year, _month: self.refresh())
        self.month.activated.connect(self._open_first_on_day)
        for view in (self.day_table, self.agenda_table):
            view.activated.connect(self._open_row)
            view.doubleClicked.connect(self._open_row)
        self.refresh()

    # -- building ------------------------------------------------------------------
    def _toolbar(self) -> QVBoxLayout:
        # The letters are those the main window leaves free (its menus and sections);
        # each of these is in its Meetings menu too (ui/window_menus.py).
        rows: list[list[tuple[str, str, Callable[[], None]]]] = [[
            ("today", "Toda&y", self.go_to_today),
            ("book", "&Book hearing…", self.book_hearing),
            ("continue", "Contin&ue…", self.continue_hearing),
            ("vote", "Record &vote…", self.record_vote),
            ("close", "C&lose hearing…", self.close_hearing),
            ("meetings", "Meeting&s…", self.add_meetings),
            ("change", "Move/cancel meeting…", self.change_meeting),
        ], [
            ("legal_notice", "Le&gal notice", self.make_legal_notice),
            ("published", "Notice &published…", self.record_publication),
            ("agenda", "Ag&enda", self.make_agenda),
            ("posted", "Agenda posted &when…", self.record_posting),
            ("minutes", "Minutes…", self.open_minutes),
            ("executive", "Executive-session minutes…", self.open_executive_minutes),
            ("ical", "E&xport .ics…", self.export_ical),
        ]]
        box = QVBoxLayout()
        for actions in rows:
            row = QHBoxLayout()
            for key, text, slot in actions:
                button = QPushButton(text)
                button.clicked.connect(slot)
                self.buttons[key] = button
                row.addWidget(button)
            row.addStretch(1)
            box.addLayout(row)
        return box

    # -- state ---------------------------------------------------------------------
    @property
    def today(self) -> date:
        return self._now().date()

    @property
    def db(self) -> Database:
        return self._db

    def now(self) -> datetime:
        """The tab's clock (tests give it one)."""
        return self._now()

    @property
    def snapshot(self) -> CalendarSnapshot:
        """What was last read: the month shown and the meetings ahead."""
        return self._snapshot

    def refresh(self, then: Callable[[], None] | None = None) -> None:
        """Read the month shown (and the meetings ahead) again, in the background;
        `then` runs once it is on screen."""
        if then is not None:
            self._after_load.append(then)
        db, today = self._db, self.today
        self.seen_changes = db.changes
        start, end = grid_days(self.month.yearShown(), self.month.monthShown())
        counted = self.counted
        self._ahead_stop.set()  # the month asked for counts first, not beside it
        self.loader.load(lambda progress: read_month(db, start, end, today, counted,
                                                     progress.check),
                         self._loaded)

    def after_read(self, then: Callable[[], None]) -> None:
        """`then` once the month is read again: the read under way, or a new one when
        something was saved since the last."""
        if self._db.changes != self.seen_changes:
            self.refresh(then)
        else:
            self._after_load.append(then)

    def _forget_waiting(self) -> None:
        """A read failed (the tab says why): what waited for it is not done later."""
        self._after_load.clear()
        self.waiting_actions.clear()

    def _loaded(self, read: tuple[CalendarSnapshot, BusinessCalendar, str]) -> None:
        self._snapshot, self._business, problem = read
        if problem:
            self.say(problem, error=True)
        self.month.show_snapshot(self.snapshot, self._business.holiday_name)
        warning = month_without_meeting(self.snapshot.meetings, self.month.yearShown(),
                                        self.month.monthShown(), self.today)
        self.month_warning.setText(warning)
        self.month_warning.setVisible(bool(warning))
        self.agenda_model.set_rows(agenda_rows(self.snapshot, self.today, self._now()))
        self._agenda_sized = False
        self._size_agenda()
        self._show_day()
        waiting, self._after_load = self._after_load, []
        for then in waiting:
            then()
        self._count_ahead()

    def _count_ahead(self) -> None:
        """The months either side counted behind the one shown (once it is on screen,
        one at a time): turning the page then reads what is already counted."""
        if self._counting_ahead or self.loader.loading:
            return
        self._counting_ahead = True
        db, counted = self._db, self.counted
        year, month = self.month.yearShown(), self.month.monthShown()
        self._ahead_stop = stop = threading.Event()
        check = stopped_by(stop)  # once a month is asked for (see `refresh`)

        def done(_result: object = None) -> None:
            if isValid(self):
                self._counting_ahead = False
                if stop.is_set() and not self.loader.loading:
                    self._count_ahead()  # stopped for a month since shown: around it now

        in_background(lambda _work: count_ahead(db, year, month, counted, check), done, done)

    def _size_agenda(self) -> None:
        """Fit the agenda's rows to their wrapped text once it is in sight: measuring a
        busy town's meetings ahead takes a few hundredths of a second, which a month
        turned or the tab shown should not wait for while the month is in front."""
        if not self._agenda_sized and self.views.currentWidget() is self.agenda_table:
            self._agenda_sized = True
            self.agenda_table.resizeRowsToContents()

    def refresh_if_changed(self) -> None:
        """Shown again: read again only if the records changed since the last read."""
        if self._db.changes != self.seen_changes:
            self.refresh()

    def selected_day(self) -> date:
        return from_qdate(self.month.selectedDate())

    def go_to_day(self, day: date) -> None:
        self.month.setSelectedDate(to_qdate(day))
        self._show_day()

    def go_to_today(self) -> None:
        self.go_to_day(self.today)

    def _show_day(self) -> None:
        day = self.selected_day()
        holiday = self.month.holiday_on(day)
        self.day_title.setText(weekday_date(day) + (f" — {holiday}" if holiday else ""))
        self.day_model.set_rows(day_rows(self.snapshot, day, self._now()))
        # Kind and time as wide as the day's few rows need, What the rest: at their
        # default widths a laptop at 150 % left What a letter wide ("2… A… n…"). Neither
        # takes more than two fifths: a long kind ("Continuance without consent by")
        # wraps rather than leave What a word a line.
        most = max(self.day_table.viewport().width() * 2 // 5, 1)
        for column in (0, 1):
            self.day_table.resizeColumnToContents(column)
            if self.day_table.columnWidth(column) > most:
                self.day_table.setColumnWidth(column, most)
        self.day_table.resizeRowsToContents()

    def say(self, text: str, error: bool = False) -> None:
        self.status.setStyleSheet(colours.style(colours.PROBLEM) if error else "")
        self.status.setText(text)
        for button in (self.open_made, self.show_made):
            button.hide()

    def offer_document(self, path: Path) -> None:
        """The document just made (said in the status line): Open it, Show in folder."""
        self.last_document, self._made_said = path, self.status.text()
        for button in (self.open_made, self.show_made):
            button.show()

    def _made_document(self, action: Callable[[QWidget, Path], str]) -> None:
        path = self.last_document
        if path is not None:
            self.status.setText(f"{self._made_said} {action(self, path)}")

    def _current_view(self) -> QTableView:
        return self.agenda_table if self.views.currentIndex() == 1 else self.day_table

    def _selected_role(self, role: int) -> int | None:
        view = self._current_view()
        index = view.currentIndex()
        value = index.data(role) if index.isValid() else None
        return int(value) if value is not None else None

    def meeting_for(self, purpose: str) -> MeetingEntry | None:
        """The selected meeting, or None once the clerk is told what to select (or that
        there is no meeting at all, and how to add one)."""
        meeting = self.selected_meeting()
        if meeting is not None:
            return meeting
        if not any(not m.cancelled for m in self.snapshot.meetings):
            self.say("No meeting is scheduled yet: add the regular meetings (or a special "
                     "one) with the Meetings… button.", error=True)
        else:
            self.say(f"First select the meeting {purpose}: a day with a meeting in the "
                     "month, or its row in the Agenda list.", error=True)
        return None

    def selected_meeting(self) -> MeetingEntry | None:
        meeting_id = self._selected_role(MeetingRole)
        if meeting_id is not None:
            return self.snapshot.meeting(meeting_id)
        on_day = [m for m in self.snapshot.meetings_on(self.selected_day()) if not m.cancelled]
        return on_day[0] if on_day else None

    # -- opening records -----------------------------------------------------------
    def _open_row(self, index: QModelIndex) -> None:
        record = index.data(RecordRole)
        if record:
            self.record_requested.emit(str(record[0]), int(record[1]))

    def _open_first_on_day(self) -> None:
        if self.day_model.rowCount() > 0:
            self._open_row(self.day_model.index(0, 0))

    # -- actions -------------------------------------------------------------------
    def _meetings(self) -> list[MeetingEntry]:
        return list(self.snapshot.meetings)

    def run_dialog(self, dialog: QWidget) -> None:
        dialog.finished.connect(lambda _result: self.refresh())  # type: ignore[attr-defined]
        dialog.open()  # type: ignore[attr-defined]
        self.active_dialog = dialog

    @on_the_month_as_it_is
    def book_hearing(self) -> None:
        meeting = self.selected_meeting()
        self.booking.book(meeting_id=meeting.meeting_id if meeting else None)

    @on_the_month_as_it_is
    def continue_hearing(self) -> None:
        dialog = ContinueHearingDialog(self._db, self._meetings(), self.today,
                                       hearing_id=self._selected_role(HearingRole), parent=self)
        dialog.continued.connect(lambda _id: self.say("Hearing continued."))
        self.run_dialog(dialog)

    @on_the_month_as_it_is
    def close_hearing(self) -> None:
        dialog = CloseHearingDialog(self._db, self.today,
                                    hearing_id=self._selected_role(HearingRole), parent=self)
        dialog.closed.connect(lambda _id: self.say("Hearing closed; the decision clock runs."))
        self.run_dialog(dialog)

    @on_the_month_as_it_is
    def record_vote(self) -> None:
        meeting = self.meeting_for("whose votes to record")
        if meeting is None:
            return
        if meeting.day > self.today:  # a vote dated ahead would stand as taken
            self.say(f"The meeting of {weekday_date(meeting.day)} has not been held yet: "
                     "record its votes on the day.", error=True)
            return
        # The hearing selected is what the vote is about (not "(other business)").
        hearing_id = self._selected_role(HearingRole)
        filing_id = next((h.filing_id for h in meeting.hearings if h.hearing_id == hearing_id),
                         None)
        dialog = VoteDialog(self._db, meeting, filing_id, parent=self, today=self.today)
        dialog.recorded.connect(lambda words: self.say(f"Vote recorded: {words}"))
        self.run_dialog(dialog)

    @on_the_month_as_it_is
    def make_legal_notice(self) -> None:
        meeting_papers.make_document(self, "legal-notice")

    @on_the_month_as_it_is
    def make_agenda(self) -> None:
        meeting_papers.make_document(self, "agenda")

    @on_the_month_as_it_is
    def record_publication(self) -> None:
        meeting_papers.record_publication(self)

    @on_the_month_as_it_is
    def record_posting(self) -> None:
        meeting_papers.record_posting(self)

    @on_the_month_as_it_is
    def open_minutes(self) -> None:
        meeting_papers.open_minutes(self)

    @on_the_month_as_it_is
    def open_executive_minutes(self) -> None:
        meeting_papers.open_executive_minutes(self)

    def export_ical(self) -> None:
        meeting_papers.export_ical(self)

    def add_meetings(self) -> None:
        adding_meetings.add_meetings(self)

    @on_the_month_as_it_is
    def change_meeting(self) -> None:
        meeting = self.meeting_for("to move or cancel")
        if meeting is None:
            return
        dialog = MeetingChangeDialog(self._db, meeting, self.today, parent=self,
                                     now=self._now())
        dialog.changed.connect(self.say)
        self.run_dialog(dialog)
