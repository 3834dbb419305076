"""What the Filings grid paints: Qt asks for a cell's every role at once (multiData),
answered in one call; the answers, and the colours on screen, must be the ones each
role alone gives. And its columns are as wide as Qt's own measure of their texts."""

from __future__ import annotations

from PySide6.QtCore import QModelRoleData, QModelRoleDataSpan, Qt
from PySide6.QtGui import QColor

from concom_desk.ui.filings.filings_tab import FilingsTab
from concom_desk.ui.row_table import OVERDUE, THIS_WEEK
from tests.ui.filings.test_filings_tab import TODAY, make_tab, rows

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
         Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.BackgroundRole,
         Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.FontRole,
         Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.TextAlignmentRole)
DAYS_LEFT = 8


def _brush_colour(value: object) -> object:
    return value.color().name() if hasattr(value, "color") else value


def test_every_role_painted_is_what_data_says(qtbot) -> None:
    tab = make_tab(qtbot)
    proxy = tab.proxy
    for row in range(proxy.rowCount()):
        for column in range(proxy.columnCount()):
            index = proxy.index(row, column)
            for role in ROLES:
                item = QModelRoleData(role.value)
                item.setData("left over from the cell before")  # Qt reuses its span
                proxy.multiData(index, QModelRoleDataSpan(item))
                assert _brush_colour(item.data()) == _brush_colour(index.data(role)), \
                    (row, column, role)


def test_the_overdue_and_this_week_rows_are_painted_in_their_colours(qtbot) -> None:
    tab = make_tab(qtbot)
    tab.resize(1200, 400)
    qtbot.waitExposed(tab)
    picture = tab.table.viewport().grab().toImage()
    by_file = {tab.proxy.index(r, 1).data(): r for r in range(tab.proxy.rowCount())}

    def colour_of(file_no: str) -> str:
        cell = tab.table.visualRect(tab.proxy.index(by_file[file_no], DAYS_LEFT))
        ratio = picture.devicePixelRatio()
        return QColor(picture.pixel(int((cell.left() + 2) * ratio),
                                    int((cell.top() + 2) * ratio))).name()

    assert colour_of("2026-5") == OVERDUE.name()  # due 2026-11-05, today the 16th
    assert colour_of("2026-41") == THIS_WEEK.name()  # due the 20th
    assert colour_of("2025-3") not in (OVERDUE.name(), THIS_WEEK.name())  # nothing due


def test_columns_are_as_wide_as_qt_measures_their_texts(qtbot) -> None:
    tab = make_tab(qtbot)
    tab.resize(1600, 400)  # room for all (where there is not, the widest give way:
    # tests/ui/test_readable.py)
    qtbot.waitUntil(lambda: tab.columns_fitted)  # a column per turn of the event loop
    view, header = tab.table, tab.table.horizontalHeader()
    for column in range(tab.proxy.columnCount()):
        if header.sectionResizeMode(column) == header.ResizeMode.Stretch:
            continue
        assert view.columnWidth(column) == max(view.sizeHintForColumn(column),
                                               header.sectionSizeHint(column)), column


def test_a_new_towns_first_filings_are_shown_whole(qtbot) -> None:
    tab = FilingsTab(TODAY)  # the first read of a town set up a minute ago: no filing
    qtbot.addWidget(tab)
    tab.set_rows([])
    tab.set_rows(rows())  # the first filings saved
    qtbot.waitUntil(lambda: tab.columns_fitted)
    view, header = tab.table, tab.table.horizontalHeader()
    for column in range(tab.proxy.columnCount()):
        if header.sectionResizeMode(column) != header.ResizeMode.Stretch:
            assert view.columnWidth(column) >= view.sizeHintForColumn(column), column


def _painted_texts(tab: FilingsTab) -> list[list[object]]:
    """Every cell's text as painted (multiData, answered from the kept texts)."""
    proxy, painted = tab.proxy, []
    for row in range(proxy.rowCount()):
        cells = []
        for column in range(proxy.columnCount()):
            item = QModelRoleData(Qt.ItemDataRole.DisplayRole.value)
            proxy.multiData(proxy.index(row, column), QModelRoleDataSpan(item))
            cells.append(item.data())
        painted.append(cells)
    return painted


def test_rows_put_in_place_after_a_save_paint_their_new_values(qtbot) -> None:
    """A save formats anew only the rows it changed; every cell painted after it is the
    one the rows give, whether the row moved in the sort or stayed in its place."""
    from dataclasses import replace
    from datetime import timedelta

    from tests.ui.filings.test_save_puts_rows_in_place import row

    tab = FilingsTab(TODAY)
    qtbot.addWidget(tab)
    rows = [row(n, "Pond Road", due_in=n) for n in range(1, 31)]
    tab.set_rows(rows)
    tab.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
    _painted_texts(tab)  # every row's texts kept
    # Moved in the sort (its deadline), changed in place (its address), voided, new.
    tab.put_rows([replace(rows[3], next_deadline=TODAY + timedelta(days=99)),
                  replace(rows[6], address="7 Mill Street"), row(31, "Ash Lane", due_in=0)],
                 frozenset({4, 7, 9, 31}))
    painted = _painted_texts(tab)
    proxy = tab.proxy
    assert painted == [[proxy.index(r, c).data() for c in range(proxy.columnCount())]
                       for r in range(proxy.rowCount())]
    cells = {cell for line in painted for cell in line}
    assert {"7 Mill Street", "31 Ash Lane"} <= cells
    assert not {"7 Pond Road", "9 Pond Road"} & cells
