"""The commission's meetings: the regular schedule, meetings generated from it,
special meetings, and moving or cancelling a meeting with its effect on hearings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime, time, timedelta

from dateutil.relativedelta import relativedelta
from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.hearing_booking import Severity
from concom_desk.domain.meeting_schedule import (
    BookedHearing,
    HearingEffect,
    PlannedMeeting,
    RegularSchedule,
    effects_of_change,
    months_ahead,
    special_meeting,
)
from concom_desk.domain.open_meeting_law import posting_deadline
from concom_desk.domain.plain_dates import long_date, weekday_date_time
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.calendar.clocks import filing_clocks, get_or_refuse, town_profile
from concom_desk.services.calendar.entries import MeetingEntry
from concom_desk.services.documents.register import TITLES
from concom_desk.store import Database
from concom_desk.store.models import (
    CommissionSettings,
    Continuance,
    Filing,
    GeneratedDocument,
    Hearing,
    Meeting,
)
from concom_desk.store.models.calendar import HearingNotice, MeetingSchedule

AGENDA = "agenda"  # the agenda's template, whose title names it in the register


def save_schedule(db: Database, schedule: RegularSchedule) -> None:
    """Replace the regular schedule (one active schedule at a time)."""
    with db.session() as session:
        for old in session.scalars(select(MeetingSchedule).where(MeetingSchedule.active)):
            old.active = False
        session.add(MeetingSchedule(
            weekday=schedule.weekday,
            weeks_of_month=",".join(str(n) for n in schedule.nths),
            every_weeks=schedule.every_weeks,
            first_meeting=schedule.first,
            start_time=f"{schedule.at:%H:%M}",
            place=schedule.place,
            active=True,
        ))


def load_schedule(db: Database) -> RegularSchedule | None:
    with db.read_session() as session:
        row = session.scalars(select(MeetingSchedule).where(MeetingSchedule.active)
                              .order_by(MeetingSchedule.id.desc())).first()
        if row is None:
            return None
        nths = tuple(int(n) for n in row.weeks_of_month.split(",") if n.strip())
        return RegularSchedule(row.weekday, time.fromisoformat(row.start_time), row.place,
                               nths=nths, every_weeks=row.every_weeks, first=row.first_meeting)


# How far ahead a regular schedule is searched for a meeting that can still be posted.
POSTABLE_SEARCH_MONTHS = 3


def posting_too_late(meeting_at: datetime, now: datetime) -> str:
    """'' while the meeting's notice can still be posted in time; otherwise the words
    that say so and what to do (MGL c.30A §20(b): 48 hours ahead, not counting
    Saturdays, Sundays and legal holidays)."""
    due = posting_deadline(meeting_at)
    if now <= due:
        return ""
    return (f"posting deadline passed {weekday_date_time(due)} — post it now or choose a "
            "later date")


def first_postable(schedule: RegularSchedule, now: datetime) -> PlannedMeeting | None:
    """The first regular meeting whose posting deadline is still ahead of `now`: the one
    a new schedule starts with, so no meeting is added that cannot lawfully be noticed."""
    for planned in schedule.meetings_between(now.date(),
                                             months_ahead(now.date(), POSTABLE_SEARCH_MONTHS)):
        if not posting_too_late(planned.at, now):
            return planned
    return None


def first_postable_day(at: time, now: datetime) -> date:
    """The first day a special meeting at `at` can still be noticed in time."""
    day = now.date()
    while posting_too_late(datetime.combine(day, at), now):
        day += timedelta(days=1)
    return day


def usual_time_and_place(db: Database) -> tuple[time | None, str]:
    """The commission's usual meeting time and place from its settings (None / '' when
    not set or not readable as a time)."""
    from concom_desk.services.commission.settings import load_settings

    settings = load_settings(db)
    if settings is None:
        return None, ""
    try:
        at = time.fromisoformat(settings.meeting_time.strip()) if settings.meeting_time else None
    except ValueError:
        at = None
    return at, settings.meeting_place.strip()


def generate_meetings(db: Database, start: date, end: date) -> list[int]:
    """Add the regular meetings from `start` to `end` that are not there yet."""
    schedule = load_schedule(db)
    if schedule is None:
        raise UserError("set the commission's regular meeting schedule first")
    added = []
    with db.session() as session:
        taken = set(session.scalars(select(Meeting.held_on).where(
            Meeting.held_on >= start, Meeting.held_on <= end)))
        for planned in schedule.meetings_between(start, end):
            if planned.at.date() in taken:
                continue
            meeting = Meeting(held_on=planned.at.date(), start_time=f"{planned.at:%H:%M}",
                              place=planned.place, kind="regular", cancelled=False)
            session.add(meeting)
            session.flush()
            added.append(meeting.id)
    return added


def month_without_meeting(meetings: Iterable[MeetingEntry], year: int, month: int,
                          today: date) -> str:
    """A warning, in words, for a month still to come with no meeting on the calendar
    ('' otherwise): the regular meetings are added some months at a time, and a month
    left empty holds no hearing a filing's 21 days may need (MGL c.131 §40)."""
    last_day = date(year, month, 1) + relativedelta(months=1, days=-1)
    if last_day < today or any(m.day.year == year and m.day.month == month
                               and not m.cancelled for m in meetings):
        return ""
    return (f"No meeting is on the calendar in {date(year, month, 1):%B %Y}: add the "
            "regular meetings through this month (Meetings… → Save, with this month "
            "shown) or a special meeting.")


