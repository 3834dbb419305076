"""Money the commission takes in for a filing, and money it gives back or forgoes.

One row per receipt, refund or waiver (`entry`). A payment carries the receipt
number the clerk wrote on the town's receipt book (unique across the record, so the
Treasurer can match the turnover report to the stubs), how it was paid, the day and
who took it. A refund or a waiver carries the reason the clerk gave; neither has a
receipt number of its own. `fee` names what the money is for: the town's filing fee
under its bylaw, the town's share of the fee under the Act (the state's share goes to
MassDEP's lockbox, not through the town hall), the consultant review fee (MGL c.44
§53G) or something else the clerk names in `note`. Rows are never edited or deleted:
a mistake is put right by a refund, so the audit trail and the Treasurer's copy agree.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import CheckConstraint, Date, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, one_of, ref, text_field

PAYMENT_ENTRIES = ("payment", "refund", "waiver")
PAYMENT_FEES = ("local_filing_fee", "wpa_town_share", "consultant_fee", "other")
PAYMENT_METHODS = ("cash", "check", "other", "none")


class Payment(Base):
    __tablename__ = "payment"
    __table_args__ = (
        one_of("entry", PAYMENT_ENTRIES),
        one_of("fee", PAYMENT_FEES),
        one_of("method", PAYMENT_METHODS),
        CheckConstraint("amount_cents > 0", name="amount_positive"),
        # A payment has its receipt; a refund or waiver has a reason instead.
        CheckConstraint("entry <> 'payment' OR receipt_no IS NOT NULL", name="payment_receipt"),
        CheckConstraint("entry = 'payment' OR length(trim(reason)) > 0", name="has_reason"),
    )

    filing_id: Mapped[int] = ref("filing", nullable=False)
    entry: Mapped[str] = text_field(10, "payment")
    fee: Mapped[str] = text_field(20, "local_filing_fee")
    amount_cents: Mapped[int] = mapped_column(Integer)
    received_on: Mapped[date] = mapped_column(Date, index=True)
    receipt_no: Mapped[str | None] = mapped_column(String(30), unique=True)
    method: Mapped[str] = text_field(10, "check")
    check_no: Mapped[str] = text_field(30)
    received_by: Mapped[str] = text_field(100)
    reason: Mapped[str] = text_field(200)
    note: Mapped[str] = text_field(200)
