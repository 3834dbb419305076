"""The part of a filing's context that only some templates use: conditions,
denial reasons, the original permit, the inspection, the abutters...

Taken from the filing's latest decision when there is one (the decision keeps
the text of each condition as imposed that day); a permit not yet decided gets
the town's standard conditions from the conditions library, followed by the
special conditions chosen for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from concom_desk.domain.conditions import number_conditions
from concom_desk.domain.decision_kinds import COC_KINDS
from concom_desk.domain.laws import BOTH, under_act
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.status_rules import PERMIT_KINDS
from concom_desk.services.documents.conditions_library import library_for
from concom_desk.services.filings.resource_areas import filing_areas
from concom_desk.store.models import Abutter, AbutterNotice, Decision, Filing, Inspection

Context = dict[str, Any]


@dataclass(frozen=True)
class DraftChoices:
    """What the clerk chose for a document whose decision is not recorded yet:
    special conditions for a permit, the reasons and kind of a denial. Once the
    decision is recorded, its own conditions and reasons are printed instead."""

    special: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()
    denial_kind: str = "substantive"
    signed_by: str = ""  # the affidavit of service: who mailed the notices
    # WPA Form 5 B.1: the interests of the Act the clerk checks, beside any the
    # decision's findings name.
    interests: tuple[str, ...] = ()
    # The abutter letter and the affidavit: the notices in mailing order, when the
    # mailing has read them already (services/abutters/mailing.py); else read here.
    notices: tuple[Context, ...] | None = None


def _lines(text: str | None) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def latest_decision(session: Session, filing: Filing) -> Decision | None:
    """The decision that issued or denied the filing. A permit's own certificate of
    compliance is a later decision on the same record, not the permit's: its papers
    read it through `certificate_of`."""
    found = select(Decision).where(Decision.filing_id == filing.id)
    if filing.kind != "coc":
        found = found.where(Decision.kind.not_in(COC_KINDS))
    return session.scalars(found.order_by(Decision.id.desc())).first()


@dataclass(frozen=True)
class Certificate:
    """A certificate of compliance and where it stands: on the COC request filed for
    the permit, or on the permit itself (marked "Completed (COC issued)")."""

    holder: Filing  # the record the certificate was decided on
    permit: Filing | None  # the permit it certifies
    decision: Decision | None


def certificate_of(session: Session, filing: Filing) -> Certificate:
    """The certificate a COC request or a permit has: a request's own; a permit's own,
    else the latest issued request filed for it."""
    def decided(holder: Filing) -> Decision | None:
        return session.scalars(select(Decision).where(
            Decision.filing_id == holder.id, Decision.kind.in_(COC_KINDS))
            .order_by(Decision.id.desc())).first()

    if filing.kind == "coc":
        return Certificate(filing, filing.original, decided(filing))
    own = decided(filing)
    if own is not None:
        return Certificate(filing, filing, own)
    requests = sorted((f for f in filing.follow_ups if f.kind == "coc"
                       and f.status not in ("void", "withdrawn", "denied")),
                      key=lambda f: (f.issued is not None, f.issued or f.received or 0, f.id))
    if requests:
        return Certificate(requests[-1], filing, decided(requests[-1]))
    return Certificate(filing, filing if filing.kind in PERMIT_KINDS else None, None)


def certificate_day(session: Session, filing: Filing) -> date | None:
    """The day the filing's certificate of compliance was issued, if it was."""
    cert = certificate_of(session, filing)
    if cert.decision is not None and cert.decision.issued_on is not None:
        return cert.decision.issued_on
    return cert.holder.issued if cert.holder.kind == "coc" else None


def signing_day(session: Session, filing: Filing, template: str) -> date | None:
    """The day a paper is signed, when it is not the filing's issue date: a certificate
    on a permit's record is signed on the certificate's day, not the permit's."""
    if "certificate-of-compliance" in template:
        return certificate_day(session, filing)
    return None


def certificate_facts(session: Session, filing: Filing) -> Context:
    """`certificate`, `partial`, `inspection`, `original_permit` and the continuing
    conditions of a certificate-of-compliance paper."""
    cert = certificate_of(session, filing)
    decision = cert.decision
    holder = cert.holder
    issued = certificate_day(session, filing)
    return {
        "certificate": {
            "issued": long_date(issued),
            "requested": long_date(holder.received) if holder.kind == "coc" else "",
            "findings": _lines(decision.findings) if decision is not None else [],
        },
        "partial": bool(decision and decision.kind == "partial_certificate_of_compliance"),
        "inspection": latest_inspection(session, holder),
        "original_permit": permit_facts(cert.permit),
        "continuing_conditions": continuing_conditions(session, holder),
    }


def _numbered(conditions: list[Any]) -> list[Context]:
    return [{"number": c.number, "text": c.text} for c in conditions]


