"""Enforcement deadlines for the Today view and the calendar: restoration and
NOI filing deadlines set by orders, follow-up inspections, and the meeting at
which an emergency order must be ratified."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.enforcement_case import ratification_status
from concom_desk.services.enforcement.common import meeting_dates
from concom_desk.store.models import EnforcementCase, EnforcementOrder, Inspection, Property

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
    # Plain columns, the property's address joined in: a busy town has thousands of
    # open orders and inspections, and an ORM record made for each was most of the read.
    found: list[EnforcementDeadline] = []
    dates = meeting_dates(session)
    open_case = EnforcementCase.status.not_in(FINISHED)
    orders = session.execute(
        select(EnforcementOrder.order_no, EnforcementOrder.restore_by,
               EnforcementOrder.file_noi_by, EnforcementOrder.emergency,
               EnforcementOrder.ratified_meeting_id, EnforcementOrder.issued_on,
               EnforcementCase.id, EnforcementCase.case_no, Property.address)
        .join(EnforcementCase, EnforcementOrder.case_id == EnforcementCase.id)
        .outerjoin(Property, EnforcementCase.property_id == Property.id)
        .where(open_case, EnforcementOrder.lifted_on.is_(None))
    ).all()
    for (order_no, restore_by, file_noi_by, emergency, ratified_meeting_id, issued_on,
         case_id, case_no, address) in orders:
        where = address if address is not None else case_no
        if restore_by:
            found.append(EnforcementDeadline(restore_by,
                                             f"Restoration due ({order_no}, {where})",
                                             case_id, case_no, "restore_by", address=where))
        if file_noi_by:
            found.append(EnforcementDeadline(file_noi_by,
                                             f"NOI to be filed ({order_no}, {where})",
                                             case_id, case_no, "file_noi_by", address=where))
        if emergency and ratified_meeting_id is None:
            status = ratification_status(emergency, issued_on, None, dates, start)
            if status.meeting is not None:
                found.append(EnforcementDeadline(
                    status.meeting, f"Ratify emergency order {order_no} ({where})",
                    case_id, case_no, "ratify", address=where))
    inspections = session.execute(
        select(Inspection.follow_up_by, Inspection.inspected_on,
               EnforcementCase.id, EnforcementCase.case_no, Property.address)
        .join(EnforcementCase, Inspection.case_id == EnforcementCase.id)
        .outerjoin(Property, EnforcementCase.property_id == Property.id)
        .where(open_case, Inspection.follow_up_by.is_not(None))
    ).all()
    latest: dict[int, date] = {}
    for case_id, day in session.execute(select(Inspection.case_id, Inspection.inspected_on)):
        if case_id is not None and day > latest.get(case_id, date.min):
            latest[case_id] = day
    for follow_up_by, inspected_on, case_id, case_no, address in inspections:
        if latest[case_id] > inspected_on:
            continue  # the follow-up has been made
        where = address if address is not None else case_no
        found.append(EnforcementDeadline(follow_up_by, f"Follow-up inspection ({where})",
                                         case_id, case_no, "follow_up", address=where))
    return sorted((d for d in found if start <= d.date <= end),
                  key=lambda d: (d.date, d.case_no, d.kind))
