"""The commission's follow-up on a case: assess a fine or ticket, record a
payment, waive what is owed, record the ratification of an emergency order.
Same shape as the field dialogs (Save enabled when valid, one service call)."""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QWidget,
)

from concom_desk.domain.votes import VoteChoice, majority_of
from concom_desk.services.calendar.votes import members_for_meeting
from concom_desk.services.database import Database
from concom_desk.services.enforcement.actions import ratify_order
from concom_desk.services.enforcement.cases import void_enforcement_case
from concom_desk.services.enforcement.fines_ledger import (
    PAYMENT_METHODS,
    assess_fine,
    record_payment,
    waive_fine,
)
from concom_desk.ui.enforcement.dialogs import RecordDialog
from concom_desk.ui.enforcement.fields import date_edit, date_of


def dollars_box(maximum: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setPrefix("$")
    box.setDecimals(2)
    box.setRange(0, maximum)
    return box


def cents_of(box: QDoubleSpinBox) -> int:
    return round(box.value() * 100)


class FineDialog(RecordDialog):
    def __init__(self, database: Database, case_id: int, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__("Assess a fine", parent)
        self.database, self.case_id = database, case_id
        self.offense_on = date_edit(today)
        self.amount = dollars_box(1_000_000)
        self.noncriminal = QCheckBox("Non-criminal ticket (MGL c.40 §21D)")
        self.ticket_no = QLineEdit()
        for label, widget in (("Offense on", self.offense_on), ("Amount", self.amount),
                              ("", self.noncriminal), ("Ticket no.", self.ticket_no)):
            self.form.addRow(label, widget)
        self.amount.valueChanged.connect(self.validate)
        self.validate()

    def problems_now(self) -> list[str]:
        return [] if cents_of(self.amount) > 0 else ["Enter the amount of the fine."]

    def write(self) -> int:
        return assess_fine(self.database, self.case_id, date_of(self.offense_on),
                           cents_of(self.amount), noncriminal=self.noncriminal.isChecked(),
                           ticket_no=self.ticket_no.text())


class PaymentDialog(RecordDialog):
    def __init__(self, database: Database, fine_id: int, owed_cents: int, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__("Record a payment", parent)
        self.database, self.fine_id = database, fine_id
        self.paid_on = date_edit(today)
        self.amount = dollars_box(owed_cents / 100)
        self.amount.setValue(owed_cents / 100)
        self.method = QComboBox()
        for method in PAYMENT_METHODS:
            self.method.addItem(method.replace("_", " "), method)
        self.receipt = QLineEdit()
        for label, widget in (("Paid on", self.paid_on), ("Amount", self.amount),
                              ("Method", self.method), ("Receipt no.", self.receipt)):
            self.form.addRow(label, widget)
        self.amount.valueChanged.connect(self.validate)
        self.validate()

    def problems_now(self) -> list[str]:
        return [] if cents_of(self.amount) > 0 else ["Enter the amount paid."]

    def write(self) -> int:
        record_payment(self.database, self.fine_id, date_of(self.paid_on),
                       cents_of(self.amount), self.method.currentData(), self.receipt.text())
        return self.fine_id


class WaiverDialog(RecordDialog):
    def __init__(self, database: Database, fine_id: int, owed_cents: int, today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__("Waive a fine", parent)
        self.database, self.fine_id = database, fine_id
        self.waived_on = date_edit(today)
        self.amount = dollars_box(owed_cents / 100)
        self.amount.setValue(owed_cents / 100)
        self.reason = QLineEdit()
        for label, widget in (("Waived on", self.waived_on), ("Amount", self.amount),
                              ("Why", self.reason)):
            self.form.addRow(label, widget)
        self.amount.valueChanged.connect(self.validate)
        self.reason.textChanged.connect(self.validate)
        self.validate()

    def problems_now(self) -> list[str]:
        found = []
        if cents_of(self.amount) <= 0:
            found.append("Enter the amount waived.")
        if not self.reason.text().strip():
            found.append("Say why the fine is waived (the reason is kept in the record).")
        return found

    def write(self) -> int:
        waive_fine(self.database, self.fine_id, date_of(self.waived_on), self.reason.text(),
                   cents_of(self.amount))
        return self.fine_id


class RatifyDialog(RecordDialog):
    """The meeting at which the commission ratified an emergency order, and each
    member's vote on it: a majority of the members in office must vote for it
    (Sandwich §7.55 Part 2; 310 CMR 10.08(2)), not only of those present."""

    ABSENT = "absent"

    def __init__(self, database: Database, order_id: int, order_no: str,
                 meetings: list[tuple[int, date]], parent: QWidget | None = None,
                 today: date | None = None) -> None:
        super().__init__(f"Ratification of {order_no}", parent)
        self.database, self.order_id, self.today = database, order_id, today
        self.meeting = QComboBox()
        for meeting_id, day in meetings:
            self.meeting.addItem(f"Meeting of {day:%b} {day.day}, {day.year}", meeting_id)
        self.form.addRow("Ratified at", self.meeting)
        self.votes_box = QGroupBox("Each member's vote")
        self.votes_grid = QGridLayout(self.votes_box)
        self.choices: dict[int, QComboBox] = {}
        self.form.addRow(self.votes_box)
        self.tally = QLabel()
        self.tally.setWordWrap(True)
        self.form.addRow(self.tally)
        self.meeting.currentIndexChanged.connect(self._load_members)
        self._load_members()

    def _load_members(self) -> None:
        """A line for each member in office on the meeting's day, absent until told."""
        while self.votes_grid.count():
            item = self.votes_grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.choices = {}
        meeting_id = self.meeting.currentData()
        members = members_for_meeting(self.database, meeting_id) if meeting_id else []
        for row, member in enumerate(m for m in members if m.in_office):
            choice = QComboBox()
            choice.setAccessibleName(f"Vote of {member.name}")
            choice.addItem("Absent", self.ABSENT)
            for value in (VoteChoice.YES, VoteChoice.NO, VoteChoice.ABSTAIN,
                          VoteChoice.RECUSED):
                choice.addItem(value.value.capitalize(), value)
            choice.currentIndexChanged.connect(self.validate)
            self.votes_grid.addWidget(QLabel(member.name), row, 0)
            self.votes_grid.addWidget(choice, row, 1)
            self.choices[member.member_id] = choice
        self.validate()

    def votes(self) -> dict[int, VoteChoice]:
        return {member_id: VoteChoice(box.currentData())
                for member_id, box in self.choices.items() if box.currentData() != self.ABSENT}

    def problems_now(self) -> list[str]:
        if not self.meeting.count():
            return ["No meeting has been held since the order was issued: record the "
                    "ratification on or after the day of the meeting that votes on it."]
        in_office = len(self.choices)
        needed = majority_of(in_office)
        yes = sum(1 for choice in self.votes().values() if choice is VoteChoice.YES)
        self.tally.setText(f"{yes} of the {in_office} members in office vote for it; "
                           f"ratification needs {needed}.")
        if yes < needed:
            return [f"Record each member's vote: a majority of the members in office "
                    f"({needed} of {in_office}) must vote to ratify."]
        return []

    def write(self) -> int:
        ratify_order(self.database, self.order_id, self.meeting.currentData(), self.votes(),
                     today=self.today)
        return self.order_id


class VoidDialog(RecordDialog):
    """Void a case entered in error; the reason is kept and the case leaves the list."""

    def __init__(self, database: Database, case_id: int, case_no: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(f"Void case {case_no}", parent)
        self.database, self.case_id = database, case_id
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. entered twice; see EC-2026-004")
        self.form.addRow("Why", self.reason)
        self.reason.textChanged.connect(self.validate)
        self.validate()

    def problems_now(self) -> list[str]:
        return [] if self.reason.text().strip() else [
            "Say why the case is voided (the reason is kept in the record)."]

    def write(self) -> int:
        void_enforcement_case(self.database, self.case_id, self.reason.text())
        return self.case_id
