"""Small look-ups the enforcement services share: the commission's town, its
members in office, its scheduled meetings, and a case's status as the domain
knows it."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.enforcement_case import CaseStatus
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import DEFAULT_TOWN_ID, profile_for
from concom_desk.store import Database
from concom_desk.store.models import (
    CommissionSettings,
    EnforcementCase,
    Meeting,
    members_in_office,
)

VOID = "void"
# How the history line that Edit details… writes begins (services/enforcement/history.py
# finds the correction each such line describes by it).
CORRECTED = "Case details corrected: "


def commission_town(session: Session) -> str:
    settings = session.scalars(select(CommissionSettings).limit(1)).first()
    return settings.town if settings is not None and settings.town else DEFAULT_TOWN_ID


def case_profile(case: EnforcementCase) -> TownProfile:
    return profile_for(case.town or DEFAULT_TOWN_ID)


def members_count(session: Session, day: date) -> int:
    return len(members_in_office(session, day))


def signer_choices(db: Database, day: date) -> list[str]:
    """Who may sign an order issued on `day`: the members in office that day."""
    with db.read_session() as session:
        return [member.name for member in members_in_office(session, day)]


def scheduled_meetings(session: Session) -> list[Meeting]:
    """Meetings where the commission can vote: not cancelled, not a site walk."""
    return list(session.scalars(
        select(Meeting)
        .where(Meeting.cancelled.is_(False), Meeting.kind != "site_walk")
        .order_by(Meeting.held_on)
    ))


def meeting_dates(session: Session) -> list[date]:
    return [meeting.held_on for meeting in scheduled_meetings(session)]


def case_status(case: EnforcementCase) -> CaseStatus:
    """The domain status of a stored case; an older plain 'referred' reads as Town
    Counsel (the civil referral, the usual first one)."""
    if case.status == "referred":
        return CaseStatus.REFERRED_COUNSEL
    if case.status == VOID:
        raise UserError(f"case {case.case_no} is void ({case.void_reason}); it cannot change")
    return CaseStatus(case.status)


def get_case(session: Session, case_id: int) -> EnforcementCase:
    case = session.get(EnforcementCase, case_id)
    if case is None:
        raise UserError(f"there is no enforcement case with id {case_id}")
    return case


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]
