"""The booking dialog names every clock before the clerk confirms; hearing_by without
a waiver is a hard stop (Upton §330-10D; dates worked out in tests/services)."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from concom_desk.services.calendar.loading import load_calendar
from concom_desk.store.models import Hearing
from concom_desk.ui.calendar.booking_dialog import BookHearingDialog
from tests.helpers.calendar_db import Commission

FEB18 = date(2027, 2, 18)
MAR3 = date(2027, 3, 3)


def _dialog(qtbot: QtBot, c: Commission, file_no: str) -> BookHearingDialog:
    dialog = BookHearingDialog(c.db, list(load_calendar(c.db).meetings), FEB18,
                               filing_id=c.filings[file_no], meeting_id=c.meetings[MAR3])
    qtbot.addWidget(dialog)
    return dialog


def test_hard_stop_until_waiver_then_acknowledged_warnings(qtbot: QtBot,
                                                           commission: Commission) -> None:
    c = commission
    dialog = _dialog(qtbot, c, "UCC 2027-005")
    texts = dialog.findings.texts()
    # Jan 25 + 21 = Feb 15 (Washington's Birthday) -> Tue Feb 16; Mar 3 is 15 days later.
    assert texts[0] == (
        "STOP — The meeting on Wednesday, March 3, 2027 is 15 days after Tuesday, February "
        "16, 2027, the last day to open the hearing (21 days after receipt of the filing). It "
        "can be booked only once a 21-day waiver signed by the applicant is recorded; "
        "none is.")
    assert any(t.startswith("Warning — The abutter notice was due by Monday, January 25, 2027")
               for t in texts)
    assert not dialog.book_button.isEnabled()
    assert dialog.waiver_group.isVisibleTo(dialog)

    dialog.waiver_signed_on.setDate(dialog.waiver_signed_on.date().addDays(-13))  # Feb 5
    qtbot.keyClicks(dialog.waiver_signed_by, "Mill Pond LLC, by its manager")
    qtbot.mouseClick(dialog.record_waiver_button, Qt.MouseButton.LeftButton)
    texts = dialog.findings.texts()
    assert not any(t.startswith("STOP") for t in texts)
    assert any("allowed by the applicant's written waiver signed on February 5, 2027" in t
               for t in texts)
    assert not dialog.waiver_group.isVisibleTo(dialog)
    assert dialog.acknowledge.isVisibleTo(dialog) and not dialog.book_button.isEnabled()

    dialog.acknowledge.setChecked(True)
    assert dialog.book_button.isEnabled()
    with qtbot.waitSignal(dialog.booked) as booked:
        qtbot.mouseClick(dialog.book_button, Qt.MouseButton.LeftButton)
    with c.db.read_session() as session:
        hearing = session.get(Hearing, booked.args[0])
        assert hearing is not None and hearing.meeting_id == c.meetings[MAR3]


def test_clean_booking_needs_no_acknowledgement(qtbot: QtBot, commission: Commission) -> None:
    c = commission
    dialog = _dialog(qtbot, c, "UCC 2027-003")
    assert [t.split(" — ")[0] for t in dialog.findings.texts()] == ["OK"] * 4
    assert "OK — Publish the legal notice by Wednesday, February 24, 2027" \
        in dialog.findings.texts()[1]
    assert not dialog.acknowledge.isVisibleTo(dialog)
    assert dialog.book_button.isEnabled()
    with qtbot.waitSignal(dialog.booked):
        qtbot.mouseClick(dialog.book_button, Qt.MouseButton.LeftButton)
    with c.db.read_session() as session:
        assert len(session.scalars(select(Hearing)).all()) == 1


def test_changing_the_meeting_updates_findings(qtbot: QtBot, commission: Commission) -> None:
    c = commission
    dialog = _dialog(qtbot, c, "UCC 2027-003")
    dialog.meeting_box.setCurrentIndex(dialog.meeting_box.findData(c.meetings[date(2027, 3, 17)]))
    # Mar 17 is after hearing_by Tue Mar 9: stop.
    assert dialog.findings.texts()[0].startswith("STOP — The meeting on Wednesday, March 17")
    assert not dialog.book_button.isEnabled()


def test_agenda_already_due_is_a_warning(qtbot: QtBot, commission: Commission) -> None:
    """Booked on Tue Mar 2 at 9 am for Wed Mar 3 at 7 pm: the agenda had to be posted by
    Mon Mar 1 7 pm (MGL c.30A §20(b))."""
    c = commission
    dialog = BookHearingDialog(c.db, list(load_calendar(c.db).meetings), date(2027, 3, 2),
                               filing_id=c.filings["UCC 2027-003"], meeting_id=c.meetings[MAR3],
                               now=datetime(2027, 3, 2, 9, 0))
    qtbot.addWidget(dialog)
    # Selected in the calendar, but too late to notice: never proposed; marked in the list.
    late = dialog.meeting_box.findData(c.meetings[MAR3])
    assert dialog.meeting_box.itemText(late) == (
        "Wednesday, March 3, 2027, 7:00 PM — 0 hearing(s) — posting deadline passed Monday, "
        "March 1, 2027 7:00 PM — post it now or choose a later date")
    assert dialog.meeting_box.currentData() == c.meetings[date(2027, 3, 17)]
    dialog.meeting_box.setCurrentIndex(late)
    assert ("Warning — The agenda of this meeting had to be posted by Monday, March 1, 2027 "
            "7:00 PM; a hearing booked now cannot be on the posted agenda. Choose a later "
            "meeting unless the agenda was posted with it.") in dialog.findings.texts()
    assert dialog.acknowledge.isVisibleTo(dialog) and not dialog.book_button.isEnabled()


def test_every_meeting_ahead_too_late_proposes_none(qtbot: QtBot, commission: Commission
                                                    ) -> None:
    """Sat Apr 17 2027: the last meeting, Wed Apr 21 7 PM, was due Fri Apr 16 7 PM (Wed 19 h,
    Tue 24 h, Mon Apr 19 Patriots' Day and the weekend skipped, Fri 5 h; MGL c.30A §20(b))."""
    c = commission
    dialog = BookHearingDialog(c.db, list(load_calendar(c.db).meetings), date(2027, 4, 17),
                               filing_id=c.filings["UCC 2027-003"],
                               meeting_id=c.meetings[date(2027, 4, 21)],
                               now=datetime(2027, 4, 17, 10, 0))
    qtbot.addWidget(dialog)
    assert dialog.meeting_box.currentText() == "Choose a meeting…"
    assert dialog.meeting_box.itemText(1).endswith(
        "posting deadline passed Friday, April 16, 2027 7:00 PM — post it now or choose a "
        "later date")
    assert dialog.error.text() == (
        "Every meeting ahead is past its posting deadline (48 hours, not counting weekends "
        "and legal holidays). Add a later meeting with Add a meeting….")
    assert dialog.add_meeting_button.isVisibleTo(dialog)
    assert not dialog.new_filing_button.isVisibleTo(dialog)
    assert not dialog.book_button.isEnabled()
    with qtbot.waitSignal(dialog.add_meeting_requested):
        qtbot.mouseClick(dialog.add_meeting_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == BookHearingDialog.DialogCode.Rejected


def test_no_meeting_ahead_says_so_and_offers_to_add_one(qtbot: QtBot, commission: Commission
                                                        ) -> None:
    c = commission  # the last meeting is Apr 21 2027
    dialog = BookHearingDialog(c.db, list(load_calendar(c.db).meetings), date(2027, 5, 3),
                               now=datetime(2027, 5, 3, 9, 0))
    qtbot.addWidget(dialog)
    assert dialog.meeting_box.count() == 0
    assert dialog.error.text() == ("No meeting is scheduled from today on. Add one with Add a "
                                   "meeting…, then book the hearing.")
    assert dialog.add_meeting_button.isVisibleTo(dialog)
    assert not dialog.new_filing_button.isVisibleTo(dialog)


def test_no_filing_awaiting_a_hearing_offers_a_new_filing(qtbot: QtBot, db) -> None:
    from concom_desk.services.calendar.meetings import add_meeting

    add_meeting(db, datetime(2026, 12, 16, 19, 0), "Town Hall", "special")
    dialog = BookHearingDialog(db, list(load_calendar(db).meetings), date(2026, 12, 1),
                               now=datetime(2026, 12, 1, 10, 0))
    qtbot.addWidget(dialog)
    assert dialog.meeting_box.currentText() == (
        "Wednesday, December 16, 2026, 7:00 PM — 0 hearing(s)")
    assert dialog.error.text() == (
        "No filing is awaiting a hearing: every Notice of Intent, RDA, ANRAD and amendment "
        "received has had its hearing opened or is decided. Enter the new one with New "
        "filing….")
    assert dialog.new_filing_button.isVisibleTo(dialog)
    assert not dialog.add_meeting_button.isVisibleTo(dialog)
    with qtbot.waitSignal(dialog.new_filing_requested):
        qtbot.mouseClick(dialog.new_filing_button, Qt.MouseButton.LeftButton)
