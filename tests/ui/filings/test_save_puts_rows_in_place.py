"""A save changes what it changed: the filing's row (and Today's items of it) are read
again and put in place of theirs, the clerk's selection, sort, filters and search kept,
the town not read again; a voided filing leaves the lists; a new one takes its place in
the clerk's sort; the search finds what the rows now hold, before and after their new
search index comes."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from PySide6.QtCore import Qt

from concom_desk.services.filings import desk_lists
from concom_desk.services.filings.rows import FilingRow
from concom_desk.store import Database
from concom_desk.ui.filings.filing_table import NEXT_DEADLINE_COLUMN
from concom_desk.ui.filings.filings_tab import FilingsTab
from concom_desk.ui.main_window import MainWindow
from tests.helpers.clock import TEST_TODAY
from tests.ui.conftest import SETTINGS, TODAY


def row(n: int, street: str, due_in: int) -> FilingRow:
    return FilingRow(id=n, kind="noi", file_no=f"2026-{n}", dep_file_no="", address=f"{n} {street}",
                     map_lot="", applicant="Applicant", owner="", status="received",
                     received=TEST_TODAY - timedelta(days=30),
                     next_deadline=TEST_TODAY + timedelta(days=due_in),
                     next_deadline_label="Hold the public hearing")


def chosen_id(tab: FilingsTab) -> int:
    index = tab.table.currentIndex()
    return tab.model.row_at(tab.proxy.mapToSource(index).row()).id


def plain(tab: FilingsTab) -> list[int]:
    """The rows, in the grid's order, holding every word searched (the plain rule)."""
    words = tab.search.text().lower().split()
    return [r.id for r in tab.model.rows() if all(w in r.search_key for w in words)]


def test_rows_put_in_place_keep_the_clerk_s_selection_sort_and_search(qtbot) -> None:
    tab = FilingsTab(TEST_TODAY)
    qtbot.addWidget(tab)
    rows = [row(n, "Pond Road" if n % 2 else "Mill Street", due_in=n) for n in range(1, 41)]
    tab.set_rows(rows)
    tab.table.sortByColumn(NEXT_DEADLINE_COLUMN, Qt.SortOrder.AscendingOrder)
    tab.search.setText("pond")
    tab.apply_search_now()
    tab.table.setCurrentIndex(tab.proxy.index(2, 0))  # 2026-5, due in 5 days
    assert chosen_id(tab) == 5

    # Saved: 2026-5 is now due last; 2026-7 moved to Mill Street; 2026-9 voided; a new one.
    fresh = [replace(rows[4], next_deadline=TEST_TODAY + timedelta(days=90)),
             row(7, "Mill Street", due_in=7), row(41, "Pond Road", due_in=0)]
    tab.put_rows(fresh, frozenset({5, 7, 9, 41}))

    shown = [r.id for r in tab.shown_rows()]
    assert chosen_id(tab) == 5  # still the row the clerk was on, now at the end
    assert shown[0] == 41 and shown[-1] == 5 and 7 not in shown and 9 not in shown
    assert shown == plain(tab)
    days = [r.next_deadline for r in tab.model.rows()]
    assert days == sorted(days)  # the clerk's sort holds
    assert tab.count_label.text() == f"Showing {len(shown)} of 40 filings"
    # The search index of the rows as they are now comes off the GUI thread; then the
    # search still finds exactly what the plain rule finds.
    qtbot.waitUntil(lambda: tab.proxy._index is not None)
    for text in ("mill", "pond", "2026-4"):
        tab.search.setText(text)
        tab.apply_search_now()
        assert [r.id for r in tab.shown_rows()] == plain(tab), text


def test_a_status_change_reads_its_filing_not_the_town(qtbot, town_db: Database,
                                                        monkeypatch) -> None:
    window = MainWindow(town_db, town_db.path, SETTINGS, TODAY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        window.reload()
    tab = window.filings_tab
    window.tabs.setCurrentWidget(tab)
    tab.table.sortByColumn(NEXT_DEADLINE_COLUMN, Qt.SortOrder.AscendingOrder)
    other = next(r for r in tab.model.rows() if r.file_no == "2026-40")
    tab.table.setCurrentIndex(tab.proxy.index(
        next(n for n, r in enumerate(tab.shown_rows()) if r is other), 1))
    reads: list[object] = []
    reading = desk_lists.load_lists

    def counted(db, today, filing_ids=None):  # noqa: ANN001, ANN202
        reads.append(None if filing_ids is None else sorted(filing_ids))
        return reading(db, today, filing_ids)

    monkeypatch.setattr(desk_lists, "load_lists", counted)
    # Not the other desks' look (ui/other_desks.py): the program brought to the front
    # after this desk's own save finds the trail's mark moved and reads the town whole.
    assert window.other_desks is not None
    monkeypatch.setattr(window.other_desks, "brought_back", lambda: False)
    saved = next(r for r in tab.model.rows() if r.file_no == "2026-41")
    assert "2026-41" in [i.file_no for i in window.today_view.shown_items()]
    def next_deadline_shown() -> str:
        at = next(n for n, r in enumerate(tab.model.rows()) if r.id == saved.id)
        return str(tab.model.index(at, NEXT_DEADLINE_COLUMN).data() or "")

    assert str(saved.next_deadline) in next_deadline_shown()
    record = window.open_filing(saved.id)
    record.new_status.setCurrentIndex(record.new_status.findData("hearing"))
    record.status_date.setText(str(TODAY - timedelta(days=4)))
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        record.change_button.click()
        # Written behind the window: the record says so, its buttons off meanwhile.
        assert record.status_reason.text() == "Saving…"
        assert not record.change_button.isEnabled() and not record.undo_button.isEnabled()

    assert record.status_reason.text() == "Status changed to Hearing open."
    assert reads == [[saved.id]]  # its filing alone, not the town
    row_now = next(r for r in tab.model.rows() if r.id == saved.id)
    assert row_now.status == "hearing"
    assert row_now.next_deadline == record.detail.row.next_deadline  # as its record says
    # The grid's Next deadline: the hearing's notices were its next deadline; held, none.
    assert next_deadline_shown() == "" and row_now.next_deadline is None
    # The hearing held meets its notices' clocks: off Today; the other filing's stay.
    assert [i.file_no for i in window.today_view.shown_items()] == ["2026-40"]
    assert chosen_id(tab) == other.id  # the clerk's row is still the one chosen
    days = [r.next_deadline or TODAY.max for r in tab.model.rows()]
    assert days == sorted(days)
    # The lists know they are current: back from the calendar, nothing is read again.
    window.show_section("Hearing calendar")
    window.tabs.setCurrentWidget(tab)
    assert window.statusBar().currentMessage() != "Updating the lists…"

    # Voided (entered in error): it leaves the lists, read alone too.
    dialog = record.void_filing()
    qtbot.waitUntil(dialog.isVisible)
    dialog.reason.setText("entered twice")
    with qtbot.waitSignal(window.lists_loaded, timeout=10_000):
        dialog.go_ahead.click()
    assert reads[-1] == [saved.id]
    assert saved.id not in [r.id for r in tab.model.rows()]
    assert tab.count_label.text() == "3 filings"
