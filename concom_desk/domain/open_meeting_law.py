"""The Open Meeting Law's posting deadline.

MGL c.30A §20(b): "a public body shall post notice of every meeting at least
48 hours prior to such meeting, excluding Saturdays, Sundays and legal
holidays" (and 940 CMR 29.03). The 48 hours are counted back from the meeting
on the clock, and only hours that fall on a business day count: the hours of a
Saturday, a Sunday or a legal holiday are skipped whole. A meeting on
Wednesday at 7 pm must therefore be posted by Monday at 7 pm, and one on
Monday at 7 pm by the Thursday before.

Only the legal holidays count here (MGL c.4 §7 cl.18), never a town's own
office closures: the statute excludes "legal holidays", not days the town hall
happens to be shut.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

from concom_desk.domain.ma_calendar import MASSACHUSETTS, BusinessCalendar

POSTING_HOURS = 48
POSTING_CITATION = (
    "MGL c.30A §20(b); 940 CMR 29.03: notice posted at least 48 hours before the meeting, "
    "excluding Saturdays, Sundays and legal holidays"
)


def posting_deadline(
    meeting_at: datetime, hours: int = POSTING_HOURS, calendar: BusinessCalendar = MASSACHUSETTS
) -> datetime:
    """The latest moment the meeting notice may be posted."""
    remaining = timedelta(hours=hours)
    moment = meeting_at
    while remaining > timedelta(0):
        day_start = datetime.combine(moment.date(), time(0), moment.tzinfo)
        if moment == day_start:
            # At midnight the hours before belong to the previous day.
            day_start -= timedelta(days=1)
        if calendar.is_business_day(day_start.date()):
            available = moment - day_start
            if available >= remaining:
                return moment - remaining
            remaining -= available
        moment = day_start
    return moment


def posting_passed(meeting_at: datetime, now: datetime) -> bool:
    """True once the notice can no longer be posted in time."""
    return now > posting_deadline(meeting_at)
