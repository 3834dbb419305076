"""The agenda list's rows are as tall as their wrapped text once the list is in
sight (measured then, not while the month is in front), and what its cells paint —
every role answered in one call — is what each role alone answers."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QModelRoleData, QModelRoleDataSpan, Qt
from pytestqt.qtbot import QtBot

from concom_desk.ui.calendar.calendar_tab import CalendarTab
from tests.helpers.calendar_db import Commission
from tests.helpers.loading import loaded
from tests.services.calendar.test_hearing_services import book_three

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
         Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ForegroundRole,
         Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.FontRole,
         Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.CheckStateRole)


def _narrow_tab(qtbot: QtBot, commission: Commission) -> CalendarTab:
    book_three(commission)
    tab = CalendarTab(commission.db, now=lambda: datetime(2027, 2, 18, 9, 0))
    qtbot.addWidget(tab)
    tab.resize(900, 500)
    # A narrow list: the hearings' long titles wrap onto two lines or more.
    tab.agenda_table.setMaximumWidth(320)
    tab.show()
    qtbot.waitExposed(tab)
    return loaded(qtbot, tab)


def test_agenda_rows_fit_their_text_once_the_list_is_shown(qtbot: QtBot,
                                                           commission: Commission) -> None:
    tab = _narrow_tab(qtbot, commission)
    view, model = tab.agenda_table, tab.agenda_model
    assert model.rowCount() > 0
    tab.views.setCurrentWidget(view)
    heights = [view.rowHeight(r) for r in range(model.rowCount())]
    assert heights == [view.sizeHintForRow(r) for r in range(model.rowCount())]
    kinds = [model.index(r, 0).data() for r in range(model.rowCount())]
    hearing = max(h for h, kind in zip(heights, kinds, strict=True) if kind == "Hearing")
    meeting = min(h for h, kind in zip(heights, kinds, strict=True) if kind == "Meeting")
    assert hearing > meeting  # wrapped, not cut to one line


def test_a_read_while_the_agenda_is_shown_fits_the_rows_again(qtbot: QtBot,
                                                              commission: Commission) -> None:
    tab = _narrow_tab(qtbot, commission)
    view, model = tab.agenda_table, tab.agenda_model
    tab.views.setCurrentWidget(view)
    tab.refresh()
    loaded(qtbot, tab)
    assert [view.rowHeight(r) for r in range(model.rowCount())] == \
        [view.sizeHintForRow(r) for r in range(model.rowCount())]


def test_every_role_painted_is_what_data_says(qtbot: QtBot, commission: Commission) -> None:
    tab = _narrow_tab(qtbot, commission)
    for model in (tab.agenda_model, tab.day_model):
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                index = model.index(row, column)
                for role in ROLES:
                    item = QModelRoleData(role.value)
                    item.setData("left over from the cell before")  # Qt reuses its span
                    model.multiData(index, QModelRoleDataSpan(item))
                    assert item.data() == index.data(role), (row, column, role)