def permit_conditions(session: Session, filing: Filing, special: list[str]
                      ) -> tuple[list[Context], list[Context]]:
    decision = latest_decision(session, filing)
    if decision is not None and decision.conditions:
        ordered = sorted(decision.conditions, key=lambda c: c.number)
        return (_numbered([c for c in ordered if c.kind == "standard"]),
                _numbered([c for c in ordered if c.kind == "special"]))
    standard = library_for(filing.town).standard_for(has_dep_file=under_act(filing.laws
                                                                            or BOTH))
    return number_conditions(standard, special)


def original_permit(filing: Filing) -> Context:
    return permit_facts(filing.original)


def permit_facts(original: Filing | None) -> Context:
    """The permit a later paper names: its numbers, when it was issued, when it expires
    and where it was recorded."""
    if original is None:
        return {"file_no": "", "dep_file_no": "", "issued": "", "expires": "", "book": "",
                "page": "", "recorded": "", "document": ""}
    return {"file_no": original.file_no, "dep_file_no": original.dep_file_no or "",
            "issued": long_date(original.issued), "expires": long_date(original.expires),
            "book": original.recorded_book or "", "page": original.recorded_page or "",
            "recorded": long_date(original.recorded),
            "document": original.recorded_document or ""}


def _years_between(start: Any, end: Any) -> str:
    if not start or not end:
        return ""
    years = end.year - start.year - ((end.month, end.day) < (start.month, start.day))
    words = {1: "one year", 2: "two years", 3: "three years", 4: "four years",
             5: "five years"}
    return words.get(years, f"{years} years") if years > 0 else ""


def continuing_conditions(session: Session, filing: Filing) -> list[Context]:
    """Conditions marked to survive the certificate: on the certificate's own decision,
    or else on the Order it certifies."""
    cert = certificate_of(session, filing)
    order = latest_decision(session, cert.permit) if cert.permit is not None else None
    for decision in (cert.decision, order):
        if decision is not None:
            kept = [c for c in sorted(decision.conditions, key=lambda c: c.number)
                    if c.continuing]
            if kept:
                return _numbered(kept)
    return []


def latest_inspection(session: Session, filing: Filing) -> Context:
    ids = [f.id for f in (filing, filing.original) if f is not None]
    inspection = session.scalars(
        # A visit only planned is not the inspection a certificate rests on.
        select(Inspection).where(Inspection.filing_id.in_(ids), Inspection.done.is_(True))
        .order_by(Inspection.inspected_on.desc(), Inspection.id.desc())
    ).first()
    if inspection is None:
        return {"date": "", "by": "", "findings": ""}
    return {"date": long_date(inspection.inspected_on), "by": inspection.inspector or "",
            "findings": inspection.findings or ""}


def abutter_notices(session: Session, filing: Filing) -> list[Context]:
    """The filing's notices, each with the method of its latest mailing."""
    from concom_desk.services.abutters.rows import address_lines_of

    # Their notices in the same trip (one read a notice each was a third of a 500-notice
    # mailing's own work: bench/mailing_bench.py).
    abutters = session.scalars(
        select(Abutter).where(Abutter.filing_id == filing.id).order_by(Abutter.owner_name)
        .options(selectinload(Abutter.notices))
    ).all()
    notices = []
    for abutter in abutters:
        latest = max(abutter.notices, key=lambda n: n.id, default=None)
        notices.append({
            "owner_name": abutter.owner_name,
            "care_of": abutter.care_of or "",
            "address_lines": list(address_lines_of(abutter)),
            "parcels": abutter.parcel_list(),
            "method": latest.method if latest is not None else "certified",
        })
    return notices


METHOD_WORDS = {
    "certified": "certified mail, return receipt requested",
    "hand": "hand delivery",
    "first_class": "first-class mail",
    "certificate_of_mailing": "first-class mail with a certificate of mailing",
}
# Certified first: it is what the bylaws ask for; the others are for owners it cannot reach.
_METHOD_ORDER = ("certified", "certificate_of_mailing", "first_class", "hand")


def affidavit_facts(notices: list[Context], mailed: list[Any], signed_by: str) -> Context:
    """When and how the abutters were notified, signed by the person who mailed.

    `notices` carry their `method`; they are grouped by it, certified mail first,
    so the affidavit counts as certified only what went by certified mail and says
    how the others (a foreign owner, whom certified mail cannot reach) were sent."""
    groups = []
    for method in sorted({n.get("method", "certified") for n in notices},
                         key=lambda m: (_METHOD_ORDER.index(m) if m in _METHOD_ORDER
                                        else len(_METHOD_ORDER), m)):
        chosen = [n for n in notices if n.get("method", "certified") == method]
        groups.append({"method": METHOD_WORDS.get(method, method), "count": len(chosen),
                       "certified": method == "certified", "notices": chosen})
    certified = sum(g["count"] for g in groups if g["certified"])
    first = dates_in_order(mailed)
    # Made with the letters, before anything is mailed: a line to write the date on.
    return {"mailed_on": long_date(first[0]) if first else "_" * 20,
            "method": groups[0]["method"] if groups else METHOD_WORDS["certified"],
            "signed_by": " ".join(signed_by.split()),
            "certified_count": certified,
            "groups": groups}


