"""The clerk's work through the services on a real database file: book three hearings
(one refused until the applicant's waiver is recorded), continue two, vote, close.
Dates worked by hand from Upton ch. 330 (resources/towns/upton.toml) and the state
time rule; each row's citation is beside it."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from sqlalchemy import func, select

from concom_desk.domain.hearing_booking import Severity
from concom_desk.domain.votes import Outcome, VoteChoice
from concom_desk.errors import UserError
from concom_desk.services.calendar.hearings import (
    ContinuanceRequest,
    book_hearing,
    close_hearing_on,
    continue_hearing,
    preview_booking,
    preview_continuance,
    record_waiver,
)
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.calendar.meetings import (
    cancel_meeting,
    move_meeting,
    preview_meeting_change,
)
from concom_desk.services.calendar.votes import record_vote, signers_for_decision
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.store.models import AuditEntry, Filing, Hearing, TownClosureDay, Vote
from tests.helpers.calendar_db import Commission

MAR3, MAR17 = date(2027, 3, 3), date(2027, 3, 17)
FEB18 = date(2027, 2, 18)  # "today" when the clerk books
Y, N = VoteChoice.YES, VoteChoice.NO


def _clocks(review) -> dict:  # type: ignore[no-untyped-def]
    return {f.clock: (f.severity, f.due) for f in review.findings}


def book_three(c: Commission) -> dict[str, int]:
    pond, elm, mill = (c.filings[n] for n in ("UCC 2027-003", "UCC 2027-001", "UCC 2027-005"))
    meeting = c.meetings[MAR3]
    hearings = {"pond": book_hearing(c.db, pond, meeting, FEB18),
                "elm": book_hearing(c.db, elm, meeting, FEB18)}
    record_waiver(c.db, mill, date(2027, 2, 5), "Mill Pond LLC, by its manager")
    hearings["mill"] = book_hearing(c.db, mill, meeting, FEB18)
    return hearings


def test_booking_findings_before_confirming(commission: Commission) -> None:
    c = commission
    pond = preview_booking(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)
    assert _clocks(pond) == {
        "hearing_by": (Severity.OK, date(2027, 3, 9)),  # §330-10D: Feb 16 + 21
        "legal_notice_by": (Severity.OK, date(2027, 2, 24)),  # 5 bus. days before Mar 3
        "abutter_notice_by": (Severity.OK, date(2027, 2, 16)),  # §330-10B: at filing
        "board_comment_period_ends": (Severity.OK, date(2027, 3, 2)),  # §330-10C: +14
    }
    mill = preview_booking(c.db, c.filings["UCC 2027-005"], c.meetings[MAR3], FEB18)
    # Jan 25 + 21 = Mon Feb 15, Washington's Birthday -> Tue Feb 16; no waiver: stop.
    assert _clocks(mill)["hearing_by"] == (Severity.STOP, date(2027, 2, 16))
    assert _clocks(mill)["abutter_notice_by"] == (Severity.WARNING, date(2027, 1, 25))


def test_stop_refuses_booking_until_waiver_recorded(commission: Commission) -> None:
    c = commission
    mill = c.filings["UCC 2027-005"]
    with pytest.raises(UserError, match="21-day waiver signed by the applicant"):
        book_hearing(c.db, mill, c.meetings[MAR3], FEB18)
    with c.db.read_session() as session:
        assert session.scalar(select(func.count(Hearing.id))) == 0
    record_waiver(c.db, mill, date(2027, 2, 5), "Mill Pond LLC")
    review = preview_booking(c.db, mill, c.meetings[MAR3], FEB18)
    assert _clocks(review)["hearing_by"] == (Severity.WARNING, date(2027, 2, 16))
    hearing_id = book_hearing(c.db, mill, c.meetings[MAR3], FEB18)
    with c.db.read_session() as session:
        audited = session.scalar(select(func.count(AuditEntry.id)).where(
            AuditEntry.table_name == "hearing", AuditEntry.record_id == hearing_id))
        assert audited >= 1


def test_three_bookings_continuances_vote_and_close(commission: Commission) -> None:
    c = commission
    hearings = book_three(c)
    # Pond: before its Mar 3 session has sat, no date can have been announced at it.
    with pytest.raises(UserError, match="sits next on 2027-03-03"):
        continue_hearing(c.db, ContinuanceRequest(hearings["pond"], c.meetings[MAR17],
                                                  "revised plan", True, True),
                         today=MAR3 - timedelta(days=1))
    # Pond: continued with consent, date announced -> no new notice.
    continue_hearing(c.db, ContinuanceRequest(hearings["pond"], c.meetings[MAR17],
                                              "revised plan", True, True), today=MAR3)
    # Elm (RDA, hearing_by Mar 3): without consent Mar 17 is refused...
    request = ContinuanceRequest(hearings["elm"], c.meetings[MAR17], "site visit", False, False)
    assert preview_continuance(c.db, request, today=MAR3).blocked
    with pytest.raises(UserError, match="consent"):
        continue_hearing(c.db, request, today=MAR3)
    # ...with consent, not announced: re-advertise, 5 business days before Wed Mar 17 =
    # Wed Mar 10 (16, 15, 12, 11, 10).
    continue_hearing(c.db, ContinuanceRequest(hearings["elm"], c.meetings[MAR17],
                                              "site visit", True, False), today=MAR3)
    snapshot = load_calendar(c.db)
    march3 = snapshot.meeting(c.meetings[MAR3])
    march17 = snapshot.meeting(c.meetings[MAR17])
    assert march3 is not None and march17 is not None
    assert [h.file_no for h in march3.hearings] == ["UCC 2027-003", "UCC 2027-001",
                                                    "UCC 2027-005"]
    assert march3.publish_by() == date(2027, 2, 24)
    assert march3.post_by == datetime(2027, 3, 1, 19, 0)  # MGL c.30A §20(b)
    assert [(h.file_no, h.status, h.continued_from, h.advertise) for h in march17.hearings] == [
        ("UCC 2027-003", "continued", MAR3, False),
        ("UCC 2027-001", "continued", MAR3, True),
    ]
    assert march17.publish_by() == date(2027, 3, 10)
    with c.db.read_session() as session:
        pond = session.get(Filing, c.filings["UCC 2027-003"])
        assert pond is not None and (pond.hearing, pond.status) == (MAR3, "hearing")

    # Vote on Mar 17: 5 in office (Ames's term ended, Hale is an associate) -> quorum 3.
    m = c.members
    with pytest.raises(UserError, match="No quorum: 2 of 5"):
        record_vote(c.db, c.meetings[MAR17], "Issue an Order of Conditions",
                    {m["Baker"]: Y, m["Costa"]: Y}, filing_id=c.filings["UCC 2027-003"],
                    today=MAR17)
    result = record_vote(c.db, c.meetings[MAR17], "Issue an Order of Conditions",
                         {m["Baker"]: Y, m["Costa"]: Y, m["Duarte"]: N},
                         filing_id=c.filings["UCC 2027-003"], today=MAR17)
    assert result.outcome is Outcome.CARRIED and result.describe() == "Carried, 2 yes, 1 no."
    with c.db.read_session() as session:
        assert session.scalar(select(func.count(Vote.id))) == 1
    # The day before the meeting, its vote cannot be recorded yet (nothing written).
    with pytest.raises(UserError, match="has not been held yet"):
        record_vote(c.db, c.meetings[MAR17], "Issue an Order of Conditions",
                    {m["Baker"]: Y, m["Costa"]: Y, m["Duarte"]: Y},
                    today=MAR17 - timedelta(days=1))
    with c.db.read_session() as session:
        assert session.scalar(select(func.count(Vote.id))) == 1
    with pytest.raises(UserError, match="Ames is not in office"):
        record_vote(c.db, c.meetings[MAR17], "x", {m["Ames"]: Y, m["Baker"]: Y,
                                                    m["Costa"]: Y}, today=MAR17)

    # Closing Mar 17 starts decision_by: + 21 = Wed Apr 7 (§330-10E).
    closing = close_hearing_on(c.db, hearings["pond"], MAR17, today=MAR17)
    assert closing.decision_by is not None and closing.decision_by.date == date(2027, 4, 7)
    signers = signers_for_decision(c.db, c.filings["UCC 2027-003"], date(2027, 4, 1))
    assert signers.needed == 3
    assert signers.suggested[:2] == ("Baker", "Costa")
    assert "Ames" not in signers.eligible and "Hale" not in signers.eligible


def test_moving_a_meeting_past_hearing_by_is_refused(commission: Commission) -> None:
    c = commission
    book_hearing(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)
    effects = preview_meeting_change(c.db, c.meetings[MAR3], datetime(2027, 3, 10, 19),
                                     today=FEB18)
    [effect] = effects
    # Mar 10 is after hearing_by Tue Mar 9: a stop for a hearing that has not opened.
    assert effect.blocked
    with pytest.raises(UserError, match="moving the meeting refused"):
        move_meeting(c.db, c.meetings[MAR3], datetime(2027, 3, 10, 19), today=FEB18)
    assert load_calendar(c.db).meeting(c.meetings[MAR3]).day == MAR3  # type: ignore[union-attr]
    # Moving it a day earlier is fine; the notice is re-dated: 5 business days before
    # Tue Mar 2 = Tue Feb 23 (1, Feb 26, 25, 24, 23).
    move_meeting(c.db, c.meetings[MAR3], datetime(2027, 3, 2, 18, 30), today=FEB18)
    moved = load_calendar(c.db).meeting(c.meetings[MAR3])
    assert moved is not None and moved.at == datetime(2027, 3, 2, 18, 30)
    assert moved.publish_by() == date(2027, 2, 23)


def test_cancelling_a_meeting_unbooks_new_hearings(commission: Commission) -> None:
    c = commission
    book_hearing(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)
    [effect] = cancel_meeting(c.db, c.meetings[MAR3], today=FEB18)
    assert "must still open by Tuesday, March 9, 2027" in effect.findings[0].message
    snapshot = load_calendar(c.db)
    meeting = snapshot.meeting(c.meetings[MAR3])
    assert meeting is not None and meeting.cancelled and meeting.hearings == ()
    with pytest.raises(UserError, match="cancelled"):
        book_hearing(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)


def test_town_closure_days_are_not_business_days(commission: Commission) -> None:
    """Town hall closed Fri Feb 26 2027 (a closure day in the settings): five business
    days before Wed Mar 3 become Tue 2, Mon 1, Thu 25, Wed 24, Tue 23."""
    c = commission
    with c.db.session() as session:
        session.add(TownClosureDay(day=date(2027, 2, 26), reason="storm"))
    review = preview_booking(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)
    assert _clocks(review)["legal_notice_by"] == (Severity.OK, date(2027, 2, 23))
    book_hearing(c.db, c.filings["UCC 2027-003"], c.meetings[MAR3], FEB18)
    calendar = load_calendar(c.db)
    assert calendar.meeting(c.meetings[MAR3]).publish_by() == date(2027, 2, 23)  # type: ignore[union-attr]
    assert ("legal_notice_by", date(2027, 2, 23)) in {
        (d.kind, d.day) for d in calendar.deadlines if d.reference == "UCC 2027-003"}


def test_booked_hearing_moves_the_notice_date_in_the_record_and_today(
        commission: Commission) -> None:
    """The record's deadlines panel and Today count the newspaper notice back from the
    meeting the hearing is booked on, as the calendar does — not from the 21-day limit,
    which would have the clerk publish too late for the booked meeting."""
    c = commission
    pond = c.filings["UCC 2027-003"]  # received Tue Feb 16, 2027

    def notice_dates() -> tuple[date, date, list[date]]:
        detail = filing_detail(c.db, pond, FEB18)
        panel = next(line.date for line in detail.deadlines
                     if line.deadline.id == "legal_notice_by")
        calendar = next(d.day for d in load_calendar(c.db).deadlines
                        if d.record_kind == "filing" and d.record_id == pond
                        and d.kind == "legal_notice_by")
        today = [i.due for i in load_lists(c.db, FEB18 + timedelta(days=4)).today
                 if i.filing_id == pond and "newspaper" in i.what]
        return panel, calendar, today

    # Not booked: 5 business days before the last day, Tue Mar 9 (§330-10D) = Tue Mar 2.
    assert notice_dates() == (date(2027, 3, 2), date(2027, 3, 2), [])
    book_hearing(c.db, pond, c.meetings[MAR3], FEB18)
    # Booked on Wed Mar 3: 5 business days before it (Mar 2, 1, Feb 26, 25, 24) = Wed Feb 24,
    # due within the week Today shows from Mon Feb 22.
    assert notice_dates() == (date(2027, 2, 24), date(2027, 2, 24), [date(2027, 2, 24)])
