"""Two desks correcting the same enforcement case: the second Save is refused with
who saved and when; Reload brings the other desk's correction in under the clerk's
own, and the next Save keeps both; the case's history says both corrections."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import date

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from concom_desk.services.enforcement.case_edit import case_draft, update_case
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.store import Database, open_database
from concom_desk.store.models import EnforcementCase
from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab
from tests.helpers.loading import loaded

FRIDAY = date(2026, 12, 4)


@pytest.fixture
def other_desk(db: Database) -> Iterator[Database]:
    desk = open_database(db.path, initials="JMK", lock=False)
    yield desk
    desk.close()


@pytest.fixture
def tab(qtbot, db: Database):
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


def test_the_second_correction_is_refused_then_reloaded_with_both(
        qtbot, db: Database, other_desk: Database, tab) -> None:
    dialog = tab.form.edit_details()
    case_id = dialog.case_id
    dialog.description.setPlainText("Fill and a culvert in the marsh")
    theirs = case_draft(other_desk, case_id)
    update_case(other_desk, case_id,
                dataclasses.replace(theirs, complainant_contact="508-555-0101"), FRIDAY)

    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(dialog.question, QMessageBox))
    box = dialog.question
    assert box.text().startswith("Case ")
    assert " was changed by JMK at " in box.text()
    assert dialog.problems.text().startswith("Not saved: Case ")
    with db.read_session() as s:
        assert s.get(EnforcementCase, case_id).description == "Fill in the marsh"

    box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: dialog.question is None)
    assert dialog.contact.text() == "508-555-0101"  # theirs, read again
    assert dialog.description.toPlainText() == "Fill and a culvert in the marsh"  # hers
    assert dialog.reloaded.text().startswith(
        "Read again from the record: changed at the other desk: contact. "
        "Your changes are on top: what was reported.")
    with qtbot.waitSignal(dialog.saved):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    with db.read_session() as s:
        case = s.get(EnforcementCase, case_id)
        assert (case.description, case.complainant_contact, case.version) == (
            "Fill and a culvert in the marsh", "508-555-0101", 3)
    loaded(qtbot, tab)
    history = [tab.form.history.index(r, 1).data() for r in range(tab.form.history.rowCount())]
    assert history[-2:] == ["Case details corrected: complainant's contact.",
                            "Case details corrected: description."]


def test_a_violator_corrected_elsewhere_counts_as_a_change_of_the_case(
        db: Database, other_desk: Database, tab) -> None:
    case_id = tab.current_case_id()
    mine = case_draft(db, case_id)
    update_case(other_desk, case_id, dataclasses.replace(
        case_draft(other_desk, case_id), violator_phone="508-555-0177"), FRIDAY)
    from concom_desk.errors import RecordChanged

    with pytest.raises(RecordChanged, match=r"^Case .* was changed by JMK at "):
        update_case(db, case_id, dataclasses.replace(mine, violator_phone="508-555-0100"),
                    FRIDAY)
