"""The town profiles as the tables of docs/towns.md ("Each town's deadlines").

The page is printed from the profiles (`concom-desk towns --markdown`), never written
by hand, so that what it says is what the program counts with: a test compares the two.
"""

from __future__ import annotations

from collections.abc import Iterable

from concom_desk.domain.deadline_engine import RUNS_WITH_ORIGINAL
from concom_desk.domain.filing_kinds import EVENT_NAMES
from concom_desk.domain.laws import STATE_TOWN
from concom_desk.domain.local_fees import NO_SCHEDULE, parse_schedule
from concom_desk.domain.resource_areas import section_of
from concom_desk.domain.time_rule import TimeRule
from concom_desk.domain.town_profile import DEADLINE_PREFIX, DeadlineRule, TownProfile

HEADING = "## Each town's deadlines"
INTRO = ("Generated from the profiles by `concom-desk towns --markdown` (a test fails when "
         "this page differs from what it prints); the full citation with its quote is in "
         "each file and in every `--json` answer. A filing under both laws shows the "
         "Act's clocks (the Massachusetts table) beside its town's; a row marked (only "
         "`joint`) is shown only for a filing under the Act (see "
         "[deadlines.md](deadlines.md), \"Joint filings\").")


def short_citation(citation: str) -> str:
    """The section a citation names, without its quote: 'Sandwich § 7.35 Part 3'."""
    return section_of(citation).replace("|", "\\|")


def _period(rule: DeadlineRule, time_rule: TimeRule) -> str:
    words = rule.describe(time_rule)
    conditions = []
    if rule.when:
        conditions.append(f"only `{rule.when}`")
    if rule.unless:
        conditions.append(f"not `{rule.unless}`")
    if rule.until:
        conditions.append(f"until {rule.until}")
    if len(rule.sources) > 1:
        words += " (else " + ", else ".join(_source_words(s) for s in rule.sources[1:]) + ")"
    return words + (f" ({'; '.join(conditions)})" if conditions else "")


def _source_words(source: str) -> str:
    """A stand-in a rule counts from while its own event is not known, as `describe` says
    its first: 'issuance', 'the hearing by date'."""
    if source.startswith(DEADLINE_PREFIX):
        return f"the {source.removeprefix(DEADLINE_PREFIX).replace('_', ' ')} date"
    return EVENT_NAMES[source]


def _kinds(rule: DeadlineRule) -> str:
    # An amendment runs with the original permit's term: the engine never gives it an
    # expiry or an extension clock, whatever a profile lists.
    kinds = [k for k in rule.kinds
             if not (k == "amendment" and rule.id in RUNS_WITH_ORIGINAL)]
    return ", ".join(kinds)


def town_section(profile: TownProfile) -> str:
    lines = [f"### {profile.name}", "", f"*{profile.source}*", "",
             "| id | kinds | period | citation |", "|---|---|---|---|"]
    for rule in profile.deadlines:
        kinds = _kinds(rule)
        if not kinds:
            continue
        lines.append(f"| `{rule.id}` | {kinds} | {_period(rule, profile.time_rule)} | "
                     f"{short_citation(rule.citation)} |")
    lines.append("")
    reach = profile.abutter_reach
    lines += [f"abutters: {reach.describe()} ({short_citation(reach.citation)})", ""]
    if profile.extensions_allowed is not None:
        lines += [f"extensions allowed: {profile.extensions_allowed} "
                  f"({short_citation(profile.extensions_citation)})", ""]
    if profile.fees:
        lines += [f"fees: {short_citation(profile.fees['citation'])}", ""]
        schedule = parse_schedule(profile.fees.get("schedule", []), "fees")
        lines += [f"town filing fee: {fee.label}, ${fee.amount_cents / 100:,.2f} "
                  f"({short_citation(fee.citation)})" for fee in schedule]
        if not schedule:
            lines.append(f"town filing fee: {profile.fees.get('schedule_note', NO_SCHEDULE)}")
        lines.append("")
    if profile.fines is not None:
        fines = profile.fines
        start = ("the first day of the violation" if fines.counted_from == "violation"
                 else "the day the commission or its agent confirms the violation")
        text = (f"fines: ${fines.per_offense} per offense (each day a separate offense, "
                f"counted from {start})")
        if fines.noncriminal_ticket is not None:
            text += f", ${fines.noncriminal_ticket} non-criminal ticket"
        lines += [text, ""]
    lines += [("resource areas offered: the Act's inland and coastal areas and the Buffer "
               "Zone" if profile.coastal else "resource areas offered: the Act's inland "
               "areas and the Buffer Zone (an inland town: no coastal list)"), ""]
    lines += [f"bylaw's own area: `{a.code}` {a.name} ({short_citation(a.citation)})"
              for a in profile.bylaw_areas]
    if profile.bylaw_areas:
        lines.append("")
    if profile.rules:
        lines += ["other rules: " + ", ".join(f"`{r['id']}`" for r in profile.rules), ""]
    return "\n".join(lines)


def towns_markdown(profiles: Iterable[TownProfile]) -> str:
    """The section of docs/towns.md: each town by name, the state default last."""
    ordered = sorted(profiles, key=lambda p: (p.id == STATE_TOWN, p.name.lower()))
    return "\n".join([HEADING, "", INTRO, "", *(town_section(p) for p in ordered)])
