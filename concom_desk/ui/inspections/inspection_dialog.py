"""Plan an inspection of a filing, or record one made: what it was for, the day, who
went, what they found, the permit's conditions as found, and the photos taken."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from concom_desk.services.database import Database
from concom_desk.services.inspections.filing_inspections import (
    CHECK_RESULTS,
    PURPOSES,
    ConditionToCheck,
    FilingInspection,
    FilingInspectionDraft,
    save_inspection,
)
from concom_desk.ui.enforcement.dialogs import FOLLOW_UP_AFTER, RecordDialog, text_box
from concom_desk.ui.enforcement.fields import FileList, OptionalDate, date_edit, date_of

NOT_CHECKED = "not checked"


class ConditionChecks(QTableWidget):
    """Each condition of the permit with what the inspection found of it."""

    def __init__(self, conditions: list[ConditionToCheck],
                 found: dict[int, str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(len(conditions), 2, parent)
        self.setAccessibleName("Conditions checked")
        self.setHorizontalHeaderLabels(["Condition", "Found"])
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setStretchLastSection(False)
        self._ids = [c.condition_id for c in conditions]
        self.results: list[QComboBox] = []
        for row, condition in enumerate(conditions):
            item = QTableWidgetItem(f"{condition.number}. {condition.text}")
            item.setToolTip(condition.text)
            self.setItem(row, 0, item)
            choice = QComboBox()
            choice.setAccessibleName(f"Condition {condition.number} found")
            choice.addItem(NOT_CHECKED, None)
            for key, words in CHECK_RESULTS.items():
                choice.addItem(words, key)
            wanted = (found or {}).get(condition.condition_id)
            if wanted is not None:
                choice.setCurrentIndex(choice.findData(wanted))
            self.setCellWidget(row, 1, choice)
            self.results.append(choice)
        self.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.setMaximumHeight(30 * min(max(len(conditions), 1), 5) + 30)

    def checks(self) -> dict[int, tuple[str, str]]:
        return {condition_id: (str(choice.currentData()), "")
                for condition_id, choice in zip(self._ids, self.results, strict=True)
                if choice.currentData() is not None}


class FilingInspectionDialog(RecordDialog):
    """`planned`: the planned visit now being recorded as made (or corrected)."""

    def __init__(self, database: Database, filing_id: int, today: date,
                 conditions: list[ConditionToCheck], planned: FilingInspection | None = None,
                 plan_only: bool = False, parent: QWidget | None = None) -> None:
        super().__init__("Plan an inspection" if plan_only else "Record an inspection", parent)
        # The record visited: the filing (a subclass: the conservation land).
        self.database, self.visited_id = database, filing_id
        self.inspection_id = planned.id if planned else None
        self.purpose = QComboBox()
        self.purpose.setEditable(True)
        self.purpose.addItems(PURPOSES)
        self.purpose.setAccessibleName("What the inspection is for")
        self.inspected_on = date_edit(today)
        self.inspected_on.setAccessibleName("Day of the inspection")
        self.made = QCheckBox("Made (not only planned)")
        self.made.setChecked(not plan_only)
        self.inspector = QLineEdit()
        self.inspector.setAccessibleName("Inspected by")
        self.findings = text_box(4)
        self.findings.setAccessibleName("Findings")
        self.follow_up = OptionalDate("Follow-up inspection by", today + FOLLOW_UP_AFTER)
        self.checks = ConditionChecks(conditions)
        self.files = FileList("Add photos (JPEG or PNG)…")
        self.files.list.setAccessibleName("Photos to keep with the inspection")
        if planned is not None:
            self.purpose.setCurrentText(planned.purpose)
            self.inspector.setText(planned.inspector)
            self.findings.setPlainText(planned.findings)
            self.follow_up.set_value(planned.follow_up_by)
            if planned.done:  # a correction keeps its day; a plan made takes today's
                day = planned.inspected_on
                self.inspected_on.setDate(QDate(day.year, day.month, day.day))
        for label, widget in (("For", self.purpose), ("Date", self.inspected_on),
                              ("", self.made), ("Inspected by", self.inspector),
                              ("Findings", self.findings), ("", self.follow_up)):
            self.form.addRow(label, widget)
        self._has_conditions = bool(conditions)
        self.form.addRow("Conditions", self.checks)
        self.form.addRow("Photos", self.files)
        self.made.toggled.connect(self._show_what_is_made)
        self.watch(self.purpose.lineEdit(), self.inspected_on, self.made, self.inspector,
                   self.findings, self.follow_up)
        self._show_what_is_made(self.made.isChecked())
        # Wide enough to read a condition on its line (a 150 % laptop has 911 points).
        self.setMinimumWidth(min(640, self.fontMetrics().averageCharWidth() * 90))
        self.validate()

    def _show_what_is_made(self, made: bool) -> None:
        # A plan has no findings, photos or conditions checked yet.
        for widget in (self.findings, self.files):
            self.form.setRowVisible(widget, made)
        # A filing with no permit yet (or an RDA's) has no conditions to check.
        self.form.setRowVisible(self.checks, made and self._has_conditions)

    def draft(self) -> FilingInspectionDraft:
        made = self.made.isChecked()
        return FilingInspectionDraft(
            date_of(self.inspected_on), self.inspector.text(), self.purpose.currentText(),
            self.findings.toPlainText() if made else "", made, self.follow_up.value(),
            self.files.paths() if made else [], self.checks.checks() if made else {})

    def problems_now(self) -> list[str]:
        return self.draft().problems()

    def write(self) -> int:
        return save_inspection(self.database, self.visited_id, self.draft(), self.inspection_id)
