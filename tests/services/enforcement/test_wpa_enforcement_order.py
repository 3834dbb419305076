"""An enforcement order on MassDEP's Enforcement Order form (MGL c.131 §40; 310 CMR
10.08): the same order's facts, the form's boxes checked from it, in the register."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.errors import UserError
from concom_desk.services.enforcement.actions import (
    InspectionDraft,
    OrderDraft,
    ViolationDraft,
    issue_order,
    record_inspection,
)
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.documents import WPA_ORDER, print_order
from tests.helpers.docx_reading import every_word
from tests.helpers.enforcement_db import docx_text

FRIDAY = date(2026, 12, 4)


def _case(db) -> int:
    return open_case(db, ComplaintDraft(
        reported_on=FRIDAY, address="14 Shawme Road", map="12", lot="40",
        description="Truck dumping fill into the marsh behind the house",
        complainant="Mary Abbott", complainant_contact="508-555-0101",
        violator_name="Shawme Builders LLC", violator_address="9 Route 6A\nSandwich, MA 02563",
        resource_areas="Salt marsh", attachments=[]))


def test_the_order_on_massdeps_form(db) -> None:
    order_id = issue_order(db, _case(db), OrderDraft(
        issued_on=FRIDAY, signed_by=["Pat Lee, Conservation Agent"], emergency=True,
        stop_work=True, restore_by=None, file_noi_by=date(2026, 12, 31),
        requirements=["Remove the fill by hand."],
        violations=[ViolationDraft("Sandwich §7.55 Part 5: fill in a resource area",
                                   "Fill placed in salt marsh", FRIDAY, FRIDAY),
                    ViolationDraft("MGL c.131 §40: fill in a salt marsh without an Order",
                                   "Fill placed in salt marsh", FRIDAY, FRIDAY)]))
    path = print_order(db, order_id, today=FRIDAY, template=WPA_ORDER)
    assert path.name.startswith("WPA Enforcement Order EC-2026-001-O1")
    text = docx_text(path)
    # The state's form cites the Act that was violated, never the bylaw's sections
    # (those are on the town's own order): the work had no Order of Conditions at all.
    assert "§7.55" not in text
    assert "Fill placed in salt marsh (MGL c.131 §40: fill in a salt marsh without an Order" \
        in text
    assert "☒\tthe activity has been/is being conducted in an area subject to protection " \
        "under M.G.L. c. 131, §40 or the buffer zone without approval from the issuing " \
        "authority (i.e., a valid Order of Conditions or Negative Determination)." in text
    for words in ("Shawme Builders LLC", "14 Shawme Road", "12-40",
                  "Truck dumping fill into the marsh behind the house (within Salt Marsh "
                  "(310 CMR 10.32)).",
                  "Remove the fill by hand.",
                  "by December 31, 2026", "December 4, 2026", "Pat Lee, Conservation Agent",
                  "to be ratified by a majority of the members at the next scheduled meeting"):
        assert words in text, words
    # The boxes follow the order: stop work and file an NOI, no restoration date.
    assert "☒\tThe property owner, his agents, permittees, and all others shall immediately" \
        in text
    assert "☐\tResource area alterations resulting from said activity" in text
    assert "☒\tComplete the attached Notice of Intent" in text


def test_a_violation_notice_is_not_put_on_the_order_form(db) -> None:
    case_id = _case(db)
    record_inspection(db, case_id, InspectionDraft(FRIDAY, "Pat Lee", "Fill in the marsh."))
    order_id = issue_order(db, case_id, OrderDraft(
        kind="violation_notice", issued_on=FRIDAY, signed_by=["Pat Lee"], emergency=False,
        stop_work=False, restore_by=None, file_noi_by=None, requirements=[],
        violations=[ViolationDraft("Sandwich §7.55", "Fill", FRIDAY, FRIDAY)]))
    with pytest.raises(UserError, match="is a violation notice"):
        print_order(db, order_id, today=FRIDAY, template=WPA_ORDER)


def test_an_order_about_a_permit_carries_its_dep_number(db) -> None:
    from concom_desk.store.models import Filing

    with db.session() as s:
        permit = Filing(file_no="2025-031", dep_file_no="SE 064-1999", kind="noi",
                        town="sandwich", status="issued")
        s.add(permit)
        s.flush()
        permit_id = permit.id
    case_id = open_case(db, ComplaintDraft(
        reported_on=FRIDAY, address="14 Shawme Road", map="12", lot="40",
        description="Work beyond the limit of work", complainant="Mary Abbott",
        complainant_contact="", violator_name="Shawme Builders LLC",
        violator_address="9 Route 6A\nSandwich, MA 02563", resource_areas="Salt marsh",
        attachments=[], filing_id=permit_id))
    order_id = issue_order(db, case_id, OrderDraft(
        issued_on=FRIDAY, signed_by=["Pat Lee"], emergency=True, stop_work=True,
        violations=[ViolationDraft("Order of Conditions, condition 12", "Fill", FRIDAY,
                                   FRIDAY)]))
    assert "SE 064-1999" in every_word(print_order(db, order_id, today=FRIDAY,
                                                 template=WPA_ORDER))
