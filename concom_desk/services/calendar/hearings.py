"""Booking, opening, continuing and closing hearings: each one transaction, each
row change in the audit trail (the store's triggers), each checked against the
town's clocks first (`concom_desk.domain.hearing_booking`).

The preview functions answer the dialog before the clerk confirms; the writing
functions check again inside their transaction, so a stop found at the last
moment (a waiver voided meanwhile) still refuses the write.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.hearing_booking import BookingReview, Finding, Severity, review_booking
from concom_desk.domain.hearing_continuance import (
    Closing,
    Continuance,
    ContinuanceReview,
    close_hearing,
    review_continuance,
)
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.calendar.clocks import (
    current_session,
    filing_clocks,
    get_or_refuse,
    meeting_start,
    town_profile,
)
from concom_desk.services.calendar.notice_check import notice_finding
from concom_desk.store import Database
from concom_desk.store.models import (
    OPEN_HEARING_STATUSES,
    Filing,
    Hearing,
    HearingWaiver,
    Meeting,
)
from concom_desk.store.models import Continuance as ContinuanceRow
from concom_desk.store.models.calendar import HearingNotice


def _refuse_if_blocked(findings: Sequence[Finding], what: str) -> None:
    stops = [f.message for f in findings if f.severity is Severity.STOP]
    if stops:
        raise UserError(f"{what} refused: {' '.join(stops)}")


def _usable_meeting(session: Session, meeting_id: int) -> Meeting:
    meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
    if meeting.cancelled:
        raise UserError(f"the meeting of {long_date(meeting.held_on)} is cancelled; "
                        "choose another")
    return meeting


def _review(session: Session, filing: Filing, meeting: Meeting, today: date,
            profiles: Mapping[str, TownProfile] | None, now: datetime | None = None
            ) -> BookingReview:
    review = review_booking(town_profile(filing, profiles, session),
                            filing_clocks(session, filing), meeting.held_on, today,
                            meeting_at=meeting_start(meeting), now=now)
    notices = notice_finding(session, filing, None, meeting.held_on, today, profiles,
                             sitting=False, beside=review.findings)
    return replace(review, findings=_with(review.findings, notices))


def _with(findings: tuple[Finding, ...], more: Finding | None) -> tuple[Finding, ...]:
    return findings if more is None else (*findings, more)


def preview_booking(db: Database, filing_id: int, meeting_id: int, today: date,
                    profiles: Mapping[str, TownProfile] | None = None,
                    now: datetime | None = None) -> BookingReview:
    """Every clock the booking touches; `now` adds the agenda's posting deadline."""
    with db.read_session() as session:
        filing = get_or_refuse(session, Filing, filing_id, "filing")
        return _review(session, filing, _usable_meeting(session, meeting_id), today, profiles,
                       now)


def book_hearing(db: Database, filing_id: int, meeting_id: int, today: date,
                 profiles: Mapping[str, TownProfile] | None = None) -> int:
    """Book (or re-book, while not yet opened) the filing's hearing onto the meeting.
    Refused with the plain reason when a clock is a hard stop. Returns the hearing id."""
    with db.session() as session:
        filing = get_or_refuse(session, Filing, filing_id, "filing")
        if filing.status == "void":
            raise UserError(f"filing {filing.file_no} is void")
        meeting = _usable_meeting(session, meeting_id)
        review = _review(session, filing, meeting, today, profiles)
        _refuse_if_blocked(review.findings, "booking")
        hearing = session.scalars(
            select(Hearing).where(Hearing.filing_id == filing.id,
                                  Hearing.status.in_(OPEN_HEARING_STATUSES))
        ).first()
        if hearing is not None and hearing.opened_on is not None:
            raise UserError(
                f"the hearing on {filing.file_no} is already open; continue it to a date "
                "certain instead of booking it again"
            )
        if hearing is None:
            hearing = Hearing(filing_id=filing.id, status="scheduled")
            session.add(hearing)
        elif hearing.meeting_id is not None:
            old = session.scalars(select(HearingNotice).where(
                HearingNotice.hearing_id == hearing.id,
                HearingNotice.meeting_id == hearing.meeting_id)).first()
            if old is not None:
                session.delete(old)
        hearing.meeting_id = meeting.id
        session.flush()
        due = review.deadline("legal_notice_by")
        session.add(HearingNotice(hearing_id=hearing.id, meeting_id=meeting.id, reason="new",
                                  publish_by=due.date if due else None))
        return hearing.id


def _open(session: Session, hearing: Hearing, opened_on: date) -> None:
    if hearing.opened_on is not None:
        return
    hearing.opened_on = opened_on
    hearing.status = "open"
    filing = session.get(Filing, hearing.filing_id)
    assert filing is not None
    filing.hearing = opened_on
    if filing.status == "received":
        filing.status = "hearing"


@dataclass(frozen=True)
class ContinuanceRequest:
    hearing_id: int
    to_meeting_id: int
    reason: str
    applicant_consents: bool
    announced_at_hearing: bool = True
    requested_by: str = "applicant"  # or "commission"
    consent_received_on: date | None = None