def add_meeting(db: Database, at: datetime, place: str, kind: str = "special") -> int:
    planned = special_meeting(at, place)
    with db.session() as session:
        meeting = Meeting(held_on=planned.at.date(), start_time=f"{at:%H:%M}",
                          place=place.strip(), kind=kind, cancelled=False)
        session.add(meeting)
        session.flush()
        return meeting.id


def _booked(session: Session, meeting: Meeting) -> list[tuple[Hearing, Filing, bool]]:
    """Hearings on the meeting: (hearing, filing, opened before this meeting)."""
    found = []
    for hearing in session.scalars(select(Hearing).where(
            Hearing.meeting_id == meeting.id, Hearing.status.in_(("scheduled", "open")))):
        filing = session.get(Filing, hearing.filing_id)
        assert filing is not None
        found.append((hearing, filing, False))
    for continuance in session.scalars(select(Continuance).where(
            Continuance.to_meeting_id == meeting.id)):
        hearing = session.get(Hearing, continuance.hearing_id)
        if hearing is None or hearing.status == "closed":
            continue
        filing = session.get(Filing, hearing.filing_id)
        assert filing is not None
        found.append((hearing, filing, True))
    return found


def _effects(session: Session, meeting: Meeting, new_day: date | None, today: date,
             profiles: Mapping[str, TownProfile] | None) -> list[HearingEffect]:
    effects: list[HearingEffect] = []
    for _hearing, filing, opened in _booked(session, meeting):
        profile = town_profile(filing, profiles, session)
        effects.extend(effects_of_change(
            profile, [BookedHearing(filing_clocks(session, filing), opened)],
            meeting.held_on, new_day, today))
    return effects


def preview_meeting_change(db: Database, meeting_id: int, new_at: datetime | None,
                           today: date, profiles: Mapping[str, TownProfile] | None = None
                           ) -> list[HearingEffect]:
    """What moving the meeting to `new_at` (None: cancelling it) does to each hearing."""
    with db.read_session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        return _effects(session, meeting, new_at.date() if new_at else None, today, profiles)


def move_meeting(db: Database, meeting_id: int, new_at: datetime, today: date,
                 profiles: Mapping[str, TownProfile] | None = None) -> list[HearingEffect]:
    """Move the meeting; refused when a new hearing on it would pass its 21 days
    without a waiver. Each hearing gets a legal notice for the new date, and the
    meeting's own notice must be posted again: the one posted named the old date and
    time (MGL c.30A §20(b)), so its posting is no longer recorded."""
    with db.session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        effects = _effects(session, meeting, new_at.date(), today, profiles)
        stops = [f.message for e in effects for f in e.findings if f.severity is Severity.STOP]
        if stops:
            raise UserError("moving the meeting refused: " + " ".join(stops))
        by_file = {e.filing.file_no: e for e in effects}
        for hearing, filing, opened in _booked(session, meeting):
            notice = next((f for f in by_file[filing.file_no].findings
                           if f.clock == "legal_notice_by"), None)
            row = session.scalars(select(HearingNotice).where(
                HearingNotice.hearing_id == hearing.id,
                HearingNotice.meeting_id == meeting.id)).first()
            if row is None:
                row = HearingNotice(hearing_id=hearing.id, meeting_id=meeting.id)
                session.add(row)
            row.reason = "meeting_moved" if opened else "new"
            row.publish_by = notice.due if notice else None
            row.published_on = None  # the old ad named the old date
        if (meeting.held_on, meeting.start_time) != (new_at.date(), f"{new_at:%H:%M}"):
            meeting.agenda_posted_at = ""
        meeting.held_on = new_at.date()
        meeting.start_time = f"{new_at:%H:%M}"
        for continuance in session.scalars(select(Continuance).where(
                Continuance.to_meeting_id == meeting.id)):
            continuance.continued_to = new_at.date()
        return effects


