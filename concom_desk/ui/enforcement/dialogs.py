"""The three dialogs of the field: log a complaint, record an inspection, issue
an order (an emergency order by default). Each has one shape: widgets, the
service's own validation enabling Save, one write through the service, a
signal with the new record's id."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.enforcement_case import check_order_signatures
from concom_desk.domain.resource_areas import NamedArea
from concom_desk.errors import OperationFailed, RecordChanged, UserError
from concom_desk.services.database import Database
from concom_desk.services.enforcement.actions import (
    NOTICE,
    ORDER,
    InspectionDraft,
    OrderDraft,
    ViolationDraft,
    issue_order,
    record_inspection,
    signers_not_in_office,
)
from concom_desk.services.enforcement.case_areas import desk_profile
from concom_desk.services.enforcement.case_edit import case_draft, update_case
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.common import signer_choices
from concom_desk.services.enforcement.reads import violations_on_record
from concom_desk.services.filings.resource_areas import areas_phrase, shown
from concom_desk.ui import colours
from concom_desk.ui.enforcement.fields import (
    FileList,
    OptionalDate,
    SignerList,
    date_edit,
    date_of,
)
from concom_desk.ui.filings.area_table import AreaTable
from concom_desk.ui.record_changed import Rereading, ask_to_reload, reread_words
from concom_desk.ui.screen_fit import FormScroll

# How long after an inspection its follow-up is first offered.
FOLLOW_UP_AFTER = timedelta(days=7)


class RecordDialog(QDialog):
    """Save enabled only when the draft has no problems; the problems are listed."""

    saved = Signal(int)

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet(colours.style(colours.PROBLEM))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        # A dialog correcting a saved record can read it again, keeping the clerk's
        # typing, when another desk saved it first (ui.record_changed).
        self.rereading: Rereading[Any] | None = None
        self.question: QMessageBox | None = None
        self.reloaded = QLabel()
        self.reloaded.setWordWrap(True)
        self.reloaded.setAccessibleName("Read again")
        self.reloaded.setVisible(False)
        body = QWidget()
        body.setLayout(self.form)
        layout = QVBoxLayout(self)
        layout.addWidget(FormScroll(body), 1)  # a small screen: it scrolls, Save shows
        layout.addWidget(self.reloaded)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)

    @property
    def save_button(self):  # type: ignore[no-untyped-def]
        return self.buttons.button(QDialogButtonBox.StandardButton.Save)

    def problems_now(self) -> list[str]:
        raise NotImplementedError

    def validate(self) -> None:
        found = self.problems_now()
        self.problems.setText("\n".join(found))
        self.save_button.setEnabled(not found)

    def write(self) -> int:
        raise NotImplementedError

    def save(self) -> None:
        try:
            record_id = self.write()
        except RecordChanged as exc:
            self.problems.setText(f"Not saved: {exc}")
            if self.rereading is not None:
                self.question = ask_to_reload(self, str(exc), self.reload_keeping_changes,
                                              self._kept_as_it_is)
            return
        except (UserError, OperationFailed) as exc:
            self.problems.setText(str(exc))
            return
        self.saved.emit(record_id)
        self.accept()

    def _kept_as_it_is(self) -> None:
        self.question = None
        self.problems.setText("Not saved: the record was changed at another desk. Save "
                              "again to be asked, or Cancel.")

    def reload_keeping_changes(self) -> None:
        """Read the record again and put what the clerk changed back on top of it."""
        self.question = None
        assert self.rereading is not None
        try:
            theirs, mine = self.rereading.reload()
        except (UserError, OperationFailed) as exc:
            self.problems.setText(str(exc))
            return
        self.reloaded.setText(reread_words(theirs, mine, self.field_words))
        self.reloaded.setVisible(True)

    def field_words(self, names: list[str]) -> str:
        """The draft's fields in the dialog's words (its own labels where it has them)."""
        return ", ".join(name.replace("_", " ") for name in names)

    def watch(self, *widgets: QWidget) -> None:
        for widget in widgets:
            for signal_name in ("textChanged", "toggled", "dateChanged", "changed",
                                "currentIndexChanged"):
                signal = getattr(widget, signal_name, None)
                if signal is not None:
                    signal.connect(self.validate)


def text_box(lines: int = 3) -> QPlainTextEdit:
    box = QPlainTextEdit()
    box.setTabChangesFocus(True)
    box.setFixedHeight(22 * lines + 10)
    return box


class ComplaintDialog(RecordDialog):
    """Quick, for the agent in the field: what, where, who told us."""

    def __init__(self, database: Database, today: date, parent: QWidget | None = None,
                 case_id: int | None = None, draft: ComplaintDraft | None = None) -> None:
        """With `case_id` and `draft`: the saved case's details, to correct them."""
        super().__init__("Edit case details" if case_id is not None else "Log a complaint",
                         parent)
        self.database = database
        self.today = today
        self.case_id = case_id
        self.complaint = QRadioButton("Complaint")
        self.observation = QRadioButton("Our own observation")
        self.complaint.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.complaint)
        group.addButton(self.observation)
        source = QHBoxLayout()
        source.addWidget(self.complaint)
        source.addWidget(self.observation)
        self.reported_on = date_edit(today)
        self.address = QLineEdit()
        self.map = QLineEdit()
        self.lot = QLineEdit()
        self.complainant = QLineEdit()
        self.complainant.setPlaceholderText("name, or 'anonymous'")
        self.contact = QLineEdit()
        self.violator = QLineEdit()
        self.violator_address = text_box(2)
        self.description = text_box(3)
        # The town's list of areas, as on a filing's Areas tab: codes with amounts.
        self._profile = desk_profile(database)
        self.area_table = AreaTable(self._profile, list(draft.areas or ()) if draft else [])
        # Wide enough to show the amount, the unit and the citation beside each name.
        self.area_table.setMinimumSize(640, 230)
        self._loaded: tuple[tuple[NamedArea, ...], str] = ((), "")
        self.files = FileList()
        self._filing_id: int | None = None
        self.map.setAccessibleName("Assessor's map")
        self.lot.setAccessibleName("Assessor's lot")
        map_lot = QHBoxLayout()
        map_lot.addWidget(QLabel("Map"))
        map_lot.addWidget(self.map)
        map_lot.addWidget(QLabel("Lot"))
        map_lot.addWidget(self.lot)
        for label, widget in (("How it came in", source), ("Date", self.reported_on),
                              ("Property address", self.address), ("Assessor", map_lot),
                              ("What was reported", self.description),
                              ("Resource areas", self.area_table),
                              ("Complainant", self.complainant), ("Contact", self.contact),
                              ("Alleged violator", self.violator),
                              ("Violator's address", self.violator_address),
                              ("Photos", self.files)):
            self.form.addRow(label, widget)
        self.watch(self.complaint, self.address, self.complainant, self.description)
        self.area_table.changed.connect(self.validate)
        self.complaint.toggled.connect(self.complainant.setEnabled)
        self._version: int | None = None
        if draft is not None:
            self._fill(draft)
            # Photos are added on the case's Attachments tab once it is saved.
            self.form.setRowVisible(self.files, False)
        if case_id is not None and draft is not None:
            self.rereading = Rereading(self.draft, self._fill,
                                       lambda: case_draft(database, case_id),
                                       frozenset({"version", "attachments", "filing_id"}))
        self.validate()

    def _fill(self, draft: ComplaintDraft) -> None:
        self.observation.setChecked(draft.source == "observation")
        day = draft.reported_on
        self.reported_on.setDate(QDate(day.year, day.month, day.day))
        for box, text in ((self.address, draft.address), (self.map, draft.map),
                          (self.lot, draft.lot), (self.complainant, draft.complainant),
                          (self.contact, draft.complainant_contact),
                          (self.violator, draft.violator_name)):
            box.setText(text)
        self.area_table.fill(list(draft.areas or ()))
        self._loaded = (tuple(draft.areas or ()), draft.resource_areas)
        self.violator_address.setPlainText(draft.violator_address)
        self.description.setPlainText(draft.description)
        self._filing_id = draft.filing_id
        self._version = draft.version

    def draft(self) -> ComplaintDraft:
        return ComplaintDraft(
            reported_on=date_of(self.reported_on), address=self.address.text(),
            description=self.description.toPlainText(),
            source="complaint" if self.complaint.isChecked() else "observation",
            complainant=self.complainant.text() if self.complaint.isChecked() else "",
            complainant_contact=self.contact.text(), map=self.map.text(), lot=self.lot.text(),
            violator_name=self.violator.text(),
            violator_address=self.violator_address.toPlainText(),
            resource_areas=self._areas_text(), areas=self._areas(),
            attachments=self.files.paths(),
            filing_id=self._filing_id, version=self._version)

    def field_words(self, names: list[str]) -> str:
        words = {"reported_on": "date", "address": "property address", "map": "map",
                 "lot": "lot", "description": "what was reported", "source": "how it came in",
                 "complainant_contact": "contact", "violator_name": "alleged violator",
                 "violator_address": "violator's address"}
        return ", ".join(words.get(name, name.replace("_", " ")) for name in names)

    def _areas(self) -> tuple[NamedArea, ...]:
        return self.area_table.areas() if not self.area_table.problems() else self._loaded[0]

    def _areas_text(self) -> str:
        """The words the case keeps for its areas: as written while they are unchanged."""
        areas = self._areas()
        if areas == self._loaded[0]:
            return self._loaded[1]
        return areas_phrase(shown(areas, self._profile))

    def problems_now(self) -> list[str]:
        return self.area_table.problems() + self.draft().problems()

    def write(self) -> int:
        if self.case_id is None:
            return open_case(self.database, self.draft())
        update_case(self.database, self.case_id, self.draft(), self.today)
        return self.case_id


