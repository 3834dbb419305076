"""Frozen: the permit extension acts as revisions 0009_permit_life and
0012_what_edits_left_out read and applied them (concom_desk/domain/extension_acts.py,
November 2026).

A revision must do the same to every database whenever it runs, so it does not import
the domain, which will go on changing after the revision has run on other clerks' files
(tests/store/test_migrations_stand_alone.py). The acts themselves are data the clerk
keeps (resources/extension_acts.toml, or their own copy in the data folder), read as
the revisions always read them. Do not edit; a new reading is a new revision.
"""

from __future__ import annotations

import tomllib
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from dateutil.relativedelta import relativedelta

from concom_desk.errors import UserError


def _act(entry: Any, where: str) -> dict[str, Any]:
    if not isinstance(entry, dict) or entry.get("covers") not in ("any_time", "on_day") \
            or not all(isinstance(entry.get(k), date) for k in ("from", "to")) \
            or not isinstance(entry.get("id"), str):
        raise UserError(f"{where}: not an act this upgrade can read")
    years, days = entry.get("years", 0), entry.get("days", 0)
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (years, days)) \
            or (years == 0) == (days == 0):
        raise UserError(f"{where}: give the extension as 'years' or 'days' (one of them)")
    return {"id": entry["id"], "covers": entry["covers"], "start": entry["from"],
            "end": entry["to"], "years": years, "days": days}


def load_acts(path: Path) -> list[dict[str, Any]]:
    """The acts in a file, by their first day; a file that cannot be read is refused."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path.name}: cannot be read: {exc}") from None
    raw = data.get("act", [])
    if not isinstance(raw, list):
        raise UserError(f"{path.name}: the acts must be [[act]] tables")
    acts = [_act(entry, f"{path.name} act #{n}") for n, entry in enumerate(raw, 1)]
    return sorted(acts, key=lambda a: a["start"])


def expiry_in_force(issued: date, expires: date, acts: list[dict[str, Any]]) -> date:
    """The expiry of an approval issued on `issued` whose term ends on `expires`, once
    each act in date order has extended it if it covered the approval (in effect on
    its expiry day itself)."""
    for act in acts:
        if act["covers"] == "on_day":
            covered = issued <= act["start"] <= expires
        else:
            covered = issued <= act["end"] and expires >= act["start"]
        if covered:
            expires = expires + relativedelta(years=act["years"]) + timedelta(days=act["days"])
    return expires
