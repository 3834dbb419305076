"""Which regulations govern a filing: those in force on the day it was received.

The regulations are data (`resources/regulations.toml`, each with its citation and
effective day). A regulation without an effective day is proposed, not promulgated
(MassDEP's "Wetlands Resilience" amendments to 310 CMR 10.00 until the Register says
otherwise): the record names it so that no one reviews a filing under it by mistake.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from concom_desk.domain.laws import ACT, BYLAW
from concom_desk.errors import UserError

STATE = ""  # the `town` of the state's own regulations


class RegulationsFileError(UserError):
    """The regulations file cannot be used; the message names the entry."""


@dataclass(frozen=True)
class Regulation:
    id: str
    series: str  # one body of rules: a later entry of a series replaces an earlier one
    town: str  # STATE, or a town profile's id
    name: str
    citation: str
    effective: date | None  # None: proposed, not in force

    @property
    def proposed(self) -> bool:
        return self.effective is None


def _parse(entry: Any, where: str) -> Regulation:
    if not isinstance(entry, dict):
        raise RegulationsFileError(f"{where}: not a table")
    for key in ("id", "series", "name", "citation"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise RegulationsFileError(f"{where}: `{key}` is missing")
    effective = entry.get("effective")
    status = entry.get("status", "promulgated")
    if status not in ("promulgated", "proposed"):
        raise RegulationsFileError(f"{where}: status must be promulgated or proposed")
    if status == "proposed" and effective is not None:
        raise RegulationsFileError(f"{where}: a proposed regulation has no effective day")
    if status == "promulgated" and not isinstance(effective, date):
        raise RegulationsFileError(f"{where}: `effective` must be a date (YYYY-MM-DD)")
    return Regulation(entry["id"], entry["series"], str(entry.get("town", STATE)),
                      entry["name"], entry["citation"], effective)


def load_regulations(path: Path) -> tuple[Regulation, ...]:
    """The regulations in a file; a malformed file is refused as a whole."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RegulationsFileError(f"{path.name}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RegulationsFileError(f"{path.name}: cannot be read: {exc}") from None
    raw = data.get("regulation", [])
    if not isinstance(raw, list):
        raise RegulationsFileError(f"{path.name}: the entries must be [[regulation]] tables")
    return tuple(_parse(entry, f"{path.name} regulation #{n}") for n, entry in enumerate(raw, 1))


def _applies(regulation: Regulation, town: str, under: str) -> bool:
    if regulation.town == STATE:
        return under != BYLAW
    return regulation.town == town and under != ACT


def governing(regulations: Sequence[Regulation], received: date, town: str,
              under: str) -> list[Regulation]:
    """The latest regulation of each series in force on `received`, state first."""
    latest: dict[str, Regulation] = {}
    for regulation in regulations:
        if (regulation.effective is None or regulation.effective > received
                or not _applies(regulation, town, under)):
            continue
        known = latest.get(regulation.series)
        if known is None or known.effective is None or known.effective < regulation.effective:
            latest[regulation.series] = regulation
    return sorted(latest.values(), key=lambda r: (r.town != STATE, r.name))


def in_force_words(regulations: Sequence[Regulation], received: date | None, town: str,
                   under: str) -> str:
    """'310 CMR 10.00 as amended in 2014 (effective 2014-10-24); proposed, not in
    force: Wetlands Resilience amendments to 310 CMR 10.00', as the record says it."""
    if received is None:
        return "not known until the filing's received date is entered"
    ruling = governing(regulations, received, town, under)
    words = "; ".join(f"{r.name} (effective {r.effective})" for r in ruling)
    if not ruling:
        # Older than the table: say so, rather than name rules that came later.
        first = min((r.effective for r in regulations
                     if r.effective is not None and _applies(r, town, under)), default=None)
        words = (f"those in force before {first} (older than this program's table)"
                 if first else "none in this program's table")
    pending = [r.name for r in regulations if r.proposed and _applies(r, town, under)]
    if pending:
        words += "; proposed, not in force: " + ", ".join(pending)
    return words
