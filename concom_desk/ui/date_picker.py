"""The date picker every dialog uses: a QDateEdit in the one date format, where a
click on the year (or month, or day) selects that part so what is typed replaces it.

A plain QDateEdit puts the text cursor where the mouse fell: inside "2026" the
section is already full, so typing "2025" is silently refused and the old year
stays. Selecting the clicked section makes typing work as a clerk expects.

A time is typed the way it is written, "10:00 AM": Qt moves on to the AM/PM part by
itself once the minutes are full, so the typed space wiped "PM" out and the text was
left half-typed, and the field went back to PM when it lost focus. In a time field an
A or a P typed anywhere sets the half of the day, and the space and the M are taken as
what they are, the way of writing it.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDateEdit, QDateTimeEdit, QWidget

from concom_desk.ui.row_table import DATE_FORMAT

# Nobody files in the 1700s: a year typed short of four digits ("20…") is still being
# typed, not a date to jump to; below this the picker will not go.
EARLIEST = QDate(1900, 1, 1)


class _SelectClickedSection(QObject):
    def __init__(self, edit: QDateTimeEdit) -> None:
        super().__init__(edit)
        self._edit = edit

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.MouseButtonRelease and not self._edit.lineEdit(
                ).hasSelectedText():
            # The press has moved the cursor into a section: select it all.
            self._edit.setSelectedSection(self._edit.currentSection())
        return False


class _TypedHalfOfDay(QObject):
    """A, P, the space before them and the M after them, typed into a time field."""

    def __init__(self, edit: QDateTimeEdit) -> None:
        super().__init__(edit)
        self._edit = edit

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                 | Qt.KeyboardModifier.KeypadModifier):
            return False
        typed = event.text().lower()
        in_half = self._edit.currentSection() == QDateTimeEdit.Section.AmPmSection
        if typed in ("a", "p"):
            at = self._edit.time()
            hours = {("a", True): -12, ("p", False): 12}.get((typed, at.hour() >= 12), 0)
            self._edit.setTime(at.addSecs(hours * 3600))
            self._edit.setSelectedSection(QDateTimeEdit.Section.AmPmSection)
            return True
        return in_half and typed in (" ", "m")


def typing_replaces_sections(edit: QDateTimeEdit) -> QDateTimeEdit:
    """Make a click select the clicked part of the date, and a typed "AM" or "PM" set
    the half of the day (see the module's note)."""
    edit.lineEdit().installEventFilter(_SelectClickedSection(edit))
    if edit.displayedSections() & QDateTimeEdit.Section.AmPmSection:
        edit.installEventFilter(_TypedHalfOfDay(edit))
    edit.setMinimumDate(EARLIEST)
    return edit


def date_picker(day: date | QDate | None = None, parent: QWidget | None = None) -> QDateEdit:
    """A date field with a calendar pop-up, written 2026-11-05, that takes typed years."""
    edit = QDateEdit(parent)
    if isinstance(day, date):
        day = QDate(day.year, day.month, day.day)
    if day is not None:
        edit.setDate(day)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat(DATE_FORMAT)
    typing_replaces_sections(edit)
    return edit
