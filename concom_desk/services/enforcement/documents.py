"""Violation notices and enforcement orders as Word documents, through the
commission's templates (`violation-notice`, `enforcement-order`), with the
context described in DOCUMENT_CONTEXT.md (COMMON + ENFORCEMENT), and the
printed file entered in the document register of the case."""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.fines import dollars
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.safe_filename import safe_path
from concom_desk.errors import UserError
from concom_desk.paths import documents_dir
from concom_desk.services.enforcement.common import case_profile, lines
from concom_desk.services.enforcement.render import render_template
from concom_desk.store import Database
from concom_desk.store.models import (
    CommissionSettings,
    EnforcementCase,
    EnforcementOrder,
    GeneratedDocument,
    Violation,
    majority_of,
    members_in_office,
)

# The templates branch builds the COMMON context (with the town's bylaw name, appeal
# rights and recording instructions from its library) and keeps the document
# register; until it is on main, the small versions below stand in for them.
try:
    from concom_desk.services.document_context import common_context as shared_common_context
    from concom_desk.services.document_register import save_document
except ImportError:  # the templates branch has not landed yet
    shared_common_context = None
    save_document = None

TEMPLATE_FOR_KIND = {
    "violation_notice": "violation-notice",
    "enforcement_order": "enforcement-order",
    "restoration_order": "enforcement-order",
    "cease_and_desist": "enforcement-order",
}


def _day(value: date | None) -> str:
    return long_date(value) if value else ""


def common_context(session: Session, case: EnforcementCase, today: date) -> dict[str, Any]:
    settings = session.scalars(select(CommissionSettings).limit(1)).first()
    profile = case_profile(case)
    members = members_in_office(session, today)
    names = [m.name for m in members]
    chair = next((m.name for m in members if m.role == "chair"), "")
    return {
        "commission": {
            "name": settings.name if settings else f"{profile.name} Conservation Commission",
            "town": profile.name,
            "address_lines": lines(settings.address) if settings else [],
            "phone": settings.phone if settings else "",
            "email": settings.email if settings else "",
            "chair": chair,
            "members_in_office": names,
            "signers_needed": majority_of(len(names)) if names else 0,
            "signature_lines": names,
            "clerk_initials": settings.clerk_initials if settings else "",
        },
        "town": {"id": profile.id, "name": profile.name, "bylaw": profile.source,
                 "appeal_rights": "", "recording_instructions": ""},
        "today": long_date(today),
    }


def order_context(session: Session, order_id: int, today: date) -> dict[str, Any]:
    order = session.get(EnforcementOrder, order_id)
    if order is None:
        raise UserError(f"there is no order or notice with id {order_id}")
    case = session.get(EnforcementCase, order.case_id)
    assert case is not None
    profile = case_profile(case)
    place = case.property
    violator = case.violator
    violations = session.scalars(select(Violation).where(Violation.case_id == case.id)
                                 .order_by(Violation.number)).all()
    fines = profile.fines
    context = (shared_common_context(session, today) if shared_common_context is not None
               else common_context(session, case, today))
    context.update({
        "case": {
            "case_no": case.case_no, "opened": _day(case.opened_on),
            "address": place.address if place else "",
            "map_lot": place.map_lot if place else "",
            "description": case.description, "resource_areas": case.resource_areas,
            "status": case.status.replace("_", " "),
        },
        "violator": {"name": violator.name if violator else "Owner of record",
                     "address_lines": violator.address_lines() if violator else []},
        "violations": [
            {"number": v.number, "provision": v.provision, "description": v.description,
             "observed": _day(v.observed_on or v.confirmed_on)}
            for v in violations
        ],
        "order": {
            "order_no": order.order_no, "issued": _day(order.issued_on),
            "signed_by": lines(order.signed_by), "emergency": order.emergency,
            "ratify_by": _day(order.ratify_by), "stop_work": order.stop_work,
            "restore_by": _day(order.restore_by), "file_noi_by": _day(order.file_noi_by),
            "requirements": lines(order.requirements),
        },
        "fines": {
            "per_offense": dollars(fines.per_offense) if fines else "",
            "citation": fines.citation if fines else "",
            "noncriminal_ticket": dollars(fines.noncriminal_ticket)
            if fines and fines.noncriminal_ticket is not None else "",
        },
    })
    return context


def print_order(db: Database, order_id: int, today: date | None = None,
                out: Path | None = None) -> Path:
    """Render the notice or order and record it in the case's document register."""
    today = today or date.today()
    with db.read_session() as session:
        order = session.get(EnforcementOrder, order_id)
        if order is None:
            raise UserError(f"there is no order or notice with id {order_id}")
        context = order_context(session, order_id, today)
        template = TEMPLATE_FOR_KIND[order.kind]
        title = f"{template.replace('-', ' ').capitalize()} {order.order_no}"
        case_id = order.case_id
        case_no = context["case"]["case_no"]
    if save_document is not None and out is None:
        return Path(save_document(db, template, context, f"{title} {today.isoformat()}",
                                  folder=case_no, enforcement_case_id=case_id).path)
    folder = documents_dir(db.path)
    if out is None:
        out = safe_path(folder, f"{title} {today.isoformat()}")
    render_template(template, context, out)
    register_document(db, case_id, title, template, out)
    return out


def register_document(db: Database, case_id: int, title: str, template: str,
                      path: Path) -> None:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    folder = documents_dir(db.path)
    try:
        stored = path.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:  # saved elsewhere by the user: keep the full path
        stored = str(path.resolve())
    with db.session() as session:
        session.add(GeneratedDocument(
            enforcement_case_id=case_id, title=title, template=f"{template}.docx",
            path=stored, created_at=datetime.now(UTC).replace(tzinfo=None),
            created_by=db.initials, sha256=digest))
