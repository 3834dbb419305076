"""Massachusetts legal holidays and business days, worked out by hand from
MGL c.4 §7 cl.18 (Sunday → Monday; Saturday not moved; Suffolk County days left out)."""

import calendar
from datetime import date, timedelta

import pytest

from concom_desk.domain.ma_calendar import MASSACHUSETTS, BusinessCalendar, legal_holidays

MON, THU = 0, 3


def _nth(year: int, month: int, day_of_week: int, n: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(day_of_week - first.weekday()) % 7 + 7 * (n - 1))


def _last(year: int, month: int, day_of_week: int) -> date:
    last = date(year, month, calendar.monthrange(year, month)[1])
    return last - timedelta(days=(last.weekday() - day_of_week) % 7)


def _fixed(year: int, month: int, day: int) -> date:
    """A fixed-date holiday on a Sunday is kept on the Monday; a Saturday one is not moved."""
    found = date(year, month, day)
    return found + timedelta(days=1) if found.weekday() == 6 else found


def statute_holidays(year: int) -> set[date]:
    """MGL c.4 §7 cl.18, rule by rule, written out independently of the program's code
    (which takes them from the `holidays` library), so an upstream change shows here."""
    days = {
        _fixed(year, 1, 1),  # New Year's Day
        _nth(year, 1, MON, 3),  # Martin Luther King Jr. Day: third Monday in January
        _nth(year, 2, MON, 3),  # Washington's Birthday: third Monday in February
        _nth(year, 4, MON, 3),  # Patriots' Day: third Monday in April
        _last(year, 5, MON),  # Memorial Day: last Monday in May
        _fixed(year, 7, 4),  # Independence Day
        _nth(year, 9, MON, 1),  # Labor Day: first Monday in September
        _nth(year, 10, MON, 2),  # Columbus Day: second Monday in October
        _fixed(year, 11, 11),  # Veterans Day
        _nth(year, 11, THU, 4),  # Thanksgiving Day: fourth Thursday in November
        _fixed(year, 12, 25),  # Christmas Day
    }
    if year >= 2021:  # Juneteenth Independence Day, a legal holiday from 2021
        days.add(_fixed(year, 6, 19))
    return days


def test_every_weekday_2000_to_2060_agrees_with_the_statute() -> None:
    differences = []
    day = date(2000, 1, 1)
    while day <= date(2060, 12, 31):
        if day.weekday() < 5:
            by_statute = day in statute_holidays(day.year)
            if MASSACHUSETTS.is_legal_holiday(day) != by_statute:
                differences.append(f"{day:%a %Y-%m-%d}: statute says holiday={by_statute}")
        day += timedelta(days=1)
    assert differences == []


def test_holidays_carry_the_statute_names() -> None:
    # MGL c.4 §7 cl.18, in the calendar order of 2026 (no holiday moved that year).
    assert list(legal_holidays(2026).values()) == [
        "New Year's Day", "Martin Luther King Jr. Day", "Washington's Birthday",
        "Patriots' Day", "Memorial Day", "Juneteenth Independence Day", "Independence Day",
        "Labor Day", "Columbus Day", "Veterans Day", "Thanksgiving Day", "Christmas Day",
    ]


def test_a_sunday_holiday_is_listed_on_its_monday_only() -> None:
    # July 4, 2027 is a Sunday: the list holds Monday July 5, not the Sunday.
    assert date(2027, 7, 4) not in legal_holidays(2027)
    assert legal_holidays(2027)[date(2027, 7, 5)] == "Independence Day"

