"""The filings grid: type-ahead search, filters and sorting over plain rows."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt

from concom_desk.services.filings.rows import FilingRow
from concom_desk.ui.filings.filing_table import FilingFilterProxy, FilingTableModel
from concom_desk.ui.row_table import OVERDUE, THIS_WEEK

TODAY = date(2026, 11, 16)


def rows() -> list[FilingRow]:
    return [
        FilingRow(1, "noi", "2026-5", "SE 082-1201", "12 Pond Road", "14-22", "Jane Doe",
                  "Jane Doe", "received", date(2026, 11, 5), date(2026, 11, 5),
                  "Notify abutters"),
        FilingRow(2, "rda", "2026-41", "", "7 Mill Street", "3-101", "Acme Builders LLC",
                  "Mill Trust", "hearing", date(2026, 10, 1), date(2026, 11, 20),
                  "Issue the determination"),
        FilingRow(3, "noi", "2019-12", "SE 082-0980", "40 Pond Lane", "14-7", "Town of Upton",
                  "Town of Upton", "issued", date(2019, 4, 2), date(2027, 5, 1), "Expires"),
        FilingRow(4, "coc", "2025-3", "", "", "", "Bob Smith", "Bob Smith", "received",
                  date(2025, 6, 1), None, ""),
    ]


@pytest.fixture
def proxy(qtbot) -> FilingFilterProxy:  # qtbot: a QApplication exists
    model = FilingTableModel(TODAY)
    model.set_rows(rows())
    proxy = FilingFilterProxy()
    proxy.setSourceModel(model)
    proxy._model = model  # keep the source alive as long as the proxy
    return proxy


def shown(proxy: FilingFilterProxy) -> list[str]:
    return [proxy.index(r, 1).data() for r in range(proxy.rowCount())]


@pytest.mark.parametrize(("typed", "expected"), [
    ("pond", ["2026-5", "2019-12"]),            # address
    ("POND lane", ["2019-12"]),                  # every word must match, any case
    ("082-0980", ["2019-12"]),                   # DEP file number
    ("mill trust", ["2026-41"]),                 # owner, not shown as a column
    ("14-", ["2026-5", "2019-12"]),              # map/lot
    ("acme", ["2026-41"]),                       # applicant
    ("2026-4", ["2026-41"]),                     # local file number
    ("nowhere", []),
    ("", ["2026-5", "2026-41", "2019-12", "2025-3"]),
])
def test_search(proxy: FilingFilterProxy, typed: str, expected: list[str]) -> None:
    proxy.set_search(typed)
    assert shown(proxy) == expected


def test_filters_combine(proxy: FilingFilterProxy) -> None:
    proxy.set_kind("noi")
    assert shown(proxy) == ["2026-5", "2019-12"]
    proxy.set_year(2019)
    assert shown(proxy) == ["2019-12"]
    proxy.set_status("received")
    assert shown(proxy) == []
    proxy.set_kind("")
    proxy.set_year(None)
    assert shown(proxy) == ["2026-5", "2025-3"]


@pytest.mark.parametrize(("column", "ascending"), [
    (1, ["2019-12", "2025-3", "2026-5", "2026-41"]),  # numbers in file numbers sort as numbers
    (3, ["2026-41", "2019-12", "2026-5", "2025-3"]),  # by street, then number; none last
    (7, ["2019-12", "2025-3", "2026-41", "2026-5"]),  # received date
    (8, ["2026-5", "2026-41", "2019-12", "2025-3"]),  # days left; overdue first, none last
])
def test_sort(proxy: FilingFilterProxy, column: int, ascending: list[str]) -> None:
    proxy.sort(column, Qt.SortOrder.AscendingOrder)
    assert shown(proxy) == ascending


def test_every_column_sorts(proxy: FilingFilterProxy) -> None:
    for column in range(proxy.columnCount()):
        proxy.sort(column, Qt.SortOrder.AscendingOrder)
        up = shown(proxy)
        proxy.sort(column, Qt.SortOrder.DescendingOrder)
        assert sorted(up) == sorted(shown(proxy))


def test_urgency_in_words_and_colour(proxy: FilingFilterProxy) -> None:
    model = proxy.sourceModel()
    days_left = [model.index(r, 8).data() for r in range(4)]
    assert days_left == ["OVERDUE by 11 days", "in 4 days", "in 166 days", ""]
    background = [model.index(r, 8).data(Qt.ItemDataRole.BackgroundRole) for r in range(4)]
    assert background[0].color() == OVERDUE
    assert background[1].color() == THIS_WEEK
    assert background[2] is None and background[3] is None
    assert model.index(1, 5).data(Qt.ItemDataRole.ToolTipRole) == "Owner: Mill Trust"
