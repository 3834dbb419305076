"""Site inspections of a filing: planned, then made; who went, what they found, the
photos they took, and the permit's conditions checked off one by one.

A pre-construction meeting, an erosion-control check, a site visit before the hearing,
the inspection before a Certificate of Compliance: each is an `Inspection` row of the
filing (the same table an enforcement case's visits are in), so the COC's "Site
inspection … by" and the permit's history read them, and the export carries them.
A planned visit is the same row marked done when it is made, with its photos and
findings then. Everything is local SQLite: a laptop carried to the site works offline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.plain_text import without_control_characters
from concom_desk.errors import UserError
from concom_desk.services.database import Database
from concom_desk.services.inspections.photos import (
    AttachmentCopier,
    absolute_path,
    add_attachment_rows,
)
from concom_desk.store.models import (
    CaseAttachment,
    Condition,
    Decision,
    Filing,
    Inspection,
    InspectionCheck,
)
from concom_desk.store.models.enforcement import CHECK_RESULTS

# Offered in the dialog; the clerk may type another.
# CHECK_RESULTS (imported above) is offered on to the window, which may not read the store.
PURPOSES = (
    "Site visit",
    "Pre-construction meeting",
    "Erosion controls",
    "Construction progress",
    "Inspection for a Certificate of Compliance",
    "Follow-up",
)
# The decisions whose conditions an inspection checks: the Order and its amendments.
PERMIT_KINDS = ("order_of_conditions", "amended_order", "positive_determination")


@dataclass(frozen=True)
class ConditionToCheck:
    condition_id: int
    number: int
    text: str


@dataclass(frozen=True)
class CheckedCondition:
    number: int
    text: str
    result: str  # a key of CHECK_RESULTS
    note: str = ""

    @property
    def result_words(self) -> str:
        return CHECK_RESULTS[self.result]


@dataclass(frozen=True)
class InspectionPhoto:
    path: Path
    original_name: str


@dataclass(frozen=True)
class FilingInspection:
    id: int
    inspected_on: date
    done: bool
    purpose: str
    inspector: str
    findings: str
    follow_up_by: date | None
    photos: tuple[InspectionPhoto, ...] = ()
    checks: tuple[CheckedCondition, ...] = ()

    @property
    def state(self) -> str:
        return "done" if self.done else "planned"


@dataclass
class FilingInspectionDraft:
    inspected_on: date
    inspector: str
    purpose: str = PURPOSES[0]
    findings: str = ""
    done: bool = True
    follow_up_by: date | None = None
    photos: Sequence[Path] = field(default_factory=list)
    checks: Mapping[int, tuple[str, str]] = field(default_factory=dict)  # id → (result, note)

    def problems(self) -> list[str]:
        found = []
        if not self.purpose.strip():
            found.append("Say what the inspection is for.")
        if self.done and not self.inspector.strip():
            found.append("Say who inspected the site.")
        if self.done and not self.findings.strip():
            found.append("Write down what was found.")
        if not self.done and (self.findings.strip() or self.photos or self.checks):
            found.append("Findings, photos and conditions checked are for an inspection "
                         "made: tick Done.")
        if self.follow_up_by is not None and self.follow_up_by <= self.inspected_on:
            found.append("A follow-up inspection comes after this one.")
        for result, _note in self.checks.values():
            if result not in CHECK_RESULTS:
                found.append(f"A condition's result is one of {', '.join(CHECK_RESULTS)}.")
        return found


def _plain(text: str) -> str:
    return without_control_characters(text).strip()


def _filing(session: Session, filing_id: int) -> Filing:
    filing = session.get(Filing, filing_id)
    if filing is None:
        raise UserError("this filing is no longer in the database")
    if filing.status == "void":
        raise UserError(f"filing {filing.file_no} was voided; it takes no inspection")
    return filing


def permit_of(filing: Filing) -> Filing:
    """The permit a COC request is about; any other filing is its own."""
    return filing.original if filing.kind == "coc" and filing.original is not None else filing


def conditions_to_check(session: Session, filing: Filing) -> list[ConditionToCheck]:
    """The conditions of the permit's latest Order (or amended Order), in number order."""
    permit = permit_of(filing)
    order = session.scalars(select(Decision).where(
        Decision.filing_id == permit.id, Decision.kind.in_(PERMIT_KINDS))
        .order_by(Decision.id.desc())).first()
    if order is None:
        return []
    return [ConditionToCheck(c.id, c.number, c.text)
            for c in sorted(order.conditions, key=lambda c: c.number)]


def conditions_of(db: Database, filing_id: int) -> list[ConditionToCheck]:
    with db.read_session() as session:
        return conditions_to_check(session, _filing(session, filing_id))


