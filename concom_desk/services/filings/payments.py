"""A filing's money: the receipts the clerk writes for its fees, and the refunds and
waivers the commission grants, each with the reason.

A receipt number is offered (the last one written, plus one, so the program follows
the town's own receipt book) and must be unique across the record: the Treasurer
matches the turnover report to the stubs by it. Nothing here edits or deletes a row;
a receipt written in error is put right by a refund, so the trail, the export and
the Treasurer's copy tell the same story. Every row goes through the audited tables.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from concom_desk.errors import UserError
from concom_desk.store import Database
from concom_desk.store.models import Filing, Payment
from concom_desk.store.models.payments import PAYMENT_FEES

FEE_NAMES = {
    "local_filing_fee": "Filing fee (town bylaw)",
    "wpa_town_share": "Town's share of the fee under the Act",
    "consultant_fee": "Consultant review fee (MGL c.44 §53G)",
    "other": "Other",
}
METHOD_NAMES = {"cash": "Cash", "check": "Check", "other": "Other", "none": ""}
ENTRY_NAMES = {"payment": "Received", "refund": "Refunded", "waiver": "Waived"}
_TRAILING_DIGITS = re.compile(r"^(.*?)(\d+)$")


def money(cents: int) -> str:
    sign = "−" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}${cents // 100:,}.{cents % 100:02d}"


@dataclass(frozen=True)
class PaymentLine:
    """One row of a filing's payments, as the record shows it."""

    id: int
    filing_id: int
    file_no: str
    entry: str
    fee: str
    amount_cents: int  # as signed for a total: a refund counts against
    received_on: date
    receipt_no: str
    method: str
    check_no: str
    received_by: str
    reason: str
    note: str

    @property
    def how_paid(self) -> str:
        if self.method == "check" and self.check_no:
            return f"Check no. {self.check_no}"
        if self.method == "other" and self.note:
            return f"Other ({self.note})"
        return METHOD_NAMES[self.method]

    def describe(self) -> str:
        """'2026-12-04 Received $100.00 filing fee (town bylaw), receipt 1042, check no. 381'."""
        words = [self.received_on.isoformat(), ENTRY_NAMES[self.entry],
                 money(abs(self.amount_cents)), FEE_NAMES[self.fee].lower()]
        if self.receipt_no:
            words.append(f"— receipt {self.receipt_no}")
        if self.how_paid:  # "check no. T-77": the number as written
            words.append(f"({self.how_paid[:1].lower()}{self.how_paid[1:]})")
        if self.reason:
            words.append(f"— {self.reason}")
        return " ".join(words)


def _line(payment: Payment, file_no: str) -> PaymentLine:
    signed = -payment.amount_cents if payment.entry == "refund" else payment.amount_cents
    return PaymentLine(payment.id, payment.filing_id, file_no, payment.entry, payment.fee,
                       signed, payment.received_on, payment.receipt_no or "", payment.method,
                       payment.check_no, payment.received_by, payment.reason, payment.note)


def payment_words(payment: Payment, file_no: str) -> str:
    """The row as the filing's history says it ("Received $100.00 filing fee …")."""
    return _line(payment, file_no).describe().split(" ", 1)[1]


def next_receipt_no(session: Session, year: int) -> str:
    """The number to offer: the last receipt's number plus one, keeping its form
    ('R-0041' → 'R-0042'); the first of all is '<year>-0001'."""
    last = session.scalars(select(Payment.receipt_no).where(Payment.receipt_no.is_not(None))
                           .order_by(Payment.id.desc()).limit(1)).first()
    match = _TRAILING_DIGITS.match(last or "")
    candidate = (f"{match[1]}{int(match[2]) + 1:0{len(match[2])}d}" if match
                 else f"{year}-0001")
    taken = set(session.scalars(select(Payment.receipt_no)
                                .where(Payment.receipt_no.is_not(None))))
    while candidate in taken:  # a number typed by hand ahead of the book
        match = _TRAILING_DIGITS.match(candidate)
        assert match is not None
        candidate = f"{match[1]}{int(match[2]) + 1:0{len(match[2])}d}"
    return candidate


def offered_receipt_no(db: Database, on: date) -> str:
    with db.read_session() as session:
        return next_receipt_no(session, on.year)


def _filing(session: Session, filing_id: int) -> Filing:
    filing = session.get(Filing, filing_id)
    if filing is None:
        raise UserError(f"there is no filing with id {filing_id}")
    return filing


def _check_fee(fee: str) -> None:
    if fee not in PAYMENT_FEES:
        raise UserError(f"what the money is for must be one of {', '.join(PAYMENT_FEES)}")


