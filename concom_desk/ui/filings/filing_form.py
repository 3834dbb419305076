"""The new/edit filing form.

It has the one shape every dialog here has: widgets, the domain's plain-word
checks shown under the fields with Save enabled only when there are none, then
one service call that writes in one transaction. Applicant, owner and property
fields complete from what is already on file, so nobody retypes an address.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.filing_requirements import NEEDS_PARENT, parse_date, problems
from concom_desk.errors import UserError
from concom_desk.services.records import FilingForm, PartyChoice, PropertyChoice

DATE_FIELDS = (("received", "Recei&ved"), ("hearing", "&Hearing opened"),
               ("closed", "Hearing &closed"), ("issued", "&Issued"))


class FilingFormDialog(QDialog):
    saved = Signal(int)

    def __init__(self, form: FilingForm, save: Callable[[FilingForm], int], today: date,
                 parties: list[PartyChoice], properties: list[PropertyChoice],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._save = save
        self._today = today
        self._id = form.id
        self._parties = {p.name: p for p in parties}
        self._properties = {p.address: p for p in properties}
        self.setWindowTitle("Edit filing" if form.id else "New filing")

        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind of filing")
        for code, kind in KINDS.items():
            self.kind.addItem(f"{kind.name} ({code.upper()})", code)
        self.kind.setCurrentIndex(max(self.kind.findData(form.kind), 0))
        self.kind.setEnabled(form.id is None)  # a filing does not change its kind
        self.file_no = self._line(form.file_no, "Local file number", "e.g. 2026-41")
        self.dep_file_no = self._line(form.dep_file_no, "DEP file number", "e.g. SE 082-1234")
        self.parent_file_no = self._line(form.parent_file_no, "Permit file number",
                                         "file number of the permit it refers to")
        self.applicant = self._line(form.applicant, "Applicant", "name as printed on letters")
        self.applicant_address = self._line(form.applicant_address, "Applicant's address",
                                            "mailing address")
        self.owner = self._line(form.owner, "Owner", "leave empty when the applicant owns it")
        self.owner_address = self._line(form.owner_address, "Owner's address", "mailing address")
        self.address = self._line(form.address, "Property street address", "e.g. 12 Pond Road")
        self.map_lot = self._line(form.map_lot, "Assessor map and lot", "e.g. 14-22")
        self.work = QPlainTextEdit(form.work_description)
        self.work.setAccessibleName("Work description")
        self.work.setTabChangesFocus(True)
        self.work.setMaximumHeight(self.fontMetrics().lineSpacing() * 5)
        self.resource_areas = self._line(form.resource_areas, "Resource areas",
                                         "e.g. Bordering Vegetated Wetland; Buffer Zone")
        self.dates: dict[str, QLineEdit] = {}
        for name, label in DATE_FIELDS:
            value = getattr(form, name)
            self.dates[name] = self._line(value.isoformat() if value else "",
                                          label.replace("&", ""), "YYYY-MM-DD or M/D/YYYY")

        self._complete(self.applicant, list(self._parties), self._fill_applicant)
        self._complete(self.owner, list(self._parties), self._fill_owner)
        self._complete(self.address, list(self._properties), self._fill_property)

        form_layout = QFormLayout()
        form_layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form_layout.addRow("&Kind:", self.kind)
        form_layout.addRow("&File no.:", self.file_no)
        form_layout.addRow("&DEP file no.:", self.dep_file_no)
        self._parent_label = QLabel("Permi&t file no.:")
        self._parent_label.setBuddy(self.parent_file_no)
        form_layout.addRow(self._parent_label, self.parent_file_no)
        form_layout.addRow("&Applicant:", self.applicant)
        form_layout.addRow("Applicant's add&ress:", self.applicant_address)
        form_layout.addRow("&Owner:", self.owner)
        form_layout.addRow("Owner's addr&ess:", self.owner_address)
        form_layout.addRow("&Property address:", self.address)
        form_layout.addRow("&Map/lot:", self.map_lot)
        form_layout.addRow("&Work:", self.work)
        form_layout.addRow("Resource areas:", self.resource_areas)
        for name, label in DATE_FIELDS:
            form_layout.addRow(label + ":", self.dates[name])
        self._form_layout = form_layout

        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setAccessibleName("What is missing")
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form_layout)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)

        for widget in (self.file_no, self.dep_file_no, self.parent_file_no, self.applicant,
                       self.address, *self.dates.values()):
            widget.textChanged.connect(self.validate)
        self.kind.currentIndexChanged.connect(self.validate)
        self.validate()

    def _line(self, text: str, name: str, hint: str) -> QLineEdit:
        line = QLineEdit(text)
        line.setAccessibleName(name)
        line.setPlaceholderText(hint)
        return line

    def _complete(self, line: QLineEdit, names: list[str],
                  picked: Callable[[str], None]) -> None:
        completer = QCompleter(sorted(names), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.activated.connect(picked)
        line.setCompleter(completer)

    def _fill_applicant(self, name: str) -> None:
        if name in self._parties and not self.applicant_address.text():
            self.applicant_address.setText(self._parties[name].address)

    def _fill_owner(self, name: str) -> None:
        if name in self._parties and not self.owner_address.text():
            self.owner_address.setText(self._parties[name].address)

    def _fill_property(self, address: str) -> None:
        if address in self._properties and not self.map_lot.text():
            self.map_lot.setText(self._properties[address].map_lot)

    def current_kind(self) -> str:
        return str(self.kind.currentData())

    def validate(self) -> list[str]:
        kind = self.current_kind()
        found: list[str] = []
        dates: dict[str, date | None] = {}
        for name, label in DATE_FIELDS:
            try:
                dates[name] = parse_date(self.dates[name].text())
            except ValueError as exc:
                found.append(f"{label.replace('&', '')}: {exc}.")
                dates[name] = None
        text = {"file_no": self.file_no.text(), "dep_file_no": self.dep_file_no.text(),
                "applicant": self.applicant.text(), "address": self.address.text(),
                "parent_file_no": self.parent_file_no.text()}
        found = problems(kind, text, dates, self._today) + found
        events = KINDS[kind].events
        for name, _label in DATE_FIELDS:
            self._form_layout.setRowVisible(self.dates[name], name in events
                                            or bool(self.dates[name].text()))
        self._form_layout.setRowVisible(self.parent_file_no, kind in NEEDS_PARENT)
        self.problems.setText("\n".join(f"• {p}" for p in found) if found
                              else "Ready to save.")
        self.save_button.setEnabled(not found)
        return found

    def form(self) -> FilingForm:
        def when(name: str) -> date | None:
            return parse_date(self.dates[name].text())

        return FilingForm(
            id=self._id, kind=self.current_kind(), file_no=self.file_no.text().strip(),
            dep_file_no=self.dep_file_no.text().strip().upper(),
            applicant=self.applicant.text().strip(),
            applicant_address=self.applicant_address.text().strip(),
            owner=self.owner.text().strip(), owner_address=self.owner_address.text().strip(),
            address=self.address.text().strip(), map_lot=self.map_lot.text().strip(),
            work_description=self.work.toPlainText().strip(),
            resource_areas=self.resource_areas.text().strip(),
            parent_file_no=self.parent_file_no.text().strip(),
            received=when("received"), hearing=when("hearing"), closed=when("closed"),
            issued=when("issued"),
        )

    def _accept(self) -> None:
        if self.validate():
            return
        try:
            filing_id = self._save(self.form())
        except UserError as exc:  # e.g. the file number is already used
            self.problems.setText(f"• {exc}")
            return
        self.saved.emit(filing_id)
        self.accept()
