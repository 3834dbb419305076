"""The Filings tab from the keyboard: type to search, Enter opens, filters narrow."""

from __future__ import annotations

from PySide6.QtCore import Qt

from concom_desk.ui.filings.filings_tab import FilingsTab
from tests.ui.filings.test_filing_table import TODAY, rows


def make_tab(qtbot) -> FilingsTab:
    tab = FilingsTab(TODAY)
    qtbot.addWidget(tab)
    tab.set_rows(rows())
    tab.show()
    return tab


def test_typing_part_of_an_address_then_enter_opens_it(qtbot) -> None:
    tab = make_tab(qtbot)
    assert tab.count_label.text() == "4 filings"
    tab.focus_search()
    qtbot.keyClicks(tab.search, "pond la")
    qtbot.waitUntil(lambda: tab.proxy.rowCount() == 1)
    assert [r.file_no for r in tab.shown_rows()] == ["2019-12"]
    assert tab.count_label.text() == "Showing 1 of 4 filings"
    with qtbot.waitSignal(tab.open_filing) as opened:
        qtbot.keyClick(tab.search, Qt.Key.Key_Return)
    assert opened.args == [3]


def test_enter_on_a_row_opens_it(qtbot) -> None:
    tab = make_tab(qtbot)
    tab.table.setFocus()
    tab.table.setCurrentIndex(tab.proxy.index(0, 0))
    expected = tab.shown_rows()[0].id
    with qtbot.waitSignal(tab.open_filing) as opened:
        qtbot.keyClick(tab.table, Qt.Key.Key_Enter)
    assert opened.args == [expected]


def test_year_and_kind_filters(qtbot) -> None:
    tab = make_tab(qtbot)
    years = [tab.year_filter.itemText(i) for i in range(tab.year_filter.count())]
    assert years == ["All years", "2026", "2025", "2019"]
    tab.year_filter.setCurrentIndex(years.index("2026"))
    assert sorted(r.file_no for r in tab.shown_rows()) == ["2026-41", "2026-5"]
    tab.kind_filter.setCurrentIndex(tab.kind_filter.findData("rda"))
    assert [r.file_no for r in tab.shown_rows()] == ["2026-41"]
    assert tab.count_label.text() == "Showing 1 of 4 filings"


def test_controls_have_accessible_names(qtbot) -> None:
    tab = make_tab(qtbot)
    for widget in (tab.search, tab.kind_filter, tab.status_filter, tab.year_filter,
                   tab.new_button, tab.table):
        assert widget.accessibleName()
