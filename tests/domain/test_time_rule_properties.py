"""Properties of the time rule that must hold for every date, not just the
hand-worked ones: forward deadlines are business days never earlier than the
plain calendar count; backward ones are business days at least N days before."""

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from concom_desk.domain.ma_calendar import MASSACHUSETTS
from concom_desk.domain.time_rule import STATE_RULE, Unit

dates = st.dates(min_value=date(2000, 1, 1), max_value=date(2060, 12, 31))
periods = st.integers(min_value=1, max_value=120)
day_units = st.sampled_from([Unit.DAYS, Unit.BUSINESS_DAYS, Unit.CALENDAR_DAYS])


@given(dates, periods, day_units)
def test_forward_deadline_is_a_business_day_not_before_the_calendar_count(
    start: date, count: int, unit: Unit
) -> None:
    due = STATE_RULE.after(start, count, unit)
    assert MASSACHUSETTS.is_business_day(due)
    assert due >= start + timedelta(days=count)


@given(dates, periods, day_units)
def test_backward_deadline_is_a_business_day_at_least_n_days_before(
    end: date, count: int, unit: Unit
) -> None:
    act_by = STATE_RULE.before(end, count, unit)
    assert MASSACHUSETTS.is_business_day(act_by)
    assert act_by <= end - timedelta(days=count)


@given(dates, st.integers(min_value=1, max_value=10))
def test_short_periods_count_exactly_n_business_days(start: date, count: int) -> None:
    due = STATE_RULE.after(start, count, Unit.DAYS)
    between = [start + timedelta(days=i) for i in range(1, (due - start).days + 1)]
    assert sum(MASSACHUSETTS.is_business_day(d) for d in between) == count


@given(dates, st.integers(min_value=11, max_value=120))
def test_long_periods_move_only_past_non_business_days(start: date, count: int) -> None:
    due = STATE_RULE.after(start, count, Unit.DAYS)
    plain = start + timedelta(days=count)
    skipped = [plain + timedelta(days=i) for i in range((due - plain).days)]
    assert not any(MASSACHUSETTS.is_business_day(d) for d in skipped)


@given(dates, st.integers(min_value=1, max_value=5))
def test_expiry_keeps_the_calendar_date(start: date, years: int) -> None:
    expires = STATE_RULE.after(start, years, Unit.YEARS)
    assert expires.year == start.year + years
    assert expires.month == start.month
    assert expires.day == start.day or (start.month, start.day, expires.day) == (2, 29, 28)
