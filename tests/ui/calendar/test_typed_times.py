"""A time is typed the way it is written: "10:00 AM" into a meeting's time makes it
10 in the morning, whatever the field showed before. Qt moves to the AM/PM part by
itself once the minutes are full, so the typed space used to wipe "PM" out and the
field fell back to the evening when it lost focus."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from PySide6.QtCore import QDate, QDateTime, Qt, QTime
from PySide6.QtWidgets import QDateTimeEdit, QDialogButtonBox
from pytestqt.qtbot import QtBot

from concom_desk.store import Database
from concom_desk.store.models import Meeting
from concom_desk.ui.calendar.meeting_dialogs import ScheduleDialog, SpecialMeetingDialog
from concom_desk.ui.date_picker import typing_replaces_sections
from concom_desk.ui.row_table import DATE_TIME_FORMAT

MAR10 = QDate(2027, 3, 10)

# (the time shown, what the clerk types into the hour, the time kept)
TYPED = [
    (QTime(19, 0), "10:00 AM", QTime(10, 0)),
    (QTime(19, 0), "10:00 am", QTime(10, 0)),
    (QTime(19, 0), "10:00a", QTime(10, 0)),
    (QTime(19, 0), "10:00", QTime(22, 0)),  # no half typed: the half shown stays
    (QTime(19, 0), "12:00 AM", QTime(0, 0)),
    (QTime(19, 0), "12:00 PM", QTime(12, 0)),
    (QTime(9, 0), "9:30 PM", QTime(21, 30)),
    (QTime(9, 0), "7:15 pm", QTime(19, 15)),
    (QTime(9, 0), "10:00 AM", QTime(10, 0)),
    (QTime(9, 0), "10:00", QTime(10, 0)),
]


def typed_into(qtbot: QtBot, edit: QDateTimeEdit, text: str) -> None:
    edit.setFocus()
    edit.setSelectedSection(QDateTimeEdit.Section.HourSection)
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Tab)


@pytest.mark.parametrize(("shown", "typed", "kept"), TYPED)
def test_the_half_of_the_day_typed_is_the_one_kept(qtbot: QtBot, shown: QTime, typed: str,
                                                   kept: QTime) -> None:
    edit = QDateTimeEdit(QDateTime(MAR10, shown))
    edit.setDisplayFormat(DATE_TIME_FORMAT)
    typing_replaces_sections(edit)
    qtbot.addWidget(edit)
    edit.show()
    qtbot.waitExposed(edit)
    typed_into(qtbot, edit, typed)
    assert edit.dateTime() == QDateTime(MAR10, kept)
    assert edit.text() == f"2027-03-10 {kept.toString('h:mm AP')}"


def test_a_special_meeting_typed_for_the_morning_is_saved_for_the_morning(
        qtbot: QtBot, db: Database) -> None:
    dialog = SpecialMeetingDialog(db, date(2027, 3, 1), now=datetime(2027, 3, 1, 9, 0))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.at.setDateTime(QDateTime(MAR10, QTime(19, 0)))
    typed_into(qtbot, dialog.at, "10:00 AM")
    dialog.place.setText("Town Hall")
    with qtbot.waitSignal(dialog.added):
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()
    with db.session() as session:
        assert [(m.held_on, m.start_time) for m in session.query(Meeting)] == [
            (date(2027, 3, 10), "10:00")]


def test_the_regular_schedule_time_takes_a_typed_morning(qtbot: QtBot, db: Database) -> None:
    dialog = ScheduleDialog(db, date(2027, 3, 1), now=datetime(2027, 3, 1, 9, 0))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.at.text() == "7:00 PM"
    typed_into(qtbot, dialog.at, "9:30 AM")
    assert dialog.at.time() == QTime(9, 30)
    assert dialog.at.text() == "9:30 AM"