def cancel_meeting(db: Database, meeting_id: int, today: date,
                   profiles: Mapping[str, TownProfile] | None = None) -> list[HearingEffect]:
    """Cancel the meeting. New hearings on it are unbooked (book them again); the
    effects name what each hearing must now do."""
    with db.session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        effects = _effects(session, meeting, None, today, profiles)
        for hearing, _filing, opened in _booked(session, meeting):
            if not opened:
                hearing.meeting_id = None
                for row in session.scalars(select(HearingNotice).where(
                        HearingNotice.hearing_id == hearing.id,
                        HearingNotice.meeting_id == meeting.id)):
                    session.delete(row)
        meeting.cancelled = True
        return effects


def posting_problem(db: Database, meeting_id: int, posted_at: datetime,
                    now: datetime) -> str:
    """Why a posting cannot be recorded, in words ('' when it can): the agenda must
    have been made (a notice is posted with its agenda, MGL c.30A §20(b)), and the
    time must not be still ahead."""
    if posted_at > now:
        return (f"{weekday_date_time(posted_at)} is still ahead: record the posting once "
                "the notice is up")
    with db.read_session() as session:
        made = session.scalar(
            select(GeneratedDocument.id).where(GeneratedDocument.meeting_id == meeting_id)
            .where(GeneratedDocument.title.startswith(TITLES[AGENDA])).limit(1))
    if made is None:
        return ("no agenda has been made for this meeting: make it (Agenda) and post it "
                "with the meeting notice, then record the posting")
    return ""


def mark_agenda_posted(db: Database, meeting_id: int, posted_at: datetime) -> None:
    """Record when the meeting notice and agenda were posted (Open Meeting Law)."""
    with db.session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        meeting.agenda_posted_at = posted_at.strftime("%Y-%m-%dT%H:%M")


def usual_newspaper(db: Database) -> str:
    """The newspaper the commission publishes its legal notices in (Settings)."""
    with db.read_session() as session:
        return _usual_newspaper(session)


def _usual_newspaper(session: Session) -> str:
    return session.scalar(select(CommissionSettings.newspaper).limit(1)) or ""


def mark_legal_notice_published(db: Database, meeting_id: int, published_on: date,
                                newspaper: str = "", today: date | None = None) -> int:
    """Record the newspaper's publication of the meeting's legal notice: every notice
    owed for that meeting. Returns how many hearings it covered. No newspaper named is
    the commission's usual one (Settings), as the wizard set it."""
    if today is not None and published_on > today:
        # A day still ahead would mark the notice deadline met before the paper ran it.
        raise UserError(f"{long_date(published_on)} is still ahead: record the notice once "
                        "the newspaper has published it")
    with db.session() as session:
        get_or_refuse(session, Meeting, meeting_id, "meeting")
        notices = session.scalars(select(HearingNotice).where(
            HearingNotice.meeting_id == meeting_id)).all()
        if not notices:
            raise UserError("no hearing on this meeting needs a legal notice")
        newspaper = newspaper.strip() or _usual_newspaper(session)
        for notice in notices:
            notice.published_on = published_on
            notice.newspaper = newspaper.strip()
            hearing = session.get(Hearing, notice.hearing_id)
            if hearing is not None and notice.reason == "new":
                hearing.legal_ad_published_on = published_on
                hearing.legal_ad_newspaper = newspaper.strip()
        return len(notices)
