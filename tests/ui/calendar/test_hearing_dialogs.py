"""Continue, close and move/cancel dialogs: what each step does to the clocks is on
screen before the clerk confirms (Upton test profile; dates worked by hand)."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QDateTime, Qt, QTime
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from concom_desk.services.calendar.hearings import book_hearing
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.calendar.meetings import mark_legal_notice_published
from concom_desk.store.models import CommissionSettings
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.calendar.dialog_parts import qdate
from concom_desk.ui.calendar.hearing_dialogs import CloseHearingDialog, ContinueHearingDialog
from concom_desk.ui.calendar.meeting_dialogs import MeetingChangeDialog
from concom_desk.ui.calendar.notice_dialogs import PostingDialog, PublicationDialog
from tests.helpers.calendar_db import Commission
from tests.helpers.loading import show_day
from tests.services.calendar.test_hearing_services import FEB18, MAR3, MAR17, book_three


def test_continue_dialog_readvertises_an_unannounced_date(qtbot: QtBot,
                                                          commission: Commission) -> None:
    c = commission
    hearings = book_three(c)
    dialog = ContinueHearingDialog(c.db, list(load_calendar(c.db).meetings), MAR3,
                                   hearing_id=hearings["elm"])
    qtbot.addWidget(dialog)
    assert dialog.error.text() == "State the reason for the continuance."
    assert not dialog.ok_button.isEnabled()
    dialog.meeting_box.setCurrentIndex(dialog.meeting_box.findData(c.meetings[MAR17]))
    qtbot.keyClicks(dialog.reason, "site visit")
    # RDA hearing_by is Mar 3: Mar 17 without consent is a stop.
    assert dialog.findings.texts()[0].startswith("STOP — Without the applicant's consent")
    assert not dialog.ok_button.isEnabled()
    dialog.consent.setChecked(True)
    dialog.announced.setChecked(False)
    assert "OK — Publish a new legal notice by Wednesday, March 10, 2027 (5 business days " \
           "before hearing): the new date was not announced at the hearing." \
           in dialog.findings.texts()
    with qtbot.waitSignal(dialog.continued):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    march17 = load_calendar(c.db).meeting(c.meetings[MAR17])
    assert march17 is not None and [h.file_no for h in march17.hearings] == ["UCC 2027-001"]


def test_a_hearing_not_yet_sat_cannot_be_continued(qtbot: QtBot,
                                                  commission: Commission) -> None:
    # Continued two weeks before it sat, "announced at the hearing" ticked: no new legal
    # notice was asked for, though no hearing had announced anything.
    c = commission
    hearings = book_three(c)
    dialog = ContinueHearingDialog(c.db, list(load_calendar(c.db).meetings), FEB18,
                                   hearing_id=hearings["elm"])
    qtbot.addWidget(dialog)
    dialog.meeting_box.setCurrentIndex(dialog.meeting_box.findData(c.meetings[MAR17]))
    qtbot.keyClicks(dialog.reason, "applicant asked")
    assert dialog.error.text() == ("This hearing sits next on Wednesday, March 3, 2027: "
                                   "record the continuance at or after that meeting.")
    assert dialog.findings.texts() == []
    assert not dialog.ok_button.isEnabled()


def test_close_dialog_shows_decision_by(qtbot: QtBot, commission: Commission) -> None:
    c = commission
    hearings = book_three(c)
    dialog = CloseHearingDialog(c.db, MAR3, hearing_id=hearings["pond"])
    qtbot.addWidget(dialog)
    assert dialog.closed_on.date() == qdate(MAR3)  # defaults to the session's day
    decision = ("OK — Issue the decision by Wednesday, March 24, 2027 (21 days after close "
                "of the hearing).")
    # No legal notice is recorded as published for the Mar 3 hearing: due Wed Feb 24,
    # 5 business days before (§330-10D; 310 CMR 10.05(5)(b)), the clerk is warned.
    assert dialog.findings.texts() == [
        "Warning — Required notice not met: the legal notice in the newspaper was due by "
        "Wednesday, February 24, 2027 and none is recorded. Record each notice that was "
        "given; a hearing held without timely notice may have to be noticed and held "
        "again.", decision]
    mark_legal_notice_published(c.db, c.meetings[MAR3], date(2027, 2, 22), "Upton Town Crier")
    dialog.refresh()
    # Closing Mar 3 falls after the boards' period (ends Mar 2): only the decision clock,
    # Mar 3 + 21 = Wed Mar 24 (§330-10E).
    assert dialog.findings.texts() == [decision]
    with qtbot.waitSignal(dialog.closed):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def test_move_dialog_lists_effects_and_refuses_a_stop(qtbot: QtBot,
                                                      commission: Commission) -> None:
    c = commission
    book_hearing(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)
    meeting = load_calendar(c.db).meeting(c.meetings[MAR3])
    assert meeting is not None
    dialog = MeetingChangeDialog(c.db, meeting, FEB18)
    qtbot.addWidget(dialog)
    dialog.new_at.setDateTime(QDateTime(qdate(date(2027, 3, 10)), QTime(19, 0)))
    # Each line names its filing: a meeting moves several hearings at once.
    assert dialog.findings.texts()[0].startswith(
        "STOP — UCC 2027-003: The meeting on Wednesday, March 10, 2027 is 1 day after "
        "Tuesday, March 9")
    assert not dialog.ok_button.isEnabled()
    dialog.cancel.setChecked(True)
    assert dialog.findings.texts() == [
        "Warning — UCC 2027-003: the hearing booked for Wednesday, March 3, 2027 is "
        "unbooked; it must still open by Tuesday, March 9, 2027, on another meeting."]
    assert dialog.ok_button.isEnabled()


def test_move_dialog_gives_the_new_dates_posting_deadline(qtbot: QtBot,
                                                         commission: Commission) -> None:
    # Wed Mar 10 2027 7 PM: Wed 19 h + Tue 24 h + Mon 5 h -> post by Mon Mar 8 7 PM
    # (MGL c.30A §20(b)); on Tue Mar 9 that has passed.
    c = commission
    meeting = load_calendar(c.db).meeting(c.meetings[MAR3])
    assert meeting is not None
    dialog = MeetingChangeDialog(c.db, meeting, date(2027, 3, 1),
                                 now=datetime(2027, 3, 1, 9, 0))
    qtbot.addWidget(dialog)
    dialog.new_at.setDateTime(QDateTime(qdate(date(2027, 3, 10)), QTime(19, 0)))
    assert dialog.posting.text() == (
        "Moved to Wednesday, March 10, 2027 7:00 PM: post its notice by Monday, "
        "March 8, 2027 7:00 PM.")
    late = MeetingChangeDialog(c.db, meeting, date(2027, 3, 9), now=datetime(2027, 3, 9, 9, 0))
    qtbot.addWidget(late)
    late.new_at.setDateTime(QDateTime(qdate(date(2027, 3, 10)), QTime(19, 0)))
    assert late.posting.text().startswith(
        "Moved to Wednesday, March 10, 2027 7:00 PM: posting deadline passed Monday, "
        "March 8, 2027 7:00 PM")
    late.cancel.setChecked(True)
    assert late.posting.isHidden()  # a cancelled meeting posts nothing


def test_publication_and_posting_are_recorded(qtbot: QtBot, commission: Commission) -> None:
    c = commission
    book_three(c)
    tab = CalendarTab(c.db, now=lambda: datetime(2027, 3, 2, 9, 0))
    qtbot.addWidget(tab)
    show_day(qtbot, tab, MAR3)
    meeting = tab.selected_meeting()
    assert meeting is not None
    with c.db.session() as session:  # the newspaper the wizard set
        session.scalars(select(CommissionSettings)).one().newspaper = "Milford Daily News"
    dialog = PublicationDialog(c.db, meeting, date(2027, 2, 25))
    qtbot.addWidget(dialog)
    assert dialog.newspaper.text() == "Milford Daily News"
    with qtbot.waitSignal(dialog.recorded) as recorded:
        dialog._save()
    # Due Feb 24 (5 business days before Mar 3); Feb 25 is a day late.
    assert recorded.args == ["Legal notice recorded as published on Thursday, February 25, "
                             "2027 for 3 hearing(s) — LATE: it was due by Wednesday, February "
                             "24, 2027."]
    # The posting asks for its time and shows it, and is refused before an agenda exists.
    qtbot.mouseClick(tab.buttons["posted"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(tab.active_dialog, PostingDialog))
    posting = tab.active_dialog
    assert isinstance(posting, PostingDialog)
    assert posting.shown.text() == ("Records the notice and agenda as posted Tuesday, March 2, "
                                    "2027 9:00 AM — LATE: it was due by Monday, March 1, "
                                    "2027 7:00 PM.")
    posting._save()
    assert posting.error.text().startswith("no agenda has been made for this meeting")
    posting.reject()
    tab.make_agenda()
    qtbot.waitUntil(lambda: tab.status.text().startswith("Saved"))
    qtbot.mouseClick(tab.buttons["posted"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.active_dialog is not posting)
    assert isinstance(tab.active_dialog, PostingDialog)
    tab.active_dialog._save()
    # Recorded once the month shows the publication just saved (ui/calendar/current_month).
    qtbot.waitUntil(lambda: tab.status.text().startswith("Agenda recorded"))
    assert tab.status.text() == ("Agenda recorded as posted Tuesday, March 2, 2027 9:00 AM — "
                                 "LATE: it was due by Monday, March 1, 2027 7:00 PM.")
    show_day(qtbot, tab, MAR3)
    assert tab.day_model.index(1, 2).data() == "Agenda posted Tuesday, March 2, 2027 9:00 AM"
    show_day(qtbot, tab, date(2027, 2, 24))
    assert all(text.startswith("Done: ") for text in
               (tab.day_model.index(r, 2).data() for r in range(tab.day_model.rowCount())))


def test_a_publication_day_still_ahead_is_refused(qtbot: QtBot, commission: Commission) -> None:
    # Recording the day the paper *will* run the notice marked the notice deadline done
    # before anything was published.
    c = commission
    book_three(c)
    meeting = next(m for m in load_calendar(c.db).meetings if m.day == MAR3)
    dialog = PublicationDialog(c.db, meeting, date(2027, 2, 20))
    qtbot.addWidget(dialog)
    dialog.published_on.setDate(qdate(date(2027, 2, 22)))
    dialog._save()
    assert dialog.error.text() == ("February 22, 2027 is still ahead: record the notice once "
                                   "the newspaper has published it")
    from sqlalchemy import select

    from concom_desk.store.models import Hearing

    with c.db.read_session() as session:  # nothing was recorded
        assert session.scalars(select(Hearing.legal_ad_published_on)).all() == [None] * 3
