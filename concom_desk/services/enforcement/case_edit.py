"""Correcting a case after it was saved: the date it came in, the place, what was
reported, who complained and who is said to have done it. One transaction; the
audit trail keeps the old values (the triggers) and the case's history says, in
words, what was corrected and when."""

from __future__ import annotations

from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified

from concom_desk.errors import UserError
from concom_desk.services.enforcement.case_areas import (
    set_case_areas,
    stored_case_areas,
    wanted_areas,
)
from concom_desk.services.enforcement.cases import ComplaintDraft, _violator
from concom_desk.services.enforcement.common import CORRECTED, VOID, get_case
from concom_desk.store import Database
from concom_desk.store.models import (
    CaseNote,
    EnforcementCase,
    Filing,
    Inspection,
    Party,
    Property,
)
from concom_desk.store.record_versions import refuse_if_changed

# What the history says was corrected, in the clerk's words.
_WORDS = {"opened_on": "date reported", "property": "property", "description": "description",
          "resource_areas": "resource areas", "source": "how it came in",
          "complainant": "complainant", "complainant_contact": "complainant's contact",
          "violator": "alleged violator", "filing_id": "permit involved"}


def _violator_lines(party: Party | None) -> str:
    return "\n".join(party.address_lines()) if party is not None else ""


def case_draft(db: Database, case_id: int) -> ComplaintDraft:
    """The case as it stands, in the shape the complaint form fills."""
    with db.read_session() as session:
        case = get_case(session, case_id)
        place, party = case.property, case.violator
        return ComplaintDraft(
            reported_on=case.opened_on, address=place.address if place else "",
            description=case.description, source=case.source,
            complainant=case.complainant, complainant_contact=case.complainant_contact,
            map=place.map if place else "", lot=place.lot if place else "",
            violator_name=party.name if party else "",
            violator_address=_violator_lines(party), violator_phone=party.phone if party else "",
            resource_areas=case.resource_areas,
            areas=tuple(stored_case_areas(session, case)), filing_id=case.filing_id,
            version=case.version)


def _earliest_act(session: Session, case: EnforcementCase) -> date | None:
    days = [order.issued_on for order in case.orders]
    days += session.scalars(select(Inspection.inspected_on)
                            .where(Inspection.case_id == case.id)).all()
    return min(days, default=None)


def _place(session: Session, case: EnforcementCase, draft: ComplaintDraft
           ) -> tuple[Property, bool]:
    """The property the corrected address names, and whether anything about it changed."""
    address = " ".join(draft.address.split())
    place = session.scalars(select(Property).where(func.lower(Property.address)
                                                   == address.lower())).first()
    if place is None:
        # A new address is a new place: the old one may be another record's land.
        place = Property(address=address, map="", lot="")
        session.add(place)
    changed = place is not case.property
    map_no, lot = draft.map.strip(), draft.lot.strip()
    if (map_no or lot) and (place.map, place.lot) != (map_no, lot):
        place.map, place.lot = map_no, lot
        changed = True
    return place, changed


def _same_violator(party: Party | None, draft: ComplaintDraft) -> bool:
    if party is None:
        return not draft.violator_name.strip()
    return (party.name, _violator_lines(party), party.phone) == (
        draft.violator_name.strip(),
        "\n".join(line.strip() for line in draft.violator_address.splitlines()
                  if line.strip()),
        draft.violator_phone.strip())


def update_case(db: Database, case_id: int, draft: ComplaintDraft, today: date) -> list[str]:
    """Write the corrected details; returns what changed (empty: nothing to save)."""
    problems = draft.problems()
    if problems:
        raise UserError(" ".join(problems))
    with db.session() as session:
        case = get_case(session, case_id)
        refuse_if_changed(session, case, draft.version, f"Case {case.case_no}")
        if case.status == VOID:
            raise UserError(f"case {case.case_no} is void ({case.void_reason}); it cannot "
                            "be edited")
        first = _earliest_act(session, case)
        if first is not None and draft.reported_on > first:
            raise UserError(f"the case cannot have come in on {draft.reported_on}: it was "
                            f"already inspected or ordered on {first}")
        if draft.reported_on > today:
            raise UserError("the date reported is in the future")
        if draft.filing_id is not None and session.get(Filing, draft.filing_id) is None:
            raise UserError(f"there is no filing with id {draft.filing_id}")
        areas = wanted_areas(draft.areas, draft.resource_areas)
        text_before = case.resource_areas
        changed: list[str] = []
        if set_case_areas(session, case, areas,
                          text=draft.resource_areas if draft.areas is None else None):
            changed.append(_WORDS["resource_areas"])
        wanted = {"opened_on": draft.reported_on, "description": draft.description.strip(),
                  "source": draft.source,
                  "complainant": draft.complainant.strip(),
                  "complainant_contact": draft.complainant_contact.strip(),
                  "filing_id": draft.filing_id}
        for name, value in wanted.items():
            if getattr(case, name) != value:
                setattr(case, name, value)
                changed.append(_WORDS[name])
        place, moved = _place(session, case, draft)
        # Whether the case's own row is written (a query may have flushed it already).
        own_row_changed = (any(w != _WORDS["resource_areas"] for w in changed)
                           or case.resource_areas != text_before
                           or place is not case.property)
        if moved:
            case.property = place
            changed.append(_WORDS["property"])
        if not _same_violator(case.violator, draft):
            # The violator's row is the case's own (open_case makes one per case), so it
            # is corrected in place; the audit trail keeps what it said before.
            fresh = _violator(draft)
            if fresh is None:
                case.violator = None
            elif case.violator is None:
                case.violator = fresh
            else:
                for name in ("name", "phone", "address_line1", "address_line2", "city",
                             "state", "zip"):
                    setattr(case.violator, name, getattr(fresh, name) or "")
            changed.append(_WORDS["violator"])
        if changed and not own_row_changed:
            # Only the violator's or the place's own row changed: the case still counts a
            # save, so a desk holding an older read of its details is refused too.
            flag_modified(case, "description")
        if changed:
            session.add(CaseNote(case_id=case.id, noted_on=today,
                                 text=f"{CORRECTED}{', '.join(changed)}."))
        return changed
