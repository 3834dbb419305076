"""Opening an enforcement case from a complaint or an observation, and moving
it through its lifecycle. Each call is one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from concom_desk.domain.abutters.addresses import read_last_line
from concom_desk.domain.enforcement_case import CaseStatus, check_transition
from concom_desk.domain.resource_areas import NamedArea
from concom_desk.errors import UserError
from concom_desk.services.enforcement.case_areas import set_case_areas, wanted_areas
from concom_desk.services.enforcement.common import (
    case_status,
    commission_town,
    get_case,
)
from concom_desk.services.filings.resource_areas import (
    areas_phrase,
    checked_areas,
    profile_of,
    shown,
)
from concom_desk.services.inspections.photos import AttachmentCopier, add_attachment_rows
from concom_desk.store import Database
from concom_desk.store.models import (
    CaseNote,
    EnforcementCase,
    Filing,
    Party,
    Property,
)


@dataclass
class ComplaintDraft:
    """What the agent writes down in the field; only the date, the place and what
    was seen are required."""

    reported_on: date
    address: str
    description: str
    source: str = "complaint"  # or "observation" (the commission saw it itself)
    complainant: str = ""
    complainant_contact: str = ""
    map: str = ""
    lot: str = ""
    violator_name: str = ""
    violator_address: str = ""  # mailing address, one line per line
    violator_phone: str = ""
    resource_areas: str = ""
    # The areas picked from the town's list (codes with amounts; "other" with its
    # words); None: read from `resource_areas`, the words a script or the command line
    # wrote.
    areas: tuple[NamedArea, ...] | None = None
    filing_id: int | None = None
    attachments: Sequence[Path] = field(default_factory=list)
    # How many times the case had been saved when its details were read to correct
    # them: a correction from an older read is refused (store.record_versions).
    version: int | None = None

    def problems(self) -> list[str]:
        """What stops the case being saved, in the clerk's words (empty when fine)."""
        found = []
        if not self.address.strip():
            found.append("Give the property's street address (or a description of the place).")
        if not self.description.strip():
            found.append("Describe what was reported or seen.")
        if self.source not in ("complaint", "observation"):
            found.append("Say whether this is a complaint or the commission's own observation.")
        if self.source == "complaint" and not self.complainant.strip():
            found.append("Name the person who complained (or write 'anonymous').")
        return found


def next_case_no(session: Session, year: int) -> str:
    prefix = f"EC-{year}-"
    numbers = session.scalars(
        select(EnforcementCase.case_no).where(EnforcementCase.case_no.like(f"{prefix}%"))
    ).all()
    used = [int(n.removeprefix(prefix)) for n in numbers if n.removeprefix(prefix).isdigit()]
    return f"{prefix}{max(used, default=0) + 1:03d}"


def _property(session: Session, draft: ComplaintDraft) -> Property:
    address, map_, lot = draft.address.strip(), draft.map.strip(), draft.lot.strip()
    same = select(Property).where(func.lower(Property.address) == address.lower())
    if map_ or lot:  # the lot typed: that lot, not another at the same street address
        same = same.where(Property.map == map_, Property.lot == lot)
    found = session.scalars(same.order_by(Property.id)).first()
    if found is not None:
        return found
    place = Property(address=address, map=map_, lot=lot)
    session.add(place)
    return place


def _violator(draft: ComplaintDraft) -> Party | None:
    name = draft.violator_name.strip()
    if not name:
        return None
    address = [line.strip() for line in draft.violator_address.splitlines() if line.strip()]
    # The address is kept as typed, its last line whole ("Upton, MA 01568"): no state
    # of its own, or a one-line address would print a stray "MA" line under it.
    party = Party(name=name, phone=draft.violator_phone.strip(), state="")
    if address:
        party.address_line1 = address[0]
        if len(address) > 2:
            party.address_line2 = ", ".join(address[1:-1])
        if len(address) > 1:
            place = read_last_line(address[-1])
            if place is not None:
                party.city, party.state, party.zip = place
            else:  # a foreign town line ("Quebec, QC G1K 4E1") kept whole as the last line
                party.city, party.state = address[-1], ""
    return party


def open_case(db: Database, draft: ComplaintDraft) -> int:
    """Record a complaint or observation as a new case; returns its id."""
    problems = draft.problems()
    if problems:
        raise UserError(" ".join(problems))
    with AttachmentCopier(db.path) as copier, db.session() as session:
        if draft.filing_id is not None and session.get(Filing, draft.filing_id) is None:
            raise UserError(f"there is no filing with id {draft.filing_id}")
        town = commission_town(session)
        areas = wanted_areas(draft.areas, draft.resource_areas)
        text = draft.resource_areas.strip()
        if draft.areas is not None:  # the phrase the picked areas make, set before the
            profile = profile_of(town)  # first write: one save is one change of the case
            text = areas_phrase(shown(checked_areas(areas, profile), profile))
        case = EnforcementCase(
            case_no=next_case_no(session, draft.reported_on.year),
            town=town,
            opened_on=draft.reported_on,
            status=CaseStatus.OPEN.value,
            property=_property(session, draft),
            violator=_violator(draft),
            filing_id=draft.filing_id,
            description=draft.description.strip(),
            resource_areas=text,
            source=draft.source,
            complainant=draft.complainant.strip(),
            complainant_contact=draft.complainant_contact.strip(),
        )
        session.add(case)
        session.flush()
        set_case_areas(session, case, areas, text=text)
        if draft.attachments:
            copies = copier.copy(f"case-{case.id}", draft.attachments)
            add_attachment_rows(session, case.id, copies, draft.reported_on)
        return case.id


def move_case(session: Session, case: EnforcementCase, target: CaseStatus, on: date,
              note: str = "") -> None:
    """Change the status inside an open transaction (after the lifecycle check)."""
    check_transition(case_status(case), target)
    case.status = target.value
    if target is CaseStatus.CLOSED:
        case.closed_on = on
    text = f"Status: {target.label}."
    if note.strip():
        text += f" {note.strip()}"
    session.add(CaseNote(case_id=case.id, noted_on=on, text=text))


def change_status(db: Database, case_id: int, target: CaseStatus, on: date,
                  note: str = "") -> None:
    """Move a case (referral, compliance, restoration, closing), with a dated note."""
    with db.session() as session:
        move_case(session, get_case(session, case_id), target, on, note)


def void_enforcement_case(db: Database, case_id: int, reason: str) -> None:
    """A case entered in error is voided with a reason, never deleted (public record)."""
    from concom_desk.store import void_case

    with db.session() as session:
        void_case(get_case(session, case_id), reason)


def attach_files(db: Database, case_id: int, paths: Sequence[Path], on: date,
                 caption: str = "") -> None:
    with AttachmentCopier(db.path) as copier, db.session() as session:
        get_case(session, case_id)
        add_attachment_rows(session, case_id, copier.copy(f"case-{case_id}", paths), on,
                            caption=caption)
