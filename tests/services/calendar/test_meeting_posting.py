"""Which meeting a new schedule starts with: the first whose Open Meeting Law notice
can still be posted in time. MGL c.30A §20(b): notice "at least 48 hours prior to
such meeting, excluding Saturdays, Sundays and legal holidays" (940 CMR 29.03); the
legal holidays are MGL c.4 §7 cl.18's. Every row below is counted back by hand, hour
by hour, skipping whole Saturdays, Sundays and legal holidays."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest

from concom_desk.domain.meeting_schedule import RegularSchedule
from concom_desk.services.calendar.meetings import (
    first_postable,
    first_postable_day,
    posting_too_late,
)

WED, MON = 2, 0
SEVEN_PM = time(19, 0)


def _schedule(weekday: int, nths: tuple[int, ...]) -> RegularSchedule:
    return RegularSchedule(weekday, SEVEN_PM, "Town Hall", nths=nths)


@pytest.mark.parametrize(("weekday", "nths", "now", "first", "why"), [
    # First and third Wednesday. Wed Dec 2 2026 7 PM: Wed 19 h + Tue 24 h + Mon 5 h ->
    # due Mon Nov 30 7 PM; on Tue Dec 1 at 10 AM that has passed. Wed Dec 16 is due
    # Mon Dec 14 7 PM.
    (WED, (1, 3), datetime(2026, 12, 1, 10, 0), date(2026, 12, 16),
     "tomorrow's meeting is already too late"),
    # One minute before Monday's deadline the Wednesday meeting is still postable.
    (WED, (1, 3), datetime(2026, 11, 30, 18, 59), date(2026, 12, 2), "an hour to spare"),
    # Exactly at the deadline is still "at least 48 hours prior".
    (WED, (1, 3), datetime(2026, 11, 30, 19, 0), date(2026, 12, 2), "on the minute"),
    # Across a weekend: first and third Monday. Mon Dec 7 7 PM: Mon 19 h, Sun and Sat
    # skipped, Fri 24 h, Thu 5 h -> due Thu Dec 3 7 PM.
    (MON, (1, 3), datetime(2026, 12, 3, 18, 0), date(2026, 12, 7),
     "Thursday evening, weekend not counted"),
    (MON, (1, 3), datetime(2026, 12, 3, 20, 0), date(2026, 12, 21),
     "Thursday past 7 PM: the Monday after the weekend is too late"),
    # Across a legal holiday: last Monday. Mon Nov 30 7 PM: Mon 19 h, Sun and Sat
    # skipped, Fri Nov 27 24 h, Thu Nov 26 (Thanksgiving) skipped, Wed Nov 25 5 h ->
    # due Wed Nov 25 7 PM. Without the holiday it would have been Thu Nov 26 7 PM.
    (MON, (-1,), datetime(2026, 11, 25, 18, 0), date(2026, 11, 30), "before Thanksgiving"),
    (MON, (-1,), datetime(2026, 11, 26, 9, 0), date(2026, 12, 28),
     "Thanksgiving morning: already too late for the Monday"),
])
def test_first_meeting_still_postable(weekday: int, nths: tuple[int, ...], now: datetime,
                                      first: date, why: str) -> None:
    found = first_postable(_schedule(weekday, nths), now)
    assert found is not None, why
    assert found.at == datetime.combine(first, SEVEN_PM), why


def test_christmas_moves_the_deadline_of_the_next_last_monday() -> None:
    """Mon Dec 28 2026 7 PM: Mon 19 h, Sun and Sat skipped, Fri Dec 25 (Christmas)
    skipped, Thu Dec 24 24 h, Wed Dec 23 5 h -> due Wed Dec 23 7 PM."""
    meeting = datetime(2026, 12, 28, 19, 0)
    assert posting_too_late(meeting, datetime(2026, 12, 23, 19, 0)) == ""
    assert posting_too_late(meeting, datetime(2026, 12, 23, 19, 1)) == (
        "posting deadline passed Wednesday, December 23, 2026 7:00 PM — post it now or "
        "choose a later date")


@pytest.mark.parametrize(("now", "day"), [
    # Tue Dec 1 10 AM. Tue 7 PM: due Fri Nov 27 7 PM (passed). Wed Dec 2: due Mon Nov 30
    # 7 PM (passed). Thu Dec 3: Thu 19 h + Wed 24 h + Tue 5 h -> due Tue Dec 1 7 PM.
    (datetime(2026, 12, 1, 10, 0), date(2026, 12, 3)),
    # Fri Nov 27 8 PM. Mon Nov 30 is due Wed Nov 25 (Thanksgiving skipped); Tue Dec 1 is
    # due Fri Nov 27 7 PM, passed an hour ago; Wed Dec 2 is due Mon Nov 30 7 PM.
    (datetime(2026, 11, 27, 20, 0), date(2026, 12, 2)),
])
def test_first_day_a_special_meeting_can_be_noticed(now: datetime, day: date) -> None:
    assert first_postable_day(SEVEN_PM, now) == day


def test_a_moved_meeting_must_be_posted_again(commission) -> None:  # noqa: ANN001
    """The notice posted for Wed Mar 3 2027 named that date and time; moved to Wed Mar 10,
    the meeting needs a new notice (MGL c.30A §20(b)): its posting is no longer recorded
    and Today asks for it again, due Mon Mar 8 7 PM (Wed 19 h + Tue 24 h + Mon 5 h)."""
    from concom_desk.services.calendar.loading import load_calendar
    from concom_desk.services.calendar.meetings import mark_agenda_posted, move_meeting
    from concom_desk.store.models import Meeting

    mar3, mar10 = date(2027, 3, 3), date(2027, 3, 10)
    meeting_id = commission.meetings[mar3]
    mark_agenda_posted(commission.db, meeting_id, datetime(2027, 2, 26, 10, 0))
    move_meeting(commission.db, meeting_id, datetime(2027, 3, 3, 19, 0), date(2027, 2, 26))
    with commission.db.read_session() as session:  # the same day and hour: still posted
        assert session.get(Meeting, meeting_id).agenda_posted_at == "2027-02-26T10:00"
    move_meeting(commission.db, meeting_id, datetime.combine(mar10, SEVEN_PM),
                 date(2027, 2, 26))
    with commission.db.read_session() as session:
        assert session.get(Meeting, meeting_id).agenda_posted_at == ""
    moved = load_calendar(commission.db).meeting(meeting_id)
    assert moved is not None and moved.post_by == datetime(2027, 3, 8, 19, 0)
    assert posting_too_late(moved.at, datetime(2027, 3, 9, 9, 0)).startswith(
        "posting deadline passed Monday, March 8, 2027")
