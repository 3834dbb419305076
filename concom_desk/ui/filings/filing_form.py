"""The new/edit filing form.

It has the one shape every dialog here has: widgets, the domain's plain-word
checks shown under the fields with Save enabled only when there are none, then
one service call that writes in one transaction, behind the window (ui/save_behind.py).
Applicant, owner and property fields complete from what is already on file, so nobody
retypes an address. An edit opens at once, its fields off ("Reading the filing…"),
and fills when its filing, read behind the window, comes.

The whole record is on six tabs (Filing, Parties, Fees & bond, Recording,
Plans & WPA fee, Notes) so the form fits a 1366x768 town-hall laptop screen.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.domain.filing_requirements import (
    NEEDS_PARENT,
    amount_text,
    parse_amount,
    parse_date,
    problems,
    record_problems,
)
from concom_desk.domain.laws import BOTH, DEP_NUMBERED_KINDS, under_act
from concom_desk.services.filings.form import FilingForm, OnFile
from concom_desk.services.filings.payments import town_fee_words
from concom_desk.ui.background import in_background
from concom_desk.ui.filings.areas_tab import AreasTab
from concom_desk.ui.filings.form_pages import filing_page, money_page, recording_page
from concom_desk.ui.filings.form_words import (
    AMOUNTS,
    DATE_FIELDS,
    DATE_HINT,
    NOT_TYPED,
    RECORD_DATES,
    field_words,
    offer_laws,
)
from concom_desk.ui.filings.parties_tab import PartiesTab
from concom_desk.ui.filings.party_fields import complete_from, named_line
from concom_desk.ui.filings.wpa_tab import WpaTab
from concom_desk.ui.record_changed import Rereading, ask_to_reload, reread_words
from concom_desk.ui.save_behind import SAVING, save_behind
from concom_desk.ui.screen_fit import FormScroll

# What the form says while its filing is read behind it (FilingWindows.edit_form).
READING = "Reading the filing…"


class FilingFormDialog(QDialog):
    saved = Signal(int)

    def __init__(self, form: FilingForm, save: Callable[[FilingForm], int], today: date,
                 parent: QWidget | None = None, *,
                 reload: Callable[[], FilingForm] | None = None,
                 reading: bool = False) -> None:
        """`reading`: `form` stands in for the filing being read behind the open form
        (its id and the town); its fields are off until `fill` brings it."""
        super().__init__(parent)
        self._save = save
        self._today = today
        self._id = form.id
        # The versions read, sent with the save (a save from an older read is refused),
        # and how to read the record again when it was (store.record_versions).
        self._version, self._party_versions = form.version, dict(form.party_versions)
        self.question: QWidget | None = None  # "changed at another desk — reload?"
        self._on_file = OnFile()  # who and what is on file, once read behind the form
        self.choices_read = False  # (once use_choices is called)
        self.saving = False  # a save is being written (the buttons are off meanwhile)
        self._refused = False  # the last save's refusal is what the problems line says
        self.reading = reading  # the filing is being read (its fields off meanwhile)
        self._reading_says = READING  # or why it could not be read
        self._reload = reload
        self.setWindowTitle("Edit filing" if form.id else "New filing")

        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Parts of the record")
        self.dates: dict[str, QLineEdit] = {}
        self.amounts: dict[str, QLineEdit] = {}
        self._town = form.town
        self.tabs.addTab(filing_page(self, form), "&Filing")
        self.areas_tab = AreasTab(form)  # the town's areas as codes, amounts, flood data
        self.tabs.addTab(self.areas_tab, "Areas && flood &zones")
        self.parties_tab = PartiesTab(form)  # who, completed from who is on file
        self.tabs.addTab(self.parties_tab, "&Parties")
        self.tabs.addTab(money_page(self, form), "Fee&s && bond")
        self.tabs.addTab(recording_page(self, form), "&Recording")
        self.wpa_tab = WpaTab(form)  # what MassDEP's WPA forms print: plans, the Act's fee
        self.tabs.addTab(self.wpa_tab, "P&lans && WPA fee")
        self.notes = QPlainTextEdit(form.notes)
        self.notes.setAccessibleName("Notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setPlaceholderText("Anything the record should keep: phone calls, "
                                      "site visits, what the applicant promised…")
        self.tabs.addTab(self.notes, "N&otes")

        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setAccessibleName("What is missing")
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reloaded = QLabel()  # what a reload brought in, until the form is saved
        self.reloaded.setWordWrap(True)
        self.reloaded.setAccessibleName("Read again")
        self.reloaded.setVisible(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(FormScroll(self.tabs), 1)  # a small screen: it scrolls, Save shows
        layout.addWidget(self.reloaded)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)

        complete_from(self.address, [], self._fill_property)
        for widget in (self.file_no, self.dep_file_no, self.parent_file_no, self.address,
                       self.fee_waiver_reason, *self.dates.values(), *self.amounts.values()):
            widget.textChanged.connect(self.validate)
        self.parties_tab.changed.connect(self.validate)
        self.kind.currentIndexChanged.connect(self.validate)
        self.kind.currentIndexChanged.connect(self._show_town_fee)
        self._show_town_fee()
        self.laws.currentIndexChanged.connect(self.validate)
        self.fee_waived.toggled.connect(self.validate)
        self.wpa_tab.changed.connect(self.validate)
        self.areas_tab.changed.connect(self.validate)
        self.tabs.setEnabled(not reading)
        self.validate()
        self._rereading: Rereading[FilingForm] | None = None
        if not reading:
            self._read_as_shown()

    def _read_as_shown(self) -> None:
        # An edit can read its record again, keeping the clerk's typing, when another
        # desk saved it first (ui.record_changed).
        if self._id is not None and self._reload is not None:
            self._rereading = Rereading(self.form, self.show_form, self._reload, NOT_TYPED)

    def fill(self, form: FilingForm) -> None:
        """The filing read behind the open form: its values in the boxes, which the
        clerk may now change (a town other than the one it was opened for brings its
        own laws and areas)."""
        self.reading = False
        self._id = form.id
        self.kind.setCurrentIndex(max(self.kind.findData(form.kind), 0))
        if form.town != self._town:
            self._town = form.town
            offer_laws(self.laws, form.town, form.laws)
            old = self.areas_tab
            self.areas_tab = AreasTab(form)
            self.areas_tab.changed.connect(self.validate)
            index = self.tabs.indexOf(old)
            self.tabs.removeTab(index)
            old.deleteLater()
            self.tabs.insertTab(index, self.areas_tab, "Areas && flood &zones")
            self._show_town_fee()
        self.tabs.setEnabled(True)
        self.show_form(form)
        self._read_as_shown()

    def read_failed(self, message: str) -> None:
        """The filing could not be read: said in one line, the fields left off."""
        self._reading_says = f"• The filing could not be read: {message}"
        self.validate()

    def use_choices(self, on_file: OnFile) -> None:
        """The parties and properties on file, read in the background once the form is
        open (ui/filings/filing_windows.py): the names and addresses complete from them."""
        self._on_file = on_file
        model = self.address.completer().model()
        assert isinstance(model, QStringListModel)
        model.setStringList(sorted(on_file.properties))
        self.parties_tab.use_choices(on_file)
        self.choices_read = True
        # An address typed meanwhile that differs from the one on file; not over a save's
        # refusal, which stays until the clerk changes something (a $30,000,000 fee's
        # refusal was replaced by "Ready to save." when the lists arrived a moment later).
        if not self.saving and not self._refused:
            self.validate()

    # -- tabs ---------------------------------------------------------------------------
    def date_line(self, name: str, label: str, value: date | None) -> QLineEdit:
        line = named_line(value.isoformat() if value else "", label.replace("&", ""), DATE_HINT)
        self.dates[name] = line
        return line

    def amount_line(self, name: str, label: str, cents: int) -> QLineEdit:
        line = named_line(amount_text(cents), label, "dollars, e.g. 1,250.00")
        self.amounts[name] = line
        return line

    def _show_town_fee(self) -> None:
        # One line in the box (a long citation squeezed the form); the whole in the tooltip.
        line, whole = town_fee_words(self._town, self.kind.currentData() or "")
        self.town_fee.setText(f"Town's schedule: {line}")
        self.town_fee.setToolTip(whole)
        self.town_fee.setAccessibleDescription(whole)

    # -- completion ---------------------------------------------------------------------
    def _fill_property(self, address: str) -> None:
        chosen = self._on_file.property(address)
        if chosen is not None and not self.map_lot.text():
            self.map_lot.setText(chosen.map_lot)

    # -- checks -------------------------------------------------------------------------
    def current_kind(self) -> str:
        return str(self.kind.currentData())

    def _dates(self, found: list[str]) -> dict[str, date | None]:
        labels = dict(DATE_FIELDS) | dict(RECORD_DATES)
        values: dict[str, date | None] = {}
        for name, line in self.dates.items():
            try:
                values[name] = parse_date(line.text())
            except ValueError as exc:
                found.append(f"{labels[name].replace('&', '')}: {exc}.")
                values[name] = None
        return values

    def _show_rows_of(self, kind: str) -> None:
        """The rows the kind has (a date typed stays shown), while being read too."""
        for name, _label in DATE_FIELDS:
            self.filing_layout.setRowVisible(self.dates[name], name in KINDS[kind].events
                                             or bool(self.dates[name].text()))
        self.filing_layout.setRowVisible(self.parent_file_no, kind in NEEDS_PARENT)
        # MassDEP numbers an NOI, ANRAD, amendment, extension or COC under the Act; never
        # an RDA or an emergency certification (one typed before stays shown).
        self.filing_layout.setRowVisible(self.dep_file_no, bool(self.dep_file_no.text()) or (
            kind in DEP_NUMBERED_KINDS and under_act(self.laws.currentData() or BOTH)))
        self.fee_waiver_reason.setEnabled(self.fee_waived.isChecked())

    def validate(self) -> list[str]:
        self._show_rows_of(self.current_kind())
        if self.reading:  # nothing to check or save until the filing is in the boxes
            self.problems.setText(self._reading_says)
            self.save_button.setEnabled(False)
            return [self._reading_says]
        self._refused = False  # a change since: the line says what the form holds now
        kind = self.current_kind()
        found: list[str] = []
        dates = self._dates(found)
        for name, label in AMOUNTS:
            try:
                parse_amount(self.amounts[name].text())
            except ValueError as exc:
                found.append(f"{label}: {exc}.")
        text = {"file_no": self.file_no.text(), "dep_file_no": self.dep_file_no.text(),
                "applicant": self.parties_tab.applicant.text(), "address": self.address.text(),
                "parent_file_no": self.parent_file_no.text()}
        events = {name: dates[name] for name, _label in DATE_FIELDS}
        found = problems(kind, text, events, self._today) + found
        found += record_problems({name: (label, dates[name]) for name, label in RECORD_DATES},
                                 self.fee_waived.isChecked(), self.fee_waiver_reason.text(),
                                 self._today)
        found += self.wpa_tab.problems()
        found += self.areas_tab.problems()
        if found:
            self.problems.setText("\n".join(f"• {p}" for p in found))
        else:
            self.problems.setText("\n".join(["Ready to save.",
                                             *self.parties_tab.address_changes()]))
        self.save_button.setEnabled(not found and not self.saving)
        return found

    def form(self) -> FilingForm:
        def when(name: str) -> date | None:
            return parse_date(self.dates[name].text())

        def dollars(name: str) -> int:
            return parse_amount(self.amounts[name].text())

        tabs = (self.wpa_tab, self.parties_tab, self.areas_tab)  # each adds its own fields
        filled = FilingForm(
            id=self._id, kind=self.current_kind(), file_no=self.file_no.text().strip(),
            dep_file_no=self.dep_file_no.text().strip().upper(),
            laws=self.laws.currentData() or "", town=self._town,
            address=self.address.text().strip(), map_lot=self.map_lot.text().strip(),
            work_description=self.work.toPlainText().strip(),
            parent_file_no=self.parent_file_no.text().strip(),
            received=when("received"), boards_notified=when("boards_notified"),
            hearing=when("hearing"), closed=when("closed"), issued=when("issued"),
            fee_cents=dollars("fee_cents"), fee_paid_on=when("fee_paid_on"),
            fee_waived=self.fee_waived.isChecked(),
            fee_waiver_reason=self.fee_waiver_reason.text().strip()
            if self.fee_waived.isChecked() else "",
            consultant=self.consultant.text().strip(),
            consultant_fee_cents=dollars("consultant_fee_cents"),
            consultant_fee_paid_on=when("consultant_fee_paid_on"),
            bond_cents=dollars("bond_cents"), bond_form=self.bond_form.text().strip(),
            bond_posted_on=when("bond_posted_on"), bond_released_on=when("bond_released_on"),
            recorded=when("recorded"), recorded_book=self.recorded_book.text().strip(),
            recorded_page=self.recorded_page.text().strip(),
            recorded_document=self.recorded_document.text().strip(),
            notes=self.notes.toPlainText().strip(),
            version=self._version, party_versions=dict(self._party_versions),
        )
        for tab in tabs:
            filled = tab.filled_in(filled)
        return filled

    def show_form(self, form: FilingForm) -> None:
        """Put `form`'s values in every box (the kind stays: a filing keeps it)."""
        for name, line in (("file_no", self.file_no), ("dep_file_no", self.dep_file_no),
                           ("parent_file_no", self.parent_file_no), ("address", self.address),
                           ("map_lot", self.map_lot),
                           ("fee_waiver_reason", self.fee_waiver_reason),
                           ("consultant", self.consultant), ("bond_form", self.bond_form),
                           ("recorded_book", self.recorded_book),
                           ("recorded_page", self.recorded_page),
                           ("recorded_document", self.recorded_document)):
            line.setText(getattr(form, name))
        self.work.setPlainText(form.work_description)
        self.laws.setCurrentIndex(max(self.laws.findData(form.laws), 0))
        self.notes.setPlainText(form.notes)
        for name, line in self.dates.items():
            day = getattr(form, name)
            line.setText(day.isoformat() if day else "")
        for name, line in self.amounts.items():
            line.setText(amount_text(getattr(form, name)))
        self.fee_waived.setChecked(form.fee_waived)
        self.parties_tab.show_form(form)
        self.wpa_tab.show_form(form)
        self.areas_tab.show_form(form)
        self._version, self._party_versions = form.version, dict(form.party_versions)
        self.validate()

    def _accept(self) -> None:
        """Save: written off the window's thread (the write waits for the disk to
        confirm it, 40-60 ms the window froze for: bench/freeze.py), the form kept open
        and its buttons off until the save returns; then closed, or the refusal shown."""
        if self.saving or self.validate():
            return
        form, save = self.form(), self._save
        self._set_saving(True)
        save_behind(self, lambda: save(form), self._written)

    def _set_saving(self, saving: bool) -> None:
        self.saving = saving
        self.buttons.setEnabled(not saving)
        if saving:
            self.problems.setText(SAVING)
        else:
            self.validate()

    def _written(self, what: str, said: int | str) -> None:
        self._set_saving(False)
        if what == "saved":
            assert isinstance(said, int)
            self.saved.emit(said)
            self.accept()
        elif what == "changed":
            self._refused = True
            self._changed_elsewhere(str(said))
        else:
            self._refused = True
            self.problems.setText(f"• {said}")

    def reject(self) -> None:
        """Cancel or Esc: not while a save is being written (it is closed when done)."""
        if not self.saving:
            super().reject()

    # -- saved at another desk meanwhile ----------------------------------------------
    def _changed_elsewhere(self, message: str) -> None:
        self.problems.setText(f"• Not saved: {message}")
        if self._rereading is None:
            return
        self.question = ask_to_reload(self, message, self.reload_keeping_changes,
                                      self._kept_as_it_is)

    def _kept_as_it_is(self) -> None:
        self.question = None
        self.problems.setText("• Not saved: the record was changed at another desk. Save "
                              "again to be asked, or Cancel.")

    def reload_keeping_changes(self) -> None:
        """Read the record again behind the window (its fields off meanwhile) and put
        what the clerk changed back on top of it."""
        self.question = None
        assert self._rereading is not None and self._reload is not None
        reread, rereading = self._reload, self._rereading
        self.tabs.setEnabled(False)
        self.save_button.setEnabled(False)
        self.problems.setText(READING)

        def shown(fresh: FilingForm) -> None:
            if not isValid(self):  # (closed meanwhile)
                return
            self.tabs.setEnabled(True)
            theirs, mine = rereading.reload(fresh)
            self.reloaded.setText(reread_words(theirs, mine, field_words))
            self.reloaded.setVisible(True)

        def failed(message: str) -> None:  # e.g. voided meanwhile
            if isValid(self):
                self.tabs.setEnabled(True)
                self.validate()
                self._refused = True
                self.problems.setText(f"• {message}")

        in_background(lambda _progress: reread(), shown, failed)
