"""Town rule profiles: each town's deadlines, fees and fines, as data.

A profile is a TOML file in `resources/towns/` (or a folder the clerk adds).
Every entry carries the citation of the bylaw or regulation it comes from, so
that each date the program shows can be traced to the text that sets it. A
profile that is malformed is refused as a whole, with a message naming the
file and the entry: a half-loaded profile would silently drop a deadline.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from concom_desk.domain.abutter_reach import STATE_REACH, AbutterReach, parse_reach
from concom_desk.domain.extension_acts import ExtensionAct
from concom_desk.domain.filing_kinds import EVENT_NAMES, FILING_FLAGS, KINDS
from concom_desk.domain.local_fees import parse_schedule
from concom_desk.domain.ma_calendar import CLOSURE_RULES, BusinessCalendar
from concom_desk.domain.profile_fields import (
    ProfileError,
    choice,
    known_keys,
    list_of_str,
    require,
    table_of,
)
from concom_desk.domain.resource_areas import STATE_AREAS, UNITS, ResourceArea, valid_code
from concom_desk.domain.time_rule import STATE_THRESHOLD_DAYS, Direction, TimeRule, Unit
from concom_desk.errors import UserError

DEADLINE_PREFIX = "deadline:"


@dataclass(frozen=True)
class DeadlineRule:
    id: str
    kinds: tuple[str, ...]
    sources: tuple[str, ...]  # events, or "deadline:<id>", first one known is used
    count: int
    unit: Unit
    direction: Direction
    label: str
    citation: str
    when: str | None = None  # only for filings with this flag (e.g. "maintenance")
    unless: str | None = None  # not for filings with this flag
    until: str | None = None  # no longer shown once this event is known (it is moot)
    note: str = ""

    def applies_to(self, kind: str, flags: frozenset[str]) -> bool:
        if kind not in self.kinds:
            return False
        if self.when is not None and self.when not in flags:
            return False
        return not (self.unless is not None and self.unless in flags)

    def describe(self, time_rule: TimeRule | None = None) -> str:
        """The rule in plain words: '21 days after filing received'; a short period the
        town's time rule counts in business days says so ('5 business days before
        hearing', not '5 days' beside a date seven days earlier)."""
        unit_words = {
            Unit.DAYS: "days",
            Unit.BUSINESS_DAYS: "business days",
            Unit.CALENDAR_DAYS: "calendar days",
            Unit.YEARS: "years",
            Unit.HOURS: "hours",
        }[self.unit]
        source = self.sources[0]
        what = (
            f"the {source.removeprefix(DEADLINE_PREFIX).replace('_', ' ')} date"
            if source.startswith(DEADLINE_PREFIX)
            else EVENT_NAMES[source]
        )
        if self.count == 0:
            return f"on the day of {what}"
        if time_rule is not None and self.unit is Unit.DAYS and time_rule.counts_business_days(
                self.count, self.unit):
            unit_words = "business days"
        if self.count == 1:
            unit_words = unit_words.removesuffix("s")
        return f"{self.count} {unit_words} {self.direction.value} {what}"


# When the separate daily offenses start to count: from the first day of the
# violation (most bylaws: "each day ... during which a violation continues"), or
# only from the day the commission or its agent confirms it (Upton §330).
FINE_COUNTED_FROM = ("violation", "confirmed")


@dataclass(frozen=True)
class Fines:
    per_offense: int
    citation: str
    noncriminal_ticket: int | None = None
    noncriminal_citation: str = ""
    counted_from: str = "violation"


# The keys a [fees] table may hold, with their types; anything else is a typo.
FEE_KEYS: dict[str, type] = {
    "citation": str,
    "consultant_fee_cap": int,  # dollars per application
    "consultant_fee_cap_large": int,  # a higher cap for the projects named below
    "consultant_fee_cap_large_when": str,
    "consultant_fee_triggers": list,  # what a project must propose before a fee may be charged
    "consultant_fee_in_full": bool,  # the applicant reimburses the whole cost, no cap
    "filing_fee_exempt": list,  # applicants who pay no filing fee, by the bylaw itself
    "fee_waiver_required": list,  # cases where the commission must waive
    "fee_waiver_allowed": list,  # cases where the commission may waive
    "schedule": list,  # the town's own filing fees, [[fees.schedule]] (domain/local_fees.py)
    "schedule_note": str,  # where the amounts are set, when the profile cannot list them
    "note": str,
}


@dataclass(frozen=True)
class DepOffice:
    """The MassDEP regional office that serves the town: a filing under the Act is copied
    to it, and an abutter or the applicant may ask it for a superseding decision."""
    name: str  # "Southeast Regional Office"
    address: str  # "20 Riverside Drive, Lakeville, MA 02347"
    source: str  # where the address was read

    def describe(self) -> str:
        return f"MassDEP {self.name}, {self.address}"


