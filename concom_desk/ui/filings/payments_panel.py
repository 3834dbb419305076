"""A filing's "Payments" tab: the receipts written for its fees, the refunds and the
waivers, and a line to record the next one (the receipt number offered is the last
one written plus one; who received it starts as the initials at the keyboard).
Nothing is edited or deleted here: a receipt written in error is answered by a refund
with its reason, so the Treasurer's copy and the record agree. The entries are read,
and a new one written, behind the window (ui/view_loader.py, ui/save_behind.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concom_desk.domain.filing_requirements import parse_amount, parse_date
from concom_desk.errors import UserError
from concom_desk.services.filings.payments import (
    ENTRY_NAMES,
    FEE_NAMES,
    PaymentLine,
    money,
    offered_receipt_no,
    payments_of,
    record_payment,
    record_refund,
    record_waiver,
)
from concom_desk.ui.row_table import Column, RowTableModel
from concom_desk.ui.save_behind import SAVING, save_behind
from concom_desk.ui.view_loader import ViewLoader

if TYPE_CHECKING:
    from concom_desk.services.database import Database

COLUMNS: list[Column[PaymentLine]] = [
    Column("Date", lambda p: p.received_on.isoformat()),
    Column("Entry", lambda p: ENTRY_NAMES[p.entry]),
    Column("Receipt no.", lambda p: p.receipt_no),
    Column("For", lambda p: FEE_NAMES[p.fee]),
    Column("How paid", lambda p: p.how_paid),
    Column("By", lambda p: p.received_by),
    Column("Amount", lambda p: money(p.amount_cents)),
    Column("Reason", lambda p: p.reason),
]
METHODS = (("Check", "check"), ("Cash", "cash"), ("Other", "other"))


class PaymentsPanel(QWidget):
    changed = Signal()

    def __init__(self, db: Database, filing_id: int, today: date, initials: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db, self._filing_id, self._today = db, filing_id, today
        self.lines = RowTableModel(COLUMNS, self)
        self.view = QTableView()
        self.view.setModel(self.lines)
        self.view.setAccessibleName("Payments, refunds and waivers")
        self.view.horizontalHeader().setStretchLastSection(True)

        self.entry = QComboBox()
        self.entry.setAccessibleName("Payment, refund or waiver")
        for code in ("payment", "refund", "waiver"):
            self.entry.addItem({"payment": "Payment received", "refund": "Refund",
                                "waiver": "Fee waived"}[code], code)
        self.fee = QComboBox()
        self.fee.setAccessibleName("What the money is for")
        for code, name in FEE_NAMES.items():
            self.fee.addItem(name, code)
        self.amount = self._line("Amount", "dollars, e.g. 100.00")
        self.on = self._line("Date", "YYYY-MM-DD or M/D/YYYY", today.isoformat())
        self.receipt_no = self._line("Receipt number", "the number on the receipt")
        self.method = QComboBox()
        self.method.setAccessibleName("How it was paid")
        for name, code in METHODS:
            self.method.addItem(name, code)
        self.check_no = self._line("Check number", "the number on the check")
        self.note = self._line("How else it was paid", "e.g. money order")
        self.received_by = self._line("Received by", "initials or name", initials)
        self.reason = self._line("Reason", "why it is refunded or waived")
        self.record_button = QPushButton("Record a payment, refund or &waiver…")
        self.record_button.setAccessibleName("Record the payment")
        self.record_button.setAutoDefault(False)
        self.record_button.clicked.connect(self.record)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Payment message")

        form = QFormLayout()
        first = QHBoxLayout()
        for widget in (self.entry, self.fee):
            first.addWidget(widget)
        form.addRow("Entry:", first)
        second = QHBoxLayout()
        for label, widget in (("Amount ($):", self.amount), ("On:", self.on),
                              ("Receipt no.:", self.receipt_no)):
            second.addWidget(QLabel(label))
            second.addWidget(widget)
        form.addRow(second)
        third = QHBoxLayout()
        for label, widget in (("Paid by:", self.method), ("Check no.:", self.check_no),
                              ("Other:", self.note), ("Received by:", self.received_by)):
            third.addWidget(QLabel(label))
            third.addWidget(widget)
        form.addRow(third)
        fourth = QHBoxLayout()
        fourth.addWidget(QLabel("Reason:"))
        fourth.addWidget(self.reason, 1)
        fourth.addWidget(self.record_button)
        form.addRow(fourth)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(form)
        layout.addWidget(self.message)
        self.entry.currentIndexChanged.connect(self._fit_fields)
        self.method.currentIndexChanged.connect(self._fit_fields)
        self.loader = ViewLoader(self)
        self.reload()

    def _line(self, name: str, hint: str, text: str = "") -> QLineEdit:
        line = QLineEdit(text)
        line.setAccessibleName(name)
        line.setPlaceholderText(hint)
        return line

    def _fit_fields(self) -> None:
        """Only the boxes the chosen entry uses are open: a receipt number for a payment,
        a reason for a refund or waiver, a check number for a check."""
        entry, method = self.entry.currentData(), self.method.currentData()
        self.receipt_no.setEnabled(entry == "payment")
        self.reason.setEnabled(entry != "payment")
        self.method.setEnabled(entry != "waiver")
        self.check_no.setEnabled(entry != "waiver" and method == "check")
        self.note.setEnabled(entry == "payment" and method == "other")

    def _read(self) -> tuple[list[PaymentLine], str]:
        return (payments_of(self._db, self._filing_id),
                offered_receipt_no(self._db, self._today))

    def reload(self) -> None:
        self.loader.load(lambda _progress: self._read(), self._show)

    def _show(self, read: tuple[list[PaymentLine], str], said: str = "") -> None:
        rows, offered = read
        self.lines.set_rows(rows)
        self.view.resizeColumnsToContents()  # "Filing fee (town bylaw)" on one line
        self.receipt_no.setText(offered)
        self._fit_fields()
        net = sum(p.amount_cents for p in rows if p.entry != "waiver")
        if said:
            self.message.setText(said)
        elif rows:
            self.message.setText(f"Received for this filing, less refunds: {money(net)}.")
        else:
            self.message.setText("No payment recorded for this filing yet.")

    def record(self) -> None:
        entry, fee = self.entry.currentData(), self.fee.currentData()
        try:
            cents = parse_amount(self.amount.text())
            day = parse_date(self.on.text())
            if day is None:
                raise UserError("give the day")
            if day > self._today:
                raise UserError("the day is in the future; record money once it has moved")
        except (ValueError, UserError) as exc:
            self.message.setText(f"Not recorded: {exc}.".replace("..", "."))
            return
        words = {"payment": f"receipt {self.receipt_no.text().strip()}",
                 "refund": "the refund", "waiver": "the waiver"}[entry]
        write = self._write(entry, fee, cents, day)
        self.record_button.setEnabled(False)
        self.message.setText(SAVING)

        def written(outcome: str, said: Any) -> None:
            self.record_button.setEnabled(True)
            if outcome != "saved":
                self.message.setText(f"Not recorded: {said}.".replace("..", "."))
                return
            self.amount.clear()
            self.reason.clear()
            self.check_no.clear()
            self._show(said, f"Recorded {words}: {money(cents)}, {FEE_NAMES[fee].lower()}.")
            self.changed.emit()

        save_behind(self, lambda: (write(), self._read())[1], written)

    def _write(self, entry: str, fee: str, cents: int, day: date) -> Callable[[], object]:
        """The write, its words taken from the boxes now (it runs behind the window)."""
        db, filing_id, by = self._db, self._filing_id, self.received_by.text()
        method, check_no = self.method.currentData(), self.check_no.text()
        if entry == "payment":
            receipt_no, note = self.receipt_no.text(), self.note.text()
            return lambda: record_payment(
                db, filing_id, amount_cents=cents, received_on=day, receipt_no=receipt_no,
                method=method, received_by=by, fee=fee, check_no=check_no, note=note)
        reason = self.reason.text()
        if entry == "refund":
            return lambda: record_refund(
                db, filing_id, amount_cents=cents, refunded_on=day, reason=reason,
                received_by=by, fee=fee, method=method, check_no=check_no)
        return lambda: record_waiver(db, filing_id, amount_cents=cents, waived_on=day,
                                     reason=reason, received_by=by, fee=fee)


def add_payments_tab(db: Database, record: Any, filing_id: int, today: date,
                     refresh: Callable[[], None]) -> PaymentsPanel:
    panel = PaymentsPanel(db, filing_id, today, getattr(db, "initials", ""))
    panel.changed.connect(record.writes.read_again)  # the history shows the new entry
    panel.changed.connect(refresh)
    record.add_panel(panel, "Pa&yments")
    return panel
