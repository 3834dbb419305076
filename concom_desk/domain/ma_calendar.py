"""Massachusetts legal holidays and business days.

The legal holidays are the twelve of MGL c.4 §7 cl.18, as the `holidays`
library lists them for Massachusetts (`holidays.US(subdiv="MA")`, public
holidays, observed):

* a fixed-date holiday that falls on a **Sunday** is kept on the Monday after
  (the Sunday itself is a weekend day anyway, so it is left out of the list);
* a holiday that falls on a **Saturday is not moved** to the Friday: state and
  town offices are open that Friday, so it remains a business day. The library
  does not move it either for Massachusetts from its release 0.94 (earlier ones
  did; pyproject.toml keeps to the tested releases, and
  tests/domain/test_ma_calendar.py compares every weekday of 2000–2060 with the
  statute's twelve rules).

Evacuation Day (Mar 17) and Bunker Hill Day (Jun 17) are Suffolk County
holidays only and are not holidays in the towns this program serves; they are
left out should a release of the library list them.

A town may close its offices on other days (the day after Thanksgiving, say).
Those are not legal holidays, but they are not business days either when the
town's settings list them, so they are passed to the calendar as closures.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache

from dateutil.relativedelta import TH, relativedelta, weekday

SATURDAY, SUNDAY = 5, 6

# Holidays of Suffolk County alone, not of the towns this program serves.
SUFFOLK_ONLY = ("Evacuation Day", "Bunker Hill Day")

OBSERVED = " (observed)"

# The one holiday the library names by the federal statute; shown by the state's name.
STATE_NAMES = {"Juneteenth National Independence Day": "Juneteenth Independence Day"}

# Names of closure rules a town profile or the settings may name instead of dates.
CLOSURE_RULES = ("day_after_thanksgiving", "christmas_eve", "new_years_eve")


def nth_weekday(year: int, month: int, day_of_week: int, n: int) -> date:
    """The n-th given weekday (Monday = 0) of a month: n=1 is the first, -1 the last.

    A fifth weekday that the month does not have runs into the next month;
    callers that mean "only when it exists" check the month.
    """
    last_day = 31 if n < 0 else 1  # relativedelta takes day=31 as the month's last day
    return date(year, month, 1) + relativedelta(day=last_day, weekday=weekday(day_of_week)(n))


@lru_cache(maxsize=256)
def legal_holidays(year: int) -> dict[date, str]:
    """The Massachusetts legal holidays of one year, as observed, by date."""
    # Imported here, not at the top: loading the library takes a tenth of a second, and
    # the main window paints before the first date is counted.
    import holidays

    listed = holidays.US(subdiv="MA", years=year, categories=(holidays.PUBLIC,),
                         observed=True, language="en_US")
    found: dict[date, str] = {}
    for day, name in sorted(listed.items()):
        if day.weekday() == SUNDAY or name in SUFFOLK_ONLY:
            continue
        name = name.removesuffix(OBSERVED)
        found[day] = STATE_NAMES.get(name, name)
    return found


@lru_cache(maxsize=256)  # asked for every day a count passes: worked out once a year
def closure_rule_date(rule: str, year: int) -> date:
    if rule == "day_after_thanksgiving":
        return date(year, 11, 1) + relativedelta(weekday=TH(+4)) + timedelta(days=1)
    if rule == "christmas_eve":
        return date(year, 12, 24)
    if rule == "new_years_eve":
        return date(year, 12, 31)
    raise ValueError(f"unknown closure rule {rule!r}; known rules: {', '.join(CLOSURE_RULES)}")


@dataclass(frozen=True)
class BusinessCalendar:
    """Business days for one town: weekdays that are neither a legal holiday
    nor one of the town's own closure days."""

    closure_dates: frozenset[date] = field(default_factory=frozenset)
    closure_rules: tuple[str, ...] = ()

    @classmethod
    def with_closures(
        cls, dates: Iterable[date] = (), rules: Iterable[str] = ()
    ) -> BusinessCalendar:
        rules = tuple(rules)
        for rule in rules:
            closure_rule_date(rule, 2000)  # refuse an unknown rule now, not mid-count
        return cls(frozenset(dates), rules)

    def holiday_name(self, day: date) -> str | None:
        """The legal holiday or town closure on this day, if any."""
        name = legal_holidays(day.year).get(day)
        if name:
            return name
        if day in self.closure_dates:
            return "Town offices closed"
        for rule in self.closure_rules:
            if closure_rule_date(rule, day.year) == day:
                return "Town offices closed (" + rule.replace("_", " ") + ")"
        return None

    def is_legal_holiday(self, day: date) -> bool:
        return day in legal_holidays(day.year)

    def is_business_day(self, day: date) -> bool:
        return day.weekday() < SATURDAY and day not in _closed_days(self, day.year)

    def next_business_day(self, day: date) -> date:
        """`day` itself when it is a business day, else the first one after it."""
        while not self.is_business_day(day):
            day += timedelta(days=1)
        return day

    def previous_business_day(self, day: date) -> date:
        """`day` itself when it is a business day, else the last one before it."""
        while not self.is_business_day(day):
            day -= timedelta(days=1)
        return day

    def add_business_days(self, start: date, count: int) -> date:
        """The `count`-th business day after `start` (start itself not counted)."""
        day = start
        remaining = count
        while remaining > 0:
            day += timedelta(days=1)
            if self.is_business_day(day):
                remaining -= 1
        return day

    def subtract_business_days(self, end: date, count: int) -> date:
        """The `count`-th business day before `end` (end itself not counted)."""
        day = end
        remaining = count
        while remaining > 0:
            day -= timedelta(days=1)
            if self.is_business_day(day):
                remaining -= 1
        return day


@lru_cache(maxsize=1024)
def _closed_days(calendar: BusinessCalendar, year: int) -> frozenset[date]:
    """Every day of `year` the offices are shut (legal holidays, the town's closures):
    worked out once a year and calendar, not again for every day a count passes."""
    found = set(legal_holidays(year))
    found.update(day for day in calendar.closure_dates if day.year == year)
    found.update(closure_rule_date(rule, year) for rule in calendar.closure_rules)
    return frozenset(found)


MASSACHUSETTS = BusinessCalendar()
