"""The time-computation rule (310 CMR 10.05(1); Upton ch. 330 "Time periods";
Bourne BWR 1.05(1)), each case worked out by hand on a calendar."""

from datetime import date

import pytest

from concom_desk.domain.ma_calendar import BusinessCalendar
from concom_desk.domain.time_rule import STATE_RULE, Direction, TimeRule, Unit, add_years

D = date
AFTER, BEFORE = Direction.AFTER, Direction.BEFORE

# (base, count, unit, direction, expected, how it was worked out)
CASES = [
    # DOMAIN.md worked examples
    (D(2026, 11, 5), 21, Unit.DAYS, AFTER, D(2026, 11, 27),
     "Thu 11/5 + 21 = Thu 11/26 Thanksgiving → Fri 11/27"),
    (D(2027, 1, 4), 5, Unit.DAYS, BEFORE, D(2026, 12, 24),
     "skip Fri 1/1; 12/31, 12/30, 12/29, 12/28; skip Fri 12/25; Thu 12/24"),
    (D(2027, 11, 19), 10, Unit.BUSINESS_DAYS, AFTER, D(2027, 12, 6),
     "22,23,24, skip Thanksgiving 25, 26, 29,30, 12/1,2,3, 12/6"),
    # longer periods: calendar days, last day moved forward
    (D(2026, 6, 13), 21, Unit.DAYS, AFTER, D(2026, 7, 6),
     "6/13 + 21 = Sat 7/4 → Mon 7/6"),
    (D(2027, 6, 13), 21, Unit.DAYS, AFTER, D(2027, 7, 6),
     "6/13 + 21 = Sun 7/4 → Mon 7/5 is the observed holiday → Tue 7/6"),
    (D(2026, 3, 30), 21, Unit.DAYS, AFTER, D(2026, 4, 21),
     "3/30 + 21 = Mon 4/20 Patriots' Day → Tue 4/21"),
    (D(2026, 6, 5), 14, Unit.DAYS, AFTER, D(2026, 6, 22),
     "6/5 + 14 = Fri 6/19 Juneteenth → Mon 6/22"),
    (D(2026, 12, 4), 21, Unit.DAYS, AFTER, D(2026, 12, 28),
     "12/4 + 21 = Fri 12/25 Christmas → Mon 12/28"),
    (D(2026, 12, 11), 21, Unit.DAYS, AFTER, D(2027, 1, 4),
     "12/11 + 21 = Fri 1/1 New Year → Mon 1/4 (across the year end)"),
    (D(2026, 1, 31), 28, Unit.DAYS, AFTER, D(2026, 3, 2),
     "1/31 + 28 = Sat 2/28 (2026 not leap) → Mon 3/2"),
    (D(2028, 2, 8), 21, Unit.DAYS, AFTER, D(2028, 2, 29),
     "2/8 + 21 = Tue 2/29/2028, a leap day and a business day"),
    (D(2026, 7, 3), 11, Unit.DAYS, AFTER, D(2026, 7, 14),
     "11 days is over the 10-day threshold: calendar count, Tue 7/14"),
    (D(2026, 12, 18), 5, Unit.CALENDAR_DAYS, AFTER, D(2026, 12, 23),
     "explicit calendar days even though short: Wed 12/23"),
    # short periods: business days, from the day after
    (D(2026, 7, 3), 10, Unit.DAYS, AFTER, D(2026, 7, 17),
     "Jul 6,7,8,9,10,13,14,15,16,17 (Sat 7/4 is not counted anyway)"),
    (D(2026, 11, 25), 5, Unit.DAYS, AFTER, D(2026, 12, 3),
     "skip Thanksgiving; Fri 11/27, 11/30, 12/1, 12/2, 12/3"),
    (D(2026, 4, 21), 5, Unit.BUSINESS_DAYS, BEFORE, D(2026, 4, 13),
     "skip Mon 4/20 Patriots' Day; 4/17, 16, 15, 14, 13"),
    (D(2026, 6, 12), 0, Unit.DAYS, AFTER, D(2026, 6, 12), "at filing: the same day"),
    # backward calendar periods move earlier
    (D(2029, 12, 10), 30, Unit.DAYS, BEFORE, D(2029, 11, 9),
     "12/10 − 30 = Sat 11/10 → Fri 11/9"),
    (D(2027, 1, 25), 60, Unit.DAYS, BEFORE, D(2026, 11, 25),
     "1/25 − 60 = Thu 11/26 Thanksgiving → Wed 11/25"),
    (D(2026, 12, 27), 30, Unit.DAYS, BEFORE, D(2026, 11, 27),
     "12/27 − 30 = Fri 11/27, open by default"),
    # expiry: same date N years later, never moved
    (D(2024, 2, 29), 3, Unit.YEARS, AFTER, D(2027, 2, 28), "Feb 29 + 3 y = Feb 28 (a Sunday)"),
    (D(2026, 7, 4), 3, Unit.YEARS, AFTER, D(2029, 7, 4), "a holiday, not moved"),
    (D(2026, 6, 12), 5, Unit.YEARS, AFTER, D(2031, 6, 12), "5-year maintenance permit"),
    # hours: a running clock
    (D(2026, 6, 12), 24, Unit.HOURS, AFTER, D(2026, 6, 13), "24 hours: the next day"),
    (D(2026, 6, 12), 48, Unit.HOURS, AFTER, D(2026, 6, 14), "48 hours, not moved off Sunday"),
]


@pytest.mark.parametrize(("base", "count", "unit", "direction", "expected", "how"), CASES)
def test_state_rule(base: date, count: int, unit: Unit, direction: Direction, expected: date,
                    how: str) -> None:
    assert STATE_RULE.count(base, count, unit, direction) == expected, how


def test_town_closure_changes_a_count() -> None:
    town = TimeRule(calendar=BusinessCalendar.with_closures(rules=["day_after_thanksgiving"]))
    # 5 business days after Wed 11/25/2026 with Fri 11/27 closed: 11/30, 12/1, 2, 3, 4.
    assert town.after(D(2026, 11, 25), 5, Unit.DAYS) == D(2026, 12, 4)
    # 12/27 − 30 = Fri 11/27, closed → Wed 11/25 (Thanksgiving skipped too).
    assert town.before(D(2026, 12, 27), 30, Unit.DAYS) == D(2026, 11, 25)


def test_a_profile_may_count_short_periods_in_calendar_days() -> None:
    calendar_only = TimeRule(business_day_threshold=0)
    # 5 days after Fri 12/18/2026 = Wed 12/23 (no business-day counting).
    assert calendar_only.after(D(2026, 12, 18), 5, Unit.DAYS) == D(2026, 12, 23)


def test_add_years_backwards_from_leap_day() -> None:
    assert add_years(D(2028, 2, 29), -1) == D(2027, 2, 28)
