"""An enforcement case's resource areas as codes with amounts, as a filing's are
(services/filings/resource_areas.py): the town's list, stored one row each in
`case_resource_area` (in the audit trail like any change), the case's `resource_areas`
text written from the rows, and shown by name and citation on the record, in the
export, on the violation notice and on the enforcement order."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.resource_areas import OTHER, NamedArea, areas_in_text
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.enforcement.common import commission_town
from concom_desk.services.filings.resource_areas import (
    ShownArea,
    area_key,
    areas_phrase,
    checked_areas,
    profile_of,
    put_area_rows,
    shown,
)
from concom_desk.store import Database
from concom_desk.store.models import CaseResourceArea, EnforcementCase


def _rows(session: Session, case: EnforcementCase) -> list[CaseResourceArea]:
    if case.id is None:
        return []
    return list(session.scalars(select(CaseResourceArea).where(
        CaseResourceArea.case_id == case.id).order_by(CaseResourceArea.id)).all())


def stored_case_areas(session: Session, case: EnforcementCase) -> list[NamedArea]:
    return [NamedArea(r.code, r.amount, r.unit, r.text) for r in _rows(session, case)]


def case_areas(session: Session, case: EnforcementCase) -> list[ShownArea]:
    """The case's areas by name and citation: its rows, or what its text names."""
    named = stored_case_areas(session, case) or areas_in_text(case.resource_areas or "")
    return shown(named, profile_of(case.town))


def cited_lines(areas: Sequence[ShownArea]) -> list[str]:
    """'Salt Marsh (310 CMR 10.32): 400 square feet', one per area, as the papers print."""
    return [area.line() for area in areas]


def cited_phrase(areas: Sequence[ShownArea]) -> str:
    """'Salt Marsh (310 CMR 10.32); drainage swale': the areas on one line."""
    return "; ".join(area.line() for area in areas)


def wanted_areas(areas: Sequence[NamedArea] | None, text: str) -> list[NamedArea]:
    """The areas a case is to hold: those picked from the town's list, or (a caller
    that wrote only words: the command line, a script) what the words name."""
    chosen = list(areas) if areas is not None else areas_in_text(text)
    for area in chosen:
        # An area on no list is kept as the clerk's words, on one line of plain text.
        if area.code == OTHER and any(ord(c) < 32 for c in area.text):
            raise UserError("an 'other' resource area's name must be one line of text")
    return chosen


def set_case_areas(session: Session, case: EnforcementCase, areas: Sequence[NamedArea],
                   text: str | None = None) -> bool:
    """Make the case's rows these areas (rows kept where unchanged, so the trail shows
    only what changed) and its text the phrase they make (or `text`, the words a caller
    wrote them in). Returns whether anything changed."""
    profile = profile_of(case.town)
    areas = checked_areas(areas, profile)
    existing = _rows(session, case)
    before = [(area_key(r), r.amount, r.unit) for r in existing]
    if text is not None:
        phrase = text.strip()
    elif case.resource_areas and existing and \
            sorted(area_key(r) for r in existing) == sorted(area_key(a) for a in areas):
        phrase = case.resource_areas  # the same areas keep the words they were written in
    else:
        phrase = areas_phrase(shown(areas, profile))
    changed = phrase != (case.resource_areas or "")
    case.resource_areas = phrase
    put_area_rows(session, existing, areas,
                  lambda code: CaseResourceArea(case_id=case.id, code=code))
    after = [(area_key(a), a.amount, a.unit if a.amount is not None or a.unit else "")
             for a in areas]
    return changed or before != after


def desk_profile(db: Database) -> TownProfile | None:
    """The town the cases are this commission's: its list of areas, for the case form."""
    with db.read_session() as session:
        return profile_of(commission_town(session))
