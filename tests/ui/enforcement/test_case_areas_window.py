"""The complaint form offers the town's list of resource areas, as a filing's Areas tab
does (Sandwich: its coastal areas with their citations); what is ticked is saved as
codes with amounts, and the case record names them by citation. An area on no list is
kept as the clerk's words."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from concom_desk.services.enforcement.case_edit import case_draft
from concom_desk.store import Database
from concom_desk.ui.enforcement.dialogs import ComplaintDialog
from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab
from tests.helpers.clock import TEST_TODAY
from tests.helpers.loading import loaded

HOSTILE = "=cmd|' /C calc'!A0"


def test_a_case_is_logged_on_the_towns_areas_and_its_record_cites_them(
        qtbot: QtBot, db: Database) -> None:
    dialog = ComplaintDialog(db, TEST_TODAY)
    qtbot.addWidget(dialog)
    table = dialog.area_table
    assert table.table.item(table.row_of("salt_marsh"), 3).text() == "310 CMR 10.32"
    dialog.observation.setChecked(True)
    dialog.address.setText("14 Shawme Road")
    dialog.description.setPlainText("Fill dumped in the marsh")
    table.tick("salt_marsh", "400")
    table.tick("coastal_bank", "thirty")
    assert not dialog.save_button.isEnabled()  # one clear line says why
    assert "Coastal Bank: 'thirty' is not an amount" in dialog.problems_now()[0]
    table.tick("coastal_bank", "30", "linear_ft")
    table.other.setText(HOSTILE)
    assert dialog.save_button.isEnabled()
    dialog.save_button.click()

    widget = EnforcementTab(db, today=lambda: TEST_TODAY)
    qtbot.addWidget(widget)
    [case_id] = [row.case_id for row in loaded(qtbot, widget).rows_shown()]
    draft = case_draft(db, case_id)
    assert [(a.code, a.amount, a.unit) for a in draft.areas] == [
        ("coastal_bank", 30.0, "linear_ft"), ("salt_marsh", 400.0, "sq_ft"),
        ("other", None, "")]  # in the order of the town's list, the clerk's words last
    widget.select_case(case_id)
    loaded(qtbot, widget)
    shown = widget.form.facts["Resource areas"]
    assert shown.text() == ("Coastal Bank (310 CMR 10.30): 30 linear feet; Salt Marsh "
                            f"(310 CMR 10.32): 400 square feet; {HOSTILE}")
    assert shown.textFormat().name == "PlainText"  # the clerk's words shown as words
