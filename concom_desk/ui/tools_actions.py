"""Tools menu: the Word templates, public records and reports, the Treasurer's turnover
report, MassGIS parcels and the repair of the audit guards; each dialog imported when
first chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

if TYPE_CHECKING:
    from concom_desk.ui.main_window import MainWindow


def load_parcels(window: MainWindow) -> None:
    from concom_desk.ui.abutters.parcel_loading import load_parcels_from_window

    load_parcels_from_window(window)


def open_templates(window: MainWindow) -> QWidget:
    from concom_desk.ui.templates_dialog import TemplatesDialog

    dialog = TemplatesDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def open_public_records_desk(window: MainWindow) -> QWidget:
    from concom_desk.ui.calendar.public_records_desk import PublicRecordsDesk

    dialog = PublicRecordsDesk(window.db, window.today, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def open_turnover(window: MainWindow) -> QWidget:
    from concom_desk.ui.filings.turnover_dialog import TurnoverDialog

    dialog = TurnoverDialog(window.db, window.today, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def repair_guards(window: MainWindow) -> None:
    from concom_desk.ui import database_guard
    from concom_desk.ui.server.desk_actions import refuse_on_server

    if refuse_on_server(window, "Repairing the audit guards"):
        return

    box = QMessageBox(QMessageBox.Icon.Question, "Repair the audit guards",
                      "Put the audit trail's own triggers back? Use this only when no "
                      "good backup can be restored. What was wrong, and every change "
                      "made without a trace, is written into the trail with your "
                      "initials.", QMessageBox.StandardButton.NoButton, window)
    box.setObjectName("repair-guards")
    repair = box.addButton("Re&pair", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    repair.clicked.connect(lambda: database_guard.repair_guards(window))
    box.open()
