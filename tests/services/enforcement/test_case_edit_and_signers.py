"""A saved case can be corrected (one transaction, in the audit trail and the case's
history); an order's signers are the members in office on the day it is issued.

Members on the roll (Sandwich, five members from 2024-07-01, plus these), worked by hand
for the days an order might be issued:

| member | term | associate? | in office 2026-06-30 | 2026-11-30 | 2026-12-01 |
|---|---|---|---|---|---|
| Ann Chase … Eve Fox (5) | 2024-07-01 – | no | yes | yes | yes |
| Gus Hale | 2023-07-01 – 2026-06-30 | no | yes (last day) | no | no |
| Ida Jones | 2026-12-01 – | no | no | no | yes (first day) |
| Kit Lowe | 2024-07-01 – | associate: advises, does not vote | no | no | no |
"""

from __future__ import annotations

import json
from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.services.enforcement.actions import (
    InspectionDraft,
    OrderDraft,
    issue_order,
    record_inspection,
)
from concom_desk.services.enforcement.case_edit import case_draft, update_case
from concom_desk.services.enforcement.cases import (
    ComplaintDraft,
    open_case,
    void_enforcement_case,
)
from concom_desk.services.enforcement.common import signer_choices
from concom_desk.services.enforcement.history import case_history
from concom_desk.store.models import AuditEntry, EnforcementCase, Member
from tests.helpers.enforcement_db import MEMBERS

DEC_1 = date(2026, 12, 1)
DEC_4 = date(2026, 12, 4)


def complaint(**changes):
    values = dict(reported_on=DEC_1, address="3 Pine Lane", description="Trees cut at the pond",
                  complainant="anonymous", violator_name="Pine Lane Trust",
                  violator_address="PO Box 4\nSandwich, MA 02563")
    values.update(changes)
    return ComplaintDraft(**values)


@pytest.fixture
def roll(db):
    with db.session() as session:
        session.add_all([
            Member(name="Gus Hale", term_start=date(2023, 7, 1), term_end=date(2026, 6, 30)),
            Member(name="Ida Jones", term_start=date(2026, 12, 1)),
            Member(name="Kit Lowe", term_start=date(2024, 7, 1), role="associate"),
        ])
    return db


@pytest.mark.parametrize(("day", "in_office"), [
    (date(2026, 6, 30), sorted([*MEMBERS, "Gus Hale"])),
    (date(2026, 11, 30), sorted(MEMBERS)),
    (date(2026, 12, 1), sorted([*MEMBERS, "Ida Jones"])),
])
def test_signers_are_the_members_in_office_that_day(roll, day, in_office):
    assert signer_choices(roll, day) == in_office


def test_an_order_signed_by_a_former_member_is_refused(roll):
    case_id = open_case(roll, complaint())
    with pytest.raises(UserError, match="Gus Hale is not a member in office on the day"):
        issue_order(roll, case_id, OrderDraft(DEC_4, ["Ann Chase", "Bob Lee", "Gus Hale"]))
    # The same three with a member in office instead: a majority of the six (4) is needed.
    with pytest.raises(UserError, match=r"majority of the 6 members in office \(4\)"):
        issue_order(roll, case_id, OrderDraft(DEC_4, ["Ann Chase", "Bob Lee", "Ida Jones"]))
    issue_order(roll, case_id, OrderDraft(DEC_4, ["Ann Chase", "Bob Lee", "Cara Diaz",
                                                  "Ida Jones"]))


def test_the_agent_may_sign_an_emergency_order_alone_but_not_with_others(roll):
    case_id = open_case(roll, complaint())
    with pytest.raises(UserError, match="Pat Lee is not a member in office"):
        issue_order(roll, case_id, OrderDraft(DEC_4, ["Ann Chase", "Pat Lee"], emergency=True))
    issue_order(roll, case_id, OrderDraft(DEC_4, ["Pat Lee"], emergency=True))


def test_a_case_is_corrected_in_one_audited_change(db):
    case_id = open_case(db, complaint())
    before = case_draft(db, case_id)
    assert (before.address, before.violator_name, before.violator_address) == (
        "3 Pine Lane", "Pine Lane Trust", "PO Box 4\nSandwich, MA 02563")
    changed = update_case(db, case_id, complaint(
        description="Trees cut within 25 feet of the pond", violator_name="Pine Lane Trust",
        violator_address="PO Box 44\nSandwich, MA 02563", violator_phone="508-555-0101"),
        today=DEC_4)
    assert changed == ["description", "alleged violator"]
    after = case_draft(db, case_id)
    assert (after.description, after.violator_address, after.violator_phone) == (
        "Trees cut within 25 feet of the pond", "PO Box 44\nSandwich, MA 02563",
        "508-555-0101")
    with db.read_session() as session:
        entry = session.scalars(select(AuditEntry).where(
            AuditEntry.table_name == "enforcement_case", AuditEntry.action == "update")).one()
        assert json.loads(entry.old_values)["description"] == "Trees cut at the pond"
        assert json.loads(entry.new_values)["description"] == (
            "Trees cut within 25 feet of the pond")
        assert entry.initials == "PL"
        history = [(e.day, e.text) for e in case_history(session, case_id)]
    assert (DEC_4, "Case details corrected: description, alleged violator.") in history


def test_the_history_says_each_correction_once(db):
    """Edit details… writes its own line; the audit trail's "Record corrected" line is
    for a change made without one, and only then (a clerk reading the history saw each
    correction twice, in an order that hung on the laptop's date)."""
    case_id = open_case(db, complaint())
    update_case(db, case_id, complaint(description="Trees cut within 25 feet of the pond"),
                today=DEC_4)
    update_case(db, case_id, complaint(description="Trees cut within 25 feet of the pond",
                                       complainant_contact="508-555-0101"), today=DEC_4)
    with db.session() as session:  # a change no note describes
        session.get(EnforcementCase, case_id).resource_areas = "Bank"
    with db.read_session() as session:
        texts = [e.text for e in case_history(session, case_id)]
    # The trail's line is dated by the machine's clock, the notes by the program's: the
    # lines are compared, not their order.
    assert sorted(t for t in texts if "corrected" in t) == [
        "Case details corrected: complainant's contact.",
        "Case details corrected: description.",
        "Record corrected: resource areas changed from '' to 'Bank'"]


def test_nothing_changed_writes_nothing(db):
    case_id = open_case(db, complaint())
    with db.read_session() as session:
        count = len(session.scalars(select(AuditEntry)).all())
    assert update_case(db, case_id, case_draft(db, case_id), today=DEC_4) == []
    with db.read_session() as session:
        assert len(session.scalars(select(AuditEntry)).all()) == count


def test_a_correction_that_contradicts_the_record_is_refused_whole(db):
    case_id = open_case(db, complaint())
    record_inspection(db, case_id, InspectionDraft(date(2026, 12, 2), "Pat Lee", "Stumps"))
    with pytest.raises(UserError, match="already inspected or ordered on 2026-12-02"):
        update_case(db, case_id, complaint(reported_on=date(2026, 12, 3),
                                           description="changed too"), today=DEC_4)
    with pytest.raises(UserError, match="Describe what was reported"):
        update_case(db, case_id, complaint(description=" "), today=DEC_4)
    with db.read_session() as session:
        case = session.get(EnforcementCase, case_id)
        assert (case.opened_on, case.description) == (DEC_1, "Trees cut at the pond")
    void_enforcement_case(db, case_id, "entered twice")
    with pytest.raises(UserError, match="is void"):
        update_case(db, case_id, complaint(), today=DEC_4)
