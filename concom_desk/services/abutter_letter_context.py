"""The context of the abutter letter (DOCUMENT_CONTEXT.md: COMMON + FILING-BASED +
`hearing` + `notices`), built from the stored filing.

Dates are written out ("June 12, 2026"), with the ISO date beside under
`*_iso`; a value the record does not have is "" so that the template's strict
placeholders only trip on a real typo.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.abutters.mailing import MailingPiece
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.town_profile import TownProfile
from concom_desk.services.filing_deadlines import filing_deadlines
from concom_desk.services.town_profiles import available_profiles
from concom_desk.store.models import (
    CommissionSettings,
    Filing,
    Hearing,
    Meeting,
    Party,
    majority_of,
    members_in_office,
)

# Deadline ids every filing context carries ("" when the town sets none), so a
# template can write `{% if deadlines.appeal_ends.date %}`.
DEADLINE_IDS: tuple[str, ...] = (
    "hearing_by", "legal_notice_by", "abutter_notice_by", "board_comment_period_ends",
    "decision_by", "appeal_ends", "expires", "extension_request_by", "coc_decision_by",
    "coc_application_by", "hearing_request_by", "emergency_work_complete_by",
    "emergency_filing_by",
)
_FILING_DATES = ("received", "complete", "hearing", "closed", "decided", "issued", "recorded",
                 "expires")


def long_date(day: date | None) -> str:
    return f"{day:%B} {day.day}, {day.year}" if day else ""


def clock_time(hhmm: str) -> str:
    """'19:00' → '7:00 PM'."""
    try:
        hours, minutes = (int(part) for part in hhmm.split(":"))
    except ValueError:
        return hhmm
    suffix = "AM" if hours < 12 else "PM"
    return f"{(hours - 1) % 12 + 1}:{minutes:02d} {suffix}"


def party_context(party: Party | None) -> dict[str, Any]:
    if party is None:
        return {"name": "", "address_lines": [], "phone": "", "email": ""}
    return {"name": party.name, "address_lines": party.address_lines(), "phone": party.phone,
            "email": party.email}


def commission_context(session: Session, today: date) -> dict[str, Any]:
    settings = session.scalar(select(CommissionSettings).limit(1))
    members = members_in_office(session, today)
    chair = next((m.name for m in members if m.role == "chair"), "")
    address = [line for line in (settings.address if settings else "").splitlines() if line]
    return {
        "name": settings.name if settings else "Conservation Commission",
        "town": "", "address_lines": address,
        "phone": settings.phone if settings else "",
        "email": settings.email if settings else "",
        "chair": chair,
        "members_in_office": [m.name for m in members],
        "signers_needed": majority_of(len(members)) if members else 0,
        "signature_lines": [m.name for m in members],
        "clerk_initials": settings.clerk_initials if settings else "",
    }


def town_context(profile: TownProfile | None, registry: str) -> dict[str, Any]:
    if profile is None:
        return {"id": "", "name": "", "bylaw": "", "appeal_rights": "",
                "recording_instructions": ""}
    appeal = next((r for r in profile.deadlines if r.id == "appeal_ends"), None)
    appeal_rights = (f"{appeal.label}: {appeal.describe()} ({appeal.citation})."
                     if appeal else "")
    where = f"the {registry} Registry of Deeds" if registry else "the Registry of Deeds"
    return {
        "id": profile.id, "name": profile.name, "bylaw": profile.source,
        "appeal_rights": appeal_rights,
        "recording_instructions": f"Record this document at {where} (or the Land Court for "
                                  "registered land) before any work begins.",
    }


def hearing_context(session: Session, filing: Filing) -> dict[str, str] | str:
    """The hearing the letters announce: the latest one booked for the filing."""
    row = session.execute(
        select(Hearing, Meeting).join(Meeting, Hearing.meeting_id == Meeting.id, isouter=True)
        .where(Hearing.filing_id == filing.id).order_by(Hearing.id.desc()).limit(1)).first()
    if row is None or row[1] is None:
        return ""
    meeting: Meeting = row[1]
    return {"date": long_date(meeting.held_on), "weekday": f"{meeting.held_on:%A}",
            "time": clock_time(meeting.start_time), "place": meeting.place}


def filing_context(filing: Filing) -> dict[str, Any]:
    kind = KINDS.get(filing.kind)
    values: dict[str, Any] = {
        "file_no": filing.file_no, "dep_file_no": filing.dep_file_no, "kind": filing.kind,
        "kind_name": kind.name if kind else filing.kind,
        "work_description": filing.work_description, "resource_areas": filing.resource_areas,
        "status": filing.status,
    }
    for name in _FILING_DATES:
        day = getattr(filing, name)
        values[name] = long_date(day)
        values[f"{name}_iso"] = day.isoformat() if day else ""
    return values


def property_context(filing: Filing, registry: str) -> dict[str, str]:
    locus = filing.property
    if locus is None:
        return {"address": "", "map": "", "lot": "", "map_lot": "", "book": "", "page": "",
                "certificate": "", "registry": registry}
    return {"address": locus.address, "map": locus.map, "lot": locus.lot,
            "map_lot": locus.map_lot, "book": locus.book, "page": locus.page,
            "certificate": locus.certificate, "registry": locus.deeds_registry or registry}


def deadlines_context(filing: Filing, profiles: dict[str, TownProfile]) -> dict[str, Any]:
    found: dict[str, Any] = {i: {"date": "", "label": "", "citation": ""} for i in DEADLINE_IDS}
    if filing.town in profiles:
        for deadline in filing_deadlines(filing, profiles):
            found[deadline.id] = {"date": long_date(deadline.date), "label": deadline.label,
                                  "citation": deadline.citation}
    return found


def abutter_letter_context(session: Session, filing: Filing, pieces: Sequence[MailingPiece],
                           today: date | None = None) -> dict[str, Any]:
    today = today or date.today()
    profiles = available_profiles()
    profile = profiles.get(filing.town)
    settings = session.scalar(select(CommissionSettings).limit(1))
    registry = settings.deeds_registry if settings else ""
    commission = commission_context(session, today)
    commission["town"] = profile.name if profile else filing.town
    return {
        "commission": commission,
        "town": town_context(profile, registry),
        "today": long_date(today),
        "filing": filing_context(filing),
        "applicant": party_context(filing.applicant),
        "owner": party_context(filing.owner),
        "representative": party_context(filing.representative),
        "property": property_context(filing, registry),
        "deadlines": deadlines_context(filing, profiles),
        "plans": [],
        "hearing": hearing_context(session, filing),
        "notices": [piece.as_letter_notice() for piece in pieces],
    }
