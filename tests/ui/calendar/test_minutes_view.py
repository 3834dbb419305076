"""The minutes view, opened from the meeting in the calendar: the roll call, a summary
and exhibits per item, saved as a draft; approved by the later meeting's vote and then
locked (typing is refused and an amendment offered); the amendment corrects it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionFrame
from pytestqt.qtbot import QtBot

from concom_desk.domain.votes import VoteChoice
from concom_desk.services.calendar.votes import record_vote
from concom_desk.services.minutes.sets import open_minutes
from concom_desk.ui import document_actions
from concom_desk.ui.calendar.calendar_tab import CalendarTab
from concom_desk.ui.calendar.minutes_approval import AmendDialog, ApproveDialog
from concom_desk.ui.calendar.minutes_view import MinutesDialog
from tests.helpers.calendar_db import Commission
from tests.helpers.docx_reading import paragraphs
from tests.helpers.loading import show_day
from tests.helpers.minutes_meeting import MAR3, MAR17, hold_march_3, vote_approval_on_march_17


@pytest.fixture(autouse=True)
def _no_word_processor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(document_actions, "system_open", lambda path: True)


def _open_from_calendar(qtbot: QtBot, c: Commission, now: datetime) -> MinutesDialog:
    tab = CalendarTab(c.db, now=lambda: now)
    qtbot.addWidget(tab)
    show_day(qtbot, tab, MAR3)  # the month is read in the background
    tab.buttons["minutes"].click()
    dialog = tab.active_dialog
    assert isinstance(dialog, MinutesDialog)
    qtbot.addWidget(dialog)
    return dialog


def _attendance(dialog: MinutesDialog) -> dict[str, str]:
    found = {}
    for row in range(dialog.roll.rowCount()):
        box = dialog.roll.cellWidget(row, 1)
        assert isinstance(box, QComboBox)
        found[dialog.roll.item(row, 0).text()] = box.currentText()
    return found


def test_the_clerk_completes_saves_and_prints_the_draft(qtbot: QtBot, commission: Commission
                                                         ) -> None:
    c = commission
    hold_march_3(c)
    dialog = _open_from_calendar(qtbot, c, datetime(2027, 3, 4, 9, 0))
    assert dialog.state.text() == "DRAFT — not yet approved"
    assert _attendance(dialog) == {"Baker (chair)": "Present", "Costa": "Present",
                                   "Duarte": "Present", "Ellis": "Present", "Gray": "Absent",
                                   "Hale (associate)": "Absent"}
    assert [dialog.items.item(r).text() for r in range(dialog.items.count())] == [
        "1. Public hearing: UCC 2027-003 — 12 Pond Street (Notice of Intent / Application "
        "for Permit; applicant Jane Doe)",
        "2. Public hearing: UCC 2027-001 — 3 Elm Street (Request for Determination of "
        "Applicability; applicant Robert Smith)",
        "3. Other business"]
    assert dialog.entry.record.text() == (
        "Public hearing opened.\nHearing closed.\nVote: Close the public hearing (moved by "
        "Costa, seconded by Baker). Carried 3–1–0. Roll call: Baker, yes; Costa, yes; "
        "Duarte, no; Ellis, yes.")
    ellis = dialog.roll.cellWidget(3, 1)
    assert isinstance(ellis, QComboBox)
    ellis.setCurrentIndex(ellis.findData("remote"))
    qtbot.keyClicks(dialog.entry.summary, "The engineer presented the plan.")
    qtbot.keyClicks(dialog.entry.exhibits, "Site plan rev. 2")
    dialog.items.setCurrentRow(1)
    assert dialog.entry.summary.toPlainText() == ""
    qtbot.keyClicks(dialog.entry.summary, "Continued for a revised plan.")
    dialog.adjourned.setText("21:15")
    dialog.buttons["word"].click()  # saves the draft, then makes the document
    assert dialog.error.isHidden(), dialog.error.text()
    saved = open_minutes(c.db, c.meetings[MAR3])
    assert [i.summary for i in saved.items][:2] == ["The engineer presented the plan.",
                                                   "Continued for a revised plan."]
    assert saved.present("remote") == ["Ellis"] and saved.adjourned_at == "21:15"
    assert dialog.last_document is not None
    printed = paragraphs(Path(dialog.last_document))
    assert "Taking part remotely: Ellis" in printed
    assert "The meeting adjourned at 9:15 PM." in printed
    assert dialog.status.text().startswith("Saved Minutes (draft), March 3, 2027.docx.")
    dialog.adjourned.setText("9 pm")
    dialog.buttons["save"].click()
    assert dialog.error.text() == "adjourned at '9 pm' is not a time: write it as 19:05 " \
                                  "(24-hour clock)"


def test_approved_minutes_refuse_typing_and_offer_the_amendment(
        qtbot: QtBot, commission: Commission) -> None:
    c = commission
    hold_march_3(c)
    dialog = _open_from_calendar(qtbot, c, datetime(2027, 3, 4, 9, 0))
    # A budget vote carried at the next meeting is not a vote on the minutes.
    record_vote(c.db, c.meetings[MAR17], "To adopt the FY28 budget request",
                {c.members[n]: VoteChoice.YES for n in ("Baker", "Costa", "Duarte")},
                today=MAR17)
    dialog.buttons["approve"].click()
    assert dialog.error.text().startswith("No carried vote of a later meeting on these "
                                          "minutes yet (minutes are approved only by a vote "
                                          "on them).")
    vote_approval_on_march_17(c)
    dialog.buttons["approve"].click()
    approve = dialog.active_dialog
    assert isinstance(approve, ApproveDialog)
    assert [approve.vote.itemText(i) for i in range(approve.vote.count())] == [
        "March 17, 2027: Approve the minutes of March 3, 2027"]
    # Nothing was summarised: the approval warns before locking the words.
    assert approve.warning.isVisibleTo(approve)
    assert approve.warning.text().startswith(f"{len(dialog.sheet.items)} items have no "
                                             "summary of the discussion (MGL c.30A §22(a)")
    approve._approve()
    assert dialog.state.text().startswith("APPROVED March 17, 2027 at the meeting of March 17, "
                                          "2027 (Approve the minutes of March 3, 2027; Carried "
                                          "4–0–0). Locked")
    assert dialog.entry.summary.isReadOnly() and not dialog.buttons["save"].isEnabled()
    assert dialog.buttons["amend"].isEnabled()
    qtbot.keyClick(dialog.entry.summary, Qt.Key.Key_A)
    assert dialog.entry.summary.toPlainText() == ""
    assert dialog.error.text().startswith("These minutes were approved on March 17, 2027 and "
                                          "are locked")
    assert "Amend…" in dialog.error.text()

    dialog.buttons["amend"].click()
    amend = dialog.active_dialog
    assert isinstance(amend, AmendDialog)
    amend._start()
    assert amend.error.text() == "Say what the amendment corrects."
    qtbot.keyClicks(amend.reason, "Ellis took part remotely")
    amend._start()
    assert dialog.state.text() == ("DRAFT — not yet approved (amendment 1) — corrects version "
                                   "1: Ellis took part remotely")
    assert not dialog.entry.summary.isReadOnly() and dialog.buttons["save"].isEnabled()
    assert open_minutes(c.db, c.meetings[MAR3], today=MAR17).version == 2


def test_the_times_show_their_example_whole(qtbot: QtBot, commission: Commission) -> None:
    hold_march_3(commission)
    dialog = _open_from_calendar(qtbot, commission, datetime(2027, 3, 4, 9, 0))
    dialog.show()
    qtbot.waitExposed(dialog)
    box = dialog.adjourned
    frame = QStyleOptionFrame()
    box.initStyleOption(frame)
    inside = box.style().subElementRect(QStyle.SubElement.SE_LineEditContents, frame, box)
    # A line edit keeps 2 pixels clear on each side of its text (Qt's own margin).
    assert box.fontMetrics().horizontalAdvance("e.g. 21:15") + 4 <= inside.width()
    assert box.placeholderText() == "e.g. 21:15"


def test_the_vote_to_enter_executive_session_is_a_roll_call_in_the_open_minutes(
        qtbot: QtBot, commission: Commission) -> None:
    from concom_desk.ui.calendar.vote_dialog import VoteDialog

    c = commission
    hold_march_3(c)
    tab = CalendarTab(c.db, now=lambda: datetime(2027, 3, 3, 21, 0))
    qtbot.addWidget(tab)
    show_day(qtbot, tab, MAR3)
    tab.buttons["vote"].click()
    vote = tab.active_dialog
    assert isinstance(vote, VoteDialog)
    vote.executive_button.click()
    executive = vote.executive_dialog
    assert executive.purpose.currentText().startswith("MGL c.30A §21(a)(6): to consider the "
                                                      "purchase")
    assert not executive.ok_button.isEnabled()  # the chair's statement comes first
    qtbot.keyClicks(executive.statement, "the purchase of the Maple Avenue parcel")
    executive.ok_button.click()
    assert vote.motion.text().startswith("To enter executive session under MGL c.30A "
                                         "§21(a)(6), to consider the purchase")
    # Longer than the line: its beginning shows (what the vote is), the whole on hover.
    assert vote.motion.cursorPosition() == 0 and vote.motion.toolTip() == vote.motion.text()
    assert vote.filing_box.currentText() == "(other business)"
    for name in ("Baker", "Costa", "Duarte", "Ellis"):
        vote.present[c.members[name]].setChecked(True)
    with qtbot.waitSignal(vote.recorded):
        vote.ok_button.click()
    sheet = open_minutes(c.db, c.meetings[MAR3], today=MAR3)
    lines = [line for item in sheet.items for line in item.votes
             if line.motion.startswith("To enter executive session")]
    assert [(line.tally(), line.roll_call()) for line in lines] == [
        ("Carried 4–0–0", "Roll call: Baker, yes; Costa, yes; Duarte, yes; Ellis, yes.")]
    assert "the purchase of the Maple Avenue parcel; the chair declared that an open " \
           "meeting may have a detrimental effect" in lines[0].motion

    # Its own minutes, typed from the meeting: kept apart and withheld.
    from concom_desk.services.minutes.executive import withheld_sessions
    from concom_desk.ui.calendar.executive_minutes_dialog import ExecutiveMinutesDialog

    tab.buttons["executive"].click()  # opened once the month is read again
    qtbot.waitUntil(lambda: isinstance(tab.active_dialog, ExecutiveMinutesDialog))
    minutes = tab.active_dialog
    assert isinstance(minutes, ExecutiveMinutesDialog)
    assert minutes.state.text() == "No minutes typed yet."
    qtbot.keyClicks(minutes.text, "Offer 412,000 dollars for the Maple Avenue parcel.")
    minutes.ok_button.click()
    assert "withheld until a later meeting releases them" in tab.status.text()
    (held,) = withheld_sessions(c.db)
    assert held.text == "Offer 412,000 dollars for the Maple Avenue parcel."

    # Two weeks on, Record vote… offers their release; carried, they are released.
    later = CalendarTab(c.db, now=lambda: datetime(2027, 3, 17, 21, 0))
    qtbot.addWidget(later)
    show_day(qtbot, later, MAR17)
    later.buttons["vote"].click()
    release = later.active_dialog
    assert isinstance(release, VoteDialog)
    release.release_box.setCurrentIndex(1)
    assert release.release_box.currentText() == "the session of March 3, 2027"
    assert release.motion.text() == ("To release the minutes of the executive session of "
                                     "March 3, 2027, their purpose having been served")
    for name in ("Baker", "Costa", "Duarte", "Gray"):
        release.present[c.members[name]].setChecked(True)
    with qtbot.waitSignal(release.recorded):
        release.ok_button.click()
    assert withheld_sessions(c.db) == []
    later.buttons["executive"].click()  # MAR17 entered no session: said in one line
    qtbot.waitUntil(lambda: later.status.text().startswith(
        "this meeting entered no executive session"))
