"""Which emergency orders each meeting's agenda carries for ratification
(Sandwich § 7.55 Part 2: "at their next scheduled meeting")."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from concom_desk.services.enforcement.actions import OrderDraft, issue_order
from concom_desk.services.enforcement.cases import (
    ComplaintDraft,
    open_case,
    void_enforcement_case,
)
from concom_desk.services.enforcement.ratification import orders_awaiting_ratification
from concom_desk.store.models import Meeting


def emergency_order(db, day, address):
    case = open_case(db, ComplaintDraft(reported_on=day, address=address,
                                        description="Fill", source="observation"))
    issue_order(db, case, OrderDraft(day, ["Pat Lee"], emergency=True))
    return case


def agenda(db, day):
    with db.read_session() as session:
        meeting = session.scalars(select(Meeting).where(Meeting.held_on == day)).one()
        return [(i.address, i.due_meeting, i.overdue)
                for i in orders_awaiting_ratification(session, meeting)]


def test_each_meeting_carries_the_orders_issued_before_it(db):
    emergency_order(db, date(2026, 12, 4), "1 Friday Rd")  # Fri: due Wed Dec 9
    emergency_order(db, date(2026, 12, 9), "2 Meeting Day Rd")  # meeting day: due Dec 23
    emergency_order(db, date(2026, 12, 10), "3 Thursday Rd")  # due Dec 23
    assert agenda(db, date(2026, 12, 9)) == [("1 Friday Rd", date(2026, 12, 9), False)]
    assert agenda(db, date(2026, 12, 23)) == [
        ("1 Friday Rd", date(2026, 12, 9), True),  # missed on Dec 9: still owed, overdue
        ("2 Meeting Day Rd", date(2026, 12, 23), False),
        ("3 Thursday Rd", date(2026, 12, 23), False),
    ]


def test_a_void_case_leaves_the_agenda(db):
    case = emergency_order(db, date(2026, 12, 4), "1 Friday Rd")
    void_enforcement_case(db, case, "entered twice")
    assert agenda(db, date(2026, 12, 9)) == []


def test_a_cancelled_meeting_is_not_the_next_scheduled_one(db):
    with db.session() as session:
        session.scalars(select(Meeting).where(
            Meeting.held_on == date(2026, 12, 9))).one().cancelled = True
    emergency_order(db, date(2026, 12, 4), "1 Friday Rd")
    assert agenda(db, date(2026, 12, 23)) == [("1 Friday Rd", date(2026, 12, 23), False)]
