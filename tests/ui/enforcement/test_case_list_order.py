"""The case list sorts and filters as the agent clicks and types, over the list it
read (no proxy of Qt's): the order clicked holds across reads, cases with no
deadline come last, the chosen case stays chosen through a sort and while the
search still shows it, and what the grid paints is what each cell says."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import QModelRoleData, QModelRoleDataSpan, Qt

from concom_desk.services.enforcement.actions import OrderDraft, issue_order
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.ui.enforcement.enforcement_tab import EnforcementTab
from tests.helpers.loading import loaded

FRIDAY = date(2026, 12, 4)
OPENED = {  # address: day the complaint came in
    "14 Shawme Road": date(2026, 11, 2),
    "3 Pine Lane": date(2026, 11, 20),
    "9 Dock Road": date(2026, 10, 7),
    "2 Main Street": date(2026, 11, 30),
}
OPENED_COLUMN, PROPERTY_COLUMN, NEXT_DEADLINE_COLUMN = 1, 2, 6


@pytest.fixture
def cases(db) -> dict[str, int]:
    ids = {address: open_case(db, ComplaintDraft(reported_on=day, address=address,
                                                 description=f"Fill at {address}",
                                                 source="observation"))
           for address, day in OPENED.items()}
    # An emergency order on Pine Lane: ratified at the next meeting (its deadline).
    issue_order(db, ids["3 Pine Lane"], OrderDraft(FRIDAY, ["Pat Lee"], emergency=True))
    return ids


@pytest.fixture
def tab(qtbot, db, cases):
    widget = EnforcementTab(db, today=lambda: FRIDAY)
    qtbot.addWidget(widget)
    return loaded(qtbot, widget)


def addresses(tab) -> list[str]:
    return [row.address for row in tab.rows_shown()]


def test_newest_first_then_the_order_clicked_holds_across_reads(qtbot, tab) -> None:
    newest_first = sorted(OPENED, key=OPENED.__getitem__, reverse=True)
    assert addresses(tab) == newest_first
    tab.table.sortByColumn(PROPERTY_COLUMN, Qt.SortOrder.AscendingOrder)
    # As the text reads, with numbers by their value (2 before 14, not after).
    by_street = ["2 Main Street", "3 Pine Lane", "9 Dock Road", "14 Shawme Road"]
    assert addresses(tab) == by_street
    tab.reload()
    loaded(qtbot, tab)
    assert addresses(tab) == by_street
    tab.table.sortByColumn(PROPERTY_COLUMN, Qt.SortOrder.DescendingOrder)
    assert addresses(tab) == by_street[::-1]


def test_cases_with_no_deadline_come_last(tab) -> None:
    tab.table.sortByColumn(NEXT_DEADLINE_COLUMN, Qt.SortOrder.AscendingOrder)
    [first, *rest] = tab.rows_shown()
    assert first.address == "3 Pine Lane" and first.next_deadline is not None
    assert [row.next_deadline for row in rest] == [None, None, None]


def test_the_chosen_case_stays_chosen_through_a_sort_and_a_search(qtbot, tab, cases) -> None:
    tab.select_case(cases["9 Dock Road"])
    assert tab.form.title.text().endswith("— 9 Dock Road")
    tab.table.sortByColumn(OPENED_COLUMN, Qt.SortOrder.AscendingOrder)
    assert tab.current_case_id() == cases["9 Dock Road"]
    assert addresses(tab)[tab.table.selectionModel().selectedRows()[0].row()] == "9 Dock Road"
    qtbot.keyClicks(tab.search, "road")  # Dock Road and Shawme Road
    assert sorted(addresses(tab)) == ["14 Shawme Road", "9 Dock Road"]
    assert tab.current_case_id() == cases["9 Dock Road"]
    assert tab.form.case_id == cases["9 Dock Road"]
    qtbot.keyClicks(tab.search, " x")  # "road x": nothing
    assert addresses(tab) == []
    assert tab.current_case_id() is None and tab.form.case_id is None
    assert not tab.inspection_button.isEnabled()


def test_every_role_painted_is_what_data_says(tab) -> None:
    proxy = tab.proxy
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
             Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole,
             Qt.ItemDataRole.FontRole, Qt.ItemDataRole.DecorationRole)
    for row in range(proxy.rowCount()):
        for column in range(proxy.columnCount()):
            index = proxy.index(row, column)
            for role in roles:
                item = QModelRoleData(role.value)
                item.setData("left over from the cell before")
                proxy.multiData(index, QModelRoleDataSpan(item))
                assert item.data() == index.data(role), (row, column, role)
