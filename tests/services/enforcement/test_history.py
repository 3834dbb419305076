"""The printed case history: each act of an order readable on its own."""

from __future__ import annotations

from datetime import date

from concom_desk.services.enforcement.actions import OrderDraft, issue_order
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.history import print_case_history
from tests.helpers.enforcement_db import docx_text

FRIDAY = date(2026, 12, 4)


def test_an_orders_requirements_are_listed_apart(db, tmp_path):
    # Two requirement lines printed as "…at once. Stop all filling Install erosion
    # controls": the reader could not tell where one requirement ended.
    case_id = open_case(db, ComplaintDraft(
        reported_on=FRIDAY, address="14 Shawme Road", description="Fill in the marsh",
        complainant="Mary Abbott"))
    issue_order(db, case_id, OrderDraft(
        issued_on=FRIDAY, signed_by=["Pat Lee, Conservation Agent"], emergency=True,
        stop_work=True, requirements=["Stop all filling", "Install erosion controls."]))
    history = docx_text(print_case_history(db, case_id, tmp_path / "history.docx"))
    assert ("All work to stop at once. Requirements: Stop all filling; Install erosion "
            "controls." in history)