# (date, is a business day?, why) — each worked out on a paper calendar.
BUSINESS_DAY_CASES = [
    (date(2026, 1, 1), False, "New Year's Day, Thursday"),
    (date(2026, 1, 19), False, "3rd Monday of January (MLK Day)"),
    (date(2026, 2, 16), False, "3rd Monday of February (Washington's Birthday)"),
    (date(2026, 3, 17), True, "Evacuation Day is Suffolk County only"),
    (date(2026, 4, 20), False, "3rd Monday of April, Patriots' Day"),
    (date(2026, 5, 25), False, "last Monday of May, Memorial Day"),
    (date(2026, 6, 17), True, "Bunker Hill Day is Suffolk County only"),
    (date(2026, 6, 19), False, "Juneteenth, a Friday"),
    (date(2026, 7, 3), True, "July 4, 2026 is a Saturday: NOT moved to Friday"),
    (date(2026, 7, 4), False, "Saturday (and Independence Day)"),
    (date(2026, 9, 7), False, "1st Monday of September, Labor Day"),
    (date(2026, 10, 12), False, "2nd Monday of October, Columbus Day"),
    (date(2026, 11, 11), False, "Veterans Day, a Wednesday"),
    (date(2026, 11, 26), False, "4th Thursday of November, Thanksgiving"),
    (date(2026, 11, 27), True, "day after Thanksgiving: not a legal holiday"),
    (date(2026, 12, 24), True, "Christmas Eve: not a legal holiday"),
    (date(2026, 12, 25), False, "Christmas, a Friday"),
    (date(2027, 6, 18), True, "Juneteenth 2027 is a Saturday: Friday stays a business day"),
    (date(2027, 7, 5), False, "July 4, 2027 is a Sunday: kept on Monday July 5"),
    (date(2027, 12, 24), True, "Christmas 2027 is a Saturday: Friday Dec 24 is open"),
    (date(2027, 12, 31), True, "New Year's Day 2028 is a Saturday: Friday Dec 31 is open"),
    (date(2023, 1, 2), False, "New Year's Day 2023 on a Sunday: Monday Jan 2"),
    (date(2023, 11, 10), True, "Veterans Day 2023 on a Saturday: Friday Nov 10 is open"),
    (date(2022, 6, 20), False, "Juneteenth 2022 on a Sunday: Monday June 20"),
    (date(2022, 12, 26), False, "Christmas 2022 on a Sunday: Monday Dec 26"),
    (date(2020, 6, 19), True, "Juneteenth was not yet a Massachusetts holiday in 2020"),
    (date(2026, 11, 28), False, "a Saturday"),
    (date(2026, 11, 29), False, "a Sunday"),
    (date(2026, 11, 30), True, "an ordinary Monday"),
]


@pytest.mark.parametrize(("day", "expected", "why"), BUSINESS_DAY_CASES)
def test_business_days(day: date, expected: bool, why: str) -> None:
    assert MASSACHUSETTS.is_business_day(day) is expected, why


def test_twelve_holidays_a_year_once_juneteenth_counts() -> None:
    # MGL c.4 §7 cl.18 lists twelve; none of 2026's coincide.
    assert len(legal_holidays(2026)) == 12
    assert len(legal_holidays(2019)) == 11


def test_holiday_names_are_shown() -> None:
    assert MASSACHUSETTS.holiday_name(date(2026, 4, 20)) == "Patriots' Day"
    assert MASSACHUSETTS.holiday_name(date(2027, 7, 5)) == "Independence Day"
    assert MASSACHUSETTS.holiday_name(date(2026, 3, 17)) is None


def test_town_closures_are_not_business_days() -> None:
    town = BusinessCalendar.with_closures(
        dates=[date(2026, 12, 24)], rules=["day_after_thanksgiving"]
    )
    assert not town.is_business_day(date(2026, 11, 27))
    assert not town.is_business_day(date(2027, 11, 26))
    assert not town.is_business_day(date(2026, 12, 24))
    assert town.holiday_name(date(2026, 12, 24)) == "Town offices closed"
    assert not town.is_legal_holiday(date(2026, 11, 27))
    assert MASSACHUSETTS.is_business_day(date(2026, 11, 27))


def test_unknown_closure_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown closure rule 'boxing_day'"):
        BusinessCalendar.with_closures(rules=["boxing_day"])
