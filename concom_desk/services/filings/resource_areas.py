"""A filing's resource areas as codes with amounts: read, shown by name with the
citation, and saved (the rows of `filing_resource_area`, in the audit trail like any
change). The filing's `resource_areas` text is written from the rows, so the legal
notice, the abutter letter and the permit's sentences name what the rows hold."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.resource_areas import (
    OTHER,
    STATE_BY_CODE,
    UNITS,
    NamedArea,
    ResourceArea,
    amount_text,
    areas_in_text,
)
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.store.models import Filing, FilingResourceArea

# A bylaw's area the carry-over of old text named, in a town whose profile does not
# list it: shown by its usual name, for the bylaw.
_USUAL_NAMES = {"isolated_wetland": "Isolated Wetland", "vernal_pool": "Vernal Pool",
                "no_disturb": "No-Disturb Zone"}


@dataclass(frozen=True)
class ShownArea:
    """One area as the record, the export and the documents name it."""
    code: str
    name: str
    citation: str
    setting: str  # coastal, inland, buffer, bylaw, other
    amount: float | None
    unit: str

    @property
    def amount_text(self) -> str:
        return amount_text(self.amount, self.unit)

    def line(self) -> str:
        """'Coastal Bank (310 CMR 10.30): 120 linear feet'."""
        cited = f"{self.name} ({self.citation})" if self.citation else self.name
        return f"{cited}: {self.amount_text}" if self.amount is not None else cited


def profile_of(town: str) -> TownProfile | None:
    return available_profiles().get(town)


def area_of(code: str, profile: TownProfile | None) -> ResourceArea | None:
    if code in STATE_BY_CODE:
        return STATE_BY_CODE[code]
    for area in profile.bylaw_areas if profile else ():
        if area.code == code:
            return area
    if code in _USUAL_NAMES:
        return ResourceArea(code, _USUAL_NAMES[code], "town bylaw", "bylaw")
    return None


def shown(areas: Iterable[NamedArea], profile: TownProfile | None) -> list[ShownArea]:
    rows = []
    for named in areas:
        area = area_of(named.code, profile)
        if area is None:
            rows.append(ShownArea(named.code, named.text or named.code, "", OTHER,
                                  named.amount, named.unit))
        else:
            rows.append(ShownArea(area.code, area.name, area.section, area.setting,
                                  named.amount, named.unit or area.unit))
    return rows


def stored_areas(session: Session, filing_id: int) -> list[NamedArea]:
    rows = session.scalars(select(FilingResourceArea).where(
        FilingResourceArea.filing_id == filing_id).order_by(FilingResourceArea.id)).all()
    return [NamedArea(r.code, r.amount, r.unit, r.text) for r in rows]


def filing_areas(session: Session, filing: Filing) -> list[ShownArea]:
    """The filing's areas by name and citation: its rows, or (a filing written before
    the rows, by a script) what its text names."""
    named = stored_areas(session, filing.id) if filing.id else []
    if not named:
        named = areas_in_text(filing.resource_areas or "")
    return shown(named, profile_of(filing.town))


def areas_phrase(areas: Sequence[ShownArea]) -> str:
    """The text the notices and the permit's sentences print: 'Coastal Bank; Salt Marsh'."""
    return "; ".join(a.name for a in areas)


def checked_areas(areas: Sequence[NamedArea], profile: TownProfile | None) -> list[NamedArea]:
    """The areas as entered, or one line saying what is wrong with them."""
    seen: set[str] = set()
    for area in areas:
        if area.code == OTHER:
            if not area.text.strip():
                raise UserError("an 'other' resource area needs its name")
            if len(area.text) > 200:
                raise UserError("an 'other' resource area's name is longer than 200 letters")
        elif area_of(area.code, profile) is None:
            raise UserError(f"'{area.code}' is not a resource area of the Act or of the "
                            "town's bylaw")
        elif area.code in seen:
            raise UserError(f"{area_of(area.code, profile).name} is named twice")  # type: ignore[union-attr]
        seen.add(area.code)
        if area.amount is not None and not 0 <= area.amount <= 100_000_000:
            raise UserError(f"the amount {area.amount:g} is not a size the forms can print")
        if area.unit and area.unit not in UNITS:
            raise UserError(f"'{area.unit}' is not a unit (square feet, linear feet, "
                            "cubic yards)")
    return list(areas)


def area_key(area: Any) -> tuple[str, str]:
    """What makes two of a record's areas the same: the code, and an "other" one's words."""
    return (area.code, area.text.strip() if area.code == OTHER else "")


def _rows(session: Session, filing: Filing) -> list[FilingResourceArea]:
    if filing.id is None:
        return []
    return list(session.scalars(select(FilingResourceArea).where(
        FilingResourceArea.filing_id == filing.id).order_by(FilingResourceArea.id)).all())


def areas_text(session: Session, filing: Filing, areas: Sequence[NamedArea]) -> str:
    """The text the filing will print for these areas: the words it was written in
    while the areas are the same (amounts aside), else the phrase their names make.
    Set before the filing is first written, so one save is one change of the filing."""
    profile = profile_of(filing.town)
    areas = checked_areas(areas, profile)
    stored = sorted(area_key(row) for row in _rows(session, filing))
    if filing.resource_areas and stored and stored == sorted(area_key(a) for a in areas):
        return filing.resource_areas
    return areas_phrase(shown(areas, profile))


def set_filing_areas(session: Session, filing: Filing, areas: Sequence[NamedArea],
                     text: str | None = None) -> None:
    """Make the filing's rows these areas (rows kept where they are unchanged, so the
    trail shows only what changed) and its text the phrase they make (or `text`, the
    words a caller without the table wrote them in)."""
    filing.resource_areas = areas_text(session, filing, areas) if text is None else text
    put_area_rows(session, _rows(session, filing), areas,
                  lambda code: FilingResourceArea(filing_id=filing.id, code=code))


def put_area_rows(session: Session, existing: Sequence[Any], areas: Sequence[NamedArea],
                  new_row: Callable[[str], Any]) -> None:
    """Make a record's area rows (`existing`: a filing's or a case's) these areas: a row
    kept where its area is unchanged, so the trail shows only what changed; a new one
    made by `new_row(code)`; the others deleted."""
    by_key = {area_key(row): row for row in existing}
    kept: set[int] = set()
    for area in areas:
        key = area_key(area)
        row = by_key.get(key)
        if row is None:
            row = new_row(area.code)
            session.add(row)
        row.amount = area.amount
        row.unit = area.unit if area.amount is not None or area.unit else ""
        row.text = key[1]
        if row.id is not None:
            kept.add(row.id)
    for row in existing:
        if row.id not in kept:
            session.delete(row)