@dataclass(frozen=True)
class TownProfile:
    id: str
    name: str
    source: str
    path: Path
    time_rule: TimeRule
    time_citation: str
    deadlines: tuple[DeadlineRule, ...]
    fees: dict[str, Any] = field(default_factory=dict)
    fines: Fines | None = None
    rules: tuple[dict[str, Any], ...] = ()
    flags: tuple[str, ...] = ()
    # The permit extension acts, which move every approval's expiry under the state Act
    # and the bylaw alike (resources/extension_acts.toml; see `with_acts`).
    extension_acts: tuple[ExtensionAct, ...] = ()
    # How many extensions the bylaw allows one permit ([extensions] allowed; None: no
    # limit in the text), with the citation a refusal quotes.
    extensions_allowed: int | None = None
    extensions_citation: str = ""
    # How far abutter notice reaches (the state's 100 ft unless the bylaw says more).
    abutter_reach: AbutterReach = STATE_REACH
    # The MassDEP regional office for the town (None on the state default, which serves
    # every region).
    dep_office: DepOffice | None = None
    # On the coast ([town] coastal = true): the filing form offers the Act's coastal
    # areas too. The bylaw's own areas, with its sections ([[resource_area]]).
    coastal: bool = True
    bylaw_areas: tuple[ResourceArea, ...] = ()

    def resource_areas(self) -> tuple[ResourceArea, ...]:
        """The areas the filing form offers in this town: the Act's (its coastal ones
        only on the coast) and the bylaw's own."""
        act = tuple(a for a in STATE_AREAS if self.coastal or a.setting != "coastal")
        return act + self.bylaw_areas

    def rules_for(self, kind: str, flags: frozenset[str] = frozenset()) -> list[DeadlineRule]:
        return [rule for rule in self.deadlines if rule.applies_to(kind, flags)]

    def covers(self, kind: str) -> bool:
        """Whether the profile sets any deadline at all for this kind of filing
        (Nantucket's bylaw, say, has no ANRAD procedure)."""
        return any(kind in rule.kinds for rule in self.deadlines)

    def with_closures(self, dates: Iterable[date] = (), rules: Iterable[str] = ()) -> TownProfile:
        """The same profile with the town's own office closures added (from settings)."""
        cal = self.time_rule.calendar
        merged = BusinessCalendar.with_closures(
            set(cal.closure_dates) | set(dates), tuple(dict.fromkeys((*cal.closure_rules, *rules)))
        )
        rule = TimeRule(self.time_rule.business_day_threshold, merged)
        return TownProfile(**{**self.__dict__, "time_rule": rule})

    def with_acts(self, acts: Iterable[ExtensionAct]) -> TownProfile:
        """The same profile with the permit extension acts that move its expiries."""
        return TownProfile(**{**self.__dict__, "extension_acts": tuple(acts)})


_DEADLINE_KEYS = {"id", "kinds", "from", "count", "unit", "direction", "label", "citation",
                  "when", "unless", "until", "note"}
_TOP_KEYS = {"town", "time", "deadline", "fees", "fines", "rule", "flags", "extensions",
              "abutters", "dep_office", "resource_area"}
_AREA_KEYS = {"code", "name", "citation", "unit", "note"}
_DEP_OFFICE_KEYS = {"name", "address", "source"}
_EXTENSIONS_KEYS = {"allowed", "citation", "note"}
_TOWN_KEYS = {"id", "name", "source", "note", "coastal"}
_TIME_KEYS = {"business_day_threshold", "citation", "closure_rules", "note"}
_FINES_KEYS = {"per_offense", "citation", "noncriminal_ticket", "noncriminal_citation",
               "counted_from", "note"}
_RULE_KEYS = {"id", "text", "citation", "kinds"}


