"""The deadline engine: from a town's profile, a filing kind and the events
known so far, every date the law sets for what comes next.

A deadline counted from another deadline (the legal notice counted back from
the latest lawful hearing date while no hearing is booked) is computed after
the one it needs; a deadline whose event is not known yet is left out rather
than guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date

from concom_desk.domain.extension_acts import ActApplied, apply_acts
from concom_desk.domain.filing_kinds import EVENT_NAMES, check_events, kind_named
from concom_desk.domain.town_profile import DEADLINE_PREFIX, DeadlineRule, TownProfile

# An amendment runs with the original permit's term: it never gets an expiry or an
# extension clock of its own (Bourne BWR 1.05(8)(c): "Under no circumstances shall the
# issuance of an amended permit extend the effective date of the original permit. The
# Amended Permit shall run with the term of the original Permit"; DOMAIN.md: amendments
# never extend the original dates). Left out in every profile, a clerk's own included.
RUNS_WITH_ORIGINAL = frozenset({"expires", "extension_request_by"})


@dataclass(frozen=True)
class Deadline:
    id: str
    date: date
    label: str
    citation: str
    rule: str  # the period in plain words, e.g. "21 days after filing received"
    counted_from: date
    # An expiry the permit extension acts moved: the term before any act, and each act.
    term_ends: date | None = None
    extended_by: tuple[ActApplied, ...] = ()
    clock: str = ""  # the period as a clock's name: "21-day", "5-business-day"

    def days_left(self, today: date) -> int:
        return (self.date - today).days

    def as_json(self) -> dict[str, object]:
        found: dict[str, object] = {"date": self.date.isoformat(), "label": self.label,
                                    "citation": self.citation}
        if self.term_ends is not None:
            found["term_ends"] = self.term_ends.isoformat()
            found["extended_by"] = [step.as_json() for step in self.extended_by]
        return found


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
            note = f" (no {wanted_words} date yet: counted from {words}, {base}"
            if _comes_later(source, wanted) and rule.direction.value == "after":
                # Sandwich's appeal runs from the decision, which comes before issuance:
                # counted from the later event, the day shown may be too late.
                note += f"; not safe: the {wanted_words} came first, so the real last day " \
                        "may be earlier"
            note += ")"
        return base, note
    return None


def _comes_later(source: str, wanted: str) -> bool:
    """Whether the fallback event happens after the one the rule counts from."""
    order = list(EVENT_NAMES)
    return source in order and wanted in order and order.index(source) > order.index(wanted)


def compute_deadlines(
    profile: TownProfile,
    kind: str,
    events: Mapping[str, date],
    flags: frozenset[str] = frozenset(),
    extended: Mapping[str, tuple[date, str]] | None = None,
    *,
    not_covered: str = "",
    skip_acts: frozenset[str] = frozenset(),
) -> list[Deadline]:
    """Every deadline that follows from the events, in the profile's order.

    `extended` replaces a deadline's date where the law lets a party extend it (the
    applicant's written waiver of the 21-day hearing clock): id -> (new date, why).
    Deadlines counted from it (the legal notice while no hearing is booked) follow.

    The expiry is the date in force: the profile's permit extension acts are applied
    to the term (see `extension_acts`), unless `not_covered` gives the recorded reason
    they do not apply; `skip_acts` are acts that already extended the permit an
    extension permit extends. The extension request clock follows the extended date."""
    extended = extended or {}
    filing_kind = kind_named(kind)
    check_events(filing_kind, dict(events))
    # A deadline made moot by a later event (an NOI presumed lapsed once the permit
    # has issued) is left out rather than shown as missed.
    rules = [rule for rule in profile.rules_for(filing_kind.code, flags)
             if (rule.until is None or rule.until not in events)
             and not (filing_kind.code == "amendment" and rule.id in RUNS_WITH_ORIGINAL)]
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
            deadline = Deadline(
                id=rule.id,
                date=when,
                label=rule.label + note,
                citation=rule.citation,
                rule=rule.describe(profile.time_rule),
                counted_from=base_date,
                clock=f"{rule.count}-{rule.unit.value.removesuffix('s').replace('_', '-')}",
            )
            if rule.id == "expires":
                deadline = _in_force(deadline, rule, profile, events, not_covered, skip_acts)
            found[rule.id] = deadline
            pending.remove(rule)
            progress = True
    order = {rule.id: index for index, rule in enumerate(rules)}
    return sorted(found.values(), key=lambda d: (order[d.id]))


def _in_force(term: Deadline, rule: DeadlineRule, profile: TownProfile,
              events: Mapping[str, date], not_covered: str,
              skip_acts: frozenset[str]) -> Deadline:
    """The expiry as the permit extension acts leave it, saying why: the rule column
    reads '3-year term to 2025-06-10; + 2 years, St. 2024 c.238 §280 → 2027-06-10'."""
    # In effect from issuance; an extension not yet issued counts from the old expiry.
    issued = events.get("issued", term.counted_from)
    found = apply_acts(issued, term.date, profile.extension_acts, skip_acts, not_covered)
    unit = rule.unit.value.removesuffix("s").replace("_", " ")
    what = "extension" if "expiry" in rule.sources else "term"
    citation = term.citation
    if found.applied:
        citation += "; " + "; ".join(step.act.citation for step in found.applied)
    return replace(term, date=found.expires, citation=citation,
                   rule=found.why(f"{rule.count}-{unit} {what}"),
                   term_ends=found.term_ends, extended_by=found.applied)


def expiry_in_force(profile: TownProfile, kind: str, events: Mapping[str, date],
                    flags: frozenset[str] = frozenset(), *, not_covered: str = "",
                    skip_acts: frozenset[str] = frozenset()) -> Deadline | None:
    """Only the `expires` deadline, as `compute_deadlines` gives it (the acts applied),
    for a list of many permits that needs no other clock (the expiry watch)."""
    if kind == "amendment":
        return None  # runs with the original permit's term
    for rule in profile.rules_for(kind_named(kind).code, flags):
        if rule.id != "expires" or rule.sources[0] not in events:
            continue
        base = events[rule.sources[0]]
        term = Deadline(id=rule.id, date=profile.time_rule.count(base, rule.count, rule.unit,
                                                                  rule.direction),
                        label=rule.label, citation=rule.citation,
                        rule=rule.describe(profile.time_rule), counted_from=base)
        return _in_force(term, rule, profile, events, not_covered, skip_acts)
    return None
