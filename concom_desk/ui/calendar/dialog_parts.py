"""Pieces the calendar's dialogs share: the list of findings (every clock, in words,
shown before the clerk confirms) and the line that says why an action failed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, datetime, time

from PySide6.QtCore import QDate, QDateTime, QTime
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.hearing_booking import Finding, Severity
from concom_desk.ui import colours
from concom_desk.ui.row_table import DATE_FORMAT

SEVERITY_WORDS = {Severity.STOP: "STOP", Severity.WARNING: "Warning", Severity.OK: "OK"}
SEVERITY_COLOURS = {Severity.STOP: colours.PROBLEM, Severity.WARNING: colours.WARNING,
                    Severity.OK: colours.DONE}


class FindingsList(QListWidget):
    """One line per clock: 'STOP — …', 'Warning — …', 'OK — …'."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAccessibleName("What this does to the clocks")
        self._findings: list[Finding] = []

    def show_findings(self, findings: Iterable[Finding]) -> None:
        self.clear()
        self._findings = list(findings)
        order = {Severity.STOP: 0, Severity.WARNING: 1, Severity.OK: 2}
        for finding in sorted(self._findings, key=lambda f: order[f.severity]):
            text = f"{SEVERITY_WORDS[finding.severity]} — {finding.message}"
            item = QListWidgetItem(text)
            item.setForeground(QBrush(colours.text_colour(SEVERITY_COLOURS[finding.severity])))
            if finding.citation:
                item.setToolTip(finding.citation)
            self.addItem(item)

    def texts(self) -> list[str]:
        return [self.item(row).text() for row in range(self.count())]

    @property
    def blocked(self) -> bool:
        return any(f.severity is Severity.STOP for f in self._findings)

    @property
    def has_warnings(self) -> bool:
        return any(f.severity is Severity.WARNING for f in self._findings)

    def stopped_by(self, clock: str) -> bool:
        return any(f.severity is Severity.STOP and f.clock == clock for f in self._findings)


class ErrorLine(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setStyleSheet(colours.style(colours.PROBLEM))
        self.hide()

    def say(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))


def qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def date_box(day: date, name: str) -> QDateEdit:
    """A date field with its calendar, in the program's date format, named for a
    screen reader."""
    box = QDateEdit(qdate(day))
    box.setDisplayFormat(DATE_FORMAT)
    box.setCalendarPopup(True)
    box.setAccessibleName(name)
    return box


def pydate(day: QDate) -> date:
    return date(day.year(), day.month(), day.day())


def qdatetime(moment: datetime) -> QDateTime:
    return QDateTime(qdate(moment.date()), QTime(moment.hour, moment.minute))


def pydatetime(moment: QDateTime) -> datetime:
    return datetime.combine(pydate(moment.date()), time(moment.time().hour(),
                                                        moment.time().minute()))


def stack(dialog: QWidget, top: QLayout, *below: QWidget) -> QVBoxLayout:
    """The calendar dialogs' one shape: the fields, then what they find (findings,
    the error line) and the buttons, top to bottom."""
    layout = QVBoxLayout(dialog)
    layout.addLayout(top)
    for widget in below:
        layout.addWidget(widget)
    return layout


def save_cancel(dialog: QDialog, save: Callable[[], None]) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                               | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(save)
    buttons.rejected.connect(dialog.reject)
    return buttons


def act_cancel(dialog: QDialog, action: str, act: Callable[[], None]
               ) -> tuple[QDialogButtonBox, QPushButton]:
    """Cancel and one action named for what it does ("Book hearing", "Record vote")."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    button = buttons.addButton(action, QDialogButtonBox.ButtonRole.AcceptRole)
    buttons.accepted.connect(act)
    buttons.rejected.connect(dialog.reject)
    return buttons, button
