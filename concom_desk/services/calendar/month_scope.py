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
from typing import Any, NamedTuple

from sqlalchemy import ColumnElement, and_, func, or_, select, true
from sqlalchemy.orm import aliased

from concom_desk.domain.extension_acts import ExtensionAct
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.laws import ACT, BOTH, STATE_TOWN
from concom_desk.domain.time_rule import Direction, Unit
from concom_desk.domain.town_profile import DEADLINE_PREFIX, DeadlineRule, TownProfile
from concom_desk.store.models import Filing
from concom_desk.store.models.meetings import HearingWaiver

# Days added on each side of every reach: a period's last day moved past a run of
# holidays and closures, a dated waiver that puts the hearing off.
SLACK_DAYS = 10

# The events the calendar counts from that are a filing's own columns ("expiry" is the
# expiry of the permit an extension extends, on the original filing's row; a continued
# hearing's date certain is no column: its few filings are read by id, as `also`).
OWN_EVENTS = ("received", "boards_notified", "hearing", "closed", "decided", "issued",
              "commenced", "completed", "occupancy")


def _years_days(years: int) -> tuple[int, int]:
    """The fewest and the most calendar days `years` years can span (`add_years`): a
    Feb 29 in every fourth year, give or take one (a century's common year; a Feb 29
    start ends on Feb 28)."""
    if years == 0:
        return 0, 0
    leap_days = years // 4
    return years * 365 + max(leap_days - 1, 0), years * 365 + leap_days + 1


def _length_days(count: int, unit: Unit) -> tuple[int, int]:
    """The fewest and the most calendar days a period of `count` units can span."""
    if unit is Unit.YEARS:
        return _years_days(count)
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
           ) -> list[tuple[str, int, int, DeadlineRule | None, frozenset[str]]]:
    """(event, fewest, most days after it, the expiry rule it is counted through, if
    any, the events the filing must lack for the rule to be counted this way) for each
    event the rule may be counted from; a deadline it counts from is an "event" too
    ("deadline:hearing_by"), for the dates a waiver gives that deadline. A rule is
    counted from its first source known (a later one only while the earlier events
    are missing), not at all once its `until` event is known (the engine drops a
    moot deadline: a permit issued years ago is no candidate for its NOI's one-year
    presumed-lapse clock), and only for a filing with its `when` flag and without its
    `unless` one (WHEN + flag, UNLESS + flag): a five-year maintenance term makes no
    other permit a candidate."""
    low, high = _span(rule)
    expiry = rule if rule.id == EXPIRES else None
    moot = frozenset(({rule.until} if rule.until else set())
                     | ({WHEN + rule.when} if rule.when else set())
                     | ({UNLESS + rule.unless} if rule.unless else set()))
    found: list[tuple[str, int, int, DeadlineRule | None, frozenset[str]]] = []
    for position, source in enumerate(rule.sources):
        absent = moot | {earlier for earlier in rule.sources[:position]
                         if not earlier.startswith(DEADLINE_PREFIX)}
        if not source.startswith(DEADLINE_PREFIX):
            found.append((source, low, high, expiry, absent))
            continue
        found.append((source, low, high, None, absent))
        if depth < 8:  # profiles refuse cycles; the depth is a second guard
            for other in by_id.get(source.removeprefix(DEADLINE_PREFIX), []):
                found.extend((event, low + a, high + b, expiry or through, absent | lacks)
                             for event, a, b, through, lacks
                             in _roots(other, by_id, depth + 1))
    return found


# A reach is told apart by the kind of filing it is for, the event it counts from, the
# expiry term it is counted through, if any, and the events the filing must lack.
ReachKey = tuple[str, str, Term | None, frozenset[str]]


