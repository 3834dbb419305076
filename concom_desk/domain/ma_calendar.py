"""Massachusetts legal holidays and business days.

The twelve legal holidays are those of MGL c.4 §7 cl.18. Two points differ from
the federal rule that calendar libraries apply by default, and both are
deliberate:

* a fixed-date holiday that falls on a **Sunday** is kept on the Monday after;
* a holiday that falls on a **Saturday is not moved** to the Friday: state and
  town offices are open that Friday, so it remains a business day.

Evacuation Day (Mar 17) and Bunker Hill Day (Jun 17) are Suffolk County
holidays only and are not holidays in the towns this program serves.

The list is written here from the statute rather than taken from a holiday
library: those apply the federal observed rule by default (Saturday → Friday),
and twelve rules are short enough to state exactly and test by hand.

A town may close its offices on other days (the day after Thanksgiving, say).
Those are not legal holidays, but they are not business days either when the
town's settings list them, so they are passed to the calendar as closures.
"""

from __future__ import annotations

import calendar as _cal
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache

MONDAY, THURSDAY, SATURDAY, SUNDAY = 0, 3, 5, 6

# Juneteenth Independence Day became a Massachusetts legal holiday in 2021.
JUNETEENTH_FIRST_YEAR = 2021

# Names of closure rules a town profile or the settings may name instead of dates.
CLOSURE_RULES = ("day_after_thanksgiving", "christmas_eve", "new_years_eve")


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th given weekday of a month (n=1 is the first)."""
    first = date(year, month, 1)
    offset = (weekday - first.weekday()) % 7
    return first + timedelta(days=offset + 7 * (n - 1))


def last_weekday(year: int, month: int, weekday: int) -> date:
    last = date(year, month, _cal.monthrange(year, month)[1])
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _sunday_to_monday(day: date) -> date:
    return day + timedelta(days=1) if day.weekday() == SUNDAY else day


@lru_cache(maxsize=256)
def legal_holidays(year: int) -> dict[date, str]:
    """The Massachusetts legal holidays of one year, as observed, by date."""
    found: dict[date, str] = {
        _sunday_to_monday(date(year, 1, 1)): "New Year's Day",
        nth_weekday(year, 1, MONDAY, 3): "Martin Luther King Jr. Day",
        nth_weekday(year, 2, MONDAY, 3): "Washington's Birthday",
        nth_weekday(year, 4, MONDAY, 3): "Patriots' Day",
        last_weekday(year, 5, MONDAY): "Memorial Day",
        _sunday_to_monday(date(year, 7, 4)): "Independence Day",
        nth_weekday(year, 9, MONDAY, 1): "Labor Day",
        nth_weekday(year, 10, MONDAY, 2): "Columbus Day",
        _sunday_to_monday(date(year, 11, 11)): "Veterans Day",
        nth_weekday(year, 11, THURSDAY, 4): "Thanksgiving Day",
        _sunday_to_monday(date(year, 12, 25)): "Christmas Day",
    }
    if year >= JUNETEENTH_FIRST_YEAR:
        found[_sunday_to_monday(date(year, 6, 19))] = "Juneteenth Independence Day"
    return found


def closure_rule_date(rule: str, year: int) -> date:
    if rule == "day_after_thanksgiving":
        return nth_weekday(year, 11, THURSDAY, 4) + timedelta(days=1)
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
        return day.weekday() < SATURDAY and self.holiday_name(day) is None

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


MASSACHUSETTS = BusinessCalendar()
