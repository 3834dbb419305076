"""The fines ledger of a Sandwich case (Sandwich §7.55 Part 5: up to $300 per
offense, $50 non-criminal) and the deadlines for the Today view."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.services.enforcement.actions import (
    InspectionDraft,
    OrderDraft,
    ViolationDraft,
    correct_violation,
    issue_order,
    ratify_order,
    record_inspection,
)
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.deadlines import enforcement_deadlines
from concom_desk.services.enforcement.fines_ledger import (
    assess_fine,
    fines_ledger,
    record_payment,
    waive_fine,
)
from concom_desk.services.enforcement.queries import list_cases
from concom_desk.services.enforcement.ratification import orders_awaiting_ratification
from concom_desk.store.models import CommissionSettings, Meeting, Violation
from tests.helpers.enforcement_db import members_voting


@pytest.fixture
def case_id(db):
    case = open_case(db, ComplaintDraft(reported_on=date(2026, 12, 1), address="3 Pine Lane",
                                        description="Fill in the marsh",
                                        source="observation"))
    record_inspection(db, case, InspectionDraft(date(2026, 12, 2), "Pat Lee", "Fill seen",
                                                follow_up_by=date(2026, 12, 16)))
    issue_order(db, case, OrderDraft(
        date(2026, 12, 4), ["Pat Lee"], emergency=True, restore_by=date(2027, 1, 15),
        file_noi_by=date(2026, 12, 31),
        violations=[ViolationDraft("§7.55 Part 5: fill", confirmed_on=date(2026, 12, 2)),
                    ViolationDraft("Permit condition 4", confirmed_on=date(2026, 12, 4))]))
    return case


def test_maximum_accrued_counts_each_violation_from_its_confirmation(db, case_id):
    # As of Dec 10: #1 Dec 2..10 = 9 days, #2 Dec 4..10 = 7 days: 16 offenses x $300.
    with db.read_session() as session:
        ledger = fines_ledger(session, case_id, date(2026, 12, 10))
    assert ledger.max_accrued_cents == 16 * 300 * 100
    assert ledger.max_accrued_note.startswith("#1 9 day(s) from 2026-12-02; #2 7 day(s) from "
                                              "2026-12-04, at not more than $300 per offense")


def test_a_corrected_violation_stops_accruing(db, case_id):
    with db.read_session() as session:
        first = session.scalars(select(Violation).where(Violation.number == 1)).one()
    correct_violation(db, first.id, date(2026, 12, 5))
    # #1 Dec 2..5 = 4 days (the day corrected is a portion of a day), #2 Dec 4..10 = 7.
    with db.read_session() as session:
        assert fines_ledger(session, case_id, date(2026, 12, 10)).max_accrued_cents == 330000


@pytest.mark.parametrize(("town", "total"), [
    # Sandwich's profile counts from the violation: observed Dec 1 .. Dec 10 = 10 days
    ("sandwich", 10 * 300 * 100),
    # Upton ch. 330 ¶E: "commencing the day ... confirmed": Dec 3 .. Dec 10 = 8 days
    ("upton", 8 * 300 * 100),
])
def test_first_day_follows_the_town_profile(db, town, total):
    from concom_desk.services.enforcement.actions import record_violations

    with db.session() as session:
        session.scalars(select(CommissionSettings)).one().town = town
    case = open_case(db, ComplaintDraft(reported_on=date(2026, 12, 1), address="1 Elm St",
                                        description="Fill", source="observation"))
    record_violations(db, case, [ViolationDraft("fill", observed_on=date(2026, 12, 1),
                                                confirmed_on=date(2026, 12, 3))])
    with db.read_session() as session:
        assert fines_ledger(session, case, date(2026, 12, 10)).max_accrued_cents == total


def test_assessed_paid_and_waived(db, case_id):
    fine = assess_fine(db, case_id, date(2026, 12, 2), 30000)
    ticket = assess_fine(db, case_id, date(2026, 12, 3), 5000, noncriminal=True,
                         ticket_no="T-77")
    record_payment(db, fine, date(2026, 12, 20), 10000, receipt_no="R1")
    waive_fine(db, fine, date(2026, 12, 22), "restoration finished early")
    with db.read_session() as session:
        before = fines_ledger(session, case_id, date(2026, 12, 21))
        after = fines_ledger(session, case_id, date(2026, 12, 31))
    assert [(r.kind, r.assessed_cents, r.outstanding_cents) for r in before.rows] == [
        ("Fine", 30000, 20000), ("Non-criminal ticket", 5000, 5000)]
    assert after.totals == {"assessed": 35000, "paid": 10000, "waived": 20000,
                            "outstanding": 5000}
    assert ticket


@pytest.mark.parametrize(("amount", "noncriminal", "message"), [
    (30001, False, r"\$300.01 is more than the \$300.00 per offense"),
    (5001, True, r"\$50.01 is more than the \$50.00 per offense"),
    (0, False, "more than \\$0"),
])
def test_fines_above_the_bylaw_are_refused(db, case_id, amount, noncriminal, message):
    with pytest.raises(UserError, match=message):
        assess_fine(db, case_id, date(2026, 12, 2), amount, noncriminal=noncriminal)


def test_overpayment_and_unexplained_waiver_are_refused(db, case_id):
    fine = assess_fine(db, case_id, date(2026, 12, 2), 30000)
    with pytest.raises(UserError, match=r"at most the \$300.00 still owed"):
        record_payment(db, fine, date(2026, 12, 20), 30001)
    with pytest.raises(UserError, match="say why"):
        waive_fine(db, fine, date(2026, 12, 20), "  ")


def test_a_town_without_fines_refuses_assessment(db, case_id):
    with db.session() as session:
        session.scalars(select(CommissionSettings)).one().town = "bourne"
    other = open_case(db, ComplaintDraft(reported_on=date(2026, 12, 1), address="1 Shore Rd",
                                         description="Dock built", source="observation"))
    with pytest.raises(UserError, match="Bourne's bylaw, as profiled, sets no fine"):
        assess_fine(db, other, date(2026, 12, 2), 100)


def test_deadlines_for_the_today_view(db, case_id):
    with db.read_session() as session:
        found = [(d.date, d.kind, d.label) for d in
                 enforcement_deadlines(session, date(2026, 12, 5), date(2027, 1, 31))]
    assert found == [
        (date(2026, 12, 9), "ratify", "Ratify emergency order EC-2026-001-O1 (3 Pine Lane)"),
        (date(2026, 12, 16), "follow_up", "Follow-up inspection (3 Pine Lane)"),
        (date(2026, 12, 31), "file_noi_by", "NOI to be filed (EC-2026-001-O1, 3 Pine Lane)"),
        (date(2027, 1, 15), "restore_by", "Restoration due (EC-2026-001-O1, 3 Pine Lane)"),
    ]


def test_ratified_order_leaves_the_agenda_and_the_deadlines(db, case_id):
    with db.read_session() as session:
        wednesday = session.scalars(select(Meeting).where(
            Meeting.held_on == date(2026, 12, 9))).one()
        late = session.scalars(select(Meeting).where(
            Meeting.held_on == date(2026, 12, 23))).one()
        order_id = orders_awaiting_ratification(session, wednesday)[0].order_id
        # Not ratified on Dec 9: still on the Dec 23 agenda, marked overdue.
        assert [i.overdue for i in orders_awaiting_ratification(session, late)] == [True]
    with db.read_session() as session:
        nov = session.scalars(select(Meeting).where(
            Meeting.held_on == date(2026, 11, 25))).one()
    with pytest.raises(UserError, match="choose a meeting held after it"):
        ratify_order(db, order_id, nov.id, members_voting(db, yes=3))
    ratify_order(db, order_id, wednesday.id, members_voting(db, yes=3),
                 today=date(2026, 12, 9))
    with db.read_session() as session:
        assert orders_awaiting_ratification(session, late) == []
        kinds = [d.kind for d in enforcement_deadlines(session, date(2026, 12, 5),
                                                       date(2026, 12, 31))]
    assert "ratify" not in kinds


def test_ratify_by_follows_a_cancelled_meeting(db, case_id):
    from concom_desk.services.enforcement.ratification import refresh_ratify_by
    from concom_desk.store.models import EnforcementOrder

    with db.session() as session:
        session.scalars(select(Meeting).where(
            Meeting.held_on == date(2026, 12, 9))).one().cancelled = True
        assert refresh_ratify_by(session) == 1
    with db.read_session() as session:
        order = session.scalars(select(EnforcementOrder)).one()
        assert order.ratify_by == date(2026, 12, 23)


def test_a_missed_follow_up_stays_the_case_s_next_deadline(db, case_id):
    # The emergency order was ratified on Dec 9 (overdue until then, itself the next
    # deadline); the follow-up inspection was due Dec 16 and none was made. On Dec 20 it
    # is still the first thing the case needs, as Today says, not the Dec 31 NOI date.
    with db.read_session() as session:
        [row] = list_cases(session, date(2026, 12, 10))
        assert (row.next_deadline, row.next_deadline_label) == (
            date(2026, 12, 9), "Ratify emergency order EC-2026-001-O1 (3 Pine Lane)")
        wednesday = session.scalars(select(Meeting).where(
            Meeting.held_on == date(2026, 12, 9))).one()
        order_id = orders_awaiting_ratification(session, wednesday)[0].order_id
    ratify_order(db, order_id, wednesday.id, members_voting(db, yes=3),
                 today=date(2026, 12, 9))
    with db.read_session() as session:
        [row] = list_cases(session, date(2026, 12, 20))
    assert (row.next_deadline, row.next_deadline_label) == (
        date(2026, 12, 16), "Follow-up inspection (3 Pine Lane)")
    record_inspection(db, case_id, InspectionDraft(date(2026, 12, 21), "Pat Lee",
                                                   "Fill still there"))
    with db.read_session() as session:
        [row] = list_cases(session, date(2026, 12, 21))
    assert (row.next_deadline, row.next_deadline_label) == (
        date(2026, 12, 31), "NOI to be filed (EC-2026-001-O1, 3 Pine Lane)")
