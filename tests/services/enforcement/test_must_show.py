"""The must-show path: an agent logs a complaint from the field, issues an
emergency order, it appears on the next meeting's agenda for ratification
(overdue once that meeting passes), and the full dated history prints."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from concom_desk.services.enforcement.actions import OrderDraft, ViolationDraft, issue_order
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.documents import print_order
from concom_desk.services.enforcement.history import print_case_history
from concom_desk.services.enforcement.queries import case_detail, list_cases
from concom_desk.services.enforcement.ratification import orders_awaiting_ratification
from concom_desk.store.models import Meeting
from tests.helpers.enforcement_db import docx_text

FRIDAY = date(2026, 12, 4)
WEDNESDAY = date(2026, 12, 9)


def test_complaint_emergency_order_ratification_and_history(db, photo, tmp_path):
    case_id = open_case(db, ComplaintDraft(
        reported_on=FRIDAY, address="14 Shawme Road", map="12", lot="40",
        description="Truck dumping fill into the marsh behind the house",
        complainant="Mary Abbott", complainant_contact="508-555-0101",
        violator_name="Shawme Builders LLC", violator_address="9 Route 6A\nSandwich, MA 02563",
        resource_areas="Salt marsh; 100-foot buffer zone", attachments=[photo]))
    order_id = issue_order(db, case_id, OrderDraft(
        issued_on=FRIDAY, signed_by=["Pat Lee, Conservation Agent"], emergency=True,
        stop_work=True, restore_by=date(2027, 1, 15), file_noi_by=date(2026, 12, 31),
        requirements=["Remove the fill by hand."],
        violations=[ViolationDraft("Sandwich §7.55 Part 5: fill in a resource area",
                                   "Fill placed in salt marsh", FRIDAY, FRIDAY)]))

    # The photo was copied into the data folder, under the case.
    copied = db.path.parent / "documents" / "photos" / f"case-{case_id}" / "IMG_0042.jpg"
    assert copied.read_bytes() == photo.read_bytes()

    # It is on the agenda of Wednesday's meeting, the next one after Friday.
    with db.read_session() as session:
        wednesday = session.scalars(select(Meeting).where(Meeting.held_on == WEDNESDAY)).one()
        items = orders_awaiting_ratification(session, wednesday)
        assert [item.as_agenda_item(4) for item in items] == [{
            "item_no": "4", "case_no": "EC-2026-001", "order_date": "December 4, 2026",
            "signed_by": "Pat Lee, Conservation Agent", "address": "14 Shawme Road"}]
        on_wednesday = list_cases(session, WEDNESDAY)
        on_thursday = list_cases(session, date(2026, 12, 10))
        detail = case_detail(session, case_id, date(2026, 12, 10))
    assert (on_wednesday[0].awaiting_ratification, on_wednesday[0].ratification_overdue) == (
        True, False)
    assert on_thursday[0].ratification_overdue
    assert detail.status_label == "Enforcement order issued"
    assert detail.orders[0].ratification == (
        "OVERDUE: not ratified at the meeting of Wednesday, December 9, 2026")

    # The order itself prints with the ratification date.
    order_text = docx_text(print_order(db, order_id, today=FRIDAY))
    assert "EC-2026-001-O1 issued December 4, 2026 for case EC-2026-001" in order_text
    assert "EMERGENCY ORDER, to be ratified by December 9, 2026" in order_text
    assert "Stop all work at once." in order_text
    assert "Restore by January 15, 2027; file an NOI by December 31, 2026" in order_text
    assert "Violation 1: Sandwich §7.55 Part 5: fill in a resource area" in order_text
    assert "Fine up to $300 per offense (Sandwich § 7.55 Part 5" in order_text
    assert "; ticket $50" in order_text
    assert "Signed: Pat Lee, Conservation Agent" in order_text

    # The full dated history.
    history = docx_text(print_case_history(db, case_id, tmp_path / "history.docx"))
    assert "Enforcement case EC-2026-001: dated history" in history
    rows = [line for line in history.splitlines() if line.startswith("December 4, 2026 | ")]
    assert rows[0].startswith("December 4, 2026 | Case EC-2026-001 opened. Complaint received "
                              "from Mary Abbott (508-555-0101): Truck dumping fill")
    assert any("Enforcement order EC-2026-001-O1 issued, signed by Pat Lee, Conservation "
               "Agent in an emergency (to be ratified at the next scheduled meeting)." in row
               for row in rows)
    assert any("Photo filed: IMG_0042.jpg" in row for row in rows)
    assert all(row.endswith("UTC by PL") for row in rows if "Status:" in row)
