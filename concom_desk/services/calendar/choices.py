"""Short lists the calendar's dialogs offer: filings that can be booked, hearings
that are open, meetings ahead. Plain rows, read in one consistent session."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select

from concom_desk.domain.status_rules import HEARD_KINDS
from concom_desk.services.calendar.clocks import current_session
from concom_desk.store import Database
from concom_desk.store.models import OPEN_HEARING_STATUSES, Filing, Hearing


@dataclass(frozen=True)
class FilingChoice:
    filing_id: int
    file_no: str
    kind: str
    applicant: str
    address: str
    received: date | None
    booked_on: date | None  # the meeting its not-yet-opened hearing is booked on

    def label(self) -> str:
        who = ", ".join(p for p in (self.applicant, self.address) if p)
        kind = self.kind.upper()
        booked = f" (booked {self.booked_on:%b} {self.booked_on.day})" if self.booked_on else ""
        return f"{self.file_no} {kind} — {who}{booked}" if who else f"{self.file_no} {kind}"


@dataclass(frozen=True)
class HearingChoice:
    hearing_id: int
    filing_id: int
    file_no: str
    applicant: str
    status: str
    session_day: date | None  # the meeting it is next heard at
    session_meeting_id: int | None

    def label(self) -> str:
        when = f", {self.session_day:%b} {self.session_day.day}" if self.session_day else ""
        return f"{self.file_no} — {self.applicant} ({self.status}{when})"


def bookable_filings(db: Database) -> list[FilingChoice]:
    """Filings heard at a hearing whose hearing has not opened yet."""
    found = []
    with db.read_session() as session:
        for filing in session.scalars(select(Filing).where(
                Filing.kind.in_(HEARD_KINDS), Filing.status == "received")
                .order_by(Filing.received.nulls_first(), Filing.file_no)):  # as SQLite
            hearing = session.scalars(select(Hearing).where(
                Hearing.filing_id == filing.id, Hearing.status.in_(OPEN_HEARING_STATUSES))).first()
            if hearing is not None and hearing.opened_on is not None:
                continue
            meeting = current_session(session, hearing) if hearing else None
            found.append(FilingChoice(
                filing.id, filing.file_no, filing.kind,
                filing.applicant.name if filing.applicant else "",
                filing.property.address if filing.property else "",
                filing.received, meeting.held_on if meeting else None))
    return found


def open_hearings(db: Database) -> list[HearingChoice]:
    found = []
    with db.read_session() as session:
        for hearing in session.scalars(select(Hearing).where(
                Hearing.status.in_(OPEN_HEARING_STATUSES)).order_by(Hearing.id)):
            filing = session.get(Filing, hearing.filing_id)
            assert filing is not None
            meeting = current_session(session, hearing)
            found.append(HearingChoice(
                hearing.id, filing.id, filing.file_no,
                filing.applicant.name if filing.applicant else "", hearing.status,
                meeting.held_on if meeting else None, meeting.id if meeting else None))
    return found
