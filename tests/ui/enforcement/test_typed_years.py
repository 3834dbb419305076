"""A year typed into a date picker sticks: the clerk clicks on the year of
2026-11-16 in the complaint dialog, types 2025, and the complaint is dated 2025."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDateTimeEdit
from pytestqt.qtbot import QtBot

from concom_desk.store import Database
from concom_desk.ui.date_picker import date_picker
from concom_desk.ui.enforcement.dialogs import ComplaintDialog
from concom_desk.ui.enforcement.fields import date_of

TODAY = date(2026, 11, 16)


def click_into(qtbot: QtBot, edit: QDateTimeEdit, before: str) -> None:
    """Click in the picker's text just after `before` (e.g. "20" is inside the year)."""
    line = edit.lineEdit()
    x = line.fontMetrics().horizontalAdvance(before) + 2
    qtbot.mouseClick(line, Qt.MouseButton.LeftButton, pos=QPoint(x, line.height() // 2))


def test_year_typed_in_the_complaint_dialog_sticks(qtbot: QtBot, db: Database) -> None:
    dialog = ComplaintDialog(db, TODAY)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    edit = dialog.reported_on
    click_into(qtbot, edit, "20")
    assert edit.lineEdit().selectedText() == "2026"  # the whole year, ready to be replaced
    qtbot.keyClicks(edit, "2025")
    qtbot.keyClick(edit, Qt.Key.Key_Tab)
    assert edit.text() == "2025-11-16"
    assert date_of(edit) == date(2025, 11, 16)


def test_month_and_day_typed_replace_theirs(qtbot: QtBot) -> None:
    edit = date_picker(TODAY)
    qtbot.addWidget(edit)
    edit.show()
    qtbot.waitExposed(edit)
    click_into(qtbot, edit, "2026-1")
    qtbot.keyClicks(edit, "3")
    click_into(qtbot, edit, "2026-03-1")
    qtbot.keyClicks(edit, "05")
    assert edit.text() == "2026-03-05"


def test_no_year_before_1900(qtbot: QtBot) -> None:
    """Typing a year digit by digit passes through "2", "20"…: never a jump to year 20."""
    edit = date_picker(TODAY)
    qtbot.addWidget(edit)
    assert edit.minimumDate().year() == 1900
