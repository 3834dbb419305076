"""The line under a computed abutter list: it is a draft until the clerk records the
day the Board of Assessors certified it (MGL c.131 §40: the addresses "shown on the
most recent applicable tax list of the assessors")."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from concom_desk import clock
from concom_desk.services.parcels.computed_list import ListStatus
from concom_desk.ui import colours
from concom_desk.ui.date_picker import date_picker


class CertificationRow(QWidget):
    recorded = Signal(object)  # the day the assessors certified the list

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.day = date_picker(clock.today())
        self.day.setAccessibleName("Day the assessors certified the list")
        self.record_button = QPushButton("Record the assessors' certification")
        self.record_button.clicked.connect(
            lambda: self.recorded.emit(self.day.date().toPython()))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status_label, 1)
        layout.addWidget(self.day)
        layout.addWidget(self.record_button)
        self.hide()

    def show_status(self, status: ListStatus) -> None:
        self.setVisible(status.computed)
        self.status_label.setText(status.describe())
        self.status_label.setStyleSheet("" if status.certified else colours.style(colours.WARNING))
        self.day.setVisible(not status.certified)
        self.record_button.setVisible(not status.certified)
