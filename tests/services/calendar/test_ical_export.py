"""The .ics file parsed back with icalendar, as Outlook or Google would read it."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from icalendar import Calendar

from concom_desk.services.calendar.ical_export import write_calendar
from tests.helpers.calendar_samples import SNAPSHOT

ID = "0f3c9a4e-1111-4a2b-9c3d-123456789abc"


def _read(path: Path) -> Calendar:
    return Calendar.from_ical(path.read_bytes())


def test_meetings_and_deadlines_parse_back(tmp_path: Path) -> None:
    out = tmp_path / "calendar.ics"
    summary = write_calendar(SNAPSHOT, out, now=datetime(2027, 2, 1, 12, 0))
    assert (summary.meetings, summary.deadlines) == (2, 2)
    calendar = _read(out)
    assert str(calendar["version"]) == "2.0"
    [zone] = calendar.walk("VTIMEZONE")
    assert str(zone["tzid"]) == "America/New_York"
    events = {str(e["uid"]): e for e in calendar.walk("VEVENT")}
    assert set(events) == {
        f"meeting-7@{ID}.concom-desk", f"meeting-8@{ID}.concom-desk",
        f"deadline-filing-10-legal_notice_by@{ID}.concom-desk",
        f"deadline-filing-10-hearing_by@{ID}.concom-desk",
    }
    meeting = events[f"meeting-7@{ID}.concom-desk"]
    start = meeting.decoded("dtstart")
    assert start == datetime(2027, 3, 3, 19, 0, tzinfo=ZoneInfo("America/New_York"))
    assert meeting["dtstart"].params["TZID"] == "America/New_York"
    assert str(meeting["location"]) == "Upton Town Hall, Room 1"
    assert str(meeting["summary"]) == "Upton Conservation Commission meeting"
    description = str(meeting["description"])
    assert description.splitlines() == [
        "Hearings:",
        "1. UCC 2027-003 — Jane Doe, 12 Pond Street (Notice of Intent, new)",
        "2. UCC 2027-001 — Robert Smith, 3 Elm Street "
        "(Request for Determination of Applicability, continued)",
        "3. UCC 2027-005 — Mill Pond LLC, 88 Mill Pond Road (Notice of Intent, new)",
        "Post the agenda by Monday, March 1, 2027 7:00 PM (Open Meeting Law, MGL c.30A §20(b)).",
    ]
    assert str(events[f"meeting-8@{ID}.concom-desk"]["status"]) == "CANCELLED"
    notice = events[f"deadline-filing-10-legal_notice_by@{ID}.concom-desk"]
    assert notice.decoded("dtstart") == date(2027, 2, 24)  # a DATE: all-day
    assert notice.decoded("dtend") == date(2027, 2, 25)
    assert str(notice["summary"]) == "UCC 2027-003: Publish the legal notice"
    done = events[f"deadline-filing-10-hearing_by@{ID}.concom-desk"]
    assert str(done["summary"]) == "Done: UCC 2027-003: Open the public hearing"


def test_uids_stable_across_two_exports(tmp_path: Path) -> None:
    first, second = tmp_path / "a.ics", tmp_path / "b.ics"
    write_calendar(SNAPSHOT, first, now=datetime(2027, 2, 1, 12, 0))
    write_calendar(SNAPSHOT, second, now=datetime(2027, 2, 9, 8, 30))
    uids = [sorted(str(e["uid"]) for e in _read(p).walk("VEVENT")) for p in (first, second)]
    assert uids[0] == uids[1]
    assert len(set(uids[0])) == 4  # no two events share a UID