def _parse_deadline(entry: Any, where: str) -> DeadlineRule:
    if not isinstance(entry, dict):
        raise ProfileError(f"{where}: must be a [[deadline]] table")
    ident = require(entry, "id", str, where)
    where = f"{where} ({ident})"
    known_keys(entry, _DEADLINE_KEYS, where)
    kinds = require(entry, "kinds", list, where)
    if not kinds:
        raise ProfileError(f"{where}: 'kinds' is empty")
    for kind in kinds:
        choice(kind, KINDS, "filing kind", where)
    raw_from = entry.get("from")
    sources = (raw_from,) if isinstance(raw_from, str) else tuple(raw_from or ())
    if not sources:
        raise ProfileError(f"{where}: missing 'from' (the event the period runs from)")
    for source in sources:
        if not isinstance(source, str):
            raise ProfileError(f"{where}: 'from' must name events or 'deadline:<id>', "
                               f"not {source!r}")
        if not source.startswith(DEADLINE_PREFIX):
            choice(source, EVENT_NAMES, "event in 'from'", where)
    for key in ("when", "unless"):
        if key in entry:
            choice(require(entry, key, str, where), FILING_FLAGS, f"flag in '{key}'", where)
    if "until" in entry:
        choice(require(entry, "until", str, where), EVENT_NAMES, "event in 'until'", where)
    count = require(entry, "count", int, where)
    if count < 0:
        raise ProfileError(f"{where}: 'count' must not be negative")
    unit = Unit(choice(require(entry, "unit", str, where), [u.value for u in Unit], "unit",
                        where))
    direction = Direction(choice(entry.get("direction", "after"),
                                  [d.value for d in Direction], "direction", where))
    return DeadlineRule(
        id=ident,
        kinds=tuple(kinds),
        sources=sources,
        count=count,
        unit=unit,
        direction=direction,
        label=require(entry, "label", str, where),
        citation=require(entry, "citation", str, where),
        when=entry.get("when"),
        unless=entry.get("unless"),
        until=entry.get("until"),
        note=entry.get("note", ""),
    )


def _parse_fines(raw: dict[str, Any], where: str) -> Fines:
    known_keys(raw, _FINES_KEYS, where)
    ticket = raw.get("noncriminal_ticket")
    if ticket is not None:
        ticket = require(raw, "noncriminal_ticket", int, where)
    fines = Fines(
        per_offense=require(raw, "per_offense", int, where),
        citation=require(raw, "citation", str, where),
        noncriminal_ticket=ticket,
        noncriminal_citation=raw.get("noncriminal_citation", ""),
        counted_from=choice(raw.get("counted_from", "violation"), FINE_COUNTED_FROM,
                             "'counted_from'", where),
    )
    if fines.noncriminal_ticket is not None and not str(fines.noncriminal_citation).strip():
        raise ProfileError(f"{where}: 'noncriminal_ticket' needs 'noncriminal_citation'")
    return fines


def _parse_fees(fees: dict[str, Any], where: str) -> dict[str, Any]:
    if not fees:
        return {}
    known_keys(fees, set(FEE_KEYS), where)
    for key, kind in FEE_KEYS.items():
        if key in fees:
            require(fees, key, kind, where)
    if "citation" not in fees:
        raise ProfileError(f"{where}: missing 'citation'")
    try:
        parse_schedule(fees.get("schedule", []), where)
    except UserError as exc:
        raise ProfileError(str(exc)) from None
    return dict(fees)


def _parse_rules(raw: Any, name: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list):
        raise ProfileError(f"{name}: 'rule' must be [[rule]] tables")
    rules = []
    for index, rule in enumerate(raw, start=1):
        where = f"{name} rule #{index}"
        if not isinstance(rule, dict):
            raise ProfileError(f"{where}: must be a [[rule]] table")
        known_keys(rule, _RULE_KEYS, where)
        for key in ("id", "text", "citation"):
            require(rule, key, str, where)
        for kind in rule.get("kinds", []):
            choice(kind, KINDS, "filing kind", f"{where} ({rule['id']})")
        rules.append(dict(rule))
    return tuple(rules)


def _parse_areas(raw: Any, name: str) -> tuple[ResourceArea, ...]:
    if not isinstance(raw, list):
        raise ProfileError(f"{name}: 'resource_area' must be [[resource_area]] tables")
    areas: list[ResourceArea] = []
    taken = {a.code for a in STATE_AREAS}
    for index, entry in enumerate(raw, start=1):
        where = f"{name} resource_area #{index}"
        if not isinstance(entry, dict):
            raise ProfileError(f"{where}: must be a [[resource_area]] table")
        known_keys(entry, _AREA_KEYS, where)
        code = require(entry, "code", str, where)
        if not valid_code(code) or code in taken:
            raise ProfileError(f"{where}: '{code}' is not a new code of lowercase letters "
                               "and _ (or is the Act's, or named twice)")
        taken.add(code)
        unit = choice(entry.get("unit", "sq_ft"), UNITS, "unit", where)
        areas.append(ResourceArea(code, require(entry, "name", str, where),
                                  require(entry, "citation", str, where), "bylaw", unit,
                                  words=(code.replace("_", " "),)))
    return tuple(areas)