def save_inspection(db: Database, filing_id: int, draft: FilingInspectionDraft,
                    inspection_id: int | None = None) -> int:
    """Plan or record an inspection of the filing; `inspection_id`: the planned one now
    made (or one corrected). Photos are added, never replaced; the conditions' results
    are the ones given."""
    problems = draft.problems()
    if problems:
        raise UserError(" ".join(problems))
    with AttachmentCopier(db.path) as copier, db.session() as session:
        filing = _filing(session, filing_id)
        if draft.done and draft.inspected_on < filing.received:
            raise UserError(f"the inspection ({draft.inspected_on}) cannot be before the "
                            f"filing was received ({filing.received})")
        if inspection_id is None:
            inspection = Inspection(filing_id=filing.id)
            session.add(inspection)
        else:
            inspection = session.get(Inspection, inspection_id)
            if inspection is None or inspection.filing_id != filing.id:
                raise UserError("that inspection is no longer on this filing's record")
        write_visit(session, inspection, draft)
        allowed = {c.condition_id for c in conditions_to_check(session, filing)}
        held = {c.condition_id: c for c in session.scalars(
            select(InspectionCheck).where(InspectionCheck.inspection_id == inspection.id))}
        for condition_id, (result, note) in draft.checks.items():
            if condition_id not in allowed:
                raise UserError("a condition checked is not one of this permit's")
            check = held.pop(condition_id, None) or InspectionCheck(
                inspection_id=inspection.id, condition_id=condition_id)
            check.result, check.note = result, _plain(note)
            session.add(check)
        for check in held.values():  # unticked since: no longer checked
            session.delete(check)
        keep_photos(session, copier, inspection, draft)
        return inspection.id


def write_visit(session: Session, inspection: Inspection,
                draft: FilingInspectionDraft) -> None:
    """The visit's own facts, as typed (a filing's inspection or a land's visit)."""
    inspection.inspected_on = draft.inspected_on
    inspection.inspector = _plain(draft.inspector)
    inspection.purpose = _plain(draft.purpose)[:60]
    inspection.findings = _plain(draft.findings)
    inspection.follow_up_by = draft.follow_up_by
    inspection.done = draft.done
    session.flush()


def keep_photos(session: Session, copier: AttachmentCopier, inspection: Inspection,
                draft: FilingInspectionDraft) -> None:
    if draft.photos:
        add_attachment_rows(
            session, None,
            copier.copy(f"inspection-{inspection.id}", draft.photos, photos_only=True),
            draft.inspected_on, inspection_id=inspection.id)


def _read(session: Session, inspection: Inspection, db_path: Path) -> FilingInspection:
    photos = session.scalars(select(CaseAttachment).where(
        CaseAttachment.inspection_id == inspection.id).order_by(CaseAttachment.id))
    checks = session.execute(
        select(Condition.number, Condition.text, InspectionCheck.result, InspectionCheck.note)
        .join(Condition, InspectionCheck.condition_id == Condition.id)
        .where(InspectionCheck.inspection_id == inspection.id).order_by(Condition.number))
    return FilingInspection(
        inspection.id, inspection.inspected_on, inspection.done, inspection.purpose,
        inspection.inspector, inspection.findings, inspection.follow_up_by,
        tuple(InspectionPhoto(absolute_path(db_path, p.path), p.original_name)
              for p in photos),
        tuple(CheckedCondition(*row) for row in checks))


def inspections_of(db: Database, filing_id: int) -> list[FilingInspection]:
    """The filing's inspections, oldest first (planned ones at their planned day)."""
    with db.read_session() as session:
        rows = session.scalars(select(Inspection).where(Inspection.filing_id == filing_id)
                               .order_by(Inspection.inspected_on, Inspection.id)).all()
        return [_read(session, row, db.path) for row in rows]


def inspection_of(db: Database, inspection_id: int) -> tuple[FilingInspection, int]:
    """One inspection and the filing it is of."""
    with db.read_session() as session:
        row = session.get(Inspection, inspection_id)
        if row is None or row.filing_id is None:
            raise UserError("that inspection is no longer in the database")
        return _read(session, row, db.path), row.filing_id


def read_visits(session: Session, rows: Sequence[Inspection],
                db_path: Path) -> list[FilingInspection]:
    return [_read(session, row, db_path) for row in rows]


def latest_made(session: Session, filing: Filing) -> Inspection | None:
    """The last inspection made of the filing or, for a COC request, of its permit:
    the one a certificate's "Site inspection … by" names."""
    ids = {filing.id, permit_of(filing).id}
    return session.scalars(select(Inspection).where(
        Inspection.filing_id.in_(ids), Inspection.done.is_(True))
        .order_by(Inspection.inspected_on.desc(), Inspection.id.desc())).first()
