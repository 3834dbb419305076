"""Reading the hearing calendar out of the store, once, into plain rows
(`concom_desk.services.calendar.entries`) for the tab, the .ics and the documents."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import ColumnElement, and_, func, or_, select, true
from sqlalchemy.orm import Session, aliased, selectinload

from concom_desk.domain.enforcement_case import RATIFICATION_CITATION
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.laws import STATE_TOWN
from concom_desk.domain.open_meeting_law import POSTING_CITATION, posting_deadline
from concom_desk.domain.status_rules import CLOCKS_STOPPED
from concom_desk.domain.town_profile import TownProfile
from concom_desk.services.calendar.clocks import meeting_start
from concom_desk.services.calendar.counted_deadlines import Counted, CountedDeadlines
from concom_desk.services.calendar.entries import (
    CalendarSnapshot,
    DeadlineEntry,
    HearingEntry,
    MeetingEntry,
    RatificationEntry,
)
from concom_desk.services.calendar.month_scope import may_fall_within
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.deadlines import open_continuances
from concom_desk.services.filings.filing_clock import MOST_IDS_LISTED, FilingClock
from concom_desk.store import Database
from concom_desk.store.models import (
    AuditEntry,
    CommissionSettings,
    Continuance,
    EnforcementCase,
    EnforcementOrder,
    Filing,
    Hearing,
    Meeting,
    Party,
    Property,
)
from concom_desk.store.models.calendar import CalendarFeed, HearingNotice


def stored_calendar_identity(db: Database) -> str | None:
    with db.read_session() as session:
        return session.scalar(select(CalendarFeed.uuid))


def calendar_identity(db: Database) -> str:
    """The feed identity of this database, created on first use."""
    found = stored_calendar_identity(db)
    if found:
        return found
    with db.session() as session:
        found = session.scalar(select(CalendarFeed.uuid))
        if not found:
            found = str(uuid.uuid4())
            session.add(CalendarFeed(uuid=found))
        return found


def _known_identity(db: Database) -> str:
    with db.read_session() as session:
        return session.scalar(select(CalendarFeed.uuid)) or ""


def _kind_name(kind: str) -> str:
    found = KINDS.get(kind)
    return found.name if found else kind


@dataclass(frozen=True)
class _HearingRow:
    id: int
    filing_id: int
    meeting_id: int | None
    status: str
    opened_on: date | None
    file_no: str
    dep_file_no: str
    kind: str
    work_description: str
    resource_areas: str
    applicant: str
    owner: str
    address: str
    map_lot: str
    laws: str = "both"


def _hearing_rows(session: Session, where: ColumnElement[bool] | None = None
                  ) -> dict[int, _HearingRow]:
    """The hearings `where` picks (every one without it) with what the calendar prints
    of their filing, as plain rows (one query; building ORM objects for thousands of
    hearings would freeze the tab)."""
    applicant, owner = aliased(Party), aliased(Party)
    query = (
        select(Hearing.id, Hearing.filing_id, Hearing.meeting_id, Hearing.status,
               Hearing.opened_on, Filing.file_no, Filing.dep_file_no, Filing.kind,
               Filing.work_description, Filing.resource_areas, applicant.name, owner.name,
               Property.address, Property.map, Property.lot, Filing.laws)
        .join(Filing, Filing.id == Hearing.filing_id)
        .outerjoin(applicant, applicant.id == Filing.applicant_id)
        .outerjoin(owner, owner.id == Filing.owner_id)
        .outerjoin(Property, Property.id == Filing.property_id)
        .order_by(Hearing.id)
    )
    if where is not None:
        query = query.where(where)
    found = {}
    for row in session.execute(query):
        (ident, filing_id, meeting_id, status, opened_on, file_no, dep_file_no, kind, work,
         areas, applicant_name, owner_name, address, map_, lot, laws) = row
        map_lot = f"{map_ or ''}-{lot or ''}" if map_ or lot else ""
        found[ident] = _HearingRow(ident, filing_id, meeting_id, status, opened_on, file_no,
                                   dep_file_no or "", kind, work or "", areas or "",
                                   applicant_name or "", owner_name or "", address or "",
                                   map_lot, laws or "both")
    return found


@dataclass(frozen=True)
class _ContinuanceRow:
    hearing_id: int
    from_meeting_id: int | None
    to_meeting_id: int | None
    continued_to: date


@dataclass(frozen=True)
class _NoticeRow:
    publish_by: date | None
    published_on: date | None


@dataclass(frozen=True)
class Window:
    """The days a view shows: meetings and deadlines from `start` to `end` (either
    open-ended when None), and every meeting from `agenda_from` on (the agenda list)."""

    start: date | None = None
    end: date | None = None
    agenda_from: date | None = None

    @property
    def everything(self) -> bool:
        return self.start is None and self.end is None and self.agenda_from is None

    def meetings(self) -> ColumnElement[bool]:
        # A week past the end too: the agenda of a meeting just after must be posted
        # within the window (48 hours ahead, not counting weekends and holidays).
        shown = and_(Meeting.held_on >= self.start if self.start else true(),
                     Meeting.held_on <= self.end + timedelta(days=7) if self.end else true())
        if self.agenda_from is None:
            return shown
        return or_(shown, Meeting.held_on >= self.agenda_from)

    def holds(self, day: date) -> bool:
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)


class _Records:
    """The rows the calendar needs for the meetings in the window, read in a handful of
    queries (no query per row, and none for the twenty years outside the window)."""

    def __init__(self, session: Session, window: Window) -> None:
        query = select(Meeting)
        if not window.everything:
            query = query.where(window.meetings())
        self.meetings = {m.id: m for m in session.scalars(query)}
        # The day of every meeting, for "continued from" (the earlier meeting may lie
        # outside the window): two small columns of a table of a few hundred rows.
        self.held_on = dict(session.execute(select(Meeting.id, Meeting.held_on)).all())
        ids = list(self.meetings)
        if window.everything:
            self.hearings = _hearing_rows(session)
        else:
            continued_here = select(Continuance.hearing_id).where(
                Continuance.to_meeting_id.in_(ids))
            self.hearings = _hearing_rows(session, or_(Hearing.meeting_id.in_(ids),
                                                       Hearing.id.in_(continued_here)))
        continuances = select(Continuance.hearing_id, Continuance.from_meeting_id,
                              Continuance.to_meeting_id, Continuance.continued_to
                              ).order_by(Continuance.id)
        notices = select(HearingNotice.hearing_id, HearingNotice.meeting_id,
                         HearingNotice.publish_by, HearingNotice.published_on)
        if not window.everything:
            continuances = continuances.where(Continuance.hearing_id.in_(list(self.hearings)))
            notices = notices.where(HearingNotice.meeting_id.in_(ids))
        self.continuances = [_ContinuanceRow(*row) for row in session.execute(continuances)]
        self.notices = {
            (hearing_id, meeting_id): _NoticeRow(publish_by, published_on)
            for hearing_id, meeting_id, publish_by, published_on in session.execute(notices)}
        self.onward = {(c.hearing_id, c.from_meeting_id): c for c in self.continuances}


    def hearing_entry(self, hearing: _HearingRow, meeting: Meeting,
                      continued_from: date | None) -> HearingEntry:
        notice = self.notices.get((hearing.id, meeting.id))
        onward = self.onward.get((hearing.id, meeting.id))
        return HearingEntry(
            hearing_id=hearing.id, filing_id=hearing.filing_id, file_no=hearing.file_no,
            dep_file_no=hearing.dep_file_no, kind=hearing.kind,
            kind_name=_kind_name(hearing.kind), applicant=hearing.applicant,
            owner=hearing.owner, address=hearing.address, map_lot=hearing.map_lot,
            work_description=hearing.work_description, resource_areas=hearing.resource_areas,
            status="continued" if continued_from is not None else "new",
            hearing_status=hearing.status, continued_from=continued_from,
            continued_to=onward.continued_to if onward else None,
            legal_notice_by=notice.publish_by if notice else None,
            advertise=notice is not None, laws=hearing.laws,
        )

    def meeting_entries(self) -> list[MeetingEntry]:
        by_meeting: dict[int, list[HearingEntry]] = {m: [] for m in self.meetings}
        for hearing in sorted(self.hearings.values(), key=lambda h: h.id):
            if hearing.status != "withdrawn" and hearing.meeting_id in by_meeting:
                meeting = self.meetings[hearing.meeting_id]
                by_meeting[meeting.id].append(self.hearing_entry(hearing, meeting, None))
        for continuance in self.continuances:
            hearing = self.hearings.get(continuance.hearing_id)
            meeting = self.meetings.get(continuance.to_meeting_id or -1)
            if hearing is None or meeting is None or hearing.status == "withdrawn":
                continue
            before = self.held_on.get(continuance.from_meeting_id or -1)
            by_meeting[meeting.id].append(self.hearing_entry(hearing, meeting, before))
        entries = []
        for meeting in sorted(self.meetings.values(), key=lambda m: (m.held_on, m.start_time)):
            start_at = meeting_start(meeting)
            posted = (datetime.fromisoformat(meeting.agenda_posted_at)
                      if meeting.agenda_posted_at else None)
            entries.append(MeetingEntry(
                meeting_id=meeting.id, at=start_at, place=meeting.place, kind=meeting.kind,
                cancelled=meeting.cancelled, post_by=posting_deadline(start_at),
                hearings=tuple(by_meeting[meeting.id]), agenda_posted_at=posted,
            ))
        return entries


def booked_days(session: Session) -> dict[int, tuple[date, bool]]:
    """Filing id -> (the meeting its hearing is booked on, while not yet opened;
    whether its legal notice is published). The notices are counted back from that
    meeting rather than from the 21-day limit."""
    query = (select(Hearing.filing_id, Meeting.held_on, HearingNotice.published_on)
             .join(Meeting, Meeting.id == Hearing.meeting_id)
             .outerjoin(HearingNotice, and_(HearingNotice.hearing_id == Hearing.id,
                                            HearingNotice.meeting_id == Meeting.id))
             .where(Hearing.status == "scheduled", Hearing.opened_on.is_(None),
                    Meeting.cancelled.is_(False))
             .order_by(Hearing.id))
    # A filing's later hearing stands over an earlier one, as when they were read in turn.
    return {filing_id: (held_on, published_on is not None)
            for filing_id, held_on, published_on in session.execute(query)}


# The filings counted between two calls of a read's `check` (a few hundredths of a
# second of counting): a read nobody waits for any more stops that soon.
CHECK_EVERY = 25


def _filing_deadlines(session: Session, profiles: Mapping[str, TownProfile],
                      booked: Mapping[int, tuple[date, bool]], window: Window,
                      counted: Counted | None = None,
                      check: Callable[[], None] | None = None) -> list[DeadlineEntry]:
    """The deadlines of the filings that may have one in the window (every filing's
    without one), each filing's on every day; those in `counted` are not counted
    again, and those counted here are added to it (one by one: a read stopped by
    `check` leaves what it counted to the next)."""
    counting = FilingClock.read_profiles(session, profiles)
    in_effect = counting.profiles
    span = (window.start, window.end) if window.start and window.end else None
    ids = counted.candidates.get(span) if counted is not None and span else None
    if ids is None:
        candidates = select(Filing.id).where(Filing.status.not_in(CLOCKS_STOPPED))
        if span is not None:
            # Only the filings that can have a deadline in the window (see month_scope);
            # those counted from a booked meeting are read whatever (a few).
            # A continued hearing's date certain is counted from too (a few filings).
            counted_elsewhere = set(booked) | set(open_continuances(session))
            # The clocks of the towns with filings only (the state's run beside any
            # town's): each profile adds its own conditions to the query.
            towns = set(session.scalars(select(Filing.town).distinct())) | {STATE_TOWN}
            in_use = {town: profile for town, profile in in_effect.items() if town in towns}
            candidates = candidates.where(may_fall_within(*span, in_use, counted_elsewhere))
        ids = list(session.scalars(candidates.order_by(Filing.id)))
        if counted is not None and span is not None:
            counted.candidates[span] = ids
    known = {} if counted is None else counted.deadlines
    missing = [filing_id for filing_id in ids if filing_id not in known]
    if missing:
        query = (select(Filing).options(selectinload(Filing.original))
                 .where(Filing.status.not_in(CLOCKS_STOPPED)).order_by(Filing.id))
        if len(missing) <= MOST_IDS_LISTED:  # (more: read them all, quicker than a list)
            query = query.where(Filing.id.in_(missing))
        wanted = set(missing)
        filings = [filing for filing in session.scalars(query) if filing.id in wanted]
        # (A month's few thousand filings' acts by id; the whole calendar's over every filing.)
        clock = counting.with_acts_of(session, [filing.id for filing in filings])
        for number, filing in enumerate(filings):
            if check is not None and number % CHECK_EVERY == 0:
                check()
            known[filing.id] = tuple(_counted(filing, clock, in_effect, booked))
    return [entry for filing_id in ids for entry in known.get(filing_id, ())]


def _counted(filing: Filing, clock: FilingClock, in_effect: Mapping[str, TownProfile],
             booked: Mapping[int, tuple[date, bool]]) -> list[DeadlineEntry]:
    """Every deadline of `filing`, on any day."""
    if filing.received is None or filing.town not in in_effect:
        return []
    found = []
    booked_day, published = booked.get(filing.id, (None, False))
    facts = filing.facts()
    for deadline in clock.deadlines(facts, hearing_booked=booked_day):
        met = (clock.is_met(facts, deadline)
               or (published and deadline.id == "legal_notice_by"))
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
                  profiles: Mapping[str, TownProfile] | None = None,
                  identity: str | None = None, *,
                  agenda_from: date | None = None,
                  counted: CountedDeadlines | None = None,
                  check: Callable[[], None] | None = None) -> CalendarSnapshot:
    """The calendar from `start` to `end` (the whole of it without them): the meetings
    and deadlines of those days, and every meeting from `agenda_from` on. `identity`:
    the feed's, when the caller stores it itself (the .ics export stores a new one only
    once its file exists). `counted`: the filings' deadlines counted by earlier reads,
    used while the records are as they were then (the calendar tab's months).
    `check`: called now and then while the filings are counted; it raises to stop a
    read nobody waits for any more (a month turned past)."""
    window = Window(start, end, agenda_from)
    # The feed identity is made on the first whole read (the .ics export); a view of a
    # month only reads it, so showing a month never writes to the records.
    identity = identity or (calendar_identity(db) if window.everything
                            else _known_identity(db))
    profiles = profiles if profiles is not None else available_profiles()
    with db.read_session() as session:
        settings = session.scalars(select(CommissionSettings)).first()
        records = _Records(session, window)
        meetings = records.meeting_entries()
        # The records' mark, read in this read's own snapshot: what was counted at it
        # is what this read would count.
        known = None if counted is None else counted.at(
            int(session.scalar(select(func.max(AuditEntry.id))) or 0), profiles)
        deadlines = _filing_deadlines(session, profiles, booked_days(session), window,
                                      known, check)
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
                "Ratify the emergency enforcement order", RATIFICATION_CITATION))
    if not window.everything:
        deadlines = [d for d in deadlines if window.holds(d.day)]
    deadlines.sort(key=lambda d: (d.day, d.reference, d.kind))
    return CalendarSnapshot(
        identity=identity, commission_name=settings.name if settings else "",
        meetings=tuple(meetings), deadlines=tuple(deadlines),
        ratifications=tuple(ratifications),
        reminder_minutes=settings.ical_reminder_minutes if settings else 1440,
    )
