"""How a period of time is counted: 310 CMR 10.05(1), Upton ch. 330 "Time periods",
Bourne BWR 1.05(1).

* A period of 10 days or less counts business days only, from the day after the
  event; it ends at close of business on the N-th business day.
* A longer period counts calendar days; a last day that is not a business day
  moves forward to the next business day.
* "Not less than N days before X" is counted backwards the same way, except a
  calendar-day result that is not a business day moves *earlier*, so the act
  still comes at least N days before X.
* Expiry dates (issuance + N years) are the same calendar date N years later,
  Feb 29 becoming Feb 28, and are never moved.
* A clock in hours (emergency notice within 24 hours) runs on the clock, not the
  calendar: it is reported as the date on which it runs out and never moved.

A town profile can change the threshold (some bylaws say nothing of business
days and a court may read them as calendar days); the default is the state's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from dateutil.relativedelta import relativedelta

from concom_desk.domain.ma_calendar import MASSACHUSETTS, BusinessCalendar

STATE_THRESHOLD_DAYS = 10
STATE_RULE_CITATION = "310 CMR 10.05(1) (computation of time); Upton ch. 330; Bourne BWR 1.05(1)"


class Unit(StrEnum):
    DAYS = "days"  # counted by the rule: business days up to the threshold, calendar after
    BUSINESS_DAYS = "business_days"  # always business days, whatever the length
    CALENDAR_DAYS = "calendar_days"  # always calendar days, last day moved to a business day
    YEARS = "years"  # anniversaries, never moved
    HOURS = "hours"  # a running clock, never moved


class Direction(StrEnum):
    AFTER = "after"
    BEFORE = "before"


@dataclass(frozen=True)
class TimeRule:
    business_day_threshold: int = STATE_THRESHOLD_DAYS
    calendar: BusinessCalendar = MASSACHUSETTS

    def counts_business_days(self, count: int, unit: Unit) -> bool:
        if unit is Unit.BUSINESS_DAYS:
            return True
        return unit is Unit.DAYS and count <= self.business_day_threshold

    def after(self, start: date, count: int, unit: Unit) -> date:
        """The last day of a period of `count` units that begins with `start`."""
        cal = self.calendar
        if unit is Unit.YEARS:
            return add_years(start, count)
        if unit is Unit.HOURS:
            return start + timedelta(days=-(-count // 24))
        if self.counts_business_days(count, unit):
            return cal.add_business_days(start, count)
        return cal.next_business_day(start + timedelta(days=count))

    def before(self, end: date, count: int, unit: Unit) -> date:
        """The last day on which an act is still `count` units before `end`."""
        cal = self.calendar
        if unit is Unit.YEARS:
            return add_years(end, -count)
        if unit is Unit.HOURS:
            return end - timedelta(days=-(-count // 24))
        if self.counts_business_days(count, unit):
            return cal.subtract_business_days(end, count)
        return cal.previous_business_day(end - timedelta(days=count))

    def count(self, base: date, count: int, unit: Unit, direction: Direction) -> date:
        # Remembered: a month of the calendar counts the same few periods from the same
        # few hundred days over a thousand filings (a third of its counting).
        key = (self, base, count, unit, direction)
        known = _COUNTED.get(key)
        if known is None:
            if direction is Direction.AFTER:
                known = self.after(base, count, unit)
            else:
                known = self.before(base, count, unit)
            if len(_COUNTED) >= _MOST_REMEMBERED:
                _COUNTED.clear()
            _COUNTED[key] = known
        return known


# (rule, base, count, unit, direction) -> the day: a rule and its calendar are frozen,
# so a period counted once is the same whenever it is asked again.
_COUNTED: dict[tuple[TimeRule, date, int, Unit, Direction], date] = {}
_MOST_REMEMBERED = 200_000


def add_years(start: date, years: int) -> date:
    """Same calendar date `years` later; Feb 29 becomes Feb 28 in a common year
    (relativedelta keeps to the month, so it never runs into March 1)."""
    return start + relativedelta(years=years)


STATE_RULE = TimeRule()
