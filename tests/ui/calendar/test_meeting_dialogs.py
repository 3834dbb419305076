"""New meetings start where their Open Meeting Law notice can still be posted (MGL
c.30A §20(b): 48 hours ahead, not counting Saturdays, Sundays and legal holidays), at
the usual time and place from the settings; a date already too late is flagged.
The counts are worked out by hand in tests/services/test_meeting_posting.py."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, QDateTime, QTime
from PySide6.QtWidgets import QDialogButtonBox, QPushButton
from pytestqt.qtbot import QtBot

from concom_desk.services.calendar.meetings import load_schedule
from concom_desk.services.commission.settings import save_settings
from concom_desk.store import Database, open_database
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.calendar.meeting_dialogs import ScheduleDialog, SpecialMeetingDialog
from tests.helpers.calendar_db import Commission
from tests.helpers.loading import loaded, show_day
from tests.ui.conftest import SETTINGS, TODAY

DEC1_10AM = datetime(2026, 12, 1, 10, 0)  # a Tuesday
RED = "color: #b71c1c;"


@pytest.fixture
def usual(tmp_path: Path) -> Database:
    """A commission that set its usual meeting time and place, with no schedule yet."""
    database = open_database(tmp_path / "usual.sqlite", initials="JB")
    save_settings(database, replace(SETTINGS, meeting_time="18:30",
                                    meeting_place="Town Hall, Room 2"), today=TODAY)
    yield database
    database.close()


def test_a_first_schedule_uses_the_usual_time_and_skips_tomorrow(qtbot: QtBot,
                                                                  usual: Database) -> None:
    # Wed Dec 2 6:30 PM was due Mon Nov 30 6:30 PM: too late on Tue Dec 1.
    dialog = ScheduleDialog(usual, DEC1_10AM.date(), now=DEC1_10AM)
    qtbot.addWidget(dialog)
    assert dialog.at.time() == QTime(18, 30)
    assert dialog.place.text() == "Town Hall, Room 2"
    assert dialog.start.date() == QDate(2026, 12, 16)
    assert dialog.start_note.text() == (
        "First meeting added: Wednesday, December 16, 2026 6:30 PM: post its notice by "
        "Monday, December 14, 2026 6:30 PM.")
    assert dialog.start_note.styleSheet() == ""


def test_choosing_a_start_too_late_is_flagged(qtbot: QtBot, usual: Database) -> None:
    dialog = ScheduleDialog(usual, DEC1_10AM.date(), now=DEC1_10AM)
    qtbot.addWidget(dialog)
    dialog.start.setDate(QDate(2026, 12, 1))
    assert dialog.start_note.text() == (
        "First meeting added: Wednesday, December 2, 2026 6:30 PM: posting deadline passed "
        "Monday, November 30, 2026 6:30 PM — post it now or choose a later date.")
    assert dialog.start_note.styleSheet() == RED
    # The clerk's own start stays when the schedule changes under it.
    dialog.weeks[1].setChecked(False)
    assert dialog.start.date() == QDate(2026, 12, 1)
    assert dialog.start_note.text().startswith(
        "First meeting added: Wednesday, December 16, 2026 6:30 PM: post its notice by")


def test_save_adds_meetings_from_the_first_postable_one(qtbot: QtBot,
                                                       commission: Commission) -> None:
    # Tue Mar 2 2027 10 AM: Wed Mar 3 was due Mon Mar 1 7 PM; Mar 17 is next.
    now = datetime(2027, 3, 2, 10, 0)
    tab = CalendarTab(commission.db, now=lambda: now)
    qtbot.addWidget(tab)
    tab.add_meetings()
    dialog = tab.active_dialog
    assert isinstance(dialog, ScheduleDialog)
    assert dialog.start.date() == QDate(2027, 3, 17)
    assert dialog.at.time() == QTime(19, 0)  # the saved schedule's, not a default
    with qtbot.waitSignal(dialog.saved) as saved:
        dialog.save_button.click()
    assert saved.args == [date(2027, 3, 17)]
    loaded(qtbot, tab)  # the meetings ahead read again, then the first new one named
    # Mar 17, Apr 7 and Apr 21 were there; May 5 to Sep 15 (two a month) are new.
    assert tab.status.text() == ("10 regular meetings added for the next 6 months, the "
                                 "first on Wednesday, May 5, 2027.")
    assert load_schedule(commission.db) is not None
    # A month past those has no meeting: the tab says so, and Meetings… → Save adds
    # the regular meetings through the month shown.
    show_day(qtbot, tab, date(2027, 10, 13))
    assert not tab.month_warning.isHidden()
    assert tab.month_warning.text().startswith("No meeting is on the calendar in October "
                                               "2027")
    tab.add_meetings()
    with qtbot.waitSignal(tab.active_dialog.saved):
        tab.active_dialog.save_button.click()
    loaded(qtbot, tab)
    assert tab.status.text().startswith("2 regular meetings added through October 2027")
    assert tab.month_warning.isHidden()


def test_special_meeting_proposes_the_first_day_still_postable(qtbot: QtBot,
                                                               usual: Database) -> None:
    # Thu Dec 3 6:30 PM: Thu 18.5 h + Wed 24 h + Tue 5.5 h -> due Tue Dec 1 6:30 PM.
    dialog = SpecialMeetingDialog(usual, DEC1_10AM.date(), now=DEC1_10AM)
    qtbot.addWidget(dialog)
    assert dialog.at.dateTime() == QDateTime(QDate(2026, 12, 3), QTime(18, 30))
    assert dialog.place.text() == "Town Hall, Room 2"
    assert dialog.posting.text() == "Post its notice by Tuesday, December 1, 2026 6:30 PM."
    dialog.at.setDateTime(QDateTime(QDate(2026, 12, 2), QTime(18, 30)))
    assert dialog.posting.text() == ("Posting deadline passed Monday, November 30, 2026 "
                                     "6:30 PM — post it now or choose a later date.")
    assert dialog.posting.styleSheet() == RED
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons.button(QDialogButtonBox.StandardButton.Save).isEnabled()


def test_add_a_meeting_from_book_hearing_comes_back_to_the_booking(qtbot: QtBot,
                                                                   commission: Commission
                                                                   ) -> None:
    from concom_desk.ui.calendar.booking_dialog import BookHearingDialog

    now = datetime(2027, 5, 3, 9, 0)  # after the last meeting, Apr 21
    tab = CalendarTab(commission.db, now=lambda: now)
    qtbot.addWidget(tab)
    tab.book_hearing()  # asked while the month is still being read: opens once it is
    qtbot.waitUntil(lambda: isinstance(tab.active_dialog, BookHearingDialog))
    booking = tab.active_dialog
    assert isinstance(booking, BookHearingDialog)
    assert booking.filing_box.count() > 1
    booking.filing_box.setCurrentIndex(booking.filing_box.count() - 1)  # not the first
    chosen = booking.filing_box.currentText()
    booking.add_meeting_button.click()
    meetings = tab.active_dialog
    assert isinstance(meetings, ScheduleDialog)
    assert meetings.isVisible() and not booking.isVisible()
    # First and third Wednesday: May 5 7 PM is due Mon May 3 7 PM, still ahead at 9 AM.
    assert meetings.start.date() == QDate(2027, 5, 5)
    if not meetings.place.text():
        meetings.place.setText("Town Hall, Room 2")
    meetings.save_button.click()
    # Back to the booking, on the filing chosen, the first meeting added whose notices
    # can still be on time proposed: Wed May 5 is two days off, its legal notice was due
    # Wed Apr 28 (5 business days before); Wed May 19's is due Wed May 12.
    qtbot.waitUntil(lambda: isinstance(tab.active_dialog, BookHearingDialog)
                    and tab.active_dialog is not booking)
    again = tab.active_dialog
    assert again.isVisible()
    assert again.filing_box.currentText() == chosen
    assert again.meeting_box.currentText().startswith("Wednesday, May 19, 2027, 7:00 PM")
    assert not any("can no longer be on time" in line for line in again.findings.texts())
    again.meeting_box.setCurrentIndex(0)
    assert again.meeting_box.currentText().startswith("Wednesday, May 5, 2027, 7:00 PM")
    assert any("can no longer be on time" in line for line in again.findings.texts())
    assert "regular meetings added" in tab.status.text()


def test_a_special_meeting_added_from_book_hearing_is_proposed(qtbot: QtBot,
                                                               commission: Commission) -> None:
    from concom_desk.ui.calendar.booking_dialog import BookHearingDialog

    now = datetime(2027, 5, 3, 9, 0)
    tab = CalendarTab(commission.db, now=lambda: now)
    qtbot.addWidget(tab)
    tab.book_hearing()
    qtbot.waitUntil(lambda: isinstance(tab.active_dialog, BookHearingDialog))
    booking = tab.active_dialog
    booking.add_meeting_button.click()
    next(button for button in tab.active_dialog.findChildren(QPushButton)
         if button.text() == "Special meeting…").click()
    special = tab.active_dialog
    assert isinstance(special, SpecialMeetingDialog)
    special.at.setDateTime(QDateTime(QDate(2027, 5, 12), QTime(18, 30)))
    if not special.place.text():
        special.place.setText("Town Hall, Room 2")
    special.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: isinstance(tab.active_dialog, BookHearingDialog)
                    and tab.active_dialog is not booking)
    assert tab.active_dialog.meeting_box.currentText().startswith(
        "Wednesday, May 12, 2027, 6:30 PM")


def test_a_booking_given_up_for_meetings_not_added_does_not_come_back(
        qtbot: QtBot, commission: Commission) -> None:
    from concom_desk.ui.calendar.booking_dialog import BookHearingDialog

    now = datetime(2027, 5, 3, 9, 0)
    tab = CalendarTab(commission.db, now=lambda: now)
    qtbot.addWidget(tab)
    tab.book_hearing()
    qtbot.waitUntil(lambda: isinstance(tab.active_dialog, BookHearingDialog))
    tab.active_dialog.add_meeting_button.click()
    tab.active_dialog.reject()  # the Meetings dialog cancelled
    tab.add_meetings()  # later, meetings added for their own sake
    meetings = tab.active_dialog
    if not meetings.place.text():
        meetings.place.setText("Town Hall, Room 2")
    meetings.save_button.click()
    qtbot.waitUntil(lambda: "regular meetings added" in tab.status.text())
    assert tab.active_dialog is meetings and not meetings.isVisible()


def test_meeting_buttons_say_what_to_select_or_add(qtbot: QtBot, commission: Commission,
                                                   usual: Database) -> None:
    now = datetime(2027, 2, 18, 9, 0)
    tab = CalendarTab(commission.db, now=lambda: now)
    qtbot.addWidget(tab)
    show_day(qtbot, tab, date(2027, 2, 19))  # a Friday: no meeting
    tab.record_posting()
    assert tab.status.text() == ("First select the meeting whose agenda was posted: a day "
                                 "with a meeting in the month, or its row in the Agenda list.")
    tab.make_legal_notice()
    assert tab.status.text().startswith("First select the meeting the document is for:")

    empty = CalendarTab(usual, now=lambda: now)
    qtbot.addWidget(empty)
    empty.change_meeting()
    qtbot.waitUntil(lambda: empty.status.text() != "")
    assert empty.status.text() == ("No meeting is scheduled yet: add the regular meetings "
                                   "(or a special one) with the Meetings… button.")


def test_continue_and_close_say_no_hearing_is_booked(qtbot: QtBot,
                                                     commission: Commission) -> None:
    from concom_desk.services.calendar.loading import load_calendar
    from concom_desk.ui.calendar.hearing_dialogs import (
        CloseHearingDialog,
        ContinueHearingDialog,
    )

    c = commission
    today = date(2027, 2, 18)
    continuing = ContinueHearingDialog(c.db, list(load_calendar(c.db).meetings), today)
    qtbot.addWidget(continuing)
    assert continuing.error.text() == ("No hearing is booked or open, so none can be "
                                       "continued: book one with Book hearing… first.")
    closing = CloseHearingDialog(c.db, today)
    qtbot.addWidget(closing)
    assert closing.error.text() == ("No hearing is open or booked, so there is none to close: "
                                    "book one with Book hearing… first.")