def record_payment(db: Database, filing_id: int, *, amount_cents: int, received_on: date,
                   receipt_no: str, method: str, received_by: str,
                   fee: str = "local_filing_fee", check_no: str = "", note: str = "") -> int:
    """Write one receipt; refused with one line when the number is already used."""
    _check_fee(fee)
    receipt_no, check_no = receipt_no.strip(), check_no.strip()
    if amount_cents <= 0:
        raise UserError("a payment must be more than $0.00")
    if not receipt_no:
        raise UserError("give the receipt number (the next one is offered)")
    if method not in ("cash", "check", "other"):
        raise UserError("say how it was paid: cash, check or other")
    if method == "check" and not check_no:
        raise UserError("give the check's number")
    if method == "other" and not note.strip():
        raise UserError("say how it was paid (e.g. money order, online)")
    if not received_by.strip():
        raise UserError("say who received the payment")
    with db.session() as session:
        filing = _filing(session, filing_id)
        used = session.scalars(select(Payment).where(Payment.receipt_no == receipt_no)).first()
        if used is not None:
            other = session.get(Filing, used.filing_id)
            raise UserError(f"receipt {receipt_no} is already written (for "
                            f"{other.file_no if other else 'another filing'}, "
                            f"{used.received_on}); the next free number is "
                            f"{next_receipt_no(session, received_on.year)}")
        payment = Payment(filing_id=filing.id, entry="payment", fee=fee,
                          amount_cents=amount_cents, received_on=received_on,
                          receipt_no=receipt_no, method=method,
                          check_no=check_no if method == "check" else "",
                          received_by=received_by.strip()[:100], note=note.strip()[:200])
        session.add(payment)
        try:
            session.flush()
        except IntegrityError:  # written by another desk between the look and the write
            raise UserError(f"receipt {receipt_no} was just written at another desk; "
                            "take the next number") from None
        return payment.id


def _balance(session: Session, filing_id: int, fee: str) -> int:
    rows = session.scalars(select(Payment).where(Payment.filing_id == filing_id,
                                                 Payment.fee == fee))
    return sum(-p.amount_cents if p.entry == "refund" else p.amount_cents
               for p in rows if p.entry != "waiver")


def record_refund(db: Database, filing_id: int, *, amount_cents: int, refunded_on: date,
                  reason: str, received_by: str, fee: str = "local_filing_fee",
                  method: str = "check", check_no: str = "") -> int:
    """Money given back (a fee paid twice, a filing withdrawn before review), at most
    what was received for that fee."""
    _check_fee(fee)
    if not reason.strip():
        raise UserError("say why the money is refunded (the reason is kept in the record)")
    with db.session() as session:
        _filing(session, filing_id)
        held = _balance(session, filing_id, fee)
        if amount_cents <= 0 or amount_cents > held:
            raise UserError(f"a refund must be more than $0.00 and at most the {money(held)} "
                            f"received for the {FEE_NAMES[fee].lower()}")
        refund = Payment(filing_id=filing_id, entry="refund", fee=fee, amount_cents=amount_cents,
                         received_on=refunded_on, receipt_no=None,
                         method=method if method in ("cash", "check", "other") else "check",
                         check_no=check_no.strip(), received_by=received_by.strip()[:100],
                         reason=reason.strip()[:200])
        session.add(refund)
        session.flush()
        return refund.id


def record_waiver(db: Database, filing_id: int, *, amount_cents: int, waived_on: date,
                  reason: str, received_by: str, fee: str = "local_filing_fee") -> int:
    """A fee the commission waived (a government agency, hardship, as the bylaw allows)."""
    _check_fee(fee)
    if not reason.strip():
        raise UserError("say why the fee is waived (the reason is kept in the record)")
    if amount_cents <= 0:
        raise UserError("a waiver must be of more than $0.00")
    with db.session() as session:
        _filing(session, filing_id)
        waiver = Payment(filing_id=filing_id, entry="waiver", fee=fee, amount_cents=amount_cents,
                         received_on=waived_on, receipt_no=None, method="none",
                         received_by=received_by.strip()[:100], reason=reason.strip()[:200])
        session.add(waiver)
        session.flush()
        return waiver.id


def payments_of(db: Database, filing_id: int) -> list[PaymentLine]:
    with db.read_session() as session:
        filing = _filing(session, filing_id)
        rows = session.scalars(select(Payment).where(Payment.filing_id == filing_id)
                               .order_by(Payment.received_on, Payment.id))
        return [_line(p, filing.file_no) for p in rows]


def payments_between(session: Session, start: date, end: date) -> list[PaymentLine]:
    """Every receipt, refund and waiver dated in [start, end], in date and receipt order."""
    rows = session.execute(select(Payment, Filing.file_no)
                           .join(Filing, Filing.id == Payment.filing_id)
                           .where(Payment.received_on.between(start, end))
                           .order_by(Payment.received_on, Payment.id))
    return [_line(payment, file_no) for payment, file_no in rows]


def town_fee_words(town: str, kind: str) -> tuple[str, str]:
    """The town's own filing fee for this kind of filing as its profile lists it, or why
    the profile lists none: a line for beside the fee the clerk types, and the whole."""
    from concom_desk.domain.local_fees import local_fee_words, local_fees_for
    from concom_desk.services.commission.town_profiles import profile_for

    try:
        fees = profile_for(town).fees if town else {}
    except UserError:
        fees = {}
    whole = local_fee_words(fees, kind)
    if local_fees_for(fees, kind):
        return whole, whole
    return "not in the town's profile; type the commission's fee (point here for why).", whole
