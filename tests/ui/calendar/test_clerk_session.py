"""The issue's "must show", through the tab's own buttons and dialogs: the clerk books
three hearings (one only after recording the applicant's waiver), continues one,
records a vote, prints the legal ad and the agenda, and exports the calendar."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from icalendar import Calendar
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from concom_desk.ui.calendar.booking_dialog import BookHearingDialog
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.calendar.hearing_dialogs import ContinueHearingDialog
from concom_desk.ui.calendar.vote_dialog import VoteDialog
from tests.helpers.calendar_db import Commission
from tests.helpers.form_fixtures import AGENDA_LINES, LEGAL_NOTICE_LINES, paragraphs, write_form
from tests.helpers.loading import loaded, show_day

MAR3, MAR17 = date(2027, 3, 3), date(2027, 3, 17)


def _book(qtbot: QtBot, tab: CalendarTab, filing_id: int) -> BookHearingDialog:
    show_day(qtbot, tab, MAR3)
    qtbot.mouseClick(tab.buttons["book"], Qt.MouseButton.LeftButton)
    dialog = tab.active_dialog
    assert isinstance(dialog, BookHearingDialog)
    dialog.filing_box.setCurrentIndex(dialog.filing_box.findData(filing_id))
    return dialog


# The offscreen platform warns whenever a window is shown; these dialogs are shown.
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_clerks_evening(qtbot: QtBot, commission: Commission, tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    c = commission
    clock = {"now": datetime(2027, 2, 18, 10, 0)}
    tab = CalendarTab(c.db, now=lambda: clock["now"])
    qtbot.addWidget(tab)

    for file_no in ("UCC 2027-003", "UCC 2027-001"):
        dialog = _book(qtbot, tab, c.filings[file_no])
        assert dialog.book_button.isEnabled()
        qtbot.mouseClick(dialog.book_button, Qt.MouseButton.LeftButton)
    dialog = _book(qtbot, tab, c.filings["UCC 2027-005"])
    assert dialog.findings.texts()[0].startswith("STOP")  # past hearing_by, no waiver
    qtbot.keyClicks(dialog.waiver_signed_by, "Mill Pond LLC")
    qtbot.mouseClick(dialog.record_waiver_button, Qt.MouseButton.LeftButton)
    dialog.acknowledge.setChecked(True)
    qtbot.mouseClick(dialog.book_button, Qt.MouseButton.LeftButton)
    loaded(qtbot, tab)
    assert ("meeting", "Meeting 7:00 pm · 3 hearings") in tab.month.tags_on(MAR3)

    clock["now"] = datetime(2027, 3, 3, 20, 30)  # at the meeting
    show_day(qtbot, tab, MAR3)
    tab.day_table.setCurrentIndex(tab.day_model.index(2, 0))  # Pond Street's hearing
    qtbot.mouseClick(tab.buttons["continue"], Qt.MouseButton.LeftButton)
    dialog = tab.active_dialog
    assert isinstance(dialog, ContinueHearingDialog)
    dialog.meeting_box.setCurrentIndex(dialog.meeting_box.findData(c.meetings[MAR17]))
    qtbot.keyClicks(dialog.reason, "revised plan requested")
    dialog.consent.setChecked(True)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert tab.status.text() == "Hearing continued."
    loaded(qtbot, tab)
    assert ("meeting", "Meeting 7:00 pm · 1 hearing") in tab.month.tags_on(MAR17)

    show_day(qtbot, tab, MAR3)
    qtbot.mouseClick(tab.buttons["vote"], Qt.MouseButton.LeftButton)
    dialog = tab.active_dialog
    assert isinstance(dialog, VoteDialog)
    qtbot.keyClicks(dialog.motion, "Negative determination for 3 Elm Street")
    dialog.filing_box.setCurrentIndex(dialog.filing_box.findData(c.filings["UCC 2027-001"]))
    for name in ("Baker", "Costa", "Gray"):
        dialog.present[c.members[name]].setChecked(True)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert tab.status.text() == "Vote recorded: Carried, 3 yes, 0 no."

    tab.form_overrides = {"legal-notice": write_form(tmp_path, "legal-notice",
                                                     LEGAL_NOTICE_LINES),
                          "agenda": write_form(tmp_path, "agenda", AGENDA_LINES)}
    show_day(qtbot, tab, MAR3)
    qtbot.mouseClick(tab.buttons["legal_notice"], Qt.MouseButton.LeftButton)
    assert tab.last_document is not None
    assert len(paragraphs(tab.last_document)) == 7  # heading lines + three hearings
    show_day(qtbot, tab, MAR17)
    qtbot.mouseClick(tab.buttons["agenda"], Qt.MouseButton.LeftButton)
    assert tab.status.text().endswith("Post it by Monday, March 15, 2027 7:00 PM.")
    assert "1. UCC 2027-003 Jane Doe, 12 Pond Street (continued from March 3, 2027)" \
        in paragraphs(tab.last_document)

    out = tmp_path / "commission.ics"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *args, **kwargs: (str(out), "")))
    qtbot.mouseClick(tab.buttons["ical"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.status.text().startswith("Exported"), timeout=10_000)
    meetings = [e for e in Calendar.from_ical(out.read_bytes()).walk("VEVENT")
                if str(e["uid"]).startswith("meeting-")]
    march17 = next(e for e in meetings if e.decoded("dtstart").date() == MAR17)
    assert "UCC 2027-003 — Jane Doe, 12 Pond Street" in str(march17["description"])
