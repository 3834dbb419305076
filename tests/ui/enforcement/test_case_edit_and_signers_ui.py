"""In the window: Edit details… opens the case's complaint form filled in, saves the
correction and shows it; the order dialog's signers are ticked from the members in
office on the order's date (Sandwich roll: five members from 2024-07-01; Gus Hale's
term ended 2026-06-30, so he is listed for an order dated that day and not after)."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import QDate, Qt

from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.store.models import Member
from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab
from tests.helpers.enforcement_db import MEMBERS
from tests.helpers.loading import loaded

FRIDAY = date(2026, 12, 4)


@pytest.fixture
def tab(qtbot, db):
    with db.session() as session:
        session.add(Member(name="Gus Hale", term_start=date(2023, 7, 1),
                           term_end=date(2026, 6, 30)))
    case_id = open_case(db, ComplaintDraft(
        reported_on=date(2026, 12, 1), address="14 Shawme Road", description="Fill in the marsh",
        complainant="Mary Abbott", violator_name="Shawme Builders LLC"))
    widget = EnforcementTab(db, today=lambda: FRIDAY)
    qtbot.addWidget(widget)
    widget.shown = []
    widget.show_dialog = widget.shown.append
    widget.form.show_dialog = widget.shown.append
    widget.select_case(case_id)
    return loaded(qtbot, widget)


def test_edit_details_opens_the_case_filled_in_and_saves_the_correction(qtbot, tab):
    dialog = tab.form.edit_details()
    assert dialog.windowTitle() == "Edit case details"
    assert (dialog.address.text(), dialog.description.toPlainText(),
            dialog.complainant.text(), dialog.violator.text()) == (
        "14 Shawme Road", "Fill in the marsh", "Mary Abbott", "Shawme Builders LLC")
    assert dialog.reported_on.date() == QDate(2026, 12, 1)
    dialog.description.setPlainText("Fill and a culvert in the marsh")
    with qtbot.waitSignal(dialog.saved):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    loaded(qtbot, tab)
    assert tab.form.facts["Description"].text() == "Fill and a culvert in the marsh"
    assert [tab.form.history.index(r, 1).data() for r in range(tab.form.history.rowCount())
            ][-1] == "Case details corrected: description."


def test_signers_are_ticked_from_the_members_in_office_on_the_date(qtbot, tab):
    order = tab.issue_order(emergency=False)
    assert order.signed_by.members() == sorted(MEMBERS)  # Gus Hale's term has ended
    order.issued_on.setDate(QDate(2026, 6, 30))
    assert order.signed_by.members() == sorted([*MEMBERS, "Gus Hale"])
    order.issued_on.setDate(QDate(2026, 12, 4))
    assert not order.save_button.isEnabled()
    assert "Name who signed it." in order.problems.text()
    assert not order.agent.isVisibleTo(order)  # the agent signs only in an emergency
    order.signed_by.tick("Ann Chase")
    # An ordinary order needs a majority of the five in office (3): said before saving.
    assert "majority of the 5 members in office (3)" in order.problems.text()
    assert not order.save_button.isEnabled()
    for name in MEMBERS[1:3]:
        order.signed_by.tick(name)
    assert order.signers() == list(MEMBERS[:3])
    assert order.save_button.isEnabled(), order.problems.text()
    # A tick survives a change of date for a member still in office then.
    order.issued_on.setDate(QDate(2026, 12, 3))
    assert order.signed_by.checked() == list(MEMBERS[:3])
