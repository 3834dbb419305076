"""The demo town's calendar: meeting days and the members in office on each one."""

from __future__ import annotations

import bisect
import random
from datetime import date, timedelta

from concom_desk.domain.ma_calendar import nth_weekday


def add_years(day: date, years: int) -> date:
    """Same calendar date N years later; Feb 29 → Feb 28 (as permit expiry is counted)."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


class MeetingCalendar:
    """Regular meetings on the 1st and 3rd Thursday of each month."""

    def __init__(self, start: date, end: date):
        days: list[date] = []
        year, month = start.year, start.month
        while date(year, month, 1) <= end:
            for n in (1, 3):
                day = nth_weekday(year, month, 3, n)  # Thursday
                if start <= day <= end:
                    days.append(day)
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        self.days = days

    def on_or_after(self, day: date) -> date | None:
        index = bisect.bisect_left(self.days, day)
        return self.days[index] if index < len(self.days) else None

    def after(self, day: date, skip: int = 0) -> date | None:
        index = bisect.bisect_right(self.days, day) + skip
        return self.days[index] if index < len(self.days) else None

    def on_or_before(self, day: date) -> date | None:
        index = bisect.bisect_right(self.days, day) - 1
        return self.days[index] if index >= 0 else None


def days_between(rng: random.Random, low: int, high: int) -> timedelta:
    return timedelta(days=rng.randint(low, high))