def _continuance_review(session: Session, request: ContinuanceRequest, today: date,
                        profiles: Mapping[str, TownProfile] | None
                        ) -> tuple[Hearing, Meeting, Meeting, ContinuanceReview, TownProfile]:
    hearing = get_or_refuse(session, Hearing, request.hearing_id, "hearing")
    if hearing.status not in OPEN_HEARING_STATUSES:
        raise UserError(f"the hearing is {hearing.status}; only an open hearing is continued")
    here = current_session(session, hearing)
    if here is None:
        raise UserError("the hearing is not booked on a meeting yet; book it first")
    there = _usable_meeting(session, request.to_meeting_id)
    filing = session.get(Filing, hearing.filing_id)
    assert filing is not None
    profile = town_profile(filing, profiles, session)
    review = review_continuance(
        profile, filing_clocks(session, filing),
        Continuance(here.held_on, there.held_on, request.reason, request.applicant_consents,
                    request.announced_at_hearing),
        today,
    )
    if hearing.opened_on is None:  # the hearing opens at this session
        notices = notice_finding(session, filing, hearing, here.held_on, today, profiles,
                                 sitting=True, beside=review.findings)
        review = replace(review, findings=_with(review.findings, notices))
    return hearing, here, there, review, profile


def preview_continuance(db: Database, request: ContinuanceRequest, today: date,
                        profiles: Mapping[str, TownProfile] | None = None) -> ContinuanceReview:
    with db.read_session() as session:
        return _continuance_review(session, request, today, profiles)[3]


def continue_hearing(db: Database, request: ContinuanceRequest, today: date,
                     profiles: Mapping[str, TownProfile] | None = None) -> int:
    """Continue the hearing from its current session to the meeting chosen. The
    session it is continued at counts as opened. Returns the continuance id."""
    with db.session() as session:
        hearing, here, there, review, profile = _continuance_review(
            session, request, today, profiles)
        if here.held_on > today:
            # Continued "to a date announced at the hearing": that session must have sat.
            raise UserError(f"this hearing sits next on {here.held_on}: record the "
                            "continuance at or after that meeting")
        _refuse_if_blocked(review.findings, "continuance")
        _open(session, hearing, here.held_on)
        row = ContinuanceRow(
            hearing_id=hearing.id, from_meeting_id=here.id, to_meeting_id=there.id,
            continued_to=there.held_on, requested_by=request.requested_by,
            reason=request.reason.strip(), applicant_consent=request.applicant_consents,
            consent_received_on=request.consent_received_on,
        )
        session.add(row)
        hearing.status = "continued"
        if review.readvertise:
            notice = next((f for f in review.findings if f.clock == "legal_notice_by"), None)
            reason = "not_announced" if not request.announced_at_hearing else "town_rule"
            session.add(HearingNotice(hearing_id=hearing.id, meeting_id=there.id, reason=reason,
                                      publish_by=notice.due if notice else None))
        session.flush()
        return row.id


def preview_close(db: Database, hearing_id: int, closed_on: date, today: date,
                  profiles: Mapping[str, TownProfile] | None = None) -> Closing:
    with db.read_session() as session:
        return _closing(session, hearing_id, closed_on, today, profiles)[1]


def _closing(session: Session, hearing_id: int, closed_on: date, today: date,
             profiles: Mapping[str, TownProfile] | None) -> tuple[Hearing, Closing]:
    hearing = get_or_refuse(session, Hearing, hearing_id, "hearing")
    if hearing.status not in OPEN_HEARING_STATUSES:
        raise UserError(f"the hearing is already {hearing.status}")
    filing = session.get(Filing, hearing.filing_id)
    assert filing is not None
    opened = hearing.opened_on or closed_on
    closing = close_hearing(town_profile(filing, profiles, session),
                            filing_clocks(session, filing), opened, closed_on, today)
    notices = notice_finding(session, filing, hearing, opened, today, profiles, sitting=True,
                             beside=closing.findings)
    return hearing, replace(closing, findings=_with(closing.findings, notices))


def close_hearing_on(db: Database, hearing_id: int, closed_on: date, today: date,
                     profiles: Mapping[str, TownProfile] | None = None) -> Closing:
    """Close the hearing: the decision clock starts (returned, with its date)."""
    with db.session() as session:
        hearing, closing = _closing(session, hearing_id, closed_on, today, profiles)
        _open(session, hearing, hearing.opened_on or closed_on)
        hearing.closed_on = closed_on
        hearing.status = "closed"
        filing = session.get(Filing, hearing.filing_id)
        assert filing is not None
        filing.closed = closed_on
        if filing.status in ("received", "hearing"):
            filing.status = "closed"
        return closing


def record_waiver(db: Database, filing_id: int, signed_on: date, signed_by: str,
                  hearing_no_later_than: date | None = None) -> int:
    """Record the applicant's written waiver of the 21-day hearing clock."""
    if not signed_by.strip():
        raise UserError("name who signed the waiver (the applicant or their agent)")
    with db.session() as session:
        filing = get_or_refuse(session, Filing, filing_id, "filing")
        if filing.received is not None and signed_on < filing.received:
            raise UserError("the waiver cannot be signed before the filing was received")
        waiver = HearingWaiver(filing_id=filing.id, signed_on=signed_on,
                               signed_by=signed_by.strip(),
                               hearing_no_later_than=hearing_no_later_than,
                               received_on=signed_on)
        session.add(waiver)
        session.flush()
        return waiver.id
