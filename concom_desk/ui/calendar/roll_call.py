"""The roll call of the minutes: each member in office at the meeting with their
attendance — present, taking part remotely, or absent — chosen in the row (the
minutes name the members present or absent and those who took part remotely,
MGL c.30A §22(a))."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QTableWidget, QTableWidgetItem, QWidget

from concom_desk.services.minutes.sheet import ATTENDANCE_CHOICES, RollCallLine

ATTENDANCE_WORDS = {"present": "Present", "remote": "Remote", "absent": "Absent"}


class RollCallTable(QTableWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 2, parent)
        self.setAccessibleName("Roll call")
        self.setHorizontalHeaderLabels(["Member", "Attendance"])
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setStretchLastSection(True)
        self._lines: tuple[RollCallLine, ...] = ()

    def show_lines(self, lines: tuple[RollCallLine, ...], locked: bool) -> None:
        """A row a member, the attendance as saved (not to be changed once approved)."""
        self._lines = lines
        self.setRowCount(len(lines))
        for row, line in enumerate(lines):
            role = f" ({line.role.replace('_', ' ')})" if line.role not in ("member", "") else ""
            self.setItem(row, 0, QTableWidgetItem(line.name + role))
            choice = QComboBox()
            choice.setAccessibleName(f"Attendance of {line.name}")
            for value in ATTENDANCE_CHOICES:
                choice.addItem(ATTENDANCE_WORDS[value], value)
            choice.setCurrentIndex(ATTENDANCE_CHOICES.index(line.status))
            choice.setEnabled(not locked)
            self.setCellWidget(row, 1, choice)
        self.resizeColumnsToContents()

    def _choice(self, row: int) -> QComboBox:
        box = self.cellWidget(row, 1)
        assert isinstance(box, QComboBox)
        return box

    def attendance(self) -> dict[int, str]:
        """Each member's attendance as chosen, by member id."""
        return {line.member_id: str(self._choice(row).currentData())
                for row, line in enumerate(self._lines)}

    def show_attendance(self, attendance: dict[int, str]) -> None:
        """Choose `attendance` in the rows (a member it does not name keeps the saved one)."""
        for row, line in enumerate(self._lines):
            box = self._choice(row)
            box.setCurrentIndex(max(box.findData(attendance.get(line.member_id, line.status)), 0))
