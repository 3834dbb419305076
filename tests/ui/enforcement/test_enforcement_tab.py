"""The Enforcement tab as the agent uses it: log a complaint from the field,
issue an emergency order, see it awaiting ratification (overdue after the
meeting), filter, and print the history."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt

from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab
from concom_desk.ui.enforcement.rows_model import OVERDUE_COLOUR
from concom_desk.ui.row_table import THIS_WEEK
from tests.helpers.enforcement_db import docx_text
from tests.helpers.loading import loaded

FRIDAY = date(2026, 12, 4)


class Clock:
    def __init__(self, day: date) -> None:
        self.day = day

    def __call__(self) -> date:
        return self.day


@pytest.fixture
def clock():
    return Clock(FRIDAY)


@pytest.fixture
def tab(qtbot, db, clock):
    widget = EnforcementTab(db, today=clock)
    qtbot.addWidget(widget)
    widget.shown_dialogs = []
    widget.show_dialog = widget.shown_dialogs.append
    widget.opened = []
    widget.form.open_file = widget.opened.append
    return loaded(qtbot, widget)


def log_complaint(qtbot, tab, address="14 Shawme Road", photo=None):
    dialog = tab.log_complaint()
    assert tab.shown_dialogs[-1] is dialog
    qtbot.keyClicks(dialog.address, address)
    qtbot.keyClicks(dialog.description, "Truck dumping fill into the marsh")
    qtbot.keyClicks(dialog.complainant, "Mary Abbott")
    qtbot.keyClicks(dialog.violator, "Shawme Builders LLC")
    if photo is not None:
        dialog.files.add_files([photo])
    with qtbot.waitSignal(dialog.saved):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    loaded(qtbot, tab)
    return dialog


def cell(tab, row, title):
    column = [tab.proxy.headerData(c, Qt.Orientation.Horizontal)
              for c in range(tab.proxy.columnCount())].index(title)
    return tab.proxy.index(row, column)


def test_empty_tab_has_only_the_complaint_button_enabled(tab):
    assert tab.rows_shown() == []
    assert tab.complaint_button.isEnabled()
    assert not tab.order_button.isEnabled()
    assert not tab.history_button.isEnabled()
    assert not tab.form.isEnabled()


def test_complaint_dialog_says_what_is_missing_until_it_can_save(qtbot, tab):
    dialog = tab.log_complaint()
    assert not dialog.save_button.isEnabled()
    assert "Give the property's street address" in dialog.problems.text()
    qtbot.keyClicks(dialog.address, "3 Pine Lane")
    qtbot.keyClicks(dialog.description, "Trees cut")
    assert "Name the person who complained" in dialog.problems.text()
    dialog.observation.setChecked(True)
    assert dialog.save_button.isEnabled()
    assert dialog.problems.text() == ""


def test_must_show_path_through_the_tab(qtbot, tab, clock, photo, tmp_path):
    log_complaint(qtbot, tab, photo=photo)
    [row] = tab.rows_shown()
    assert (row.case_no, row.address, row.status_label) == ("EC-2026-001", "14 Shawme Road",
                                                             "Open")
    assert tab.form.title.text() == "EC-2026-001 — 14 Shawme Road"
    assert tab.form.attachments.rowCount() == 1
    assert tab.order_button.isEnabled()

    order = tab.issue_order(emergency=True)
    assert order.emergency.isChecked() and order.stop_work.isChecked()
    assert not order.save_button.isEnabled()  # nobody has signed yet
    qtbot.keyClicks(order.agent, "Pat Lee, Conservation Agent")
    qtbot.keyClicks(order.provision, "§7.55 Part 5: fill in a resource area")
    with qtbot.waitSignal(order.saved):
        qtbot.mouseClick(order.save_button, Qt.MouseButton.LeftButton)
    loaded(qtbot, tab)

    [row] = tab.rows_shown()
    assert row.status_label == "Enforcement order issued"
    assert cell(tab, 0, "Ratification").data() == "awaiting"
    assert cell(tab, 0, "Next deadline").data() == (
        "2026-12-09: Ratify emergency order EC-2026-001-O1 (14 Shawme Road) — in 5 days")
    assert cell(tab, 0, "Next deadline").data(Qt.ItemDataRole.BackgroundRole).color() == \
        THIS_WEEK
    assert tab.form.orders.index(0, 4).data() == (
        "to be ratified at the meeting of Wednesday, December 9, 2026")

    # The Wednesday meeting passes without a ratification.
    clock.day = date(2026, 12, 10)
    tab.reload()
    loaded(qtbot, tab)
    assert cell(tab, 0, "Ratification").data() == "OVERDUE"
    assert cell(tab, 0, "Ratification").data(Qt.ItemDataRole.BackgroundRole).color() == \
        OVERDUE_COLOUR
    # The missed meeting stays the case's next deadline, in red, as on Today.
    assert cell(tab, 0, "Next deadline").data() == (
        "2026-12-09: Ratify emergency order EC-2026-001-O1 (14 Shawme Road) — "
        "OVERDUE by 1 day")
    assert cell(tab, 0, "Next deadline").data(Qt.ItemDataRole.BackgroundRole).color() == \
        OVERDUE_COLOUR
    assert tab.form.orders.index(0, 4).data() == (
        "OVERDUE: not ratified at the meeting of Wednesday, December 9, 2026")

    out = tab.print_history(tmp_path / "history.docx")
    assert tab.opened == [out]
    text = docx_text(out)
    assert "December 4, 2026 | Case EC-2026-001 opened. Complaint received from Mary Abbott" \
        in text
    assert "Enforcement order EC-2026-001-O1 issued, signed by Pat Lee, Conservation Agent " \
           "in an emergency" in text


def test_filters_search_status_and_overdue(qtbot, tab, clock):
    log_complaint(qtbot, tab, address="14 Shawme Road")
    order = tab.issue_order(emergency=True)
    qtbot.keyClicks(order.agent, "Pat Lee")
    with qtbot.waitSignal(order.saved):
        qtbot.mouseClick(order.save_button, Qt.MouseButton.LeftButton)
    loaded(qtbot, tab)
    log_complaint(qtbot, tab, address="3 Pine Lane")
    assert sorted(r.address for r in tab.rows_shown()) == ["14 Shawme Road", "3 Pine Lane"]

    qtbot.keyClicks(tab.search, "pine")
    assert [r.address for r in tab.rows_shown()] == ["3 Pine Lane"]
    tab.search.clear()

    tab.status.setCurrentIndex(tab.status.findData("order_issued"))
    assert [r.address for r in tab.rows_shown()] == ["14 Shawme Road"]
    tab.status.setCurrentIndex(tab.status.findData("__active__"))

    tab.overdue_only.setChecked(True)
    assert tab.rows_shown() == []  # Friday: the order is awaiting, not overdue
    clock.day = date(2026, 12, 10)
    tab.reload()
    loaded(qtbot, tab)
    assert [r.address for r in tab.rows_shown()] == ["14 Shawme Road"]


def test_next_step_offers_only_the_lawful_moves(qtbot, tab):
    log_complaint(qtbot, tab)
    items = [tab.form.next_status.itemText(i) for i in range(tab.form.next_status.count())]
    assert items == ["Inspected", "Enforcement order issued"]
    tab.form.next_status.setCurrentIndex(0)
    qtbot.mouseClick(tab.form.move_button, Qt.MouseButton.LeftButton)
    loaded(qtbot, tab)
    assert tab.rows_shown()[0].status_label == "Inspected"
    assert "Status changed to Inspected." in tab.status_line.text()
    items = [tab.form.next_status.itemText(i) for i in range(tab.form.next_status.count())]
    assert items == ["Violation notice sent", "Enforcement order issued", "In compliance",
                     "Closed"]


def test_inspection_dialog_records_and_moves_the_case(qtbot, tab, photo):
    log_complaint(qtbot, tab)
    dialog = tab.record_inspection()
    qtbot.keyClicks(dialog.inspector, "Pat Lee")
    qtbot.keyClicks(dialog.findings, "Fill about 40 cubic yards in the marsh")
    dialog.files.add_files([photo])
    with qtbot.waitSignal(dialog.saved):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    loaded(qtbot, tab)
    assert tab.rows_shown()[0].status_label == "Inspected"
    assert tab.form.inspections.index(0, 1).data() == "Pat Lee"
    assert tab.form.inspections.index(0, 3).data() == "1"


def test_a_refused_order_keeps_the_dialog_open_with_the_reason(qtbot, tab):
    log_complaint(qtbot, tab)
    dialog = tab.issue_order(emergency=False)
    dialog.signed_by.tick("Ann Chase")  # one signer, no emergency
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert "majority of the 5 members in office (3)" in dialog.problems.text()
    assert tab.rows_shown()[0].status_label == "Open"


def test_permit_link_asks_the_main_window(qtbot, tab, db):
    from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
    from concom_desk.store.models import Filing

    with db.session() as session:
        permit = Filing(file_no="2026-014", kind="noi", town="sandwich")
        session.add(permit)
        session.flush()
        permit_id = permit.id
    case_id = open_case(db, ComplaintDraft(reported_on=FRIDAY, address="9 Dock Rd",
                                           description="Work beyond the permit",
                                           source="observation", filing_id=permit_id))
    tab.reload()
    loaded(qtbot, tab)
    tab.select_case(case_id)
    assert tab.form.facts["Permit involved"].text() == "2026-014"
    with qtbot.waitSignal(tab.record_requested) as signal:
        qtbot.mouseClick(tab.form.open_permit, Qt.MouseButton.LeftButton)
    assert signal.args == ["filing", permit_id]


def test_a_new_towns_first_case_is_shown_whole(qtbot, tab):
    from concom_desk.ui.enforcement.enforcement_tab import PROPERTY_COLUMN, VIOLATOR_COLUMN

    assert tab.proxy.rowCount() == 0  # the first read: no case yet
    log_complaint(qtbot, tab)
    view, header = tab.table, tab.table.horizontalHeader()
    for column in range(tab.proxy.columnCount()):
        if (header.sectionResizeMode(column) != header.ResizeMode.Stretch
                and column not in (PROPERTY_COLUMN, VIOLATOR_COLUMN)):  # held narrow
            assert view.columnWidth(column) >= view.sizeHintForColumn(column), column


def test_an_empty_case_list_fits_its_width(qtbot, new_records) -> None:
    """A new town's Enforcement tab at 150 % showed an empty list scrolling sideways:
    Qt's default column widths ran past its edge."""
    db = new_records()
    widget = EnforcementTab(db, today=Clock(FRIDAY))
    qtbot.addWidget(widget)
    widget.resize(1100, 600)
    widget.show()
    loaded(qtbot, widget)
    assert widget.model.rowCount() == 0
    header = widget.table.horizontalHeader()
    # (the scroll bar follows the widths a turn of the event loop later)
    qtbot.waitUntil(lambda: header.length() <= widget.table.viewport().width()
                    and not widget.table.horizontalScrollBar().isVisible())
