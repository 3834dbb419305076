"""Properties every shipped profile must keep for any dates, beyond the
hand-worked tables: day-counted deadlines land on business days, forward ones
never before the plain count, backward ones at least N days before."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concom_desk.domain.deadline_engine import compute_deadlines
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.ma_calendar import MASSACHUSETTS
from concom_desk.domain.time_rule import Direction, Unit
from concom_desk.domain.town_profile import load_profiles
from concom_desk.paths import towns_dir

PROFILES = load_profiles(towns_dir())
DAY_UNITS = (Unit.DAYS, Unit.BUSINESS_DAYS, Unit.CALENDAR_DAYS)
received_dates = st.dates(min_value=date(2024, 1, 1), max_value=date(2040, 12, 31))


def full_timeline(kind: str, received: date) -> dict[str, date]:
    """A plausible life of a filing, a few weeks between each step."""
    steps = {
        "received": 0, "boards_notified": 1, "hearing": 20, "continued": 34, "closed": 34,
        "decided": 34, "issued": 45, "expiry": 1000, "commenced": 60, "completed": 80,
        "occupancy": 400,
    }
    return {e: received + timedelta(days=steps[e]) for e in KINDS[kind].events}


@pytest.mark.parametrize("town", sorted(PROFILES))
@settings(max_examples=40, deadline=None)
@given(received=received_dates)
def test_day_counted_deadlines_are_business_days(town: str, received: date) -> None:
    profile = PROFILES[town]
    for kind in KINDS:
        events = full_timeline(kind, received)
        rules = {r.id: r for r in profile.rules_for(kind)}
        for deadline in compute_deadlines(profile, kind, events):
            rule = rules[deadline.id]
            if rule.unit not in DAY_UNITS or rule.count == 0:
                continue
            assert MASSACHUSETTS.is_business_day(deadline.date), (town, kind, deadline)
            span = timedelta(days=rule.count)
            if rule.direction is Direction.AFTER:
                assert deadline.date >= deadline.counted_from + span
            else:
                assert deadline.date <= deadline.counted_from - span
            assert deadline.citation.strip()
