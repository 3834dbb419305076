"""The thinning policy for automatic backups, on calendars worked out by hand.

Policy (issue 3, item 5): everything from the last 2 days, the newest of each
of the 12 most recent days, 10 most recent ISO weeks and 9 most recent months
that have a backup; the rules are united.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from concom_desk.domain.backup_thinning import (
    ThinningPolicy,
    backups_to_delete,
    backups_to_keep,
)


def at(day: str, hour: int = 9, minute: int = 0) -> datetime:
    return datetime.fromisoformat(day).replace(hour=hour, minute=minute)


def days(first: str, last: str) -> list[date]:
    start, end = date.fromisoformat(first), date.fromisoformat(last)
    return [start + timedelta(n) for n in range((end - start).days + 1)]


def test_nothing_to_thin() -> None:
    assert backups_to_keep([], at("2026-11-29")) == set()
    assert backups_to_delete([], at("2026-11-29")) == set()


def test_last_two_days_are_all_kept_and_the_edge_is_inclusive() -> None:
    now = at("2026-11-29", 12)
    made = [
        at("2026-11-29", 11), at("2026-11-29", 9), at("2026-11-28", 20),
        at("2026-11-27", 12),      # exactly 48 hours before: inside the window
        at("2026-11-27", 11, 59),  # a minute older, and not the newest of Nov 27
    ]
    assert backups_to_delete(made, now) == {at("2026-11-27", 11, 59)}


def test_a_month_of_daily_backups() -> None:
    # One backup a day at 09:00 through November 2026; now is Mon Nov 30, 10:00.
    made = [datetime.combine(d, datetime.min.time()).replace(hour=9)
            for d in days("2026-11-01", "2026-11-30")]
    now = at("2026-11-30", 10)
    # daily: Nov 19..30 (12 days). weekly (ISO, Monday first): Nov 30 (W49),
    # Nov 29 (W48), Nov 22 (W47), Nov 15 (W46), Nov 8 (W45), Nov 1 (W44).
    # monthly: Nov 30. within 2 days: Nov 29 and Nov 30.
    kept_days = {date(2026, 11, d) for d in [*range(19, 31), 15, 8, 1]}
    assert {t.date() for t in backups_to_keep(made, now)} == kept_days
    deleted_days = {t.date() for t in backups_to_delete(made, now)}
    assert deleted_days == {date(2026, 11, d) for d in [*range(2, 8), *range(9, 15), 16, 17, 18]}


def test_only_the_newest_of_a_day_survives_outside_the_window() -> None:
    now = at("2026-11-29", 12)
    made = [at("2026-11-20", h) for h in (8, 12, 17)]
    assert backups_to_keep(made, now) == {at("2026-11-20", 17)}


def test_two_years_of_fortnightly_backups_keep_nine_months() -> None:
    # On the 1st and 15th of each month, January 2025 to November 15, 2026; now Nov 20.
    made = [at(f"{y}-{m:02d}-{d:02d}") for y in (2025, 2026) for m in range(1, 13)
            for d in (1, 15) if (y, m, d) <= (2026, 11, 15)]
    now = at("2026-11-20")
    # daily (12 most recent days): Nov 15 back to Jun 1, 2026.
    # weekly (10 most recent weeks; every backup is in its own ISO week): Nov 15 .. Jul 1.
    # monthly (9 most recent months, newest in each): the 15th of Nov back to Mar 2026.
    expected = {at(d) for d in (
        "2026-11-15", "2026-11-01", "2026-10-15", "2026-10-01", "2026-09-15", "2026-09-01",
        "2026-08-15", "2026-08-01", "2026-07-15", "2026-07-01", "2026-06-15", "2026-06-01",
        "2026-05-15", "2026-04-15", "2026-03-15",
    )}
    assert backups_to_keep(made, now) == expected
    assert len(backups_to_delete(made, now)) == len(made) - 15


def test_iso_week_spans_new_year() -> None:
    # Mon 2026-12-28, Thu 2026-12-31 and Sun 2027-01-03 are all ISO week 2026-W53.
    weekly_only = ThinningPolicy(within=timedelta(0), daily=0, weekly=1, monthly=0)
    made = [at("2026-12-28"), at("2026-12-31"), at("2027-01-03")]
    assert backups_to_keep(made, at("2027-01-10"), weekly_only) == {at("2027-01-03")}


def test_months_are_calendar_months_not_weeks() -> None:
    monthly_only = ThinningPolicy(within=timedelta(0), daily=0, weekly=0, monthly=2)
    made = [at("2026-12-31"), at("2027-01-03"), at("2026-12-01"), at("2026-11-30")]
    # newest of Jan 2027 and of Dec 2026; November is the third month back.
    assert backups_to_keep(made, at("2027-02-01"), monthly_only) == {
        at("2027-01-03"), at("2026-12-31")}


def test_daily_counts_days_that_have_a_backup_not_calendar_days() -> None:
    daily_three = ThinningPolicy(within=timedelta(0), daily=3, weekly=0, monthly=0)
    # A gap of holidays: nothing between Dec 24 and Jan 2.
    made = [at("2027-01-02"), at("2026-12-24"), at("2026-12-23"), at("2026-12-22")]
    assert backups_to_keep(made, at("2027-01-05"), daily_three) == {
        at("2027-01-02"), at("2026-12-24"), at("2026-12-23")}


def test_a_backup_from_a_wrong_clock_in_the_future_is_kept() -> None:
    nothing_but_window = ThinningPolicy(daily=0, weekly=0, monthly=0)
    made = [at("2030-01-01"), at("2026-01-01")]
    assert backups_to_keep(made, at("2026-11-29"), nothing_but_window) == {at("2030-01-01")}


def test_hourly_backups_for_a_year_stay_bounded() -> None:
    start = at("2025-11-29", 0)
    made = [start + timedelta(hours=h) for h in range(0, 366 * 24, 3)]
    now = made[-1] + timedelta(hours=1)
    kept = backups_to_keep(made, now)
    # 2 days of 8 a day = 16 (+1 on the edge at most), plus at most 12 + 10 + 9 others.
    assert 16 <= len(kept) <= 17 + 12 + 10 + 9
    assert max(made) in kept
    assert backups_to_keep(made, now) | backups_to_delete(made, now) == set(made)
