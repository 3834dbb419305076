"""The filing form's "Plans & WPA fee" tab: what MassDEP's forms print that the
bylaw's documents do not — the final plans the decision approves (WPA Form 5 A.8)
and the fee under the Act, shown split into the state's and the town's shares as
it is typed (310 CMR 4.00; the NOI Wetland Fee Transmittal Form)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from concom_desk.domain.filing_requirements import amount_text, parse_amount, parse_date
from concom_desk.domain.wpa_fees import CITATION, split_fee
from concom_desk.services.filings.form import FilingForm
from concom_desk.ui.filings.party_fields import form_layout, named_line

DATE_HINT = "YYYY-MM-DD or M/D/YYYY"


def _money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


class WpaTab(QWidget):
    changed = Signal()

    def __init__(self, form: FilingForm, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plans = QGroupBox("Final approved plans (printed on the WPA forms)")
        rows = form_layout(plans)
        self.plan_title = named_line(form.plan_title, "Plan title",
                                     "e.g. Site Plan, 12 Pond Street")
        self.plan_prepared_by = named_line(form.plan_prepared_by, "Plan prepared by",
                                           "the engineering or survey firm")
        self.plan_stamped_by = named_line(form.plan_stamped_by, "Plan signed and stamped by",
                                          "the engineer or surveyor, e.g. David Ellis, P.E.")
        self.plan_dated = named_line(form.plan_dated.isoformat() if form.plan_dated else "",
                                     "Plan dated", DATE_HINT)
        self.plan_revised = named_line(form.plan_revised.isoformat() if form.plan_revised
                                       else "", "Plan final revision date", DATE_HINT)
        self.plan_scale = named_line(form.plan_scale, "Plan scale", "e.g. 1 in. = 20 ft")
        rows.addRow("Plan &title:", self.plan_title)
        rows.addRow("Prepared by:", self.plan_prepared_by)
        rows.addRow("Signed and stamped by:", self.plan_stamped_by)
        rows.addRow("Dated:", self.plan_dated)
        rows.addRow("Final revision date:", self.plan_revised)
        rows.addRow("Scale:", self.plan_scale)

        fee = QGroupBox("Fee under the Act (NOI Wetland Fee Transmittal Form)")
        rows = form_layout(fee)
        self.wpa_fee = named_line(amount_text(form.wpa_fee_cents), "Fee under the Act",
                                  "the transmittal form's total, e.g. 500.00")
        self.split = QLabel()
        self.split.setAccessibleName("State and town shares")
        self.split.setWordWrap(True)
        rows.addRow("Total ($):", self.wpa_fee)
        rows.addRow(self.split)  # across the whole box: the split and its rule in a line or two

        layout = QVBoxLayout(self)
        layout.addWidget(plans)
        layout.addWidget(fee)
        layout.addStretch(1)
        for line in self.lines():
            line.textChanged.connect(self._changed)
        self._show_split()

    def lines(self) -> tuple[QLineEdit, ...]:
        return (self.plan_title, self.plan_prepared_by, self.plan_stamped_by, self.plan_dated,
                self.plan_revised, self.plan_scale, self.wpa_fee)

    def _changed(self) -> None:
        self._show_split()
        self.changed.emit()

    def _show_split(self) -> None:
        try:
            cents = parse_amount(self.wpa_fee.text())
        except ValueError:
            self.split.setText("")
            return
        if not cents:
            self.split.setText("No fee under the Act recorded (Form 5 leaves lines for it).")
            return
        shares = split_fee(cents)
        self.split.setText(f"State share {_money(shares.state_cents)} · town share "
                           f"{_money(shares.town_cents)} ({CITATION})")

    def problems(self) -> list[str]:
        found = []
        for line, label in ((self.plan_dated, "Plan dated"),
                            (self.plan_revised, "Plan final revision date")):
            try:
                parse_date(line.text())
            except ValueError as exc:
                found.append(f"{label}: {exc}.")
        try:
            parse_amount(self.wpa_fee.text())
        except ValueError as exc:
            found.append(f"Fee under the Act: {exc}.")
        dated, revised = self._date(self.plan_dated), self._date(self.plan_revised)
        if dated and revised and revised < dated:
            found.append(f"Plan final revision date: {revised} is before the plan's own date "
                         f"({dated}).")
        return found

    @staticmethod
    def _date(line: QLineEdit) -> date | None:
        try:
            return parse_date(line.text())
        except ValueError:
            return None

    def show_form(self, form: FilingForm) -> None:
        """Put `form`'s plans and fee in the boxes (a record read again)."""
        for line, text in ((self.plan_title, form.plan_title),
                           (self.plan_prepared_by, form.plan_prepared_by),
                           (self.plan_stamped_by, form.plan_stamped_by),
                           (self.plan_dated, form.plan_dated.isoformat() if form.plan_dated
                            else ""),
                           (self.plan_revised, form.plan_revised.isoformat()
                            if form.plan_revised else ""),
                           (self.plan_scale, form.plan_scale),
                           (self.wpa_fee, amount_text(form.wpa_fee_cents))):
            line.setText(text)

    def filled_in(self, form: FilingForm) -> FilingForm:
        """The form with this tab's fields (called once problems() is empty)."""
        return replace(form, plan_title=self.plan_title.text().strip(),
                       plan_prepared_by=self.plan_prepared_by.text().strip(),
                       plan_stamped_by=self.plan_stamped_by.text().strip(),
                       plan_dated=parse_date(self.plan_dated.text()),
                       plan_revised=parse_date(self.plan_revised.text()),
                       plan_scale=self.plan_scale.text().strip(),
                       wpa_fee_cents=parse_amount(self.wpa_fee.text()))
