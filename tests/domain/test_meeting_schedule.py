"""Regular schedules, special meetings, and what moving or cancelling a meeting does."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest

from concom_desk.domain.hearing_booking import FilingClocks, Severity
from concom_desk.domain.meeting_schedule import (
    BookedHearing,
    MeetingKind,
    RegularSchedule,
    effects_of_change,
    months_ahead,
    special_meeting,
)
from concom_desk.errors import UserError
from tests.helpers.town_fixtures import town

WED = 2
FIRST_THIRD_WED = RegularSchedule(WED, time(19, 0), "Town Hall, Room 2", nths=(1, 3))


def test_first_and_third_wednesday() -> None:
    meetings = FIRST_THIRD_WED.meetings_between(date(2026, 11, 1), date(2027, 1, 31))
    assert [m.at for m in meetings] == [
        datetime(2026, 11, 4, 19), datetime(2026, 11, 18, 19),
        datetime(2026, 12, 2, 19), datetime(2026, 12, 16, 19),
        datetime(2027, 1, 6, 19), datetime(2027, 1, 20, 19),
    ]
    assert {m.place for m in meetings} == {"Town Hall, Room 2"}
    assert FIRST_THIRD_WED.describe() == (
        "First and third Wednesday of the month, 7:00 PM, Town Hall, Room 2")


def test_meeting_on_a_holiday_is_named() -> None:
    # Wed Nov 11 2026 is Veterans Day: the second Wednesday.
    second = RegularSchedule(WED, time(19, 0), "Town Hall", nths=(2,))
    [meeting] = second.meetings_between(date(2026, 11, 1), date(2026, 11, 30))
    assert meeting.at.date() == date(2026, 11, 11)
    assert meeting.holiday == "Veterans Day"


def test_fifth_and_last() -> None:
    fifth = RegularSchedule(WED, time(19, 0), "Hall", nths=(5,))
    # Only Dec 2026 (2, 9, 16, 23, 30) has a fifth Wednesday of Nov 2026 - Jan 2027.
    assert list(fifth.dates_between(date(2026, 11, 1), date(2027, 1, 31))) == [date(2026, 12, 30)]
    last = RegularSchedule(0, time(18, 30), "Hall", nths=(-1,))
    assert list(last.dates_between(date(2027, 5, 1), date(2027, 5, 31))) == [date(2027, 5, 31)]


def test_every_other_week() -> None:
    schedule = RegularSchedule(1, time(19, 0), "Library", every_weeks=2, first=date(2027, 1, 5))
    assert list(schedule.dates_between(date(2027, 1, 10), date(2027, 2, 20))) == [
        date(2027, 1, 19), date(2027, 2, 2), date(2027, 2, 16)]
    assert schedule.describe() == "Every other Tuesday, 7:00 PM, Library"


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"nths": (1,), "every_weeks": 2, "first": date(2027, 1, 6)}, "not both"),
    ({}, "not both or neither"),
    ({"every_weeks": 2, "first": date(2027, 1, 5)}, "on a Wednesday"),
    ({"nths": (6,)}, "not a week of the month"),
])
def test_bad_schedules(kwargs: dict, message: str) -> None:
    with pytest.raises(UserError, match=message):
        RegularSchedule(WED, time(19, 0), "Hall", **kwargs)


def test_months_ahead_and_special_meeting() -> None:
    assert months_ahead(date(2026, 11, 29), 2) == date(2027, 1, 31)
    special = special_meeting(datetime(2027, 4, 19, 10), "Site walk, 12 Pond Rd")
    assert special.kind is MeetingKind.SPECIAL
    assert special.holiday == "Patriots' Day"


def test_moving_a_meeting_past_hearing_by_stops_a_new_hearing() -> None:
    # Upton NOI received Mar 1 2027: hearing_by Mar 22. Moving the Mar 17 meeting to Mar 24.
    filing = FilingClocks("U-1", "noi", date(2027, 3, 1), boards_notified=date(2027, 3, 1),
                          abutters_notified=date(2027, 3, 1))
    continued = FilingClocks("U-0", "noi", date(2027, 1, 4), boards_notified=date(2027, 1, 4),
                             abutters_notified=date(2027, 1, 4))
    effects = effects_of_change(
        town("upton"), [BookedHearing(filing, opened=False), BookedHearing(continued, opened=True)],
        date(2027, 3, 17), date(2027, 3, 24), today=date(2027, 3, 15))
    new, cont = effects
    assert new.blocked
    assert {f.clock for f in new.findings if f.severity is Severity.STOP} == {"hearing_by"}
    # The continued hearing needs a new notice: 5 business days before Wed 3/24 = Wed 3/17.
    [notice] = cont.findings
    assert notice.clock == "legal_notice_by" and notice.due == date(2027, 3, 17)
    assert notice.severity is Severity.OK
    assert "a date announced at the hearing" in notice.message
    # Each finding names the filing it is about (several hearings move together).
    assert all(f.message.startswith("U-1: ") for f in new.findings)
    assert notice.message.startswith("U-0: Publish a new legal notice by")


def test_cancelling_a_meeting_names_each_hearing() -> None:
    filing = FilingClocks("U-1", "noi", date(2027, 3, 1))
    continued = FilingClocks("U-0", "noi", date(2027, 1, 4))
    new, cont = effects_of_change(
        town("upton"), [BookedHearing(filing, False), BookedHearing(continued, True)],
        date(2027, 3, 17), None, today=date(2027, 3, 15))
    assert new.findings[0].message == (
        "U-1: the hearing booked for Wednesday, March 17, 2027 is unbooked; it must still open "
        "by Monday, March 22, 2027, on another meeting.")
    assert "publish a new legal notice" in cont.findings[0].message
