"""Emergency orders waiting for the commission's ratification, for the agenda
and for the overdue filter.

`orders_awaiting_ratification(session, meeting)` is what the agenda calls: the
emergency orders issued before that meeting and not yet ratified. Those whose
own "next scheduled meeting" already passed are in the list too (they still
need the vote), marked overdue.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from concom_desk.domain.enforcement_case import (
    RATIFICATION_CITATION,
    Ratification,
    ratification_meeting,
    ratification_status,
)
from concom_desk.domain.plain_dates import long_date
from concom_desk.services.enforcement.common import VOID, lines, meeting_dates
from concom_desk.store.models import EnforcementCase, EnforcementOrder, Meeting


@dataclass(frozen=True)
class RatificationItem:
    order_id: int
    case_id: int
    case_no: str
    order_no: str
    order_date: date
    signed_by: tuple[str, ...]
    address: str
    due_meeting: date | None  # the next scheduled meeting after issuance
    overdue: bool  # that meeting is before the one this list is for

    def as_agenda_item(self, item_no: int | str) -> dict[str, str]:
        """The shape the agenda template's `ratifications` loop reads."""
        return {
            "item_no": str(item_no),
            "case_no": self.case_no,
            "order_date": long_date(self.order_date),
            "signed_by": ", ".join(self.signed_by),
            "address": self.address,
        }


def _unratified(session: Session) -> list[tuple[EnforcementOrder, EnforcementCase]]:
    rows = session.execute(
        select(EnforcementOrder, EnforcementCase)
        .join(EnforcementCase, EnforcementOrder.case_id == EnforcementCase.id)
        .options(joinedload(EnforcementCase.property))
        .where(EnforcementOrder.emergency.is_(True),
               EnforcementOrder.ratified_meeting_id.is_(None),
               EnforcementCase.status != VOID)
        .order_by(EnforcementOrder.issued_on, EnforcementOrder.id)
    ).all()
    return [(order, case) for order, case in rows]


def orders_awaiting_ratification(session: Session, meeting: Meeting) -> list[RatificationItem]:
    """Emergency orders the commission must ratify at `meeting`, oldest first."""
    dates = meeting_dates(session)
    items = []
    for order, case in _unratified(session):
        if order.issued_on >= meeting.held_on:
            continue
        due = ratification_meeting(order.issued_on, dates)
        items.append(RatificationItem(
            order_id=order.id, case_id=case.id, case_no=case.case_no, order_no=order.order_no,
            order_date=order.issued_on, signed_by=tuple(lines(order.signed_by)),
            address=case.property.address if case.property else "",
            due_meeting=due, overdue=due is not None and due < meeting.held_on,
        ))
    return items


def order_ratification(session: Session, order: EnforcementOrder, today: date,
                       dates: list[date] | None = None) -> Ratification:
    """Where one order stands with its ratification on `today`."""
    ratified_on = None
    if order.ratified_meeting_id is not None:
        meeting = session.get(Meeting, order.ratified_meeting_id)
        ratified_on = meeting.held_on if meeting else None
    return ratification_status(order.emergency, order.issued_on, ratified_on,
                               dates if dates is not None else meeting_dates(session), today)


def refresh_ratify_by(session: Session) -> int:
    """Set each unratified emergency order's `ratify_by` to the next scheduled meeting
    after its issue, as the meetings now stand; returns how many changed.

    Call it (inside the same transaction) after a meeting is scheduled, moved or
    cancelled: an order issued when no meeting was on the calendar gets its date,
    and one whose meeting was cancelled moves to the next one.
    """
    dates = meeting_dates(session)
    changed = 0
    for order, _case in _unratified(session):
        due = ratification_meeting(order.issued_on, dates)
        if order.ratify_by != due:
            order.ratify_by = due
            changed += 1
    return changed


def cases_with_overdue_ratification(session: Session, today: date) -> set[int]:
    dates = meeting_dates(session)
    return {
        case.id for order, case in _unratified(session)
        if order_ratification(session, order, today, dates).overdue
    }


def cases_awaiting_ratification(session: Session) -> set[int]:
    return {case.id for _order, case in _unratified(session)}


__all__ = [
    "RATIFICATION_CITATION", "RatificationItem", "cases_awaiting_ratification",
    "cases_with_overdue_ratification", "order_ratification", "orders_awaiting_ratification",
]