class InspectionDialog(RecordDialog):
    def __init__(self, database: Database, case_id: int, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__("Record an inspection", parent)
        self.database, self.case_id = database, case_id
        self.inspected_on = date_edit(today)
        self.inspector = QLineEdit()
        self.findings = text_box(4)
        # A follow-up comes after this inspection: ticked, it offers a week later (the
        # day of the inspection itself would be refused), and moves with the inspection.
        self.follow_up = OptionalDate("Follow-up inspection by", today + FOLLOW_UP_AFTER)
        self.inspected_on.dateChanged.connect(self._follow_up_after_inspection)
        self.files = FileList()
        for label, widget in (("Date", self.inspected_on), ("Inspected by", self.inspector),
                              ("Findings", self.findings), ("", self.follow_up),
                              ("Photos", self.files)):
            self.form.addRow(label, widget)
        self.watch(self.inspected_on, self.inspector, self.findings, self.follow_up)
        self.validate()

    def _follow_up_after_inspection(self) -> None:
        inspected = date_of(self.inspected_on)
        if date_of(self.follow_up.edit) <= inspected:
            later = inspected + FOLLOW_UP_AFTER
            self.follow_up.edit.setDate(QDate(later.year, later.month, later.day))

    def draft(self) -> InspectionDraft:
        return InspectionDraft(date_of(self.inspected_on), self.inspector.text(),
                               self.findings.toPlainText(), self.follow_up.value(),
                               self.files.paths())

    def problems_now(self) -> list[str]:
        return self.draft().problems()

    def write(self) -> int:
        return record_inspection(self.database, self.case_id, self.draft())


class OrderDialog(RecordDialog):
    """A violation notice or an enforcement order; opened as an emergency order
    (one signer, ratified at the next meeting) from the toolbar."""

    def __init__(self, database: Database, case_id: int, today: date, emergency: bool = True,
                 signer: str = "", parent: QWidget | None = None) -> None:
        super().__init__("Issue an emergency order" if emergency else "Issue a notice or order",
                         parent)
        self.database, self.case_id = database, case_id
        self.kind = QComboBox()
        self.kind.addItem("Enforcement order", ORDER)
        self.kind.addItem("Violation notice", NOTICE)
        self.issued_on = date_edit(today)
        self.signed_by = SignerList()
        self.no_members = QLabel("No members in office on this date: add the members and "
                                 "their terms in Settings.")
        self.no_members.setWordWrap(True)
        # The conservation agent is not a member: in an emergency the agent may sign alone.
        self.agent = QLineEdit()
        self.agent.setAccessibleName("Signed by the agent")
        self.agent.setPlaceholderText("emergency only, e.g. Pat Lee, Conservation Agent")
        self.emergency = QCheckBox("Emergency: signed by a single member or the agent, to be "
                                   "ratified at the next meeting")
        self.emergency.setChecked(emergency)
        self.stop_work = QCheckBox("Stop all work at once")
        self.stop_work.setChecked(emergency)
        self.restore_by = OptionalDate("Restore by", today)
        self.file_noi_by = OptionalDate("File a Notice of Intent by", today)
        self.requirements = text_box(3)
        self.requirements.setPlaceholderText("one requirement per line")
        self.provision = QLineEdit()
        # An example true in every town (a bylaw's own section differs from town to town).
        self.provision.setPlaceholderText("e.g. MGL c.131 §40: fill in a resource area without "
                                          "a permit")
        # The violations already recorded (by the notice) are the order's too: shown, not
        # asked again; the fields below are for a further one only.
        recorded = violations_on_record(database, case_id)
        self.carried = QLabel("\n".join(recorded))
        self.carried.setWordWrap(True)
        self.carried.setAccessibleName("Violations on record, carried over")
        self.violation = QLineEdit()
        self.confirmed = OptionalDate("Violation confirmed on", today)
        self.confirmed.set_value(today)
        for label, widget in (("Kind", self.kind), ("Issued", self.issued_on),
                              ("Signed by", self.signed_by), ("", self.no_members),
                              ("", self.emergency), ("Or by the agent", self.agent),
                              ("", self.stop_work), ("", self.restore_by),
                              ("", self.file_noi_by), ("Requirements", self.requirements),
                              ("Violations on record", self.carried),
                              ("A further provision violated" if recorded
                               else "Provision violated", self.provision),
                              ("What was done", self.violation), ("", self.confirmed)):
            self.form.addRow(label, widget)
        self.form.setRowVisible(self.carried, bool(recorded))
        self._load_signers()
        if signer in self.signed_by.members():
            self.signed_by.tick(signer)
        elif signer:
            self.agent.setText(signer)
        self.watch(self.kind, self.issued_on, self.signed_by, self.agent, self.emergency,
                   self.restore_by, self.file_noi_by)
        self.issued_on.dateChanged.connect(self._load_signers)
        self.emergency.toggled.connect(self._show_agent)
        self._show_agent()
        self.validate()

    def _load_signers(self) -> None:
        """The members in office on the date the order is issued."""
        self.signed_by.set_members(signer_choices(self.database, date_of(self.issued_on)))
        self.form.setRowVisible(self.no_members, self.signed_by.count() == 0)

    def _show_agent(self) -> None:
        self.form.setRowVisible(self.agent, self.emergency.isChecked())

    def signers(self) -> list[str]:
        agent = self.agent.text().strip() if self.emergency.isChecked() else ""
        return [*self.signed_by.checked(), *([agent] if agent else [])]

    def problems_now(self) -> list[str]:
        found = self.draft().problems()
        if not found and self.kind.currentData() != NOTICE:
            refused = signers_not_in_office(self.signers(), self.signed_by.members(),
                                            self.emergency.isChecked())
            if refused:
                found.append(refused[0].upper() + refused[1:] + ".")
            elif self.signed_by.count():
                # Counted as the service will count it, so Save is off before it refuses.
                try:
                    check_order_signatures(self.emergency.isChecked(), len(self.signers()),
                                           self.signed_by.count())
                except UserError as exc:
                    text = str(exc)
                    found.append(text[0].upper() + text[1:] + ".")
        return found

    def draft(self) -> OrderDraft:
        violations = []
        if self.provision.text().strip():
            violations.append(ViolationDraft(self.provision.text(), self.violation.text(),
                                             date_of(self.issued_on), self.confirmed.value()))
        return OrderDraft(
            issued_on=date_of(self.issued_on),
            signed_by=self.signers(),
            kind=self.kind.currentData(), emergency=self.emergency.isChecked(),
            stop_work=self.stop_work.isChecked(), restore_by=self.restore_by.value(),
            file_noi_by=self.file_noi_by.value(),
            requirements=self.requirements.toPlainText().splitlines(), violations=violations)

    def write(self) -> int:
        return issue_order(self.database, self.case_id, self.draft())

