"""The filing form's pages of boxes: the filing itself, the fees and bond (money in
and back, the town's schedule beside what was typed) and where the permit was
recorded. Their boxes are the form's (FilingFormDialog): its checks, its save and its
reload read them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.services.filings.form import FilingForm
from concom_desk.ui.filings.form_words import DATE_FIELDS, laws_choice
from concom_desk.ui.filings.party_fields import form_layout, named_line

if TYPE_CHECKING:
    from concom_desk.ui.filings.filing_form import FilingFormDialog


def filing_page(dialog: FilingFormDialog, form: FilingForm) -> QWidget:
    """What the filing is: its kind (kept once filed), the laws, its numbers, the
    property, the work and the dates the deadline engine counts from."""
    page = QWidget()
    dialog.kind = QComboBox()
    dialog.kind.setAccessibleName("Kind of filing")
    for code, kind in KINDS.items():
        dialog.kind.addItem(f"{kind.name} ({code.upper()})", code)
    dialog.kind.setCurrentIndex(max(dialog.kind.findData(form.kind), 0))
    dialog.kind.setEnabled(form.id is None)  # a filing does not change its kind
    dialog.laws = laws_choice(form.town, form.laws)
    dialog.file_no = named_line(form.file_no, "Local file number", "e.g. 2026-41")
    dialog.dep_file_no = named_line(form.dep_file_no, "DEP file number", "e.g. SE 082-1234")
    dialog.parent_file_no = named_line(form.parent_file_no, "Permit file number",
                                       "file number of the permit it refers to")
    dialog.address = named_line(form.address, "Property street address", "e.g. 12 Pond Road")
    dialog.map_lot = named_line(form.map_lot, "Assessor map and lot", "e.g. 14-22")
    dialog.work = QPlainTextEdit(form.work_description)
    dialog.work.setAccessibleName("Work description")
    dialog.work.setTabChangesFocus(True)
    dialog.work.setMaximumHeight(dialog.fontMetrics().lineSpacing() * 5)
    layout = form_layout(page)
    layout.addRow("&Kind:", dialog.kind)
    layout.addRow("&Under:", dialog.laws)
    layout.addRow("File &no.:", dialog.file_no)
    layout.addRow("&DEP file no.:", dialog.dep_file_no)
    parent_label = QLabel("Permi&t file no.:")
    parent_label.setBuddy(dialog.parent_file_no)
    layout.addRow(parent_label, dialog.parent_file_no)
    layout.addRow("Property &address:", dialog.address)
    layout.addRow("&Map/lot:", dialog.map_lot)
    layout.addRow("&Work:", dialog.work)
    for name, label in DATE_FIELDS:
        layout.addRow(label + ":", dialog.date_line(name, label, getattr(form, name)))
    dialog.filing_layout = layout
    return page


def money_page(dialog: FilingFormDialog, form: FilingForm) -> QWidget:
    """Fees & bond: what was paid and when, the town's schedule beside it, the bond."""
    page = QWidget()
    fee = QGroupBox("Filing fee")
    rows = form_layout(fee)
    rows.addRow("Amount ($):", dialog.amount_line("fee_cents", "Filing fee", form.fee_cents))
    rows.addRow("Paid on:", dialog.date_line("fee_paid_on", "Fee paid on", form.fee_paid_on))
    dialog.fee_waived = QCheckBox("Fee waived")
    dialog.fee_waived.setChecked(form.fee_waived)
    dialog.fee_waiver_reason = named_line(form.fee_waiver_reason, "Why the fee was waived",
                                          "e.g. a town department's filing")
    rows.addRow("", dialog.fee_waived)
    rows.addRow("Reason:", dialog.fee_waiver_reason)
    # The town's schedule (its profile) beside the amount typed; the state's fee and
    # its split are on the "Plans & WPA fee" tab; money received is on the record.
    dialog.town_fee = QLabel()
    dialog.town_fee.setAccessibleName("The town's filing fee schedule")
    dialog.town_fee.setWordWrap(True)
    rows.addRow(dialog.town_fee)

    consultant = QGroupBox("Consultant review fee (MGL c.44 §53G)")
    rows = form_layout(consultant)
    dialog.consultant = named_line(form.consultant, "Consultant",
                                   "who reviews for the commission")
    rows.addRow("Consultant:", dialog.consultant)
    rows.addRow("Amount ($):", dialog.amount_line("consultant_fee_cents", "Consultant fee",
                                                  form.consultant_fee_cents))
    rows.addRow("Paid on:", dialog.date_line("consultant_fee_paid_on", "Consultant fee paid on",
                                             form.consultant_fee_paid_on))

    bond = QGroupBox("Bond (security for the work)")
    rows = form_layout(bond)
    rows.addRow("Amount ($):", dialog.amount_line("bond_cents", "Bond amount", form.bond_cents))
    dialog.bond_form = named_line(form.bond_form, "Kind of bond", "passbook, surety bond, cash…")
    rows.addRow("Kind:", dialog.bond_form)
    rows.addRow("Posted on:", dialog.date_line("bond_posted_on", "Bond posted on",
                                               form.bond_posted_on))
    rows.addRow("Released on:", dialog.date_line("bond_released_on", "Bond released on",
                                                 form.bond_released_on))
    layout = QVBoxLayout(page)
    for box in (fee, consultant, bond):
        layout.addWidget(box)
    layout.addStretch(1)
    return page


def recording_page(dialog: FilingFormDialog, form: FilingForm) -> QWidget:
    """Where the permit was recorded, from the Registry's receipt."""
    page = QWidget()
    dialog.recorded_book = named_line(form.recorded_book, "Registry book", "e.g. 61234")
    dialog.recorded_page = named_line(form.recorded_page, "Registry page", "e.g. 118")
    dialog.recorded_document = named_line(form.recorded_document,
                                          "Land Court document number", "registered land only")
    layout = form_layout(page)
    layout.addRow(QLabel("Where the permit was recorded at the Registry of Deeds "
                         "(or registered at the Land Court), from the recording receipt."))
    layout.addRow("Recorded on:", dialog.date_line("recorded", "Recorded on", form.recorded))
    layout.addRow("Book:", dialog.recorded_book)
    layout.addRow("Page:", dialog.recorded_page)
    layout.addRow("Land Court document no.:", dialog.recorded_document)
    return page
