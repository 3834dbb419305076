"""Enforcement deadlines for the Today view and the calendar: restoration and
NOI filing deadlines set by orders, follow-up inspections, and the meeting at
which an emergency order must be ratified."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from concom_desk.services.enforcement.common import meeting_dates
from concom_desk.services.enforcement.ratification import order_ratification
from concom_desk.store.models import EnforcementCase, EnforcementOrder, Inspection

FINISHED = ("closed", "void")


@dataclass(frozen=True)
class EnforcementDeadline:
    date: date
    label: str
    case_id: int
    case_no: str
    kind: str  # restore_by, file_noi_by, follow_up, ratify
    address: str = ""  # the property's, for lists that show it in its own column

    def as_json(self) -> dict[str, str | int]:
        return {"date": self.date.isoformat(), "label": self.label, "case_id": self.case_id,
                "case_no": self.case_no, "kind": self.kind}


def enforcement_deadlines(session: Session, start: date, end: date) -> list[EnforcementDeadline]:
    """Every enforcement deadline from `start` to `end` (both included), by date."""
    found: list[EnforcementDeadline] = []
    dates = meeting_dates(session)
    orders = session.execute(
        select(EnforcementOrder, EnforcementCase)
        .join(EnforcementCase, EnforcementOrder.case_id == EnforcementCase.id)
        .options(joinedload(EnforcementCase.property))
        .where(EnforcementCase.status.not_in(FINISHED), EnforcementOrder.lifted_on.is_(None))
    ).all()
    for order, case in orders:
        where = case.property.address if case.property else case.case_no
        if order.restore_by:
            found.append(EnforcementDeadline(order.restore_by,
                                             f"Restoration due ({order.order_no}, {where})",
                                             case.id, case.case_no, "restore_by",
                                             address=where))
        if order.file_noi_by:
            found.append(EnforcementDeadline(order.file_noi_by,
                                             f"NOI to be filed ({order.order_no}, {where})",
                                             case.id, case.case_no, "file_noi_by",
                                             address=where))
        if order.emergency and order.ratified_meeting_id is None:
            status = order_ratification(session, order, start, dates)
            if status.meeting is not None:
                found.append(EnforcementDeadline(
                    status.meeting, f"Ratify emergency order {order.order_no} ({where})",
                    case.id, case.case_no, "ratify",
                                             address=where))
    inspections = session.execute(
        select(Inspection, EnforcementCase)
        .join(EnforcementCase, Inspection.case_id == EnforcementCase.id)
        .options(joinedload(EnforcementCase.property))
        .where(EnforcementCase.status.not_in(FINISHED), Inspection.follow_up_by.is_not(None))
    ).all()
    latest: dict[int, date] = {}
    for case_id, day in session.execute(select(Inspection.case_id, Inspection.inspected_on)):
        if case_id is not None and day > latest.get(case_id, date.min):
            latest[case_id] = day
    for inspection, case in inspections:
        assert inspection.follow_up_by is not None
        if latest[case.id] > inspection.inspected_on:
            continue  # the follow-up has been made
        where = case.property.address if case.property else case.case_no
        found.append(EnforcementDeadline(inspection.follow_up_by,
                                         f"Follow-up inspection ({where})",
                                         case.id, case.case_no, "follow_up",
                                             address=where))
    return sorted((d for d in found if start <= d.date <= end),
                  key=lambda d: (d.date, d.case_no, d.kind))