def event_reach(profiles: Mapping[str, TownProfile]
                ) -> dict[ReachKey, list[tuple[int, int]]]:
    """(kind, event, the expiry term counted through, the events lacking) -> the
    stretches (fewest, most days) in which a deadline of a filing of that kind counted
    from the event can fall, directly or through other deadlines, in any profile: one
    per length of period, so a five-year expiry does not make every filing of the last
    five years a candidate for the 21-day clocks' month. By kind, because the engine
    counts a filing by its own kind's rules only (`TownProfile.rules_for`): a
    certificate of compliance has no term, so the months its issuance is three years
    behind are not its months. Counted through an expiry, the days are after the expiry
    (the acts move it; see `may_fall_within`), not after the event. A deadline is an
    event for what is counted from it, and for itself (0, 0)."""
    spans: dict[ReachKey, set[tuple[int, int]]] = {}
    for profile in profiles.values():
        for kind in dict.fromkeys(kind for rule in profile.deadlines for kind in rule.kinds):
            rules = [rule for rule in profile.deadlines if kind in rule.kinds]
            by_id: dict[str, list[DeadlineRule]] = {}
            for rule in rules:
                by_id.setdefault(rule.id, []).append(rule)
            for rule in rules:
                spans.setdefault((kind, DEADLINE_PREFIX + rule.id, None, frozenset()),
                                 set()).add((0, 0))
                for event, low, high, expiry, absent in _roots(rule, by_id):
                    lacking = _lacking(kind, absent)
                    if expiry is None:
                        spans.setdefault((kind, event, None, lacking), set()).add((low, high))
                        continue
                    term_low, term_high = _span(expiry)
                    spans.setdefault((kind, event, (expiry.count, expiry.unit,
                                                    expiry.direction), lacking),
                                     set()).add((low - term_low, high - term_high))
    return {key: _merged(found) for key, found in spans.items()}


# The flags a rule may need or refuse (`FilingFacts.flags`) told from the filing's
# columns; any other flag narrows nothing.
WHEN, UNLESS = "when:", "unless:"
FLAG_COLUMNS = {"maintenance": func.coalesce(Filing.maintenance, False).is_(True),
                "denied": Filing.status == "denied"}


def _lacking(kind: str, absent: frozenset[str]) -> frozenset[str]:
    """Of the events a way of counting needs missing, those a filing of `kind` can show
    as a column of its own (the others, a date certain or a booked meeting, come from
    elsewhere and narrow nothing here: `also`); and the flags it needs or refuses that
    a column tells."""
    found = KINDS.get(kind)
    if found is None:
        return frozenset()
    return frozenset(
        event for event in absent
        if (event in OWN_EVENTS and event in found.events)
        or event.removeprefix(WHEN).removeprefix(UNLESS) in FLAG_COLUMNS)


def _condition_lacking(lacking: frozenset[str]) -> list[ColumnElement[bool]]:
    """`_lacking`'s events and flags as conditions on `Filing`."""
    found: list[ColumnElement[bool]] = []
    for name in sorted(lacking):
        if name.startswith(WHEN):
            found.append(FLAG_COLUMNS[name.removeprefix(WHEN)])
        elif name.startswith(UNLESS):
            found.append(~FLAG_COLUMNS[name.removeprefix(UNLESS)])
        else:
            found.append(getattr(Filing, name).is_(None))
    return found


def _acts_in(profiles: Mapping[str, TownProfile]) -> list[tuple[ExtensionAct, ...]]:
    """The distinct sets of permit extension acts the profiles apply (one, as shipped)."""
    return list(dict.fromkeys(profile.extension_acts for profile in profiles.values()))


class Shift(NamedTuple):
    """How far one set of permit extension acts may together move an approval's expiry
    (fewest and most days), and which approvals the set can cover: those issued no
    later than `issued_by` (the end of each act's window; an act covering a day, by its
    day), and in effect on each act's first day (`in_effect_on`: the act's first day,
    and the most days the set's earlier acts moved the expiry before it)."""

    fewest: int
    most: int
    issued_by: date | None
    in_effect_on: tuple[tuple[date, int], ...]


