"""The deadline engine: from a town's profile, a filing kind and the events
known so far, every date the law sets for what comes next.

A deadline counted from another deadline (the legal notice counted back from
the latest lawful hearing date while no hearing is booked) is computed after
the one it needs; a deadline whose event is not known yet is left out rather
than guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from concom_desk.domain.filing_kinds import EVENT_NAMES, check_events, kind_named
from concom_desk.domain.town_profile import DEADLINE_PREFIX, DeadlineRule, TownProfile


@dataclass(frozen=True)
class Deadline:
    id: str
    date: date
    label: str
    citation: str
    rule: str  # the period in plain words, e.g. "21 days after filing received"
    counted_from: date

    def days_left(self, today: date) -> int:
        return (self.date - today).days

    def as_json(self) -> dict[str, str]:
        return {"date": self.date.isoformat(), "label": self.label, "citation": self.citation}


def _resolve_base(
    rule: DeadlineRule, events: Mapping[str, date], found: Mapping[str, Deadline]
) -> tuple[date, str] | None:
    """The date the period runs from, and a note when a fallback source was used.

    A fallback (the latest lawful hearing date while no hearing is booked, the
    filing date while the date the boards got their notice is not recorded) is
    said in the label, so nobody mistakes an estimate for the bylaw's own base.
    """
    wanted = rule.sources[0]
    wanted_words = EVENT_NAMES.get(wanted, wanted.removeprefix(DEADLINE_PREFIX).replace("_", " "))
    for position, source in enumerate(rule.sources):
        if source.startswith(DEADLINE_PREFIX):
            other = found.get(source.removeprefix(DEADLINE_PREFIX))
            if other is None:
                continue
            base, words = other.date, "the last day to " + other.label[:1].lower() + other.label[1:]
        elif source in events:
            base, words = events[source], EVENT_NAMES[source]
        else:
            continue
        note = ""
        if position > 0:
            note = f" (no {wanted_words} date yet: counted from {words}, {base})"
        return base, note
    return None


def compute_deadlines(
    profile: TownProfile,
    kind: str,
    events: Mapping[str, date],
    flags: frozenset[str] = frozenset(),
    extended: Mapping[str, tuple[date, str]] | None = None,
) -> list[Deadline]:
    """Every deadline that follows from the events, in the profile's order.

    `extended` replaces a deadline's date where the law lets a party extend it (the
    applicant's written waiver of the 21-day hearing clock): id -> (new date, why).
    Deadlines counted from it (the legal notice while no hearing is booked) follow."""
    extended = extended or {}
    filing_kind = kind_named(kind)
    check_events(filing_kind, dict(events))
    # A deadline made moot by a later event (an NOI presumed lapsed once the permit
    # has issued) is left out rather than shown as missed.
    rules = [rule for rule in profile.rules_for(filing_kind.code, flags)
             if rule.until is None or rule.until not in events]
    found: dict[str, Deadline] = {}
    pending = list(rules)
    # Rules may depend on each other; a few passes settle a profile of a dozen rules.
    progress = True
    while pending and progress:
        progress = False
        for rule in list(pending):
            if rule.id in found:  # an earlier rule with the same id already applied
                pending.remove(rule)
                continue
            base = _resolve_base(rule, events, found)
            if base is None:
                if not any(s.startswith(DEADLINE_PREFIX) for s in rule.sources):
                    pending.remove(rule)
                continue
            base_date, note = base
            when = profile.time_rule.count(base_date, rule.count, rule.unit, rule.direction)
            if rule.id in extended:
                when, why = extended[rule.id]
                note = f"{note} ({why})"
            found[rule.id] = Deadline(
                id=rule.id,
                date=when,
                label=rule.label + note,
                citation=rule.citation,
                rule=rule.describe(),
                counted_from=base_date,
            )
            pending.remove(rule)
            progress = True
    order = {rule.id: index for index, rule in enumerate(rules)}
    return sorted(found.values(), key=lambda d: (order[d.id]))
