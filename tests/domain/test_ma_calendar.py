"""Massachusetts legal holidays and business days, worked out by hand from
MGL c.4 §7 cl.18 and DOMAIN.md (Sunday → Monday; Saturday not moved)."""

from datetime import date

import pytest

from concom_desk.domain.ma_calendar import MASSACHUSETTS, BusinessCalendar, legal_holidays

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
