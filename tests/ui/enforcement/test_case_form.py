"""The case form's follow-up work: the fines ledger (Sandwich § 7.55 Part 5:
$300 per offense), ratification of an emergency order, printing the order."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt

from concom_desk.services.enforcement.actions import OrderDraft, ViolationDraft, issue_order
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab
from tests.helpers.enforcement_db import docx_text
from tests.helpers.loading import all_loaded, loaded

FRIDAY = date(2026, 12, 4)
THURSDAY = date(2026, 12, 10)


@pytest.fixture
def case_id(db):
    case = open_case(db, ComplaintDraft(reported_on=FRIDAY, address="14 Shawme Road",
                                        description="Fill in the marsh", source="observation"))
    issue_order(db, case, OrderDraft(FRIDAY, ["Pat Lee"], emergency=True,
                                     violations=[ViolationDraft("§7.55 Part 5: fill",
                                                                confirmed_on=FRIDAY)]))
    return case


@pytest.fixture
def tab(qtbot, db, case_id):
    widget = EnforcementTab(db, today=lambda: THURSDAY)
    qtbot.addWidget(widget)
    widget.shown = []
    widget.show_dialog = widget.shown.append
    widget.opened = []
    widget.form.open_file = widget.opened.append
    widget.select_case(case_id)
    return loaded(qtbot, widget)


def save(qtbot, dialog):
    with qtbot.waitSignal(dialog.saved):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    all_loaded(qtbot)


def test_fines_tab_shows_the_ceiling_and_keeps_the_ledger(qtbot, tab):
    form = tab.form
    # Confirmed Fri Dec 4, as of Thu Dec 10: 7 days x 1 provision x $300.
    assert form.max_accrued.text().startswith(
        "Most the bylaw allows so far: $2,100.00 — #1 7 day(s) from 2026-12-04")
    dialog = form.assess()
    assert not dialog.save_button.isEnabled()
    dialog.amount.setValue(300)
    save(qtbot, dialog)
    assert form.totals.text() == ("Assessed $300.00 · paid $0.00 · waived $0.00 · "
                                  "owed $300.00")
    form.ledger_view.selectRow(0)
    payment = form.pay()
    payment.amount.setValue(100)
    save(qtbot, payment)
    form.ledger_view.selectRow(0)
    waiver = form.waive()
    assert waiver.amount.value() == 200
    assert not waiver.save_button.isEnabled()  # no reason yet
    qtbot.keyClicks(waiver.reason, "restored within the week")
    save(qtbot, waiver)
    assert form.totals.text() == ("Assessed $300.00 · paid $100.00 · waived $200.00 · "
                                  "owed $0.00")


def test_a_fine_above_the_bylaw_is_refused_in_the_dialog(qtbot, tab):
    dialog = tab.form.assess()
    dialog.amount.setValue(300.01)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert "$300.01 is more than the $300.00 per offense" in dialog.problems.text()
    assert tab.form.ledger.rowCount() == 0


def test_ratification_clears_the_overdue_mark(qtbot, tab):
    assert tab.rows_shown()[0].ratification_overdue
    tab.form.orders_view.selectRow(0)
    tab.form._ratify()
    dialog = tab.shown[-1]
    # On Thursday Dec 10 the Dec 23 meeting has not voted yet: only Dec 9 is offered.
    assert [dialog.meeting.itemText(i) for i in range(dialog.meeting.count())] == [
        "Meeting of Dec 9, 2026"]
    # Ratified by a majority of the members (Sandwich §7.55 Part 2): not until 3 of the 5
    # members in office vote for it.
    boxes = list(dialog.choices.values())
    assert len(boxes) == 5 and not dialog.save_button.isEnabled()
    for box in boxes[:2]:
        box.setCurrentIndex(box.findText("Yes"))
    boxes[2].setCurrentIndex(boxes[2].findText("No"))
    assert not dialog.save_button.isEnabled()
    assert "ratification needs 3" in dialog.tally.text()
    boxes[2].setCurrentIndex(boxes[2].findText("Yes"))
    assert dialog.save_button.isEnabled()
    save(qtbot, dialog)
    assert not tab.rows_shown()[0].ratification_overdue
    assert tab.form.orders.index(0, 4).data() == "ratified on Wednesday, December 9, 2026"


def test_printing_an_order_opens_the_document(qtbot, tab):
    tab.form.orders_view.selectRow(0)
    qtbot.mouseClick(tab.form.print_button, Qt.MouseButton.LeftButton)
    loaded(qtbot, tab)
    [printed] = tab.opened
    assert "EMERGENCY ORDER, to be ratified by December 9, 2026" in docx_text(printed)
    # Only a file was written: the words say so, never "printed".
    assert tab.status_line.text() == (f"EC-2026-001-O1: Saved {printed.name} in "
                                      f"{printed.parent}.")
    history = [tab.form.history.index(r, 1).data() for r in range(tab.form.history.rowCount())]
    assert any(text.startswith("Document printed: Enforcement order EC-2026-001-O1")
               for text in history)


def test_voiding_needs_a_reason_and_hides_the_case(qtbot, tab, db, case_id):
    from concom_desk.store.models import EnforcementCase

    dialog = tab.form.void()
    assert not dialog.save_button.isEnabled()
    qtbot.keyClicks(dialog.reason, "entered twice; see EC-2026-002")
    save(qtbot, dialog)
    assert tab.rows_shown() == []
    with db.read_session() as session:
        case = session.get(EnforcementCase, case_id)
        assert (case.status, case.void_reason) == ("void", "entered twice; see EC-2026-002")
