"""The filing form's record-keeping pages: the fees and bond (money in and back, the
town's schedule beside what was typed) and where the permit was recorded. Their boxes
are the form's (FilingFormDialog): its checks, its save and its reload read them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QVBoxLayout, QWidget

from concom_desk.services.filings.form import FilingForm
from concom_desk.ui.filings.party_fields import form_layout, named_line

if TYPE_CHECKING:
    from concom_desk.ui.filings.filing_form import FilingFormDialog


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
