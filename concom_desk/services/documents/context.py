"""The context a filing's Word template receives, built from the record
("Every template" and "Every filing-based template" in docs/templates.md).

Dates are printed the way a letter writes them ("June 12, 2026"); anything
missing is "" so that the sandbox's strict undefined only trips on real typos.
The town's bylaw, appeal rights and recording instructions come from the
town's conditions library, the deadlines from the deadline engine, the
signature lines from the members in office on the day of the document.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk import clock
from concom_desk.domain.appeal_routes import PAPER_OF, appeal_routes
from concom_desk.domain.file_numbers import shown_number
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.laws import BOTH, is_joint, under_act, under_bylaw, under_words
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.wording import has_or_have, phrase, resource_areas_phrase, work_within
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import DEFAULT_TOWN_ID, available_profiles
from concom_desk.services.documents.conditions_library import library_for
from concom_desk.services.documents.rendering import Picture
from concom_desk.services.documents.template_examples import DEADLINE_IDS
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.store.models import (
    CommissionSettings,
    Filing,
    Hearing,
    Party,
    Property,
    majority_of,
    members_in_office,
)

if TYPE_CHECKING:
    from concom_desk.services.documents.context_extras import DraftChoices

Context = dict[str, Any]


def clock_time(hhmm: str) -> str:
    """'19:00' → '7:00 PM'; anything else is printed as given."""
    try:
        hours, minutes = (int(part) for part in hhmm.split(":"))
    except ValueError:
        return hhmm
    suffix = "AM" if hours < 12 else "PM"
    return f"{(hours % 12) or 12}:{minutes:02d} {suffix}"


def lines(text: str | None) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def settings_of(session: Session) -> CommissionSettings:
    settings = session.scalars(select(CommissionSettings).limit(1)).first()
    if settings is None:
        raise UserError("the commission's settings (name, town, letterhead) are not filled "
                        "in yet; complete the setup first")
    return settings


def commission_context(session: Session, on: date) -> Context:
    settings = settings_of(session)
    members = members_in_office(session, on)
    names = [m.name for m in members]
    chair = next((m.name for m in members if m.role == "chair"), "")
    return {
        "name": settings.name,
        "town": town_name(settings.town, settings),
        "address_lines": lines(settings.address),
        "phone": settings.phone or "",
        "email": settings.email or "",
        "chair": chair,
        "members_in_office": names,
        "signers_needed": majority_of(len(names)) if names else 0,
        "signature_lines": names,
        "clerk_initials": settings.clerk_initials or "",
        "newspaper": settings.newspaper or "",
        "deeds_registry": registry_label(settings.deeds_registry),
        "meeting_place": settings.meeting_place or "",
        "meeting_time": clock_time(settings.meeting_time) if settings.meeting_time else "",
        "logo": letterhead_logo(settings),
    }


# What a PNG and a JPEG file begin with: anything else is not put on a letterhead.
_IMAGE_SIGNATURES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")


def letterhead_logo(settings: CommissionSettings) -> Picture | str:
    """The logo printed atop the letterhead, or "" when the settings have none.
    (The stored column comes with the Settings' logo; a database without it has none.)"""
    data = getattr(settings, "letterhead_logo", None) or b""
    if isinstance(data, bytes) and data.startswith(_IMAGE_SIGNATURES):
        return Picture(data)
    return ""


def town_name(town_id: str, settings: CommissionSettings) -> str:
    """The town's name as letters print it. A commission on the state default
    profile ('massachusetts') is named from its own name: 'Ashland Conservation
    Commission' → 'Ashland'."""
    profile = available_profiles().get(town_id.lower())
    if profile is not None and profile.id != DEFAULT_TOWN_ID:
        return profile.name
    own = re.sub(r"\b(conservation commission|town of|city of)\b", "", settings.name,
                 flags=re.IGNORECASE)
    return " ".join(own.replace(",", " ").split()) or town_id.title()


def town_context(town_id: str, settings: CommissionSettings) -> Context:
    library = library_for(town_id)
    return {
        "id": town_id.lower(),
        "name": town_name(town_id, settings),
        "bylaw": library.bylaw,
        # The town's own bylaw, "" on the state default, whose `bylaw` is the Act itself
        # (a notice or a WPA form then names no second law).
        "local_bylaw": "" if town_id.lower() == DEFAULT_TOWN_ID else library.bylaw,
        "appeal_rights": library.appeal_rights,
        "recording_instructions": library.recording_instructions,
    }


def appeal_rights_of(session: Session, filing: Filing, template: str, town_id: str) -> str:
    """The town's appeal paragraph for the paper the template is (a permit, a
    determination, a certificate ...), a WPA form read as the bylaw paper it states."""
    from concom_desk.services.documents.context_extras import latest_decision
    from concom_desk.services.documents.wpa_context import decided_counterpart

    paper = PAPER_OF.get(decided_counterpart(template, latest_decision(session, filing)),
                         "permit")
    return library_for(town_id).appeal_for(paper)


def dep_office_context(town_id: str, under_the_act: bool) -> Context:
    """The MassDEP regional office for the town, where the Act applies; each field ""
    where it does not, or where the profile names none (the state default serves every
    region). The papers ask `{% if dep_office.name %}`."""
    profile = available_profiles().get(town_id.lower())
    office = profile.dep_office if profile is not None and under_the_act else None
    if office is None:
        return {"name": "", "address": "", "text": ""}
    return {"name": office.name, "address": office.address, "text": office.describe()}


def laws_context(laws: str, town_id: str, name: str) -> Context:
    """The laws a filing is under, in the papers' words ('the Wetlands Protection Act
    (MGL c.131 §40) and the Sandwich wetlands bylaw'), and the MassDEP office."""
    return {"under_words": under_words(laws, town_id.lower(), name),
            "dep_office": dep_office_context(town_id, under_act(laws))}


def common_context(session: Session, today: date | None = None) -> Context:
    """COMMON: commission, town (the commission's own), today."""
    today = today or clock.today()
    settings = settings_of(session)
    return {
        "commission": commission_context(session, today),
        "town": town_context(settings.town, settings),
        "today": long_date(today),
    }


def party_context(party: Party | None) -> Context:
    """`has` is the verb the name takes: 'Daniel and Susan Forsberg have filed'."""
    if party is None:
        return {"name": "", "company": "", "address_lines": [], "phone": "", "email": "",
                "has": "has"}
    return {"name": party.name, "company": party.company or "",
            "address_lines": party.address_lines(),
            "phone": party.phone or "", "email": party.email or "",
            "has": has_or_have(party.name, party.kind)}


def dollars(cents: int) -> str:
    """'$1,250.00'; '' for nothing (no fee set is not a $0.00 fee)."""
    return f"${cents // 100:,}.{cents % 100:02d}" if cents else ""


def fees_context(filing: Filing) -> Context:
    return {
        "filing_fee": dollars(filing.fee_cents),
        "filing_fee_paid": long_date(filing.fee_paid_on),
        "filing_fee_waived": bool(filing.fee_waived),
        "filing_fee_waiver_reason": filing.fee_waiver_reason or "",
        "consultant": filing.consultant or "",
        "consultant_fee": dollars(filing.consultant_fee_cents),
        "consultant_fee_paid": long_date(filing.consultant_fee_paid_on),
    }


def bond_context(filing: Filing) -> Context:
    return {"amount": dollars(filing.bond_cents), "kind": filing.bond_form or "",
            "posted": long_date(filing.bond_posted_on),
            "released": long_date(filing.bond_released_on)}


def property_context(prop: Property | None, default_registry: str) -> Context:
    """`registry`: the Registry of Deeds where the document is recorded — the
    property's own, else the commission's; "" when neither is known (the form
    leaves a line for it rather than printing 'Registry of Deeds' twice)."""
    if prop is None:
        return {"address": "", "map": "", "lot": "", "map_lot": "", "book": "", "page": "",
                "certificate": "", "registry": default_registry}
    return {"address": prop.address, "map": prop.map or "", "lot": prop.lot or "",
            "map_lot": prop.map_lot, "book": prop.book or "", "page": prop.page or "",
            "certificate": prop.certificate or "",
            "registry": registry_label(prop.deeds_registry) or default_registry}


def registry_label(registry: str | None) -> str:
    """'Worcester South' → 'Worcester South Registry of Deeds'; '' stays ''."""
    registry = (registry or "").strip()
    if not registry:
        return ""
    return registry if "registry" in registry.lower() else f"{registry} Registry of Deeds"


def registry_name(settings: CommissionSettings) -> str:
    return registry_label(settings.deeds_registry)


def deadlines_context(session: Session, filing: Filing) -> Context:
    found: Context = {ident: {"date": "", "label": "", "citation": "", "why": ""}
                      for ident in DEADLINE_IDS}
    for deadline in FilingClock.read(session, [filing.id]).own_deadlines(filing.facts()):
        # An expiry says how the permit extension acts moved it.
        why = deadline.rule if deadline.term_ends is not None else ""
        found[deadline.id] = {"date": long_date(deadline.date), "label": deadline.label,
                              "citation": deadline.citation, "why": why}
    return found


def filing_fields(filing: Filing) -> Context:
    kind = KINDS.get(filing.kind)
    fields: Context = {
        "file_no": filing.file_no,
        # An amendment, extension or certificate carries its permit's DEP number.
        "dep_file_no": filing.dep_file_no
        or (filing.original.dep_file_no if filing.original is not None else "") or "",
        "kind": filing.kind,
        "kind_name": kind.name if kind else filing.kind,
        # As typed, but ready for the middle of a sentence: the templates put their own
        # full stop, and a typed one printed "Wetland.." and "Wetland., within".
        "work_description": phrase(filing.work_description),
        "resource_areas": resource_areas_phrase(filing.resource_areas),
        "work_and_areas": work_within(filing.work_description, filing.resource_areas),
        "status": filing.status,
    }
    # The laws it is under, as its form says: joint is the Act and the bylaw at once.
    laws = filing.laws or BOTH
    fields["laws"] = laws
    fields["under_act"] = under_act(laws)
    fields["joint"] = is_joint(laws, filing.town)
    for name in ("received", "hearing", "closed", "decided", "issued", "expires"):
        fields[name] = long_date(getattr(filing, name))
    for name in ("received", "issued", "expires"):
        day = getattr(filing, name)
        fields[f"{name}_iso"] = day.isoformat() if day else ""
    fields["boards_notified"] = long_date(filing.boards_notified)
    fields["recorded"] = long_date(filing.recorded)
    for name in ("recorded_book", "recorded_page", "recorded_document", "notes"):
        fields[name] = getattr(filing, name) or ""
    return fields


def hearing_context(session: Session, filing: Filing, settings: CommissionSettings
                    ) -> Context | str:
    """When and where the hearing is (the meeting it is booked at), or ""."""
    hearing = session.scalars(
        select(Hearing).where(Hearing.filing_id == filing.id).order_by(Hearing.id.desc())
    ).first()
    day = place = None
    start = settings.meeting_time or ""
    if hearing is not None and hearing.meeting is not None:
        day, place, start = hearing.meeting.held_on, hearing.meeting.place, \
            hearing.meeting.start_time or start
    elif filing.hearing is not None:
        day = filing.hearing
    if day is None:
        return ""
    return {"date": long_date(day), "weekday": f"{day:%A}", "time": clock_time(start),
            "place": place or settings.meeting_place or ""}


def filing_by_number(session: Session, file_no: str) -> Filing:
    filing = session.scalars(select(Filing).where(Filing.file_no == file_no)).first()
    if filing is None:
        raise UserError(f"there is no filing numbered {shown_number(file_no)}")
    if filing.status == "void":
        raise UserError(f"filing {file_no} was voided ({filing.void_reason}); no document "
                        "is made for it")
    return filing


def filing_context(session: Session, filing: Filing, template: str,
                   today: date | None = None, draft: DraftChoices | None = None) -> Context:
    """COMMON + FILING-BASED + the template's own part, for one stored filing.
    `draft`: the clerk's choices for a document not yet decided (special conditions,
    denial reasons)."""
    from concom_desk.services.documents.context_extras import (
        DraftChoices,
        signing_day,
        template_extras,
    )

    today = today or clock.today()
    settings = settings_of(session)
    # Signers: the members in office when it is issued (a certificate: on its own day).
    on = signing_day(session, filing, template) or filing.issued or today
    context: Context = {
        "commission": commission_context(session, on),
        "town": town_context(filing.town or settings.town, settings),
        "today": long_date(today),
        "filing": filing_fields(filing),
        "applicant": party_context(filing.applicant),
        "owner": party_context(filing.owner or filing.applicant),
        "representative": party_context(filing.representative),
        "fees": fees_context(filing),
        "bond": bond_context(filing),
        "property": property_context(filing.property, registry_name(settings)),
        "deadlines": deadlines_context(session, filing),
        "plans": [],
        "hearing": hearing_context(session, filing, settings),
    }
    laws = laws_context(filing.laws or BOTH, context["town"]["id"], context["town"]["name"])
    context["filing"]["under_words"] = laws["under_words"]
    context["dep_office"] = laws["dep_office"]
    office = laws["dep_office"]
    context["appeal_routes"] = appeal_routes(
        appeal_rights_of(session, filing, template, context["town"]["id"]),
        joint=context["filing"]["joint"], decision=template,
        bylaw_is_the_act=not context["town"]["local_bylaw"],
        act_only=not under_bylaw(filing.laws or BOTH, context["town"]["id"]),
        dep_office=office["text"])
    context.update(template_extras(session, filing, template, context,
                                   draft or DraftChoices()))
    from concom_desk.services.documents.wpa_context import wpa_extras

    context.update(wpa_extras(session, filing, template, context, draft or DraftChoices()))
    return context
