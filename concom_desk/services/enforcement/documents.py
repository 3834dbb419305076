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
from concom_desk.domain.act_areas import cites_the_act
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.votes import majority_of
from concom_desk.errors import UserError
from concom_desk.services.documents.context import commission_context, common_context
from concom_desk.services.documents.register import save_document
from concom_desk.services.enforcement.case_areas import case_areas, cited_phrase
from concom_desk.services.enforcement.common import case_profile, lines
from concom_desk.services.enforcement.penalties import fines_words
from concom_desk.store import Database
from concom_desk.store.models import (
    EnforcementCase,
    EnforcementOrder,
    Filing,
    Meeting,
    Violation,
    Vote,
)

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
    # What this paper found and what the case's earlier papers did (an order carries
    # the notice's over), never what a later order found: a notice made again later
    # lists what it cited.
    violations = session.scalars(select(Violation).where(
        Violation.case_id == case.id, Violation.order_id.is_not(None),
        Violation.order_id <= order.id).order_by(Violation.number)).all()
    under_act = [cites_the_act(v.provision) for v in violations]
    context = common_context(session, today)
    # Signed by the members in office on the order's day, not on the day it is printed.
    context["commission"] = commission_context(session, order.issued_on)
    permit = session.get(Filing, case.filing_id) if case.filing_id else None
    context.update({
        "case": {
            "case_no": case.case_no, "opened": _day(case.opened_on),
            "address": place.address if place else "",
            "map_lot": place.map_lot if place else "",
            # By name and citation, from the case's codes: "Salt Marsh (310 CMR 10.32)".
            "description": case.description,
            "resource_areas": cited_phrase(case_areas(session, case)),
            "status": case.status.replace("_", " "),
            "permit": _permit(permit),
        },
        "violator": {"name": violator.name if violator else "Owner of record",
                     "address_lines": violator.address_lines() if violator else []},
        "violations": [
            {"number": v.number, "provision": v.provision, "description": v.description,
             "observed": _day(v.observed_on or v.confirmed_on),
             "under_act": act}
            for v, act in zip(violations, under_act, strict=True)
        ],
        "laws_violated": laws_violated(context["town"]["bylaw"],
                                       context["town"]["local_bylaw"], under_act),
        "order": {
            "order_no": order.order_no, "issued": _day(order.issued_on),
            "signed_by": lines(order.signed_by), "emergency": order.emergency,
            "ratify_by": _day(order.ratify_by), "stop_work": order.stop_work,
            "restore_by": _day(order.restore_by), "file_noi_by": _day(order.file_noi_by),
            "requirements": lines(order.requirements),
            "ratified": ratification_words(session, order),
        },
        # The fine of each law the violations cite: an order under the Act alone warns
        # of the Act's, not the town's bylaw's.
        "fines": fines_words(profile, [v.provision for v in violations]),
    })
    return context


ACT_WORDS = "the Wetlands Protection Act (MGL c.131 §40)"


def laws_violated(bylaw: str, local_bylaw: str, under_act: list[bool]) -> str:
    """The laws the violations break, as the paper names them: the town's bylaw when a
    violation cites one of its sections, the Act when one cites the Act, both when
    both; on the state default (no bylaw of its own) the Act alone, named once. A case
    with no violation entered names the law the commission enforces."""
    act = any(under_act)
    bylaw_broken = bool(local_bylaw) and (not under_act or not all(under_act))
    if bylaw_broken and act:
        return f"{local_bylaw} and {ACT_WORDS}"
    if bylaw_broken:
        return local_bylaw
    return bylaw if not local_bylaw or not act else ACT_WORDS


def _permit(permit: Filing | None) -> dict[str, str]:
    """The Order of Conditions the case concerns, as MassDEP's form names it."""
    if permit is None:
        return {"file_no": "", "dep_file_no": "", "holder": "", "issued": ""}
    holder = permit.owner or permit.applicant
    return {"file_no": permit.file_no, "dep_file_no": permit.dep_file_no or "",
            "holder": holder.name if holder is not None else "",
            "issued": _day(permit.issued)}


def ratification_words(session: Session, order: EnforcementOrder) -> str:
    """'Ratified by the Commission at its meeting of December 9, 2026, by a vote of 5 in
    favor, 0 opposed.' ('' until ratified): the vote that ratified it, found by its
    motion, which names the order."""
    if order.ratified_meeting_id is None:
        return ""
    meeting = session.get(Meeting, order.ratified_meeting_id)
    if meeting is None:
        return ""
    vote = session.scalars(select(Vote).where(
        Vote.meeting_id == meeting.id, Vote.enforcement_case_id == order.case_id,
        Vote.motion.contains(order.order_no)).order_by(Vote.id.desc())).first()
    said = f"Ratified by the Commission at its meeting of {long_date(meeting.held_on)}"
    choices = [v.choice for v in vote.member_votes] if vote is not None else []
    if not choices:
        return said + "."
    tally = (f"{choices.count('yes')} in favor, {choices.count('no')} opposed"
             + (f", {choices.count('abstain')} abstaining" if choices.count("abstain")
                else ""))
    return f"{said}, by a vote of {tally}."


def signature_gaps(order: EnforcementOrder, members: int) -> list[str]:
    """What the paper lacks of its signatures: an order not made in an emergency binds
    the commission only when a majority of the members in office signed it (310 CMR
    10.08(2); Sandwich §7.55 Part 2 lets one member or the agent sign only an emergency
    order, to be ratified). A violation notice is a letter any one of them may sign."""
    signed = len(lines(order.signed_by))
    needed = majority_of(members) if order.kind != "violation_notice" and \
        not order.emergency else 1
    if signed >= needed or not members:
        return []
    return [f"signed by {signed}; an order not made in an emergency is signed by a majority "
            f"of the {members} members in office, {needed}"]


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
            # The form finds a violation of the Act: one of its provisions cited, or the
            # breach of an Order of Conditions (one with a DEP file number). A bylaw's
            # section alone is no violation of the Act; the town's own order is the paper.
            if not any(v["under_act"] for v in context["violations"]) and not (
                    permit is not None and permit.dep_file_no):
                raise UserError(f"{order.order_no} cites no violation of the Wetlands "
                                "Protection Act (MGL c.131 §40); MassDEP's form is for the "
                                "Act's violations: make the town's own order")
            context["wpa"] = wpa_group(WpaFacts(
                template=WPA_ORDER, commission_town=context["commission"]["town"],
                dep_file_no=(permit.dep_file_no or "") if permit is not None else ""))
        else:
            template = TEMPLATE_FOR_KIND[order.kind]
        words = "WPA Enforcement Order" if template == WPA_ORDER \
            else template.replace('-', ' ').capitalize()
        draft = signature_gaps(order, len(context["commission"]["members_in_office"]))
        title = f"{'DRAFT ' if draft else ''}{words} {order.order_no}"
        case_id = order.case_id
        case_no = context["case"]["case_no"]
    return Path(save_document(db, template, context, f"{title} {today.isoformat()}",
                              folder=case_no, enforcement_case_id=case_id, draft=draft).path)
