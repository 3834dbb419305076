"""The public-records request log: each request, when it came in, what was asked
for, the day the answer is due, and when and how it was answered.

MGL c.66 §10(a) and 950 CMR 32.06(2): the records access officer answers within
10 business days of receiving the request. The days are counted by the same
business-day calendar as every other deadline (legal holidays under MGL c.4 §7
cl.18 and the town's own closure days from the settings), the day of receipt not
counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.ma_calendar import BusinessCalendar
from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import UserError
from concom_desk.services.calendar.clocks import get_or_refuse
from concom_desk.services.filings.deadlines import town_closures
from concom_desk.store import Database
from concom_desk.store.models import Meeting
from concom_desk.store.models.minutes import RecordsRequest

ANSWER_BUSINESS_DAYS = 10
CITATION = ("MGL c.66 §10(a); 950 CMR 32.06(2): answered within 10 business days of "
            "receipt")


@dataclass(frozen=True)
class RequestRow:
    request_id: int
    received_on: date
    requester: str
    description: str
    meeting_day: date | None
    due_on: date
    answered_on: date | None
    response: str

    def standing(self, today: date) -> str:
        """'answered March 3, 2027', 'due March 10, 2027', or 'OVERDUE since …'."""
        if self.answered_on is not None:
            late = " (late)" if self.answered_on > self.due_on else ""
            return f"answered {long_date(self.answered_on)}{late}"
        if today > self.due_on:
            return f"OVERDUE since {long_date(self.due_on)}"
        return f"due {long_date(self.due_on)}"


def answer_due(received_on: date, calendar: BusinessCalendar) -> date:
    """The 10th business day following the day of receipt."""
    return calendar.add_business_days(received_on, ANSWER_BUSINESS_DAYS)


def _calendar(db: Database) -> BusinessCalendar:
    with db.read_session() as session:
        dates, rules = town_closures(session)
    return BusinessCalendar.with_closures(dates, rules)


def log_request(db: Database, received_on: date, requester: str, description: str,
                meeting_id: int | None = None, today: date | None = None) -> RequestRow:
    if not requester.strip():
        raise UserError("name who made the request (a name, or 'anonymous')")
    if not description.strip():
        raise UserError("say what records were asked for")
    if today is not None and received_on > today:
        raise UserError(f"{long_date(received_on)} is still ahead: log a request once received")
    due = answer_due(received_on, _calendar(db))
    with db.session() as session:
        if meeting_id is not None:
            get_or_refuse(session, Meeting, meeting_id, "meeting")
        row = RecordsRequest(received_on=received_on, requester=requester.strip(),
                             description=description.strip(), meeting_id=meeting_id,
                             due_on=due)
        session.add(row)
        session.flush()
        return _row(session, row)


def answer_request(db: Database, request_id: int, answered_on: date, response: str) -> RequestRow:
    if not response.strip():
        raise UserError("say how the request was answered (records sent, none held, …)")
    with db.session() as session:
        row = get_or_refuse(session, RecordsRequest, request_id, "records request")
        if answered_on < row.received_on:
            raise UserError(f"answered {long_date(answered_on)} is before the request was "
                            f"received ({long_date(row.received_on)})")
        row.answered_on, row.response = answered_on, response.strip()
        session.flush()
        return _row(session, row)


def _row(session: Session, row: RecordsRequest) -> RequestRow:
    meeting = session.get(Meeting, row.meeting_id) if row.meeting_id else None
    return RequestRow(row.id, row.received_on, row.requester, row.description,
                      meeting.held_on if meeting else None, row.due_on, row.answered_on,
                      row.response)


def list_requests(db: Database) -> list[RequestRow]:
    """Every request, the newest first."""
    with db.read_session() as session:
        rows = session.scalars(select(RecordsRequest).order_by(
            RecordsRequest.received_on.desc(), RecordsRequest.id.desc())).all()
        return [_row(session, row) for row in rows]
