"""Which filings can have a deadline inside a stretch of days (the month the calendar
shows), worked out from the town profiles before any deadline is counted.

Twenty years of permits leave thousands of filings unfinished; counting every one of
their deadlines to draw one month froze the calendar. Every deadline is counted from
an event date of its filing (or from another deadline counted from one), by a rule of
a known length; so a deadline counted from an event can only fall within that rule's
reach of the event. A filing none of whose event dates lies within reach of the month
cannot have a deadline in it, and is never read. The reach is generous (holidays and
closures only move a day a little; a waiver's new date is near its hearing), and the
deadlines of the filings read are still filtered to the month exactly, so a wider
reach costs only time, never a wrong day.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import date, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, false, or_, select, true
from sqlalchemy.orm import aliased

from concom_desk.domain.time_rule import Direction, Unit
from concom_desk.domain.town_profile import DEADLINE_PREFIX, DeadlineRule, TownProfile
from concom_desk.store.models import Filing

# Days added on each side of every reach: a period's last day moved past a run of
# holidays and closures, a dated waiver that puts the hearing off.
SLACK_DAYS = 10

# The events the calendar counts from that are a filing's own columns ("expiry" is the
# expiry of the permit an extension extends, on the original filing's row; a continued
# hearing's date certain is not counted from on the calendar).
OWN_EVENTS = ("received", "boards_notified", "hearing", "closed", "decided", "issued",
              "commenced", "completed", "occupancy")


def _length_days(rule: DeadlineRule) -> tuple[int, int]:
    """The fewest and the most calendar days a rule's period can span."""
    if rule.unit is Unit.YEARS:
        return rule.count * 365, rule.count * 366 + 1
    if rule.unit is Unit.HOURS:
        return 0, rule.count // 24 + 2
    if rule.unit is Unit.BUSINESS_DAYS or rule.count <= 10:  # business days: weekends too
        return rule.count, rule.count * 2 + 7
    return rule.count, rule.count + 7


def _span(rule: DeadlineRule) -> tuple[int, int]:
    least, most = _length_days(rule)
    return (least, most) if rule.direction is Direction.AFTER else (-most, -least)


def _roots(rule: DeadlineRule, by_id: Mapping[str, list[DeadlineRule]], depth: int = 0
           ) -> list[tuple[str, int, int]]:
    """(event, fewest, most days after it) for each event the rule may be counted from."""
    low, high = _span(rule)
    found = []
    for source in rule.sources:
        if not source.startswith(DEADLINE_PREFIX):
            found.append((source, low, high))
        elif depth < 8:  # profiles refuse cycles; the depth is a second guard
            for other in by_id.get(source.removeprefix(DEADLINE_PREFIX), []):
                found.extend((event, low + a, high + b)
                             for event, a, b in _roots(other, by_id, depth + 1))
    return found


def event_reach(profiles: Mapping[str, TownProfile]) -> dict[str, list[tuple[int, int]]]:
    """Event -> the stretches (fewest, most days after the event) in which a deadline
    counted from it can fall, directly or through other deadlines, in any profile:
    one per length of period, so a five-year expiry does not make every filing of the
    last five years a candidate for the 21-day clocks' month."""
    spans: dict[str, set[tuple[int, int]]] = {}
    for profile in profiles.values():
        by_id: dict[str, list[DeadlineRule]] = {}
        for rule in profile.deadlines:
            by_id.setdefault(rule.id, []).append(rule)
        for rule in profile.deadlines:
            for event, low, high in _roots(rule, by_id):
                spans.setdefault(event, set()).add((low, high))
    return {event: _merged(found) for event, found in spans.items()}


def _merged(spans: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping stretches as one (with the slack, nearly-touching ones too)."""
    merged: list[tuple[int, int]] = []
    for low, high in sorted(spans):
        if merged and low <= merged[-1][1] + 2 * SLACK_DAYS:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged


def may_fall_within(start: date, end: date, profiles: Mapping[str, TownProfile],
                    also: Collection[int] = ()) -> ColumnElement[bool]:
    """A condition on `Filing`: true for every filing that may have a deadline from
    `start` to `end` (and for the filings `also` names: those whose deadlines count from
    acts recorded elsewhere, a booked meeting or a dated waiver)."""
    reach = event_reach(profiles)
    if set(reach) - set(OWN_EVENTS) - {"expiry", "continued"}:
        return true()  # a profile counts from an event not known here: read them all
    original = aliased(Filing)
    conditions: list[ColumnElement[bool]] = []

    def near(column: Any, event: str) -> list[ColumnElement[bool]]:
        return [and_(column >= start - timedelta(days=high + SLACK_DAYS),
                     column <= end - timedelta(days=low - SLACK_DAYS))
                for low, high in reach.get(event, [])]

    for event in OWN_EVENTS:
        conditions.extend(near(getattr(Filing, event), event))
    expiry = near(original.expires, "expiry")
    if expiry:
        conditions.append(Filing.original_id.in_(select(original.id).where(or_(*expiry))))
    if also:
        conditions.append(Filing.id.in_(list(also)))
    return or_(*conditions) if conditions else false()
