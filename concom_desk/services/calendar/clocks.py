"""From stored rows to what the domain's booking rules need: the town profile
(with the town's closure days) and a filing's clocks (received, boards notified,
abutters notified, the applicant's 21-day waiver)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time
from typing import TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from concom_desk.domain.hearing_booking import FilingClocks
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.store.models import (
    Abutter,
    AbutterNotice,
    Continuance,
    Filing,
    Hearing,
    HearingWaiver,
    Meeting,
)

T = TypeVar("T")


def town_profile(filing: Filing, profiles: Mapping[str, TownProfile] | None = None,
                 session: Session | None = None) -> TownProfile:
    """The filing's town profile, with the town's own office closures (from the
    settings) when a session is given: they are not business days either."""
    clock = (FilingClock.read_profiles(session, profiles) if session is not None
             else FilingClock(profiles if profiles is not None else available_profiles()))
    return clock.town_profile(filing.facts())


def abutters_notified_on(session: Session, filing_id: int) -> date | None:
    """The day the last abutter was notified, once every abutter has been; else None."""
    abutters = session.scalar(select(func.count(Abutter.id)).where(Abutter.filing_id == filing_id))
    if not abutters:
        return None
    rows = session.execute(
        select(Abutter.id, func.min(AbutterNotice.mailed_on))
        .join(AbutterNotice, AbutterNotice.abutter_id == Abutter.id)
        .where(Abutter.filing_id == filing_id, AbutterNotice.mailed_on.is_not(None))
        .group_by(Abutter.id)
    ).all()
    if len(rows) < abutters:
        return None
    return max(day for _, day in rows)


def waiver_signed_on(session: Session, filing_id: int) -> date | None:
    return session.scalar(
        select(func.max(HearingWaiver.signed_on)).where(HearingWaiver.filing_id == filing_id)
    )


def filing_clocks(session: Session, filing: Filing) -> FilingClocks:
    if filing.received is None:
        raise UserError(f"filing {filing.file_no} has no date received; enter it first")
    return FilingClocks(
        file_no=filing.file_no,
        kind=filing.kind,
        received=filing.received,
        boards_notified=filing.boards_notified,
        abutters_notified=abutters_notified_on(session, filing.id),
        waiver_signed=waiver_signed_on(session, filing.id),
        flags=filing.flags(),
    )


def meeting_start(meeting: Meeting) -> datetime:
    hour, minute = (int(part) for part in (meeting.start_time or "19:00").split(":"))
    return datetime.combine(meeting.held_on, time(hour, minute))


def current_session(session: Session, hearing: Hearing) -> Meeting | None:
    """The meeting the hearing is next (or last) heard at: the latest continuance's
    meeting, else the meeting it was booked on."""
    last = session.scalars(
        select(Continuance).where(Continuance.hearing_id == hearing.id)
        .order_by(Continuance.id.desc()).limit(1)
    ).first()
    meeting_id = last.to_meeting_id if last is not None else hearing.meeting_id
    return session.get(Meeting, meeting_id) if meeting_id is not None else None


def get_or_refuse(session: Session, model: type[T], record_id: int, what: str) -> T:
    found = session.get(model, record_id)
    if found is None:
        raise UserError(f"there is no {what} number {record_id}")
    return found
