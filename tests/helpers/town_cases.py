"""Shared plumbing for the per-town tables of hand-worked cases.

Each row of a town's table is (kind, events, flags, deadline id, expected date,
citation), worked out by hand from the bylaw text and the time rule of
docs/towns.md; the program is only asked for the date and compared.
"""

from __future__ import annotations

from datetime import date
from typing import NamedTuple

from concom_desk.domain.deadline_engine import compute_deadlines
from concom_desk.domain.town_profile import TownProfile, load_profile
from concom_desk.paths import towns_dir

D = date.fromisoformat


class Case(NamedTuple):
    kind: str
    events: dict[str, str]
    deadline: str
    expected: str | None  # None: the deadline must NOT be there
    citation: str
    flags: tuple[str, ...] = ()


def shipped_profile(town: str) -> TownProfile:
    return load_profile(towns_dir() / f"{town}.toml")


def dates_for(town: str, kind: str, events: dict[str, str],
              flags: tuple[str, ...] = ()) -> dict[str, date]:
    found = compute_deadlines(
        shipped_profile(town), kind, {k: D(v) for k, v in events.items()}, frozenset(flags)
    )
    return {d.id: d.date for d in found}


def check(town: str, case: Case) -> None:
    got = dates_for(town, case.kind, case.events, case.flags)
    if case.expected is None:
        assert case.deadline not in got, f"{case.deadline} should not apply ({case.citation})"
    else:
        assert case.deadline in got, f"{case.deadline} missing ({case.citation}); got {got}"
        assert got[case.deadline] == D(case.expected), case.citation


def case_id(case: Case) -> str:
    events = ",".join(f"{k}={v}" for k, v in case.events.items())
    return f"{case.kind}:{case.deadline}:{events}{':' + '+'.join(case.flags) if case.flags else ''}"
