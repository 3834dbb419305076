"""What the Enforcement tab reads, each in its own read-only transaction, so the
window never opens a session: the case list, one case with its history, its
fines ledger, and the meetings that can ratify an emergency order."""

from __future__ import annotations

from datetime import date

from concom_desk.services.enforcement.common import scheduled_meetings
from concom_desk.services.enforcement.fines_ledger import FineLedger, fines_ledger
from concom_desk.services.enforcement.history import HistoryEntry, case_history
from concom_desk.services.enforcement.queries import CaseDetail, CaseRow, case_detail, list_cases
from concom_desk.store import Database


def read_cases(db: Database, today: date) -> list[CaseRow]:
    with db.read_session() as session:
        return list_cases(session, today)


def read_case(db: Database, case_id: int, today: date) -> tuple[CaseDetail, list[HistoryEntry]]:
    with db.read_session() as session:
        return case_detail(session, case_id, today), case_history(session, case_id)


def read_fines_ledger(db: Database, case_id: int, as_of: date) -> FineLedger:
    with db.read_session() as session:
        return fines_ledger(session, case_id, as_of)


def meetings_after(db: Database, day: date) -> list[tuple[int, date]]:
    """(id, date) of the meetings held after `day` where the commission can vote."""
    with db.read_session() as session:
        return [(m.id, m.held_on) for m in scheduled_meetings(session) if m.held_on > day]


def violations_on_record(db: Database, case_id: int) -> list[str]:
    """The case's violations as a notice recorded them ('1. Fill in the marsh (Sandwich
    §7.55 Part 5)'): an order carries them over, so they are not typed again."""
    from sqlalchemy import select

    from concom_desk.store.models import Violation

    with db.read_session() as session:
        return [f"{v.number}. {v.description or v.provision} ({v.provision})"
                for v in session.scalars(select(Violation).where(Violation.case_id == case_id)
                                         .order_by(Violation.number))]
