"""Minutes of a meeting: drafted from the record, completed by the clerk, approved by
a later meeting's vote and then locked; a correction is an audited amendment."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import DatabaseError

from concom_desk.domain.votes import VoteChoice
from concom_desk.errors import UserError
from concom_desk.services.calendar.meeting_documents import write_agenda
from concom_desk.services.calendar.votes import record_vote
from concom_desk.services.minutes.document import write_minutes
from concom_desk.services.minutes.sets import (
    MinutesChanges,
    approval_choices,
    approve_minutes,
    open_minutes,
    save_minutes,
    start_amendment,
)
from concom_desk.store.models import AuditEntry, Meeting, Vote
from concom_desk.store.models.minutes import Minutes, MinutesItem
from tests.helpers.calendar_db import Commission
from tests.helpers.docx_reading import paragraphs
from tests.helpers.minutes_meeting import MAR3, MAR17, hold_march_3, vote_approval_on_march_17

APR7 = date(2027, 4, 7)


def _state_line(printed: list[str]) -> str:
    """The line under the title: DRAFT or APPROVED."""
    return printed[printed.index("MINUTES") + 1]


def _completed(c: Commission) -> int:
    """The March 3 minutes completed as the clerk would; returns the set's id."""
    held = hold_march_3(c)
    sheet = open_minutes(c.db, c.meetings[MAR3], today=MAR3)
    m = c.members
    save_minutes(c.db, sheet.minutes_id, MinutesChanges(
        called_to_order="19:02", adjourned_at="21:15",
        attendance={m["Ellis"]: "remote", m["Gray"]: "absent", m["Hale"]: "present"},
        summaries={f"hearing:{held.hearings['pond']}": "The engineer presented the revised "
                   "plan; no abutter spoke.",
                   f"hearing:{held.hearings['elm']}": "The applicant asked for time to "
                   "revise the plan."},
        exhibits={f"hearing:{held.hearings['pond']}": "Site plan rev. 2, Feb 20, 2027\n\n"
                  "Photographs of the wetland line "}))
    return sheet.minutes_id


def test_the_printed_minutes_carry_every_element_of_c30a_s22(commission: Commission) -> None:
    c = commission
    minutes_id = _completed(c)
    sheet = open_minutes(c.db, c.meetings[MAR3], today=MAR3)
    assert sheet.minutes_id == minutes_id and sheet.state == "draft"
    printed = paragraphs(write_minutes(c.db, sheet, today=MAR3).path)
    body = "\n".join(printed)
    # §22(a): date, time and place.
    assert "Regular meeting: Wednesday, March 3, 2027, Upton Town Hall, Room 1" in printed
    assert "Called to order at 7:02 PM." in printed
    assert "The meeting adjourned at 9:15 PM." in printed
    # §22(a): members present or absent, and who took part remotely.
    assert "Present: Baker, Costa, Duarte, Hale" in printed
    assert "Taking part remotely: Ellis" in printed
    assert "Absent: Gray" in printed
    # 5 members in office (Ames's term ended June 30, 2026; Hale is an associate).
    assert ("4 of 5 members in office present or taking part remotely: a quorum (3 needed)."
            in printed)
    # §22(a): each subject with a summary; the continuance to a date certain.
    assert ("1.\tPublic hearing: UCC 2027-003 — 12 Pond Street (Notice of Intent / "
            "Application for Permit; applicant Jane Doe)") in printed
    assert "\tThe engineer presented the revised plan; no abutter spoke." in printed
    assert "\tHearing closed." in printed
    assert ("\tContinued to March 17, 2027, at the applicant's request (revised plan); the "
            "applicant's written consent received March 3, 2027.") in printed
    # §22(a): the documents and exhibits used, item by item.
    assert ("\tDocuments and exhibits: Site plan rev. 2, Feb 20, 2027; Photographs of the "
            "wetland line") in printed
    # §22(a): the decisions, with every vote by roll call.
    assert ("\tVote: Close the public hearing (moved by Costa, seconded by Baker). "
            "Carried 3–1–0. Roll call: Baker, yes; Costa, yes; Duarte, no; Ellis, yes."
            ) in printed
    assert _state_line(printed) == "DRAFT — not yet approved"
    assert "Other business" in body


