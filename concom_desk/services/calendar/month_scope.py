"""Which filings can have a deadline inside a stretch of days (the month the calendar
shows), worked out from the town profiles before any deadline is counted.

Twenty years of permits leave thousands of filings unfinished; counting every one of
their deadlines to draw one month froze the calendar. Every deadline is counted from
an event date of its filing (or from another deadline counted from one), by a rule of
a known length; so a deadline counted from an event can only fall within that rule's
reach of the event. A filing none of whose event dates lies within reach of the month
cannot have a deadline in it, and is never read. Two acts move deadlines past their
rule's reach, and are followed: the permit extension acts move an expiry (and the
extension request counted back from it) years on, but only for permits issued by the
end of each act's window; an applicant's dated waiver moves the hearing or decision
clock to the waiver's date, and what is counted from that clock follows it. The reach
is generous (holidays and closures only move a day a little), and the deadlines of the
filings read are still filtered to the month exactly, so a wider reach costs only
time, never a wrong day (tests/services/calendar/test_month_read.py compares every
month of a demo town with the whole calendar).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import date, timedelta
from itertools import combinations
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, select, true
from sqlalchemy.orm import aliased

from concom_desk.domain.extension_acts import ExtensionAct, apply_acts
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.time_rule import Direction, Unit, add_years
from concom_desk.domain.town_profile import DEADLINE_PREFIX, DeadlineRule, TownProfile
from concom_desk.store.models import Filing
from concom_desk.store.models.meetings import HearingWaiver

# Days added on each side of every reach: a period's last day moved past a run of
# holidays and closures, a dated waiver that puts the hearing off.
SLACK_DAYS = 10

# The events the calendar counts from that are a filing's own columns ("expiry" is the
# expiry of the permit an extension extends, on the original filing's row; a continued
# hearing's date certain is not counted from on the calendar).
OWN_EVENTS = ("received", "boards_notified", "hearing", "closed", "decided", "issued",
              "commenced", "completed", "occupancy")


def _length_days(count: int, unit: Unit) -> tuple[int, int]:
    """The fewest and the most calendar days a period of `count` units can span."""
    if unit is Unit.YEARS:
        return count * 365, count * 366 + 1
    if unit is Unit.HOURS:
        return 0, count // 24 + 2
    if unit is Unit.BUSINESS_DAYS or count <= 10:  # business days: weekends too
        return count, count * 2 + 7
    return count, count + 7


def _signed(count: int, unit: Unit, direction: Direction) -> tuple[int, int]:
    least, most = _length_days(count, unit)
    return (least, most) if direction is Direction.AFTER else (-most, -least)


def _span(rule: DeadlineRule) -> tuple[int, int]:
    return _signed(rule.count, rule.unit, rule.direction)


# The deadline the permit extension acts move (deadline_engine._in_force): whatever is
# counted from it may fall years later than its own rule says.
EXPIRES = "expires"

# The deadline an applicant's dated written waiver moves, by the waiver's period
# (services/filings/deadlines.extensions_for): it falls on the waiver's date, and
# what is counted from it follows.
WAIVER_MOVES = {"hearing": "hearing_by", "decision": "decision_by"}


# A term of years counted from the issuance (the permit's own rule, before the acts).
Term = tuple[int, Unit, Direction]


def _roots(rule: DeadlineRule, by_id: Mapping[str, list[DeadlineRule]], depth: int = 0
           ) -> list[tuple[str, int, int, DeadlineRule | None]]:
    """(event, fewest, most days after it, the expiry rule it is counted through, if
    any) for each event the rule may be counted from; a deadline it counts from is an
    "event" too ("deadline:hearing_by"), for the dates a waiver gives that deadline."""
    low, high = _span(rule)
    expiry = rule if rule.id == EXPIRES else None
    found: list[tuple[str, int, int, DeadlineRule | None]] = []
    for source in rule.sources:
        if not source.startswith(DEADLINE_PREFIX):
            found.append((source, low, high, expiry))
            continue
        found.append((source, low, high, None))
        if depth < 8:  # profiles refuse cycles; the depth is a second guard
            for other in by_id.get(source.removeprefix(DEADLINE_PREFIX), []):
                found.extend((event, low + a, high + b, expiry or through)
                             for event, a, b, through in _roots(other, by_id, depth + 1))
    return found


# A reach is told apart by the kind of filing it is for, the event it counts from and
# the expiry term it is counted through, if any.
ReachKey = tuple[str, str, Term | None]


def event_reach(profiles: Mapping[str, TownProfile]
                ) -> dict[ReachKey, list[tuple[int, int]]]:
    """(kind, event, the expiry term counted through) -> the stretches (fewest, most
    days) in which a deadline of a filing of that kind counted from the event can fall,
    directly or through other deadlines, in any profile: one per length of period, so
    a five-year expiry does not make every filing of the last five years a candidate
    for the 21-day clocks' month. By kind, because the engine counts a filing by its
    own kind's rules only (`TownProfile.rules_for`): a certificate of compliance has no
    term, so the months its issuance is three years behind are not its months.
    Counted through an expiry, the days are after the expiry (the acts move it; see
    `may_fall_within`), not after the event. A deadline is an event for what is counted
    from it, and for itself (0, 0)."""
    spans: dict[ReachKey, set[tuple[int, int]]] = {}
    for profile in profiles.values():
        for kind in dict.fromkeys(kind for rule in profile.deadlines for kind in rule.kinds):
            rules = [rule for rule in profile.deadlines if kind in rule.kinds]
            by_id: dict[str, list[DeadlineRule]] = {}
            for rule in rules:
                by_id.setdefault(rule.id, []).append(rule)
            for rule in rules:
                spans.setdefault((kind, DEADLINE_PREFIX + rule.id, None), set()).add((0, 0))
                for event, low, high, expiry in _roots(rule, by_id):
                    if expiry is None:
                        spans.setdefault((kind, event, None), set()).add((low, high))
                        continue
                    term_low, term_high = _span(expiry)
                    spans.setdefault((kind, event, (expiry.count, expiry.unit,
                                                    expiry.direction)),
                                     set()).add((low - term_low, high - term_high))
    return {key: _merged(found) for key, found in spans.items()}


def _acts_in(profiles: Mapping[str, TownProfile]) -> list[tuple[ExtensionAct, ...]]:
    """The distinct sets of permit extension acts the profiles apply (one, as shipped)."""
    return list(dict.fromkeys(profile.extension_acts for profile in profiles.values()))


def act_shifts(profiles: Mapping[str, TownProfile]
               ) -> list[tuple[int, int, date | None]]:
    """(fewest, most days, issued no later than) for each set of permit extension acts
    that may together move one approval's expiry: an act extends only an approval
    issued by the end of its window (by its day, for an act covering a day). The empty
    set first (an approval whose holder declined the acts, or issued after them)."""
    acts = {act.id: act for found in _acts_in(profiles) for act in found}
    shifts: list[tuple[int, int, date | None]] = [(0, 0, None)]
    for size in range(1, len(acts) + 1):
        for chosen in combinations(acts.values(), size):
            shifts.append((
                sum(act.years * 365 + act.days for act in chosen),
                sum(act.years * 366 + act.days + 1 for act in chosen),
                min(act.start if act.covers == "on_day" else act.end for act in chosen)))
    return shifts


# (years, the acts by id) -> issuance day -> the expiries it can have (see below),
# as day numbers (date.toordinal). Reads in two threads may fill it at once: each
# writes the same answer.
_EXPIRIES: dict[tuple[int, tuple[tuple[str, ...], ...]], dict[int, tuple[int, ...]]] = {}


def issued_between(term: Term, after_expiry: list[tuple[int, int]], start: date, end: date,
                   profiles: Mapping[str, TownProfile]) -> list[tuple[date, date]]:
    """The stretches of issuance days whose permit, of a `term` of years, has its expiry
    (as the acts move it, or not, if its holder declined them) or a deadline
    `after_expiry` days from it within `start`..`end` and the slack: worked out day by
    day, as the engine counts it, so a month reads only the permits that expire near it."""
    acts = _acts_in(profiles)
    asked = (term, tuple(after_expiry), start, end,
             tuple(tuple(act.id for act in found) for found in acts))
    found = _ISSUED_BETWEEN.get(asked)
    if found is None:  # a month is read again after every save: worked out once
        found = _ISSUED_BETWEEN[asked] = _issued_between(term, after_expiry, start, end, acts)
    return found


# (term, reach, start, end, the acts by id) -> issued_between's answer.
_ISSUED_BETWEEN: dict[tuple[Any, ...], list[tuple[date, date]]] = {}


def _issued_between(term: Term, after_expiry: list[tuple[int, int]], start: date, end: date,
                    acts: list[tuple[ExtensionAct, ...]]) -> list[tuple[date, date]]:
    years = term[0]
    first = min(low for low, _ in after_expiry)
    last = max(high for _, high in after_expiry)
    most_moved = max((sum(act.years * 366 + act.days + 1 for act in found) for found in acts),
                     default=0)
    begin = (start - timedelta(days=last + SLACK_DAYS + years * 366 + 1 + most_moved)
             ).toordinal()
    stop = (end + timedelta(days=SLACK_DAYS - first - years * 365)).toordinal()
    early, late = start.toordinal() - SLACK_DAYS, end.toordinal() + SLACK_DAYS
    known = _EXPIRIES.setdefault((years, tuple(tuple(act.id for act in found_acts)
                                              for found_acts in acts)), {})
    found: list[tuple[date, date]] = []
    for day in range(begin, stop + 1):
        expiries = known.get(day)
        if expiries is None:  # worked out once a process: each month asks again
            issued = date.fromordinal(day)
            term_ends = add_years(issued, years)
            expiries = known[day] = tuple({term_ends.toordinal(), *(
                apply_acts(issued, term_ends, found_acts).expires.toordinal()
                for found_acts in acts)})
        if any(expires + low <= late and expires + high >= early
               for expires in expiries for low, high in after_expiry):
            issued = date.fromordinal(day)
            if found and found[-1][1] == issued - timedelta(days=1):
                found[-1] = (found[-1][0], issued)
            else:
                found.append((issued, issued))
    return found


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
    acts recorded elsewhere, a booked meeting)."""
    reach = event_reach(profiles)
    events = {event for _, event, _ in reach if not event.startswith(DEADLINE_PREFIX)}
    if events - set(OWN_EVENTS) - {"expiry", "continued"}:
        return true()  # a profile counts from an event not known here: read them all
    shifts = act_shifts(profiles)
    original = aliased(Filing)
    # A kind the profiles do not spell as the kinds table does is read whatever (the
    # engine would still know it); a kind no rule names has no deadline to show.
    conditions: list[ColumnElement[bool]] = [Filing.kind.not_in(list(KINDS))]

    def near(column: Any, spans: list[tuple[int, int]]) -> list[ColumnElement[bool]]:
        return [and_(column >= start - timedelta(days=high + SLACK_DAYS),
                     column <= end - timedelta(days=low - SLACK_DAYS))
                for low, high in spans]

    def reached(column: Any, event: str, issued: Any = None
                ) -> list[tuple[tuple[str, ...], list[ColumnElement[bool]]]]:
        """(the kinds, the conditions on `column` for a filing of those kinds), the
        kinds of the same reach from `event` together."""
        by_kind: dict[str, list[tuple[Term | None, tuple[tuple[int, int], ...]]]] = {}
        for (kind, source, term), spans in reach.items():
            if source == event:
                by_kind.setdefault(kind, []).append((term, tuple(spans)))
        kinds_alike: dict[tuple[Any, ...], list[str]] = {}
        for kind, found in by_kind.items():
            kinds_alike.setdefault(tuple(sorted(found, key=repr)), []).append(kind)
        return [(tuple(kinds), _conditions(column, event, list(alike), issued))
                for alike, kinds in kinds_alike.items()]

    def _conditions(column: Any, event: str,
                    alike: list[tuple[Term | None, tuple[tuple[int, int], ...]]],
                    issued: Any) -> list[ColumnElement[bool]]:
        found: list[ColumnElement[bool]] = []
        for term, spans in alike:
            if term is None:
                found.extend(near(column, list(spans)))
            elif event == "issued" and term[1] is Unit.YEARS and term[2] is Direction.AFTER:
                found.extend(and_(column >= first, column <= last) for first, last
                             in issued_between(term, list(spans), start, end, profiles))
            else:  # counted through an expiry from elsewhere: each way the acts move it
                term_low, term_high = _signed(*term)
                for more, most, issued_by in shifts:
                    for condition in near(column, [(low + term_low + more, high + term_high
                                                    + most) for low, high in spans]):
                        found.append(condition if issued_by is None or issued is None
                                     else and_(condition, issued <= issued_by))
        return found

    for event in OWN_EVENTS:
        column = getattr(Filing, event)
        for kinds, found in reached(column, event, func.coalesce(Filing.issued, column)):
            if found:
                conditions.append(and_(Filing.kind.in_(kinds), or_(*found)))
    # Only an extension request counts from the expiry of the permit it extends.
    for kinds, found in reached(original.expires, "expiry"):
        if found:
            conditions.append(and_(Filing.kind.in_(kinds), Filing.original_id.in_(
                select(original.id).where(or_(*found)))))
    for period, moved in WAIVER_MOVES.items():
        waived_to = near(HearingWaiver.hearing_no_later_than, _merged({
            span for (_, source, term), spans in reach.items()
            if source == DEADLINE_PREFIX + moved and term is None for span in spans}))
        if waived_to:
            of_period = (HearingWaiver.period == period if period == "decision"
                         else HearingWaiver.period != "decision")
            conditions.append(Filing.id.in_(select(HearingWaiver.filing_id).where(
                of_period, or_(*waived_to))))
    if also:
        conditions.append(Filing.id.in_(list(also)))
    return or_(*conditions)
