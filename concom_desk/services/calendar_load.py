"""Reading the hearing calendar out of the store, once, into plain rows
(`concom_desk.services.calendar_entries`) for the tab, the .ics and the documents."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.deadline_engine import compute_deadlines
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.open_meeting_law import POSTING_CITATION, posting_deadline
from concom_desk.domain.town_profile import TownProfile
from concom_desk.services.calendar_entries import (
    CalendarSnapshot,
    DeadlineEntry,
    HearingEntry,
    MeetingEntry,
    RatificationEntry,
)
from concom_desk.services.filing_deadlines import FINISHED_STATUSES, is_met
from concom_desk.services.hearing_clocks import meeting_start
from concom_desk.services.town_profiles import available_profiles
from concom_desk.store import Database
from concom_desk.store.models import (
    CommissionSettings,
    Continuance,
    EnforcementCase,
    EnforcementOrder,
    Filing,
    Hearing,
    Meeting,
)
from concom_desk.store.models.calendar import CalendarFeed, HearingNotice


def calendar_identity(db: Database) -> str:
    """The feed identity of this database, created on first use."""
    with db.read_session() as session:
        found = session.scalar(select(CalendarFeed.uuid))
    if found:
        return found
    with db.session() as session:
        found = session.scalar(select(CalendarFeed.uuid))
        if not found:
            found = str(uuid.uuid4())
            session.add(CalendarFeed(uuid=found))
        return found


def _kind_name(kind: str) -> str:
    found = KINDS.get(kind)
    return found.name if found else kind


def _hearing_entry(session: Session, hearing: Hearing, filing: Filing, meeting: Meeting,
                   continued_from: date | None) -> HearingEntry:
    notice = session.scalars(select(HearingNotice).where(
        HearingNotice.hearing_id == hearing.id, HearingNotice.meeting_id == meeting.id)).first()
    onward = session.scalars(select(Continuance).where(
        Continuance.hearing_id == hearing.id, Continuance.from_meeting_id == meeting.id)).first()
    prop = filing.property
    return HearingEntry(
        hearing_id=hearing.id, filing_id=filing.id, file_no=filing.file_no,
        dep_file_no=filing.dep_file_no, kind=filing.kind, kind_name=_kind_name(filing.kind),
        applicant=filing.applicant.name if filing.applicant else "",
        owner=filing.owner.name if filing.owner else "",
        address=prop.address if prop else "", map_lot=prop.map_lot if prop else "",
        work_description=filing.work_description, resource_areas=filing.resource_areas,
        status="continued" if continued_from is not None else "new",
        hearing_status=hearing.status, continued_from=continued_from,
        continued_to=onward.continued_to if onward else None,
        legal_notice_by=notice.publish_by if notice else None,
        advertise=notice is not None,
    )


def _meeting_entries(session: Session, start: date | None, end: date | None
                     ) -> list[MeetingEntry]:
    query = select(Meeting).order_by(Meeting.held_on, Meeting.start_time)
    if start is not None:
        query = query.where(Meeting.held_on >= start)
    if end is not None:
        query = query.where(Meeting.held_on <= end)
    entries = []
    for meeting in session.scalars(query):
        hearings = []
        for hearing in session.scalars(select(Hearing).where(Hearing.meeting_id == meeting.id)
                                       .order_by(Hearing.id)):
            if hearing.status == "withdrawn":
                continue
            filing = session.get(Filing, hearing.filing_id)
            assert filing is not None
            hearings.append(_hearing_entry(session, hearing, filing, meeting, None))
        for continuance in session.scalars(select(Continuance).where(
                Continuance.to_meeting_id == meeting.id).order_by(Continuance.id)):
            hearing = session.get(Hearing, continuance.hearing_id)
            if hearing is None or hearing.status == "withdrawn":
                continue
            filing = session.get(Filing, hearing.filing_id)
            before = session.get(Meeting, continuance.from_meeting_id) \
                if continuance.from_meeting_id else None
            assert filing is not None
            hearings.append(_hearing_entry(session, hearing, filing, meeting,
                                           before.held_on if before else None))
        start_at = meeting_start(meeting)
        posted = (datetime.fromisoformat(meeting.agenda_posted_at)
                  if meeting.agenda_posted_at else None)
        entries.append(MeetingEntry(
            meeting_id=meeting.id, at=start_at, place=meeting.place, kind=meeting.kind,
            cancelled=meeting.cancelled, post_by=posting_deadline(start_at),
            hearings=tuple(hearings), agenda_posted_at=posted,
        ))
    return entries


def _booked_days(session: Session) -> dict[int, tuple[date, bool]]:
    """Filing id -> (the meeting its hearing is booked on, while not yet opened; whether
    its legal notice is published). The notices are counted back from that meeting
    rather than from the 21-day limit."""
    found: dict[int, tuple[date, bool]] = {}
    for hearing in session.scalars(select(Hearing).where(
            Hearing.status == "scheduled", Hearing.opened_on.is_(None),
            Hearing.meeting_id.is_not(None))):
        meeting = session.get(Meeting, hearing.meeting_id)
        if meeting is not None and not meeting.cancelled:
            published = session.scalar(select(HearingNotice.published_on).where(
                HearingNotice.hearing_id == hearing.id,
                HearingNotice.meeting_id == meeting.id))
            found[hearing.filing_id] = (meeting.held_on, published is not None)
    return found


def _filing_deadlines(session: Session, profiles: Mapping[str, TownProfile]
                      ) -> list[DeadlineEntry]:
    found = []
    booked = _booked_days(session)
    for filing in session.scalars(select(Filing).where(Filing.status.not_in(FINISHED_STATUSES))
                                  .order_by(Filing.id)):
        if filing.received is None or filing.town not in profiles:
            continue
        events = filing.event_dates()
        booked_day, published = booked.get(filing.id, (None, False))
        if booked_day is not None and "hearing" in KINDS[filing.kind].events:
            events.setdefault("hearing", booked_day)
        deadlines = compute_deadlines(profiles[filing.town], filing.kind, events,
                                      filing.flags())
        for deadline in deadlines:
            met = is_met(filing, deadline) or (published and deadline.id == "legal_notice_by")
            found.append(DeadlineEntry(
                "filing", filing.id, filing.file_no, deadline.id, deadline.date,
                deadline.label, deadline.citation, met=met))
    return found


def _ratifications(session: Session) -> list[RatificationEntry]:
    found = []
    for order in session.scalars(select(EnforcementOrder).where(
            EnforcementOrder.emergency, EnforcementOrder.ratified_meeting_id.is_(None),
            EnforcementOrder.lifted_on.is_(None)).order_by(EnforcementOrder.issued_on)):
        case = session.get(EnforcementCase, order.case_id)
        if case is None or case.status == "void":
            continue
        signer = order.signed_by.splitlines()[0] if order.signed_by.strip() else ""
        found.append(RatificationEntry(
            order.id, case.id, case.case_no, order.issued_on, signer,
            case.property.address if case.property else "", order.ratify_by))
    return found


def load_calendar(db: Database, start: date | None = None, end: date | None = None,
                  profiles: Mapping[str, TownProfile] | None = None) -> CalendarSnapshot:
    identity = calendar_identity(db)
    profiles = profiles if profiles is not None else available_profiles()
    with db.read_session() as session:
        settings = session.scalars(select(CommissionSettings)).first()
        meetings = _meeting_entries(session, start, end)
        deadlines = _filing_deadlines(session, profiles)
        ratifications = _ratifications(session)
    for meeting in meetings:
        if not meeting.cancelled:
            deadlines.append(DeadlineEntry(
                "meeting", meeting.meeting_id, f"Meeting {meeting.day:%b} {meeting.day.day}",
                "posting", meeting.post_by.date(), "Post the meeting notice and agenda",
                POSTING_CITATION, met=meeting.agenda_posted_at is not None))
    for order in ratifications:
        if order.ratify_by is not None:
            deadlines.append(DeadlineEntry(
                "enforcement_case", order.case_id, order.case_no, "ratify_by", order.ratify_by,
                "Ratify the emergency enforcement order", "Sandwich §7.55 Part 2"))
    if start is not None or end is not None:
        deadlines = [d for d in deadlines
                     if (start is None or d.day >= start) and (end is None or d.day <= end)]
    deadlines.sort(key=lambda d: (d.day, d.reference, d.kind))
    return CalendarSnapshot(
        identity=identity, commission_name=settings.name if settings else "",
        meetings=tuple(meetings), deadlines=tuple(deadlines),
        ratifications=tuple(ratifications),
    )