def test_approved_minutes_are_locked_and_an_amendment_corrects_them(
        commission: Commission) -> None:
    c = commission
    minutes_id = _completed(c)
    vote_id = vote_approval_on_march_17(c)
    choices = approval_choices(c.db, minutes_id)
    assert [(ch.meeting_day, ch.motion) for ch in choices] == [
        (MAR17, "Approve the minutes of March 3, 2027")]
    approved = approve_minutes(c.db, minutes_id, vote_id)
    assert approved.state == "approved" and approved.approved_on == MAR17
    with c.db.read_session() as session:
        assert session.get(Meeting, c.meetings[MAR3]).minutes_approved_on == MAR17
    printed = paragraphs(write_minutes(c.db, approved, today=MAR17).path)
    assert _state_line(printed) == "APPROVED March 17, 2027"
    assert ("Approved at the meeting of March 17, 2027: Approve the minutes of March 3, 2027. "
            "Carried 4–0–0. Roll call: Baker, yes; Costa, yes; Duarte, yes; Gray, yes."
            ) in printed

    # The window's save is refused, and so is any write that goes around it.
    with pytest.raises(UserError, match="approved minutes are locked: correct them with an "
                                        "amendment"):
        save_minutes(c.db, minutes_id, MinutesChanges(adjourned_at="21:30"))
    for statement in ("UPDATE minutes SET adjourned_at = '22:00'",
                      "UPDATE minutes_item SET summary = 'rewritten'",
                      "DELETE FROM minutes_item", "DELETE FROM minutes"):
        with (pytest.raises(DatabaseError, match="approved minutes are locked|kept "
                                                 "permanently"), c.db.session() as session):
            session.execute(text(statement))
    with pytest.raises(UserError, match="only approved minutes are amended|say what"):
        start_amendment(c.db, minutes_id, "  ")

    amendment = start_amendment(c.db, minutes_id, "Ellis took part remotely, not Gray")
    assert (amendment.version, amendment.state, amendment.amends_version) == (2, "draft", 1)
    assert [i.summary for i in amendment.items][:2] == [
        "The engineer presented the revised plan; no abutter spoke.",
        "The applicant asked for time to revise the plan."]
    save_minutes(c.db, amendment.minutes_id, MinutesChanges(adjourned_at="21:20"))
    assert approval_choices(c.db, amendment.minutes_id) == []
    with pytest.raises(UserError, match="approved an earlier version"):
        approve_minutes(c.db, amendment.minutes_id, vote_id)
    # The meeting now opens on the amendment; the approved set is unchanged beside it.
    assert open_minutes(c.db, c.meetings[MAR3], today=APR7).version == 2
    with c.db.read_session() as session:
        first = session.get(Minutes, minutes_id)
        assert (first.state, first.adjourned_at, first.approved_vote_id) == (
            "approved", "21:15", vote_id)
        changes = session.scalars(select(AuditEntry.action).where(
            AuditEntry.table_name == "minutes", AuditEntry.record_id == minutes_id)).all()
        items = session.scalars(select(MinutesItem).where(
            MinutesItem.minutes_id == amendment.minutes_id)).all()
    # Created, completed, approved: each change audited, none after the approval.
    assert changes == ["insert", "update", "update"]
    assert len(items) == 2
    printed = paragraphs(write_minutes(c.db, open_minutes(c.db, c.meetings[MAR3],
                                                          today=APR7), today=APR7).path)
    assert _state_line(printed) == "DRAFT — not yet approved (amendment 1)"
    assert ("Amends the minutes as approved (version 1): Ellis took part remotely, not Gray"
            in printed)


def test_approval_needs_a_carried_vote_of_a_later_meeting(commission: Commission) -> None:
    c = commission
    minutes_id = _completed(c)
    with c.db.read_session() as session:
        same_meeting_vote = session.scalars(text("SELECT id FROM vote")).first()
    with pytest.raises(UserError, match="approved at a later meeting"):
        approve_minutes(c.db, minutes_id, same_meeting_vote)
    m = c.members
    record_vote(c.db, c.meetings[MAR17], "Issue the Order of Conditions",
                {m[n]: VoteChoice.YES for n in ("Baker", "Costa", "Duarte")},
                filing_id=c.filings["UCC 2027-003"], today=MAR17)
    record_vote(c.db, c.meetings[MAR17], "Approve the minutes of March 3, 2027",
                {m["Baker"]: VoteChoice.YES, m["Costa"]: VoteChoice.NO,
                 m["Duarte"]: VoteChoice.NO}, today=MAR17)
    with c.db.read_session() as session:
        on_filing, failed = session.scalars(text("SELECT id FROM vote ORDER BY id")).all()[1:]
    with pytest.raises(UserError, match="was on a filing or a case"):
        approve_minutes(c.db, minutes_id, on_filing)
    with pytest.raises(UserError, match="failed: it approves nothing"):
        approve_minutes(c.db, minutes_id, failed)
    # Carried at the next meeting, but not a vote on these minutes: refused, not offered.
    for motion in ("To adopt the FY28 budget request", "Approve the minutes of March 17, 2027",
                   "Approve the minutes of 2/17/27"):
        record_vote(c.db, c.meetings[MAR17], motion,
                    {m[n]: VoteChoice.YES for n in ("Baker", "Costa", "Duarte")}, today=MAR17)
        with c.db.read_session() as session:
            other = session.scalars(select(Vote.id).order_by(Vote.id.desc())).first()
        with pytest.raises(UserError, match="is not a vote on minutes|names another day"):
            approve_minutes(c.db, minutes_id, other)
    assert approval_choices(c.db, minutes_id) == []
    with pytest.raises(UserError, match="a draft is corrected directly"):
        start_amendment(c.db, minutes_id, "typo")


def test_minutes_wait_for_the_meeting_to_be_held(commission: Commission) -> None:
    c = commission
    with pytest.raises(UserError, match="has not been held yet"):
        open_minutes(c.db, c.meetings[MAR17], today=MAR3)
    with pytest.raises(UserError, match="'7 pm' is not a time"):
        save_minutes(c.db, open_minutes(c.db, c.meetings[MAR3], today=MAR3).minutes_id,
                     MinutesChanges(adjourned_at="7 pm"))


def test_the_agenda_names_the_drafts_waiting(commission: Commission) -> None:
    c = commission
    minutes_id = _completed(c)
    agenda = paragraphs(write_agenda(c.db, c.meetings[MAR17], today=MAR3))
    assert any(line.endswith("Approval of minutes of March 3, 2027") for line in agenda)
    approve_minutes(c.db, minutes_id, vote_approval_on_march_17(c))
    later = paragraphs(write_agenda(c.db, c.meetings[APR7], today=MAR17))
    assert any(line.endswith("Approval of minutes") for line in later)
    assert not any("March 3, 2027" in line for line in later)
