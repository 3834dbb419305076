"""The decision, asked when a filing is issued, denied or marked "Completed (COC
issued)": which decision it is (a negative or positive determination, a full or partial
certificate), the commission's findings, its conditions where the law allows them, a
denial's reasons, and the site inspection before a certificate. What is typed here is
what every paper of the decision prints."""

from __future__ import annotations

import html
from datetime import date

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.decision_kinds import what_it_carries
from concom_desk.domain.filing_requirements import parse_date
from concom_desk.domain.status_rules import status_name
from concom_desk.services.filings.decisions import DecisionAsked, DecisionEntry
from concom_desk.ui import colours


def _lines(edit: QPlainTextEdit) -> tuple[str, ...]:
    return tuple(line.strip() for line in edit.toPlainText().splitlines() if line.strip())


class DecisionDialog(QDialog):
    """Filled in from the decision already recorded (a second issuance after an undo);
    the caller reads `entry()` once it is accepted."""

    def __init__(self, asked: DecisionAsked, status: str, on: date,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("decision-dialog")
        self.setWindowTitle(f"{status_name(status)}: the decision on {asked.file_no}")
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 80)
        self._on = on
        self.kind = QComboBox()
        self.kind.setAccessibleName("Decision")
        for code, name in asked.choices:
            self.kind.addItem(name, code)
        if asked.entry.kind:
            self.kind.setCurrentIndex(max(0, self.kind.findData(asked.entry.kind)))
        self.vote = QLabel(html.escape(asked.vote) if asked.vote else
                           "<i>No carried vote on this filing is recorded yet; record it on "
                           "the Calendar (Record a vote) and it is joined to this decision."
                           "</i>")
        self.vote.setWordWrap(True)
        self.vote.setAccessibleName("Vote")

        def text_box(name: str, hint: str, lines: tuple[str, ...]) -> QPlainTextEdit:
            box = QPlainTextEdit("\n".join(lines))
            box.setAccessibleName(name)
            box.setPlaceholderText(hint)
            box.setTabChangesFocus(True)
            box.setFixedHeight(self.fontMetrics().lineSpacing() * 5)
            return box

        entry = asked.entry
        # A determination's finding names the box of WPA Form 2 it checks ("Box 3: …"),
        # which the form prints (services/documents/wpa_context.decided_box).
        determination = any("determination" in code for code, _name in asked.choices)
        self.findings = text_box("Findings, one a line", "What the Commission found, one "
                                 "finding a line" + ("; begin with WPA Form 2's box, e.g. "
                                                     "'Box 3: …'" if determination else ""),
                                 entry.findings)
        self.conditions = text_box("Conditions, one a line", "One condition a line",
                                   entry.conditions)
        self.reasons = text_box("Reasons, one a line", "One reason a line", entry.reasons)
        self.denial_kind = QComboBox()
        self.denial_kind.setAccessibleName("Kind of denial")
        self.denial_kind.addItem("Substantive (the work would harm the resource areas)",
                                 "substantive")
        self.denial_kind.addItem("Procedural (the filing is incomplete)", "procedural")
        if entry.denial_kind:
            self.denial_kind.setCurrentIndex(max(0, self.denial_kind.findData(
                entry.denial_kind)))
        self.inspected_on = QLineEdit(entry.inspected_on.isoformat()
                                      if entry.inspected_on else "")
        self.inspected_on.setAccessibleName("Site inspection date")
        self.inspected_on.setPlaceholderText("YYYY-MM-DD")
        self.inspected_by = QLineEdit(entry.inspected_by)
        self.inspected_by.setAccessibleName("Inspected by")
        self.inspected_by.setPlaceholderText("e.g. Jamie Park, Conservation Agent")
        self.inspection_findings = QLineEdit(entry.inspection_findings)
        self.inspection_findings.setAccessibleName("What the inspection found")

        form = QFormLayout()
        form.addRow("&Decision:", self.kind)
        form.addRow("Vote:", self.vote)
        form.addRow("&Findings:", self.findings)
        self.conditions_label = QLabel("&Conditions:")
        self.conditions_label.setBuddy(self.conditions)
        form.addRow(self.conditions_label, self.conditions)
        form.addRow("&Reasons:", self.reasons)
        form.addRow("&Kind of denial:", self.denial_kind)
        form.addRow("&Inspected on:", self.inspected_on)
        form.addRow("Inspected &by:", self.inspected_by)
        form.addRow("Inspection f&ound:", self.inspection_findings)
        self._form = form
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(colours.style(colours.PROBLEM))
        self.problem.setAccessibleName("Problem")

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.record_button = QPushButton(f"Record and mark “{status_name(status)}”")
        self.record_button.setAutoDefault(False)
        self.buttons.addButton(self.record_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.kind.currentIndexChanged.connect(self._show_fields)
        self._show_fields()

    def _show_fields(self) -> None:
        carries = what_it_carries(self.kind.currentData())
        self._form.setRowVisible(self.findings, carries.findings)
        self._form.setRowVisible(self.conditions, bool(carries.conditions))
        if carries.conditions:
            self.conditions_label.setText(f"&{carries.conditions}:")
        self._form.setRowVisible(self.reasons, carries.reasons)
        self._form.setRowVisible(self.denial_kind, carries.reasons)
        for field in (self.inspected_on, self.inspected_by, self.inspection_findings):
            self._form.setRowVisible(field, carries.inspection)

    def _inspection_day(self) -> date | None:
        try:
            day = parse_date(self.inspected_on.text())
        except ValueError as exc:
            raise ValueError(f"Inspected on: {exc}.") from None
        if day is not None and day > self._on:
            raise ValueError("The site inspection comes before the certificate: give a day "
                             f"on or before {self._on.isoformat()}.")
        return day

    def _accept(self) -> None:
        try:
            self._inspection_day()
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        self.accept()

    def entry(self) -> DecisionEntry:
        kind = self.kind.currentData()
        carries = what_it_carries(kind)
        inspected = self._inspection_day() if carries.inspection else None
        return DecisionEntry(
            kind=kind,
            findings=_lines(self.findings) if carries.findings else (),
            conditions=_lines(self.conditions) if carries.conditions else (),
            reasons=_lines(self.reasons) if carries.reasons else (),
            denial_kind=self.denial_kind.currentData() if carries.reasons else "",
            inspected_on=inspected,
            inspected_by=self.inspected_by.text().strip() if inspected else "",
            inspection_findings=self.inspection_findings.text().strip() if inspected else "")
