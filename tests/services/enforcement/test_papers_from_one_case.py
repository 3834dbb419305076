"""Enforcement papers from one case record (issue 30, item 4): the order carries the
notice's violations over (entered once, never listed twice), each paper carries the
lines of those who signed it, members in office on its own date, and an emergency
order's ratification is the members' majority vote, printed on the order
(Sandwich §7.55 Part 2: "ratified by a majority of the members of the Commission at
their next scheduled meeting")."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.services.enforcement.actions import (
    InspectionDraft,
    OrderDraft,
    ViolationDraft,
    issue_order,
    ratify_order,
    record_inspection,
)
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.documents import WPA_ORDER, print_order
from concom_desk.store.models import CaseNote, Meeting, Member, Violation, Vote
from tests.helpers.enforcement_db import docx_text, members_voting

OPENED = date(2026, 11, 20)  # a fixed case: no date here is compared with today
FILL = ViolationDraft("Sandwich §7.55 Part 5: fill in a resource area",
                      "Fill placed in the salt marsh", OPENED, OPENED)
ACT_FILL = ViolationDraft("MGL c.131 §40: fill in a salt marsh without an Order of Conditions",
                          "Fill placed in the salt marsh", OPENED, OPENED)


@pytest.fixture(autouse=True)
def default_templates(db, isolated_data_dir: Path) -> None:
    """The papers as the program ships them (the fixture's own short templates aside)."""
    for template in (isolated_data_dir / "templates").glob("*.docx"):
        template.unlink()


def _case(db, map_: str = "12", lot: str = "40") -> int:
    case_id = open_case(db, ComplaintDraft(
        reported_on=OPENED, address="14 Shawme Road", map=map_, lot=lot,
        description="Fill in the marsh", complainant="Mary Abbott",
        violator_name="Shawme Builders LLC", violator_address="9 Route 6A\nSandwich, MA 02563",
        resource_areas="Salt marsh", attachments=[]))
    record_inspection(db, case_id, InspectionDraft(OPENED, "Pat Lee", "Fill in the marsh."))
    return case_id


def test_the_order_carries_the_notice_s_violation_once(db) -> None:
    case_id = _case(db)
    notice = issue_order(db, case_id, OrderDraft(kind="violation_notice", issued_on=OPENED,
                                                 signed_by=["Ann Chase"], violations=[FILL]))
    # The clerk types the same provision and fill again on the order: it is the same
    # violation, carried over, not violation 2.
    order = issue_order(db, case_id, OrderDraft(
        issued_on=date(2026, 11, 24), signed_by=["Ann Chase", "Bob Lee", "Cara Diaz"],
        stop_work=True, violations=[ViolationDraft(FILL.provision, " fill placed in the  "
                                                   "salt marsh", OPENED, OPENED)]))
    with db.read_session() as session:
        assert session.scalars(select(Violation.number)
                               .where(Violation.case_id == case_id)).all() == [1]
    for order_id in (notice, order):
        text = docx_text(print_order(db, order_id, today=date(2026, 11, 30)))
        assert "1.\tFill placed in the salt marsh (observed November 20, 2026; Sandwich " \
            "§7.55 Part 5: fill in a resource area)." in text
        assert "2.\t" not in text


def test_a_notice_signed_by_one_member_carries_her_line_alone(db) -> None:
    case_id = _case(db)
    notice = issue_order(db, case_id, OrderDraft(kind="violation_notice", issued_on=OPENED,
                                                 signed_by=["Ann Chase"], violations=[FILL]))
    path = print_order(db, notice, today=date(2026, 11, 30))
    text = docx_text(path)
    signature_lines = [line.split("\t")[0] for line in text.splitlines()
                       if line.endswith("\tDate")]
    assert signature_lines == ["Ann Chase"]
    assert "must sign" not in text
    assert not path.name.startswith("DRAFT")
    # Dated the day it was issued, not the day it is printed again.
    assert "November 20, 2026" in text
    assert "November 30, 2026" not in text


def test_an_order_printed_later_is_signed_by_those_who_signed_it_then(db) -> None:
    # Gail Hunt joined the commission after the order was issued: the paper made later
    # carries the lines of those who signed it then, not of the members of the day.
    with db.session() as session:
        session.add(Member(name="Gail Hunt", term_start=date(2026, 12, 1)))
    case_id = _case(db)
    order = issue_order(db, case_id, OrderDraft(
        issued_on=date(2026, 11, 24), signed_by=["Ann Chase", "Bob Lee", "Cara Diaz"],
        stop_work=True, violations=[FILL, ACT_FILL]))
    for template in (None, WPA_ORDER):
        text = docx_text(print_order(db, order, today=date(2026, 12, 30), template=template))
        lines = [line.split("\t")[0] for line in text.splitlines() if line.endswith("\tDate")]
        assert lines == ["Ann Chase", "Bob Lee", "Cara Diaz"], template
        assert "Gail Hunt" not in text


def test_massdep_s_form_is_refused_for_an_order_citing_no_violation_of_the_act(db) -> None:
    # The form finds "in violation of the Wetlands Protection Act": a bylaw's section
    # alone is no violation of the Act, so the town's own order is the paper to make.
    order = issue_order(db, _case(db), OrderDraft(
        issued_on=OPENED, signed_by=["Ann Chase", "Bob Lee", "Cara Diaz"], stop_work=True,
        violations=[FILL]))
    with pytest.raises(UserError, match=r"-O1 cites no violation of the Wetlands Protection "
                                        r"Act \(MGL c.131 §40\); MassDEP's form is for the "
                                        r"Act's violations: make the town's own order$"):
        print_order(db, order, template=WPA_ORDER)
    assert "Fill placed in the salt marsh" in docx_text(print_order(db, order))


@pytest.fixture
def emergency(db) -> tuple[int, int]:
    case_id = _case(db)
    order = issue_order(db, case_id, OrderDraft(
        issued_on=OPENED, signed_by=["Pat Lee, Conservation Agent"], emergency=True,
        stop_work=True, violations=[FILL, ACT_FILL]))
    with db.read_session() as session:
        meeting = session.scalars(select(Meeting).where(
            Meeting.held_on == date(2026, 11, 25))).one()
    return order, meeting.id


def test_ratification_is_refused_without_a_majority_of_the_members(db, emergency) -> None:
    order, meeting = emergency
    # 2 yes, 1 no: carried among those present, but 2 is not a majority of the 5 members.
    with pytest.raises(UserError, match=r"majority of the members in office, 3 of 5"):
        ratify_order(db, order, meeting, members_voting(db, yes=2, no=1),
                     today=date(2026, 11, 25))
    with db.read_session() as session:  # nothing written: no vote, no ratification
        assert session.scalars(select(Vote)).all() == []


def test_the_ratifying_vote_is_recorded_and_printed_on_the_order(db, emergency) -> None:
    order, meeting = emergency
    ratify_order(db, order, meeting, members_voting(db, yes=4, no=1),
                 today=date(2026, 11, 25))
    with db.read_session() as session:
        vote = session.scalars(select(Vote)).one()
        assert vote.motion.startswith("To ratify emergency order EC-2026-001-O1")
        assert sorted(v.choice for v in vote.member_votes) == ["no", "yes", "yes", "yes",
                                                                "yes"]
        assert "Carried, 4 yes, 1 no." in session.scalars(select(CaseNote.text)).all()[-1]
    said = ("Ratified by the Commission at its meeting of November 25, 2026, by a vote of 4 "
            "in favor, 1 opposed.")
    for template in (None, WPA_ORDER):
        assert said in docx_text(print_order(db, order, today=date(2026, 11, 30),
                                             template=template)), template


def test_an_order_on_record_with_too_few_signatures_is_a_draft_saying_so(db) -> None:
    # An older record: an ordinary (not emergency) order with two signatures, where the
    # five members in office need three (310 CMR 10.08(2); Sandwich §7.55 Part 2 lets a
    # single signer act only in an emergency, to be ratified).
    from concom_desk.store.models import EnforcementOrder

    order = issue_order(db, _case(db), OrderDraft(
        issued_on=date(2026, 11, 24), signed_by=["Ann Chase", "Bob Lee", "Cara Diaz"],
        stop_work=True, violations=[FILL]))
    with db.session() as session:
        session.get(EnforcementOrder, order).signed_by = "Ann Chase\nBob Lee"
    path = print_order(db, order, today=date(2026, 11, 30))
    assert path.name.startswith("DRAFT Enforcement order")
    assert "signed by 2; an order not made in an emergency is signed by a majority of the 5 " \
        "members in office, 3" in docx_text(path)


def test_a_notice_made_again_later_lists_only_what_it_cited(db) -> None:
    case_id = _case(db)
    notice = issue_order(db, case_id, OrderDraft(
        kind="violation_notice", issued_on=OPENED, signed_by=["Ann Chase"], emergency=False,
        violations=[FILL]))
    order = issue_order(db, case_id, OrderDraft(
        issued_on=OPENED, signed_by=["Pat Lee, Conservation Agent"], emergency=True,
        stop_work=True, violations=[ACT_FILL]))
    text = docx_text(print_order(db, notice))
    assert FILL.provision in text
    assert ACT_FILL.provision not in text  # the order's, found after the notice was sent
    order_text = docx_text(print_order(db, order))  # the notice's carried over, and its own
    assert FILL.provision in order_text and ACT_FILL.provision in order_text


def test_a_case_without_map_and_lot_prints_its_address_alone(db) -> None:
    # A Sandwich order printed "14 Shawme Road, map/lot" for a complaint logged without
    # the assessor's map and lot: the words come only with the numbers.
    case_id = _case(db, map_="", lot="")
    for kind in ("violation_notice", "enforcement_order"):
        order = issue_order(db, case_id, OrderDraft(kind=kind, issued_on=OPENED,
                                                    signed_by=["Ann Chase", "Bob Lee",
                                                               "Cara Diaz"],
                                                    violations=[FILL]))
        text = docx_text(print_order(db, order, today=date(2026, 11, 30)))
        assert "14 Shawme Road" in text and "map/lot" not in text, kind
    # A later complaint at the same address with its map and lot typed keeps them (it was
    # put on the first complaint's land, its map and lot dropped).
    with_lot = _case(db)
    order = issue_order(db, with_lot, OrderDraft(kind="violation_notice", issued_on=OPENED,
                                                 signed_by=["Ann Chase"], violations=[FILL]))
    assert "14 Shawme Road, map/lot 12-40" in docx_text(print_order(db, order,
                                                                   today=date(2026, 11, 30)))
