"""The permit extension acts: an approval's expiry as the Legislature has moved it.

Each act (St. 2010 c.240 §173; St. 2020 c.53 §17; St. 2024 c.238 §280) extends, by
operation of law, every approval in effect in its window; no one applies for it, and
an approval that had lapsed may be revived. The acts are data
(`resources/extension_acts.toml`, with their citations); this module reads them and
applies them in date order, each testing "in effect" against the expiry as already
extended by the ones before it (DOMAIN.md, "Permit extension acts").
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from concom_desk.domain.time_rule import add_years
from concom_desk.errors import UserError

COVERS = ("any_time", "on_day")


class ActsFileError(UserError):
    """The acts file cannot be used; the message names the entry."""


@dataclass(frozen=True)
class ExtensionAct:
    id: str
    name: str
    citation: str
    covers: str  # "any_time": in effect at any time from..to; "on_day": in effect on `start`
    start: date
    end: date
    years: int = 0
    days: int = 0

    def covers_approval(self, issued: date, expires: date) -> bool:
        """Whether an approval issued on `issued`, in effect through `expires`, is
        covered (the approval is in effect on its expiry day itself)."""
        if self.covers == "on_day":
            return issued <= self.start <= expires
        return issued <= self.end and expires >= self.start

    def extend(self, expires: date) -> date:
        return add_years(expires, self.years) + timedelta(days=self.days)

    @property
    def amount(self) -> str:
        """'2 years', '462 days', as the record says it."""
        if self.years:
            return f"{self.years} year{'s' if self.years != 1 else ''}"
        return f"{self.days} day{'s' if self.days != 1 else ''}"


@dataclass(frozen=True)
class ActApplied:
    act: ExtensionAct
    until: date  # the expiry once this act has run

    def as_json(self) -> dict[str, str]:
        return {"act": self.act.name, "citation": self.act.citation,
                "until": self.until.isoformat()}


@dataclass(frozen=True)
class ExtendedExpiry:
    term_ends: date  # the approval's own term, before any act
    expires: date  # the date in force
    applied: tuple[ActApplied, ...] = ()
    not_covered: str = ""  # why the acts do not apply to this approval, if so

    def why(self, term: str) -> str:
        """'3-year term to 2025-06-10; + 2 years, St. 2024 c.238 §280 → 2027-06-10'."""
        words = f"{term} to {self.term_ends.isoformat()}"
        for step in self.applied:
            words += f"; + {step.act.amount}, {step.act.citation} → {step.until.isoformat()}"
        if self.not_covered:
            words += f"; not extended by the permit extension acts: {self.not_covered}"
        return words


def apply_acts(issued: date, term_ends: date, acts: Sequence[ExtensionAct],
               skip: Iterable[str] = (), not_covered: str = "") -> ExtendedExpiry:
    """The expiry in force of an approval issued on `issued` whose term ends on
    `term_ends`. `skip` names acts that already extended the permit an extension
    permit extends (the act extends the permit once, not each of its extensions);
    `not_covered` is the recorded reason the acts do not apply (the holder waived them)."""
    if not_covered.strip():
        return ExtendedExpiry(term_ends, term_ends, (), not_covered.strip())
    skipped = set(skip)
    expires = term_ends
    applied: list[ActApplied] = []
    for act in sorted(acts, key=lambda a: a.start):
        if act.id in skipped or not act.covers_approval(issued, expires):
            continue
        expires = act.extend(expires)
        applied.append(ActApplied(act, expires))
    return ExtendedExpiry(term_ends, expires, tuple(applied))


def acts_already_in(expiry_in_force: date, acts: Sequence[ExtensionAct]) -> frozenset[str]:
    """The acts an expiry given "in force" already carries, when only that date is known
    (`concom-desk deadlines --kind extension --expiry D`): every act whose window the
    permit was still in effect for. An extension permit issued within such a window would
    otherwise be moved again by the same act, which extends a permit once. (A permit still
    in force on an act's first day, or on its day for an "on_day" act, was in effect in
    its window; its extension cannot have been issued before the permit itself.)"""
    return frozenset(act.id for act in acts if expiry_in_force >= act.start)


_KEYS = {"id", "name", "citation", "covers", "from", "to", "years", "days", "note"}


def _parse_act(entry: Any, where: str) -> ExtensionAct:
    if not isinstance(entry, dict):
        raise ActsFileError(f"{where}: must be an [[act]] table")
    unknown = set(entry) - _KEYS
    if unknown:
        raise ActsFileError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("id", "name", "citation", "covers"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise ActsFileError(f"{where}: '{key}' must be given as text")
    if entry["covers"] not in COVERS:
        raise ActsFileError(f"{where}: 'covers' must be one of {', '.join(COVERS)}")
    for key in ("from", "to"):
        if not isinstance(entry.get(key), date):
            raise ActsFileError(f"{where}: '{key}' must be a date (YYYY-MM-DD, no quotes)")
    years, days = entry.get("years", 0), entry.get("days", 0)
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (years, days)) \
            or (years == 0) == (days == 0):
        raise ActsFileError(f"{where}: give the extension as 'years' or 'days' (one of them)")
    if entry["to"] < entry["from"]:
        raise ActsFileError(f"{where}: 'to' comes before 'from'")
    return ExtensionAct(entry["id"], entry["name"], entry["citation"], entry["covers"],
                        entry["from"], entry["to"], years, days)


def load_acts(path: Path) -> tuple[ExtensionAct, ...]:
    """The acts in a file; a malformed file is refused as a whole (a missing act would
    silently show a permit as expired years early)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ActsFileError(f"{path.name}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ActsFileError(f"{path.name}: cannot be read: {exc}") from None
    raw = data.get("act", [])
    if not isinstance(raw, list):
        raise ActsFileError(f"{path.name}: the acts must be [[act]] tables")
    acts = tuple(_parse_act(entry, f"{path.name} act #{n}") for n, entry in enumerate(raw, 1))
    ids = [a.id for a in acts]
    if len(set(ids)) != len(ids):
        raise ActsFileError(f"{path.name}: two acts share an id")
    return tuple(sorted(acts, key=lambda a: a.start))