def act_shifts(profiles: Mapping[str, TownProfile]) -> list[Shift]:
    """Every set of permit extension acts that may together move one approval's
    expiry, the empty set first (an approval whose holder declined the acts, or issued
    after them). The acts run in date order, each testing "in effect" against the
    expiry as the earlier ones moved it (`extension_acts.apply_acts`)."""
    acts = {act.id: act for found in _acts_in(profiles) for act in found}
    shifts = [Shift(0, 0, None, ())]
    for size in range(1, len(acts) + 1):
        for chosen in combinations(sorted(acts.values(), key=lambda a: a.start), size):
            most = [_years_days(act.years)[1] + act.days for act in chosen]
            shifts.append(Shift(
                sum(_years_days(act.years)[0] + act.days for act in chosen), sum(most),
                min(act.start if act.covers == "on_day" else act.end for act in chosen),
                tuple((act.start, sum(most[:n])) for n, act in enumerate(chosen))))
    return shifts


def issued_between(term: Term, after_expiry: list[tuple[int, int]], start: date, end: date,
                   shifts: list[Shift]) -> list[tuple[date, date]]:
    """The stretches of issuance days whose permit, of a `term` of years, may have its
    expiry (as a set of the acts moves it, or none, if its holder declined them) or a
    deadline `after_expiry` days from it within `start`..`end` and the slack. A set
    can move only a permit issued by its acts' windows' ends, and still in effect on
    each act's first day: issued late enough that its term, moved by the set's earlier
    acts, reaches that day. Worked out from the acts' bounds, not day by day: a first
    month counted ten thousand issuance days through the acts."""
    term_low, term_high = _signed(*term)
    found: list[tuple[date, date]] = []
    for shift in shifts:
        for low, high in after_expiry:
            first = start - timedelta(days=high + term_high + shift.most + SLACK_DAYS)
            last = end - timedelta(days=low + term_low + shift.fewest - SLACK_DAYS)
            for act_starts, moved_before in shift.in_effect_on:
                first = max(first, act_starts - timedelta(days=term_high + moved_before))
            if shift.issued_by is not None:
                last = min(last, shift.issued_by)
            if first <= last:
                found.append((first, last))
    return _merged_days(found)


