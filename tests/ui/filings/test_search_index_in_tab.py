"""The Filings tab searching the demo town through its search index shows exactly the
rows the plain filter shows (every word in the row's key), in the grid's order, as the
clerk types, rubs out, pastes, sorts and filters, and after a save reloads the records."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QModelRoleData, QModelRoleDataSpan, Qt
from PySide6.QtWidgets import QApplication

from concom_desk.services.demo.town import load_demo
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.store import Database, open_database
from concom_desk.ui.filings import filing_table
from concom_desk.ui.filings.filings_tab import FilingsTab

TODAY = date(2026, 11, 16)
ADDRESS_COLUMN = 3


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path = Path(tmp_path_factory.mktemp("demo")) / "concom-desk.sqlite"
    load_demo(path, "small", today=TODAY)
    with open_database(path) as db:
        yield db


def plain(tab: FilingsTab) -> list[int]:
    """What the plain filter shows: the grid's rows, in its order, that hold every word
    typed and match the kind chosen."""
    words = tab.search.text().lower().split()
    kind = tab.kind_filter.currentData()
    return [row.id for row in tab.model.rows()
            if all(word in row.search_key for word in words) and (not kind or row.kind == kind)]


def shown(tab: FilingsTab) -> list[int]:
    return [row.id for row in tab.shown_rows()]


def settle(qtbot, tab: FilingsTab) -> None:
    qtbot.waitUntil(lambda: tab.search_applied == tab.search.text())


@pytest.mark.parametrize("reading_up_to", [filing_table.NARROW_BY_READING, 0],
                         ids=["narrowing by reading", "always the index"])
def test_typing_rubbing_out_and_pasting_show_what_the_plain_filter_shows(
        qtbot, demo, monkeypatch, reading_up_to) -> None:
    monkeypatch.setattr(filing_table, "NARROW_BY_READING", reading_up_to)
    records = load_lists(demo, TODAY)
    tab = FilingsTab(TODAY)
    qtbot.addWidget(tab)
    tab.set_rows(records.filings, records.search_index)
    tab.show()
    tab.focus_search()
    seen_counts = set()
    for text in ("pond", "14-2", "se 0", "st 1", "Smith", "2019-"):
        for letter in text:
            qtbot.keyClicks(tab.search, letter)
            settle(qtbot, tab)
            assert shown(tab) == plain(tab), tab.search.text()
            seen_counts.add(len(shown(tab)))
        for _ in text:
            qtbot.keyClick(tab.search, Qt.Key.Key_Backspace)
            settle(qtbot, tab)
            assert shown(tab) == plain(tab), tab.search.text()
    assert shown(tab) == [row.id for row in tab.model.rows()]  # all rubbed out: every row
    assert len(seen_counts) > 5  # the searches did tell the filings apart
    # A whole filing number pasted in, then the grid sorted by address and a kind chosen.
    number = records.filings[len(records.filings) // 2].file_no
    QApplication.clipboard().setText(number)
    qtbot.keyClick(tab.search, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, tab)
    assert number in [row.file_no for row in tab.shown_rows()]
    assert shown(tab) == plain(tab)
    tab.search.clear()
    qtbot.keyClicks(tab.search, "r")
    settle(qtbot, tab)
    tab.table.sortByColumn(ADDRESS_COLUMN, Qt.SortOrder.AscendingOrder)
    assert shown(tab) == plain(tab)
    qtbot.keyClicks(tab.search, "d")
    settle(qtbot, tab)
    tab.kind_filter.setCurrentIndex(tab.kind_filter.findData("rda"))
    assert shown(tab) and shown(tab) == plain(tab)
    qtbot.keyClick(tab.search, Qt.Key.Key_Backspace)
    settle(qtbot, tab)
    assert shown(tab) == plain(tab)
    assert tab.count_label.text() == f"Showing {len(plain(tab))} of {len(records.filings)} filings"


def test_the_search_follows_a_save_and_the_reload(qtbot, demo) -> None:
    records = load_lists(demo, TODAY)
    tab = FilingsTab(TODAY)
    qtbot.addWidget(tab)
    tab.set_rows(records.filings, records.search_index)
    tab.show()
    qtbot.keyClicks(tab.search, "brambleberry")
    settle(qtbot, tab)
    assert shown(tab) == []
    filing = records.filings[3]
    form = filing_detail(demo, filing.id, TODAY).form
    save_filing(demo, dataclasses.replace(form, address="7 Brambleberry Lane"))
    reread = load_lists(demo, TODAY)
    tab.set_rows(reread.filings, reread.search_index)  # as the window does after a save
    assert shown(tab) == [filing.id]
    assert painted_address(tab) == "7 Brambleberry Lane"  # painted anew, not as kept
    assert tab.count_label.text() == f"Showing 1 of {len(reread.filings)} filings"
    # Rows given with an index of other rows (an older read): the search still answers
    # for the rows shown, never from the old keys.
    form = filing_detail(demo, filing.id, TODAY).form
    save_filing(demo, dataclasses.replace(form, address="7 Elderflower Lane"))
    again = load_lists(demo, TODAY)
    tab.set_rows(again.filings, reread.search_index)
    assert shown(tab) == []
    tab.search.setText("elderflower")
    settle(qtbot, tab)
    assert shown(tab) == [filing.id]
    assert painted_address(tab) == "7 Elderflower Lane"


def painted_address(tab: FilingsTab) -> str:
    """The first row's address as the grid paints it (every role in one call)."""
    item = QModelRoleData(Qt.ItemDataRole.DisplayRole.value)
    tab.proxy.multiData(tab.proxy.index(0, ADDRESS_COLUMN), QModelRoleDataSpan(item))
    return item.data()
