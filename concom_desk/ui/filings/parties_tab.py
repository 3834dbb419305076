"""The filing form's "Parties" tab: the applicant, the owner of the land and the
representative, each name completing from the parties already on file so nobody
retypes an address; and, before saving, the word that an address on file changes
for every filing of that party (the letters of their other filings follow it)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QStringListModel, Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from concom_desk.services.filings.form import FilingForm, OnFile, PartyChoice
from concom_desk.ui.filings.party_fields import (
    AddressFields,
    complete_from,
    form_layout,
    named_line,
)


def _group(title: str, rows: tuple[tuple[str, QWidget], ...]) -> QGroupBox:
    box = QGroupBox(title)
    layout = form_layout(box)
    for label, field in rows:
        layout.addRow(label, field)
    return box


class PartiesTab(QWidget):
    changed = Signal()  # a name or an address was typed: the form checks again

    def __init__(self, form: FilingForm, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._on_file = OnFile()  # who is on file, once read behind the form
        self.applicant = named_line(form.applicant, "Applicant", "name as printed on letters")
        self.applicant_mail = AddressFields("Applicant", form.applicant_mail)
        self.applicant_phone = named_line(form.applicant_phone, "Applicant's phone", "")
        self.applicant_email = named_line(form.applicant_email, "Applicant's email", "")
        applicant = _group("Applicant", (("&Name:", self.applicant),
                                         ("Address:", self.applicant_mail),
                                         ("Phone:", self.applicant_phone),
                                         ("Email:", self.applicant_email)))

        self.owner = named_line(form.owner, "Owner", "leave empty when the applicant owns it")
        self.owner_mail = AddressFields("Owner", form.owner_mail)
        owner = _group("Owner of the land", (("Na&me:", self.owner),
                                             ("Address:", self.owner_mail)))

        self.representative = named_line(form.representative, "Representative",
                                         "engineer, surveyor or attorney (optional)")
        self.representative_company = named_line(form.representative_company,
                                                 "Representative's company", "firm")
        self.representative_mail = AddressFields("Representative", form.representative_mail)
        self.representative_phone = named_line(form.representative_phone,
                                               "Representative's phone", "")
        self.representative_email = named_line(form.representative_email,
                                               "Representative's email", "")
        representative = _group("Representative / engineer", (
            ("Nam&e:", self.representative), ("Company:", self.representative_company),
            ("Address:", self.representative_mail), ("Phone:", self.representative_phone),
            ("Email:", self.representative_email)))

        left = QVBoxLayout()
        left.addWidget(applicant)
        left.addWidget(owner)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(representative)
        right.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addLayout(right, 1)

        complete_from(self.applicant, [], self._fill_applicant)
        complete_from(self.owner, [], self._fill_owner)
        complete_from(self.representative, [], self._fill_representative)
        # The representative's address is on file too: a change to it is said, as the
        # applicant's and owner's are.
        for line in (self.applicant, self.owner, self.representative,
                     *self.applicant_mail.boxes(), *self.owner_mail.boxes(),
                     *self.representative_mail.boxes()):
            line.textChanged.connect(self._changed)

    def use_choices(self, on_file: OnFile) -> None:
        """The parties on file, read after the form opened (FilingWindows): the names
        complete from them from now on."""
        self._on_file = on_file
        # One list for the three names: a town's names copied into Qt once, not thrice
        # (at 4x, 40,000 names: each copy a freeze of its own).
        names = QStringListModel(sorted(on_file.parties), self)
        for line in (self.applicant, self.owner, self.representative):
            line.completer().setModel(names)

    def _changed(self) -> None:
        self.changed.emit()

    # -- completion ---------------------------------------------------------------------
    def _fill_address(self, name: str, fields: AddressFields) -> PartyChoice | None:
        party = self._on_file.party(name)
        if party is not None and fields.value().is_empty():
            fields.set_value(party.mail)
        return party

    @staticmethod
    def _fill_empty(boxes: tuple[tuple[QLineEdit, str], ...]) -> None:
        for box, value in boxes:
            if not box.text():
                box.setText(value)

    def _fill_applicant(self, name: str) -> None:
        party = self._fill_address(name, self.applicant_mail)
        if party is not None:
            self._fill_empty(((self.applicant_phone, party.phone),
                              (self.applicant_email, party.email)))

    def _fill_owner(self, name: str) -> None:
        self._fill_address(name, self.owner_mail)

    def _fill_representative(self, name: str) -> None:
        party = self._fill_address(name, self.representative_mail)
        if party is not None:
            self._fill_empty(((self.representative_company, party.company),
                              (self.representative_phone, party.phone),
                              (self.representative_email, party.email)))

    # -- before saving ------------------------------------------------------------------
    def address_changes(self) -> list[str]:
        """Say before saving that an address on file changes for every filing of that
        party (the letters of its other filings follow it)."""
        notes = []
        for who, name, fields in (("applicant", self.applicant.text(), self.applicant_mail),
                                  ("owner", self.owner.text(), self.owner_mail),
                                  ("representative", self.representative.text(),
                                   self.representative_mail)):
            party = self._on_file.party(" ".join(name.split()))
            typed = fields.value()
            if party is None or typed.is_empty() or party.mail.is_empty():
                continue
            if typed.one_line() != party.mail.one_line():
                notes.append(f"Saving changes the {who} {party.name}'s address on file from "
                             f"{party.mail.one_line()} to {typed.one_line()} (for every filing "
                             "of theirs).")
        return notes

    def show_form(self, form: FilingForm) -> None:
        """Put `form`'s parties in the boxes (a record read again)."""
        for name, line in (("applicant", self.applicant),
                           ("applicant_phone", self.applicant_phone),
                           ("applicant_email", self.applicant_email), ("owner", self.owner),
                           ("representative", self.representative),
                           ("representative_company", self.representative_company),
                           ("representative_phone", self.representative_phone),
                           ("representative_email", self.representative_email)):
            line.setText(getattr(form, name))
        for fields, mail in ((self.applicant_mail, form.applicant_mail),
                             (self.owner_mail, form.owner_mail),
                             (self.representative_mail, form.representative_mail)):
            fields.set_value(mail)

    def filled_in(self, form: FilingForm) -> FilingForm:
        """The form with this tab's parties, as typed."""
        return replace(
            form, applicant=self.applicant.text().strip(),
            applicant_mail=self.applicant_mail.value(),
            applicant_phone=self.applicant_phone.text().strip(),
            applicant_email=self.applicant_email.text().strip(),
            owner=self.owner.text().strip(), owner_mail=self.owner_mail.value(),
            representative=self.representative.text().strip(),
            representative_company=self.representative_company.text().strip(),
            representative_mail=self.representative_mail.value(),
            representative_phone=self.representative_phone.text().strip(),
            representative_email=self.representative_email.text().strip())
