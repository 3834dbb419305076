"""Which automatic backups to keep as they pile up.

The program backs the database up each time it is opened and closed after a
change, so the backups folder would grow without end. The policy keeps dense
recent history and sparse old history, the way a careful clerk would:

- every backup made within the last 2 days;
- the newest backup of each of the 12 most recent days that have one;
- the newest backup of each of the 10 most recent weeks (ISO weeks, Monday
  first) that have one;
- the newest backup of each of the 9 most recent months that have one.

The rules are independent and their results are united (restic's
`forget --keep-within/--keep-daily/...` reads the same way): a backup kept by
any rule stays. Days, weeks and months are those of the datetimes given, so
the caller decides the time zone (the program passes local time, so "one a
day" follows the clerk's calendar, not UTC midnight). A backup dated in the
future (a clock set wrong) is always kept: deleting on a wrong clock is how
history gets lost.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class ThinningPolicy:
    within: timedelta = timedelta(days=2)
    daily: int = 12
    weekly: int = 10
    monthly: int = 9


DEFAULT_POLICY = ThinningPolicy()


def _day(moment: datetime) -> Hashable:
    return moment.date()


def _iso_week(moment: datetime) -> Hashable:
    year, week, _ = moment.isocalendar()
    return (year, week)


def _month(moment: datetime) -> Hashable:
    return (moment.year, moment.month)


def _newest_per_period(
    ordered_newest_first: list[datetime], period: Callable[[datetime], Hashable], count: int
) -> set[datetime]:
    kept: set[datetime] = set()
    seen: set[Hashable] = set()
    for moment in ordered_newest_first:
        if len(seen) >= count:
            break
        bucket = period(moment)
        if bucket not in seen:
            seen.add(bucket)
            kept.add(moment)
    return kept


def backups_to_keep(
    made_at: Iterable[datetime], now: datetime, policy: ThinningPolicy = DEFAULT_POLICY
) -> set[datetime]:
    """The times (among `made_at`) of the backups the policy keeps."""
    times = sorted(set(made_at), reverse=True)
    keep = {t for t in times if t >= now - policy.within}
    keep |= _newest_per_period(times, _day, policy.daily)
    keep |= _newest_per_period(times, _iso_week, policy.weekly)
    keep |= _newest_per_period(times, _month, policy.monthly)
    return keep


def backups_to_delete(
    made_at: Iterable[datetime], now: datetime, policy: ThinningPolicy = DEFAULT_POLICY
) -> set[datetime]:
    times = set(made_at)
    return times - backups_to_keep(times, now, policy)