def _merged_days(stretches: list[tuple[date, date]]) -> list[tuple[date, date]]:
    """Overlapping or touching stretches of days as one."""
    merged: list[tuple[date, date]] = []
    for first, last in sorted(stretches):
        if merged and first <= merged[-1][1] + timedelta(days=1):
            merged[-1] = (merged[-1][0], max(merged[-1][1], last))
        else:
            merged.append((first, last))
    return merged


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
    acts recorded elsewhere, a booked meeting or a continued hearing's date certain).
    Each town's filings by its own profile's clocks and, under the Act, the state's
    (`deadlines.every_clock`), so one town's five-year term does not make another's
    filings of five years ago candidates; a filing of a town with no profile has no
    deadline."""
    reach = event_reach(profiles)
    events = {event for _, event, _, _ in reach if not event.startswith(DEADLINE_PREFIX)}
    if events - set(OWN_EVENTS) - {"expiry", "continued"}:
        return true()  # a profile counts from an event not known here: read them all
    # A kind the profiles do not spell as the kinds table does is read whatever (the
    # engine would still know it); a kind no rule names has no deadline to show.
    conditions: list[ColumnElement[bool]] = [Filing.kind.not_in(list(KINDS))]
    alike: dict[tuple[Any, ...], list[str]] = {}
    for town, profile in profiles.items():
        own = event_reach({town: profile})
        alike.setdefault(tuple(sorted(((key, tuple(spans)) for key, spans in own.items()),
                                      key=repr)), []).append(town)
    for towns in alike.values():
        of_towns = {town: profiles[town] for town in towns}
        in_towns = Filing.town.in_(towns)
        if STATE_TOWN in towns:  # a filing under the Act runs on its clocks too
            in_towns = or_(in_towns, func.coalesce(Filing.laws, BOTH).in_((ACT, BOTH)))
        found = _by_events(start, end, of_towns)
        if found:
            conditions.append(and_(in_towns, or_(*found)))
    for period, moved in WAIVER_MOVES.items():
        waived_to = _near(HearingWaiver.hearing_no_later_than, start, end, _merged({
            span for (_, source, term, _), spans in reach.items()
            if source == DEADLINE_PREFIX + moved and term is None for span in spans}))
        if waived_to:
            of_period = (HearingWaiver.period == period if period == "decision"
                         else HearingWaiver.period != "decision")
            conditions.append(Filing.id.in_(select(HearingWaiver.filing_id).where(
                of_period, or_(*waived_to))))
    if also:
        conditions.append(Filing.id.in_(list(also)))
    return or_(*conditions)


def _near(column: Any, start: date, end: date, spans: list[tuple[int, int]]
          ) -> list[ColumnElement[bool]]:
    return [and_(column >= start - timedelta(days=high + SLACK_DAYS),
                 column <= end - timedelta(days=low - SLACK_DAYS))
            for low, high in spans]


# The permit an extension extends. One alias for every read: an alias works out its
# columns on first use, a few hundredths of a second each month otherwise.
_ORIGINAL = aliased(Filing)


def _by_events(start: date, end: date, profiles: Mapping[str, TownProfile]
               ) -> list[ColumnElement[bool]]:
    """The conditions on the event dates of a filing counted by `profiles` (one
    town's, or several alike) that may put one of its deadlines in `start`..`end`."""
    reach = event_reach(profiles)
    shifts = act_shifts(profiles)
    original = _ORIGINAL

    def reached(column: Any, event: str, issued: Any = None
                ) -> list[tuple[tuple[str, ...], list[ColumnElement[bool]]]]:
        """(the kinds, the conditions on `column` for a filing of those kinds), the
        kinds of the same reach from `event` together."""
        by_kind: dict[str, list[tuple[Term | None, frozenset[str],
                                      tuple[tuple[int, int], ...]]]] = {}
        for (kind, source, term, lacking), spans in reach.items():
            if source == event:
                by_kind.setdefault(kind, []).append((term, lacking, tuple(spans)))
        kinds_alike: dict[tuple[Any, ...], list[str]] = {}
        for kind, found in by_kind.items():
            kinds_alike.setdefault(tuple(sorted(found, key=repr)), []).append(kind)
        return [(tuple(kinds), _conditions(column, event, list(alike), issued))
                for alike, kinds in kinds_alike.items()]

    def _conditions(column: Any, event: str,
                    alike: list[tuple[Term | None, frozenset[str],
                                      tuple[tuple[int, int], ...]]],
                    issued: Any) -> list[ColumnElement[bool]]:
        found: list[ColumnElement[bool]] = []
        for term, lacking, spans in alike:
            these: list[ColumnElement[bool]] = []
            if term is None:
                these.extend(_near(column, start, end, list(spans)))
            elif event == "issued" and term[1] is Unit.YEARS and term[2] is Direction.AFTER:
                these.extend(and_(column >= first, column <= last) for first, last
                             in issued_between(term, list(spans), start, end, shifts))
            else:  # counted through an expiry from elsewhere: each way the acts move it
                term_low, term_high = _signed(*term)
                for shift in shifts:
                    for condition in _near(column, start, end,
                                           [(low + term_low + shift.fewest,
                                             high + term_high + shift.most)
                                            for low, high in spans]):
                        these.append(condition if shift.issued_by is None or issued is None
                                     else and_(condition, issued <= shift.issued_by))
            if these and lacking:
                these = [and_(or_(*these), *_condition_lacking(lacking))]
            found.extend(these)
        return found

    conditions: list[ColumnElement[bool]] = []
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
    return conditions
