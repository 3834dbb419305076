"""The meetings and deadlines as an iCalendar file, for Outlook and Google Calendar.

One VEVENT per meeting (its hearings listed in the description), and one all-day
VEVENT per deadline. UIDs are built from the record ids and the database's own
identity (`meeting-12@<identity>.concom-desk`), never from dates or counters, so
importing a newer export updates the events instead of duplicating them, and two
commissions' files never collide. Times are local to America/New_York, with the
VTIMEZONE written into the file (Outlook needs it; icalendar builds it from tzdata).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event, Timezone

from concom_desk import clock
from concom_desk.domain.plain_dates import weekday_date_time
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.calendar.entries import CalendarSnapshot, DeadlineEntry, MeetingEntry

if TYPE_CHECKING:
    from concom_desk.store import Database

TZID = "America/New_York"
EASTERN = ZoneInfo(TZID)
PRODID = "-//ConCom Desk//Hearing calendar//EN"
MEETING_LENGTH = timedelta(hours=2)  # an evening meeting; the real end is not known ahead
MEETING_TITLES = {"regular": "meeting", "special": "special meeting", "site_walk": "site walk"}


@dataclass(frozen=True)
class ExportSummary:
    meetings: int
    deadlines: int
    reminder_minutes: int = 0

    @property
    def events(self) -> int:
        return self.meetings + self.deadlines


def uid(kind: str, record: str | int, identity: str) -> str:
    return f"{kind}-{record}@{identity}.concom-desk"


def meeting_description(meeting: MeetingEntry) -> str:
    lines = []
    if meeting.hearings:
        lines.append("Hearings:")
        for number, hearing in enumerate(meeting.hearings, start=1):
            state = "continued" if hearing.status == "continued" else "new"
            lines.append(f"{number}. {hearing.title()} ({hearing.kind_name}, {state})")
    else:
        lines.append("No hearings booked.")
    lines.append(f"Post the agenda by {weekday_date_time(meeting.post_by)} "
                 "(Open Meeting Law, MGL c.30A §20(b)).")
    return "\n".join(lines)


def _meeting_event(meeting: MeetingEntry, identity: str, stamp: datetime,
                   commission: str) -> Event:
    event = Event()
    event.add("uid", uid("meeting", meeting.meeting_id, identity))
    event.add("dtstamp", stamp)
    start = meeting.at.replace(tzinfo=EASTERN)
    event.add("dtstart", start)
    event.add("dtend", start + MEETING_LENGTH)
    title = MEETING_TITLES.get(meeting.kind, MEETING_TITLES["regular"])
    event.add("summary", f"{commission or 'Conservation Commission'} {title}")
    if meeting.place:
        event.add("location", meeting.place)
    event.add("description", meeting_description(meeting))
    event.add("status", "CANCELLED" if meeting.cancelled else "CONFIRMED")
    event.add("categories", ["Meeting"])
    return event


def _deadline_event(deadline: DeadlineEntry, identity: str, stamp: datetime) -> Event:
    event = Event()
    record = f"{deadline.record_kind}-{deadline.record_id}-{deadline.kind}"
    event.add("uid", uid("deadline", record, identity))
    event.add("dtstamp", stamp)
    event.add("dtstart", deadline.day)  # a DATE value: an all-day event
    event.add("dtend", deadline.day + timedelta(days=1))
    event.add("summary", deadline.title())
    event.add("description", f"{deadline.kind_name}. {deadline.citation}".strip())
    event.add("transp", "TRANSPARENT")  # a deadline does not make anyone busy
    event.add("categories", [deadline.kind_name])
    return event


def build_calendar(snapshot: CalendarSnapshot, now: datetime | None = None) -> Calendar:
    stamp = (now or clock.now()).astimezone(UTC)
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    if snapshot.commission_name:
        calendar.add("x-wr-calname", snapshot.commission_name)
    calendar.add("x-wr-timezone", TZID)
    calendar.add_component(_timezone(m.day for m in snapshot.meetings))
    events = [_meeting_event(meeting, snapshot.identity, stamp, snapshot.commission_name)
              for meeting in snapshot.meetings]
    events += [_deadline_event(deadline, snapshot.identity, stamp)
               for deadline in snapshot.deadlines]
    for event in events:
        if snapshot.reminder_minutes > 0 and event.get("status") != "CANCELLED":
            event.add_component(_reminder(event, snapshot.reminder_minutes))
        calendar.add_component(event)
    return calendar


def reminder_words(minutes: int) -> str:
    """'1 day before', '2 hours before', '90 minutes before'."""
    for size, unit in ((10080, "week"), (1440, "day"), (60, "hour")):
        if minutes % size == 0:
            count = minutes // size
            return f"{count} {unit}{'s' if count != 1 else ''} before"
    return f"{minutes} minutes before"


def _reminder(event: Event, minutes: int) -> Alarm:
    """A VALARM the clerk's calendar shows `minutes` before the event starts (Settings:
    "Calendar (.ics) reminder"); an all-day deadline's start is its midnight."""
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", f"Reminder: {event.get('summary')}")
    alarm.add("trigger", timedelta(minutes=-minutes))
    return alarm


def _timezone(days: Iterable[date]) -> Timezone:
    days = list(days)
    first = min(days, default=clock.today()) - timedelta(days=366)
    last = max(days, default=clock.today()) + timedelta(days=366)
    return Timezone.from_tzid(TZID, first_date=first, last_date=last)


def write_calendar(snapshot: CalendarSnapshot, out: Path, now: datetime | None = None
                   ) -> ExportSummary:
    """Write the .ics file whole or not at all (a temp file moved into place)."""
    data = build_calendar(snapshot, now).to_ical()
    out = Path(out)
    temp = out.with_name(out.name + ".tmp")
    try:
        temp.write_bytes(data)
        temp.replace(out)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise OperationFailed(f"could not write {out}: {exc.strerror or exc}") from None
    return ExportSummary(len(snapshot.meetings), len(snapshot.deadlines),
                         snapshot.reminder_minutes)


def export_calendar(db_path: Path, out: Path) -> ExportSummary:
    """`concom-desk ical`: read the calendar from the database and write the file."""
    from concom_desk.store import open_database

    if not Path(db_path).is_file():  # never create an empty database just to export it
        raise UserError(f"there is no database at {db_path}; give its path with --db")
    with open_database(db_path) as database:
        return export_calendar_of(database, out)


def export_calendar_of(database: Database, out: Path, *,
                       reminder_minutes: int | None = None) -> ExportSummary:
    """The calendar of open records (a file's or a server's) written to `out`; each
    event's reminder is the commission's setting unless `reminder_minutes` is given."""
    import uuid

    from concom_desk.services.calendar.loading import load_calendar, stored_calendar_identity
    from concom_desk.store.models.calendar import CalendarFeed

    stored = stored_calendar_identity(database)
    identity = stored or str(uuid.uuid4())
    snapshot = load_calendar(database, identity=identity)
    if reminder_minutes is not None:
        if reminder_minutes < 0:
            raise UserError("a reminder is a number of minutes before the event (0: none)")
        snapshot = replace(snapshot, reminder_minutes=reminder_minutes)
    summary = write_calendar(snapshot, out)
    if stored is None:
        # The feed's identity is stored only once its first file exists: a file that
        # could not be written leaves the database as it was.
        try:
            with database.session() as session:
                session.add(CalendarFeed(uuid=identity))
        except BaseException:
            Path(out).unlink(missing_ok=True)
            raise
    return summary