def parse_profile(data: dict[str, Any], path: Path) -> TownProfile:
    name = path.name
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise ProfileError(f"{name}: unknown section(s) {', '.join(sorted(unknown))}")
    town = data.get("town")
    if not isinstance(town, dict):
        raise ProfileError(f"{name}: missing the [town] section")
    known_keys(town, _TOWN_KEYS, f"{name} [town]")
    ident = require(town, "id", str, f"{name} [town]").lower()
    time = table_of(data, "time", name)
    known_keys(time, _TIME_KEYS, f"{name} [time]")
    threshold = time.get("business_day_threshold", STATE_THRESHOLD_DAYS)
    if "business_day_threshold" in time:
        threshold = require(time, "business_day_threshold", int, f"{name} [time]")
    closure_rules = list_of_str(time, "closure_rules", f"{name} [time]")
    for rule in closure_rules:
        choice(rule, CLOSURE_RULES, "closure rule", f"{name} [time]")
    calendar = BusinessCalendar.with_closures(rules=closure_rules)
    raw_deadlines = data.get("deadline", [])
    if not isinstance(raw_deadlines, list) or not raw_deadlines:
        raise ProfileError(f"{name}: no [[deadline]] entries")
    deadlines = tuple(
        _parse_deadline(entry, f"{name} deadline #{index}")
        for index, entry in enumerate(raw_deadlines, start=1)
    )
    _check_references(deadlines, name)
    fines = _parse_fines(data["fines"], f"{name} [fines]") if "fines" in data else None
    fees = _parse_fees(table_of(data, "fees", name), f"{name} [fees]")
    declared = list_of_str(data, "flags", name)
    for flag in declared:
        choice(flag, FILING_FLAGS, "flag", f"{name} flags")
    used = [f for rule in deadlines for f in (rule.when, rule.unless) if f is not None]
    extensions = table_of(data, "extensions", name)
    known_keys(extensions, _EXTENSIONS_KEYS, f"{name} [extensions]")
    allowed = (require(extensions, "allowed", int, f"{name} [extensions]")
               if extensions else None)
    try:
        reach = parse_reach(data["abutters"], f"{name} [abutters]") if "abutters" in data \
            else STATE_REACH
    except UserError as exc:
        raise ProfileError(str(exc)) from None
    office = table_of(data, "dep_office", name)
    known_keys(office, _DEP_OFFICE_KEYS, f"{name} [dep_office]")
    dep_office = DepOffice(*(require(office, key, str, f"{name} [dep_office]")
                             for key in ("name", "address", "source"))) if office else None
    return TownProfile(
        id=ident,
        name=require(town, "name", str, f"{name} [town]"),
        source=require(town, "source", str, f"{name} [town]"),
        path=path,
        time_rule=TimeRule(threshold, calendar),
        time_citation=time.get("citation", ""),
        deadlines=deadlines,
        fees=fees,
        fines=fines,
        rules=_parse_rules(data.get("rule", []), name),
        flags=tuple(dict.fromkeys((*declared, *used))),
        extensions_allowed=allowed,
        extensions_citation=(require(extensions, "citation", str, f"{name} [extensions]")
                             if extensions else ""),
        abutter_reach=reach,
        dep_office=dep_office,
        coastal=bool(town.get("coastal", True)),
        bylaw_areas=_parse_areas(data.get("resource_area", []), name),
    )


def _check_references(deadlines: tuple[DeadlineRule, ...], name: str) -> None:
    """A 'deadline:<id>' source must name a deadline the same kinds have."""
    for rule in deadlines:
        for source in rule.sources:
            if not source.startswith(DEADLINE_PREFIX):
                continue
            target = source.removeprefix(DEADLINE_PREFIX)
            providers = {k for other in deadlines if other.id == target for k in other.kinds}
            missing = set(rule.kinds) - providers
            if missing:
                raise ProfileError(
                    f"{name} deadline {rule.id}: 'from' names deadline {target!r}, which the "
                    f"profile does not define for {', '.join(sorted(missing))}"
                )


def load_profile(path: Path) -> TownProfile:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"{path.name}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(f"{path.name}: cannot be read: {exc}") from None
    return parse_profile(data, path)


def load_profiles(folder: Path) -> dict[str, TownProfile]:
    profiles: dict[str, TownProfile] = {}
    for path in sorted(folder.glob("*.toml")):
        profile = load_profile(path)
        if profile.id in profiles:
            raise ProfileError(
                f"{path.name}: town id {profile.id!r} is already used by "
                f"{profiles[profile.id].path.name}"
            )
        profiles[profile.id] = profile
    return profiles


def find_profile(profiles: dict[str, TownProfile], town: str) -> TownProfile:
    """Look a town up by id or name, ignoring case."""
    wanted = town.strip().lower()
    for profile in profiles.values():
        if wanted in (profile.id, profile.name.lower()):
            return profile
    raise UserError(f"unknown town {town!r}; towns with a profile: {', '.join(profiles)}")
