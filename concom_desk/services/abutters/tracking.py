"""Tracking each notice: certified article number, date mailed, green card,
and whether the hearing may be closed as far as the abutters go."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.abutters.mailing import how_sent
from concom_desk.domain.abutters.owner_names import natural_name
from concom_desk.domain.abutters.tracking import (
    GREEN_CARD_RULES,
    ArticleNumberProblem,
    NoticeTracking,
    closing_problems,
    normalize_article_number,
)
from concom_desk.domain.deadline_engine import compute_deadlines
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.abutters.rows import (
    address_lines_of,
    is_foreign,
    method_of,
    printed_name,
)
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.store import Database
from concom_desk.store.models import (
    NOTICE_METHODS,
    Abutter,
    AbutterNotice,
    Filing,
    Hearing,
    Meeting,
    TownClosureDay,
)


@dataclass(frozen=True)
class NoticeRow:
    """One line of the tracking table."""

    notice_id: int
    number: int
    owner_name: str
    address: str
    parcels: str
    method: str
    article_number: str
    mailed_on: date | None
    green_card_on: date | None
    undeliverable: bool
    foreign: bool
    assessor_name: str = ""  # the name as the assessor lists it (printed: owner_name)


def list_notices(db: Database, filing_id: int) -> list[NoticeRow]:
    with db.read_session() as session:
        rows = session.execute(
            select(AbutterNotice, Abutter).join(Abutter)
            .where(Abutter.filing_id == filing_id).order_by(Abutter.id, AbutterNotice.id)).all()
        return [
            NoticeRow(notice.id, number, printed_name(abutter),
                      ", ".join(address_lines_of(abutter)), abutter.parcels,
                      method_of(abutter, notice), notice.certified_article_no,
                      notice.mailed_on, notice.green_card_returned_on,
                      notice.returned_undeliverable, is_foreign(abutter), abutter.owner_name)
            for number, (notice, abutter) in enumerate(rows, start=1)
        ]


def set_printed_name(db: Database, notice_id: int, typed: str) -> str:
    """The clerk's correction of how an owner's name is printed, kept on the abutter
    (audited like every change) and used on every paper of the mailing; typing the
    assessor's name or nothing goes back to the name the program writes. Returns the
    name as it will print."""
    name = " ".join(typed.split())
    with db.session() as session:
        abutter = _notice(session, notice_id).abutter
        automatic = natural_name(abutter.owner_name)
        abutter.name_as_written = "" if name in ("", automatic) else name
        return printed_name(abutter)


def set_article_number(db: Database, notice_id: int, typed: str) -> str:
    """Store a typed or scanned article number; returns it as stored ('' clears it)."""
    number = ""
    if typed.strip():
        checked = normalize_article_number(typed)
        if isinstance(checked, ArticleNumberProblem):
            raise UserError(checked.reason)
        number = checked
    with db.session() as session:
        notice = _notice(session, notice_id)
        if number:
            other = session.scalar(select(AbutterNotice.id).where(
                AbutterNotice.certified_article_no == number, AbutterNotice.id != notice_id))
            if other is not None:
                raise UserError(f"article number {number} is already on another notice; "
                                "each certified letter has its own number")
        notice.certified_article_no = number
    return number


def set_mailed(db: Database, notice_ids: Iterable[int], day: date | None) -> None:
    with db.session() as session:
        for notice_id in notice_ids:
            _notice(session, notice_id).mailed_on = day


def mark_all_mailed(db: Database, filing_id: int, day: date) -> int:
    """The usual case: the whole stack went to the post office the same day."""
    ids = [row.notice_id for row in list_notices(db, filing_id) if row.mailed_on is None]
    set_mailed(db, ids, day)
    return len(ids)


def set_green_card(db: Database, notice_id: int, day: date | None) -> None:
    with db.session() as session:
        notice = _notice(session, notice_id)
        if day is not None and notice.mailed_on is not None and day < notice.mailed_on:
            raise UserError(f"the green card cannot come back ({day}) before the letter was "
                            f"mailed ({notice.mailed_on})")
        notice.green_card_returned_on = day


def set_method(db: Database, notice_id: int, method: str) -> None:
    if method not in NOTICE_METHODS:
        raise UserError(f"unknown way of notifying {method!r}; one of {', '.join(NOTICE_METHODS)}")
    with db.session() as session:
        notice = _notice(session, notice_id)
        if how_sent(method, is_foreign(notice.abutter)) != method:
            raise UserError("certified mail cannot reach a foreign address (USPS certified "
                            "mail is for US addresses only): send it first class or by hand")
        notice.method = method


def _notice(session: Session, notice_id: int) -> AbutterNotice:
    notice = session.get(AbutterNotice, notice_id)
    if notice is None:
        raise UserError(f"there is no abutter notice with id {notice_id}")
    return notice


@dataclass(frozen=True)
class ClosingCheck:
    ready: bool
    problems: tuple[str, ...]
    green_cards_required: bool
    notice_by: date | None


def green_cards_required(profile: TownProfile | None, kind: str) -> bool:
    """Does the town's bylaw want the green cards back before the hearing closes?"""
    if profile is None:
        return False
    return any(rule.get("id") in GREEN_CARD_RULES and kind in rule.get("kinds", [kind])
               for rule in profile.rules)


def notice_by(session: Session, filing: Filing, profile: TownProfile) -> date | None:
    """The last day to notify abutters, counted from the hearing as booked when the
    filing has no hearing date of its own yet."""
    events = filing.event_dates()
    if "hearing" not in events and "hearing" in KINDS[filing.kind].events:
        booked = session.scalar(
            select(Meeting.held_on).join(Hearing, Hearing.meeting_id == Meeting.id)
            .where(Hearing.filing_id == filing.id).order_by(Hearing.id.desc()).limit(1))
        if booked is not None:
            events["hearing"] = booked
    closures = session.scalars(select(TownClosureDay.day)).all()
    rule_profile = profile.with_closures(closures) if closures else profile
    found = compute_deadlines(rule_profile, filing.kind, events, filing.flags())
    return next((d.date for d in found if d.id == "abutter_notice_by"), None)


def ready_to_close(db: Database, filing_id: int) -> ClosingCheck:
    """Can the hearing be closed as far as abutter notice goes? The problems in words."""
    with db.read_session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError(f"there is no filing with id {filing_id}")
        profile = available_profiles().get(filing.town)
        last_day = notice_by(session, filing, profile) if profile is not None else None
        required = green_cards_required(profile, filing.kind)
        rows = session.execute(
            select(AbutterNotice, Abutter).join(Abutter)
            .where(Abutter.filing_id == filing_id).order_by(Abutter.id)).all()
        tracking = [NoticeTracking(printed_name(abutter), notice.certified_article_no,
                                   notice.mailed_on, notice.green_card_returned_on,
                                   method=method_of(abutter, notice))
                    for notice, abutter in rows]
    problems = tuple(str(p) for p in closing_problems(tracking, last_day, required))
    return ClosingCheck(not problems, problems, required, last_day)
