"""The March 3, 2027 meeting of the calendar's test commission, held and minuted:
two hearings (12 Pond Street opened and closed on a roll-call vote, 3 Elm Street
opened and continued to March 17 at the applicant's request), Ellis taking part
remotely, Gray absent; then the March 17 meeting that votes to approve the minutes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from concom_desk.domain.votes import VoteChoice
from concom_desk.services.calendar.hearings import (
    ContinuanceRequest,
    book_hearing,
    close_hearing_on,
    continue_hearing,
)
from concom_desk.services.calendar.votes import record_vote
from tests.helpers.calendar_db import Commission

MAR3, MAR17 = date(2027, 3, 3), date(2027, 3, 17)
FEB18 = date(2027, 2, 18)


@dataclass
class HeldMeeting:
    hearings: dict[str, int]
    close_vote_member_ids: dict[str, int]


def hold_march_3(c: Commission) -> HeldMeeting:
    pond, elm = c.filings["UCC 2027-003"], c.filings["UCC 2027-001"]
    meeting = c.meetings[MAR3]
    hearings = {"pond": book_hearing(c.db, pond, meeting, FEB18),
                "elm": book_hearing(c.db, elm, meeting, FEB18)}
    m = c.members
    continue_hearing(c.db, ContinuanceRequest(hearings["elm"], c.meetings[MAR17],
                                              "revised plan", True, True,
                                              consent_received_on=MAR3), today=MAR3)
    close_hearing_on(c.db, hearings["pond"], MAR3, today=MAR3)
    choices = {m["Baker"]: VoteChoice.YES, m["Costa"]: VoteChoice.YES,
               m["Duarte"]: VoteChoice.NO, m["Ellis"]: VoteChoice.YES}
    record_vote(c.db, meeting, "Close the public hearing", choices, filing_id=pond,
                moved_by=m["Costa"], seconded_by=m["Baker"], today=MAR3)
    return HeldMeeting(hearings, {name: m[name] for name in ("Baker", "Costa", "Duarte",
                                                             "Ellis")})


def vote_approval_on_march_17(c: Commission) -> int:
    """The carried vote of March 17 approving the minutes of March 3; its vote id."""
    from sqlalchemy import select

    from concom_desk.store.models import Vote

    m = c.members
    record_vote(c.db, c.meetings[MAR17], "Approve the minutes of March 3, 2027",
                {m[n]: VoteChoice.YES for n in ("Baker", "Costa", "Duarte", "Gray")},
                today=MAR17)
    with c.db.read_session() as session:
        return session.scalars(select(Vote.id).where(Vote.meeting_id == c.meetings[MAR17])
                               .order_by(Vote.id.desc())).first()
