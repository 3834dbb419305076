"""Two desks writing up the same minutes: the second Save draft is refused with who
saved and when; Reload brings the other desk's summary of one item in and keeps
the clerk's summary of another, and the next save keeps both."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from concom_desk.services.minutes.sets import MinutesChanges, open_minutes, save_minutes
from concom_desk.store import Database, open_database
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.calendar.minutes_view import MinutesDialog
from tests.helpers.calendar_db import Commission
from tests.helpers.loading import show_day
from tests.helpers.minutes_meeting import MAR3, hold_march_3


@pytest.fixture
def other_desk(commission: Commission) -> Iterator[Database]:
    desk = open_database(commission.db.path, initials="JMK", lock=False)
    yield desk
    desk.close()


def _open(qtbot: QtBot, c: Commission) -> MinutesDialog:
    tab = CalendarTab(c.db, now=lambda: datetime(2027, 3, 4, 9, 0))
    qtbot.addWidget(tab)
    show_day(qtbot, tab, MAR3)
    tab.buttons["minutes"].click()
    dialog = tab.active_dialog
    assert isinstance(dialog, MinutesDialog)
    qtbot.addWidget(dialog)
    return dialog


def test_two_desks_summaries_of_different_items_both_kept(
        qtbot: QtBot, commission: Commission, other_desk: Database) -> None:
    c = commission
    hold_march_3(c)
    dialog = _open(qtbot, c)
    first, second = (item.key for item in dialog.sheet.items[:2])
    qtbot.keyClicks(dialog.entry.summary, "The engineer presented the plan.")  # item 1
    theirs = open_minutes(other_desk, c.meetings[MAR3])
    save_minutes(other_desk, theirs.minutes_id, MinutesChanges(
        called_to_order=theirs.called_to_order, summaries={second: "Continued to March 17."},
        read_version=theirs.edit_version))

    dialog.buttons["save"].click()
    qtbot.waitUntil(lambda: isinstance(dialog.question, QMessageBox))
    box = dialog.question
    assert box.text().startswith("The draft of the minutes of March 3, 2027 was changed by "
                                 "JMK at ")
    assert box.text().endswith(" — reload and apply your change?")
    assert dialog.error.text().startswith("Not saved: The draft of the minutes of March 3")
    assert open_minutes(c.db, c.meetings[MAR3]).item(first).summary == ""  # nothing written

    box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: dialog.question is None)
    assert dialog.entry.summary.toPlainText() == "The engineer presented the plan."  # hers, item 1
    dialog.items.setCurrentRow(1)
    assert dialog.entry.summary.toPlainText() == "Continued to March 17."  # theirs, item 2
    assert dialog.status.text().startswith(
        "Read again from the record: changed at the other desk: summaries. "
        "Your changes are on top: summaries.")

    dialog.buttons["save"].click()
    assert dialog.status.text() == "Draft saved.", dialog.error.text()
    saved = open_minutes(c.db, c.meetings[MAR3])
    assert (saved.item(first).summary, saved.item(second).summary) == (
        "The engineer presented the plan.", "Continued to March 17.")
