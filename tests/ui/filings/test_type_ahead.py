"""Type-ahead as the clerk types: each keystroke filters at once (no pause), narrowing
from what the last one found, and the count under the grid is worked out once a filter;
rubbing letters out widens the list again to exactly what a fresh search finds."""

from __future__ import annotations

from PySide6.QtCore import Qt

from concom_desk.ui.filings.filing_table import narrows
from tests.ui.filings.test_filings_tab import make_tab


def shown(tab) -> list[str]:
    return sorted(r.file_no for r in tab.shown_rows())


def test_each_keystroke_filters_and_counts_once(qtbot) -> None:
    tab = make_tab(qtbot)
    tab.focus_search()
    resets: list[str] = []
    tab.proxy.modelReset.connect(lambda: resets.append(tab.count_label.text()))
    for typed, expected, count in (
            ("s", ["2019-12", "2025-3", "2026-41", "2026-5"], "4 filings"),  # SE…, Street
            ("se", ["2019-12", "2026-5"], "Showing 2 of 4 filings"),  # the DEP numbers
            ("se 082-0", ["2019-12"], "Showing 1 of 4 filings"),
    ):
        before = len(resets)
        qtbot.keyClicks(tab.search, typed[len(tab.search.text()):])
        qtbot.waitUntil(lambda typed=typed: tab.search_applied == typed)
        assert shown(tab) == expected
        assert tab.count_label.text() == count
        assert 1 <= len(resets) - before <= len(typed)  # at most one filter a keystroke


def test_rubbing_out_widens_to_a_fresh_search(qtbot) -> None:
    tab = make_tab(qtbot)
    tab.focus_search()
    qtbot.keyClicks(tab.search, "pond la")
    qtbot.waitUntil(lambda: tab.search_applied == "pond la")
    assert shown(tab) == ["2019-12"]
    for _ in range(3):  # "pond"
        qtbot.keyClick(tab.search, Qt.Key.Key_Backspace)
    qtbot.waitUntil(lambda: tab.search_applied == "pond")
    assert shown(tab) == ["2019-12", "2026-5"]
    tab.kind_filter.setCurrentIndex(tab.kind_filter.findData("noi"))
    qtbot.keyClicks(tab.search, " 14-2")  # Jane Doe's map/lot 14-22, both words
    qtbot.waitUntil(lambda: tab.search_applied == "pond 14-2")
    assert shown(tab) == ["2026-5"]
    assert tab.count_label.text() == "Showing 1 of 4 filings"


def test_which_searches_narrow_the_last_one() -> None:
    assert narrows(["pon"], ["pond"])
    assert narrows(["pond"], ["pond", "sm"])
    assert narrows([], ["smith"])
    assert not narrows(["pond"], ["pon"])  # rubbed out: more rows may match
    assert not narrows(["pond", "sm"], ["pond"])
    assert not narrows(["pond"], ["elm"])
