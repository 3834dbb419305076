"""Violation notices and enforcement orders as Word documents, through the
commission's templates (`violation-notice`, `enforcement-order`, whose fields
docs/templates.md lists), the printed file entered in the case's document register."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk import clock
from concom_desk.domain.fines import dollars
from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import UserError
from concom_desk.services.documents.context import common_context
from concom_desk.services.documents.register import save_document
from concom_desk.services.enforcement.common import case_profile, lines
from concom_desk.store import Database
from concom_desk.store.models import EnforcementCase, EnforcementOrder, Filing, Violation

TEMPLATE_FOR_KIND = {
    "violation_notice": "violation-notice",
    "enforcement_order": "enforcement-order",
    "restoration_order": "enforcement-order",
    "cease_and_desist": "enforcement-order",
}


def _day(value: date | None) -> str:
    return long_date(value) if value else ""


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
    context = common_context(session, today)
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


WPA_ORDER = "enforcement-order-wpa"  # MassDEP's Enforcement Order form, beside the bylaw's


def print_order(db: Database, order_id: int, today: date | None = None,
                template: str | None = None) -> Path:
    """Render the notice or order and record it in the case's document register;
    `template` WPA_ORDER makes an order on MassDEP's Enforcement Order form."""
    today = today or clock.today()
    with db.read_session() as session:
        order = session.get(EnforcementOrder, order_id)
        if order is None:
            raise UserError(f"there is no order or notice with id {order_id}")
        context = order_context(session, order_id, today)
        if template == WPA_ORDER:
            from concom_desk.services.documents.wpa_fields import WpaFacts, wpa_group

            if order.kind == "violation_notice":
                raise UserError(f"{order.order_no} is a violation notice; MassDEP's form is "
                                "for an enforcement order")
            case = session.get(EnforcementCase, order.case_id)
            permit = (session.get(Filing, case.filing_id)  # the permit it concerns, if any
                      if case is not None and case.filing_id else None)
            context["wpa"] = wpa_group(WpaFacts(
                template=WPA_ORDER, commission_town=context["commission"]["town"],
                dep_file_no=(permit.dep_file_no or "") if permit is not None else ""))
        else:
            template = TEMPLATE_FOR_KIND[order.kind]
        words = "WPA Enforcement Order" if template == WPA_ORDER \
            else template.replace('-', ' ').capitalize()
        title = f"{words} {order.order_no}"
        case_id = order.case_id
        case_no = context["case"]["case_no"]
    return Path(save_document(db, template, context, f"{title} {today.isoformat()}",
                              folder=case_no, enforcement_case_id=case_id).path)
