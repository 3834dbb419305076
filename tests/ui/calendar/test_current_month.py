"""An action asked for in the second after a save works on the month as it is now: the
vote's list holds the hearing just booked, not the month as read before the booking
(ui/calendar/current_month.py)."""

from __future__ import annotations

from datetime import datetime

from pytestqt.qtbot import QtBot

from concom_desk.services.calendar.hearings import book_hearing
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.calendar.vote_dialog import VoteDialog
from tests.helpers.calendar_db import Commission
from tests.helpers.loading import show_day
from tests.services.calendar.test_hearing_services import FEB18, MAR3


def _listed(dialog: VoteDialog) -> list[str]:
    box = dialog.filing_box
    return [box.itemText(i) for i in range(box.count())]


def test_a_vote_just_after_a_booking_lists_the_hearing_booked(qtbot: QtBot,
                                                              commission: Commission) -> None:
    c = commission
    book_hearing(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)
    tab = CalendarTab(c.db, now=lambda: datetime(2027, 3, 3, 21, 0))  # the meeting's evening
    qtbot.addWidget(tab)
    show_day(qtbot, tab, MAR3)  # the month read with one hearing on Mar 3
    meeting = tab.selected_meeting()
    assert meeting is not None
    assert [h.filing_id for h in meeting.hearings] == [c.filings["UCC 2027-003"]]

    # Another desk (or a dialog) books a second hearing; the clerk clicks Record vote at once.
    book_hearing(c.db, c.filings["UCC 2027-001"], c.meetings[MAR3], FEB18)
    tab.buttons["vote"].click()
    tab.buttons["vote"].click()  # clicked twice while the month is read: one dialog
    assert tab.active_dialog is None  # not on the month as read before the booking
    qtbot.waitUntil(lambda: isinstance(tab.active_dialog, VoteDialog))
    dialog = tab.active_dialog
    assert len(_listed(dialog)) == 3  # both hearings, and "(other business)"
    assert sum("2027-003" in text for text in _listed(dialog)) == 1
    assert sum("2027-001" in text for text in _listed(dialog)) == 1
    qtbot.waitUntil(lambda: not tab.loader.loading)
    assert [w for w in tab.findChildren(VoteDialog) if w.isVisible()] == [dialog]


def test_with_nothing_saved_since_the_read_the_action_runs_at_once(
        qtbot: QtBot, commission: Commission) -> None:
    c = commission
    book_hearing(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)
    tab = CalendarTab(c.db, now=lambda: datetime(2027, 3, 3, 21, 0))
    qtbot.addWidget(tab)
    show_day(qtbot, tab, MAR3)
    tab.record_vote()
    assert isinstance(tab.active_dialog, VoteDialog)
    assert sum("2027-003" in text for text in _listed(tab.active_dialog)) == 1