def dates_in_order(days: list[Any]) -> list[Any]:
    return sorted(day for day in days if day is not None)


def mailed_dates(session: Session, filing: Filing) -> list[Any]:
    return list(session.scalars(
        select(AbutterNotice.mailed_on).join(Abutter).where(Abutter.filing_id == filing.id)))


def template_extras(session: Session, filing: Filing, template: str, base: Context,
                    draft: DraftChoices) -> Context:
    decision = latest_decision(session, filing)
    findings = _lines(decision.findings) if decision else []
    extras: Context = {}
    if template in ("permit", "amended-permit"):
        standard, special_numbered = permit_conditions(session, filing, list(draft.special))
        extras.update(standard_conditions=standard, special_conditions=special_numbered)
    if template in ("amended-permit", "extension-permit"):
        extras["original_permit"] = original_permit(filing)
    if template == "amended-permit":
        extras["changes"] = _lines(filing.work_description)
    if template == "extension-permit":
        start = filing.original.expires if filing.original else None
        extras["extension"] = {"requested": base["filing"]["received"],
                               "new_expires": base["filing"]["expires"],
                               "term": _years_between(start, filing.expires)}
    if template == "certificate-of-compliance":
        extras.update(certificate_facts(session, filing))
    if template in ("determination-negative", "determination-positive"):
        extras["findings"] = findings
        if template == "determination-negative":
            extras["conditions"] = _numbered(sorted(decision.conditions,
                                                    key=lambda c: c.number)) if decision else []
    if template == "resource-area-delineation":
        extras["confirmed_areas"] = _confirmed_areas(
            findings, [area.name for area in filing_areas(session, filing)])
    if template == "denial":
        recorded = decision is not None and decision.kind == "denial"
        extras["denial_kind"] = (decision.denial_kind if recorded and decision.denial_kind
                                 else draft.denial_kind)
        extras["reasons"] = _lines(decision.reasons) if recorded else list(draft.reasons)
    if template == "emergency-certification":
        extras["emergency"] = {"reason": " ".join(findings) or (filing.notes or ""),
                               "work_allowed": filing.work_description or "",
                               "requested_by": base["applicant"]["name"]}
        extras["special_conditions"] = (_numbered(sorted(decision.conditions,
                                                         key=lambda c: c.number))
                                        if decision else [])
    if template == "board-notice":
        extras["boards"] = list(library_for(filing.town).boards)
    if template == "waiver-21-day":
        extras["decision_waiver"] = decision_waiver(session, filing)
    if template == "expiry-reminder":
        from concom_desk.services.filings.reminders import reminder_facts

        extras["reminder"] = reminder_facts(session, filing, base["today"])
    if template in ("abutter-letter", "affidavit-of-service"):
        extras["notices"] = (list(draft.notices) if draft.notices is not None
                             else abutter_notices(session, filing))
    if template == "affidavit-of-service":
        extras["affidavit"] = affidavit_facts(extras["notices"], mailed_dates(session, filing),
                                              draft.signed_by)
    return extras


def decision_waiver(session: Session, filing: Filing) -> Context:
    """The applicant's latest written waiver of the decision period (Garrity v. Hingham,
    2012), for the waiver form to print beside the hearing's; its fields empty when none
    is recorded (the form prints the paragraph only with a `decide_by`)."""
    from concom_desk.store.models import HearingWaiver

    waiver = session.scalars(
        select(HearingWaiver).where(HearingWaiver.filing_id == filing.id,
                                    HearingWaiver.period == "decision")
        .order_by(HearingWaiver.id.desc())).first()
    if waiver is None or waiver.hearing_no_later_than is None:
        return {"signed_on": "", "signed_by": "", "decide_by": ""}
    return {"signed_on": long_date(waiver.signed_on), "signed_by": waiver.signed_by,
            "decide_by": long_date(waiver.hearing_no_later_than)}


def _confirmed_areas(findings: list[str], area_names: list[str]) -> list[Context]:
    """'Bordering Vegetated Wetland: flags A1-A24' lines of the decision's findings,
    or else the filing's resource areas (by their names) as delineated on the plans."""
    areas = []
    for line in findings:
        name, _, boundary = line.partition(":")
        areas.append({"name": name.strip(),
                      "boundary": boundary.strip() or "as delineated on the plans"})
    if not areas:
        areas = [{"name": name, "boundary": "as delineated on the plans"}
                 for name in area_names]
    return areas
