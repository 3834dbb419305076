"""Enforcement: cases, violations, orders, inspections, fines and payments.

An order signed by a single member (an emergency) must be ratified at the next
meeting: `ratify_by` is the date, `ratified_meeting_id` the meeting that did it.
Cases, like filings, are never deleted: they are voided with a reason.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import CheckConstraint, Date, DateTime, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from concom_desk.store.models.base import Base, Versioned, cents, flag, one_of, ref, text_field
from concom_desk.store.models.parties import Party, Property

# The lifecycle and its allowed moves are in concom_desk.domain.enforcement_case.
CASE_STATUSES: dict[str, str] = {
    "open": "reported or observed, under investigation",
    "inspected": "the site has been inspected",
    "notice_sent": "a violation notice has been sent",
    "order_issued": "an enforcement order has been issued",
    "in_compliance": "the site is found in compliance",
    "restoration": "restoration under way",
    "referred_counsel": "referred to Town Counsel (civil action)",
    "referred_police": "referred to the police (criminal action)",
    "referred": "referred to town counsel or the court (older records)",
    "closed": "resolved",
    "void": "voided (entered in error); the reason is kept",
}
CASE_SOURCES = ("complaint", "observation")
ORDER_KINDS = ("violation_notice", "enforcement_order", "restoration_order", "cease_and_desist")
FINE_KINDS = ("fine", "noncriminal_ticket")
PAYMENT_METHODS = ("check", "cash", "card", "money_order")
# What an inspection found of one of the permit's conditions.
CHECK_RESULTS: dict[str, str] = {
    "met": "complied with", "not_met": "not complied with", "not_yet": "not yet due",
}


class EnforcementCase(Versioned, Base):
    __tablename__ = "enforcement_case"
    __table_args__ = (
        one_of("status", CASE_STATUSES),
        one_of("source", CASE_SOURCES),
        CheckConstraint(
            "(status = 'void') = (voided_at IS NOT NULL AND length(trim(void_reason)) > 0)",
            name="void_has_reason",
        ),
    )

    case_no: Mapped[str] = mapped_column(String(30), unique=True)  # "EC-2026-007"
    town: Mapped[str] = mapped_column(String(60))
    opened_on: Mapped[date] = mapped_column(Date, index=True)
    status: Mapped[str] = text_field(20, "open", index=True)
    property_id: Mapped[int | None] = ref("property")
    violator_id: Mapped[int | None] = ref("party")
    filing_id: Mapped[int | None] = ref("filing")  # the permit it concerns, if any
    description: Mapped[str] = text_field()
    resource_areas: Mapped[str] = text_field()
    # How the commission learned of it: a complaint (who, how to reach them) or its
    # own observation; the history and a court both ask.
    source: Mapped[str] = text_field(20, "complaint")
    complainant: Mapped[str] = text_field(200)
    complainant_contact: Mapped[str] = text_field(200)
    closed_on: Mapped[date | None] = mapped_column(Date)
    voided_at: Mapped[datetime | None] = mapped_column(DateTime)
    void_reason: Mapped[str] = text_field()

    property: Mapped[Property | None] = relationship()
    violator: Mapped[Party | None] = relationship()
    violations: Mapped[list[Violation]] = relationship(order_by="Violation.number")
    orders: Mapped[list[EnforcementOrder]] = relationship(order_by="EnforcementOrder.issued_on")


class Violation(Versioned, Base):
    __tablename__ = "violation"

    case_id: Mapped[int] = ref("enforcement_case", nullable=False)
    number: Mapped[int] = mapped_column(Integer)
    provision: Mapped[str] = mapped_column(String(200))  # "§330-4 (work in buffer zone)"
    description: Mapped[str] = text_field()
    observed_on: Mapped[date | None] = mapped_column(Date)
    confirmed_on: Mapped[date | None] = mapped_column(Date)  # Upton: fines run from here
    corrected_on: Mapped[date | None] = mapped_column(Date)
    # The notice or order that found it: a paper lists its own and the earlier papers'
    # (an order carries the notice's over), never a later order's. None: recorded on the
    # case before any paper, for the next one to cite.
    order_id: Mapped[int | None] = ref("enforcement_order")


class EnforcementOrder(Versioned, Base):
    __tablename__ = "enforcement_order"
    __table_args__ = (one_of("kind", ORDER_KINDS),)

    case_id: Mapped[int] = ref("enforcement_case", nullable=False)
    order_no: Mapped[str] = mapped_column(String(30))
    kind: Mapped[str] = text_field(30, "enforcement_order")
    issued_on: Mapped[date] = mapped_column(Date)
    signed_by: Mapped[str] = text_field()  # names, one per line
    emergency: Mapped[bool] = flag()  # single-member order
    ratify_by: Mapped[date | None] = mapped_column(Date)
    ratified_meeting_id: Mapped[int | None] = ref("meeting")
    stop_work: Mapped[bool] = flag()
    restore_by: Mapped[date | None] = mapped_column(Date)
    file_noi_by: Mapped[date | None] = mapped_column(Date)
    requirements: Mapped[str] = text_field()  # one per line
    served_on: Mapped[date | None] = mapped_column(Date)
    lifted_on: Mapped[date | None] = mapped_column(Date)


class Inspection(Versioned, Base):
    """A site visit, for an enforcement case or for a filing (a pre-construction
    meeting, an erosion-control check, the inspection before a COC).

    A visit planned but not yet made is a row with `done` false and `inspected_on` the
    day planned (schema 0015): marked done, the same row takes the day it was made, so
    the record never holds a plan and its visit as two inspections."""

    __tablename__ = "inspection"

    case_id: Mapped[int | None] = ref("enforcement_case")
    filing_id: Mapped[int | None] = ref("filing")
    inspected_on: Mapped[date] = mapped_column(Date)
    inspector: Mapped[str] = text_field(200)
    findings: Mapped[str] = text_field()
    follow_up_by: Mapped[date | None] = mapped_column(Date)
    purpose: Mapped[str] = text_field(60)  # "Pre-construction meeting", "Erosion controls"
    done: Mapped[bool] = flag(True)
    land_id: Mapped[int | None] = ref("conservation_land")  # a monitoring visit


class InspectionCheck(Base):
    """A permit's condition as an inspection found it (conditions checked off on site)."""

    __tablename__ = "inspection_check"
    __table_args__ = (UniqueConstraint("inspection_id", "condition_id"),
                      one_of("result", CHECK_RESULTS))

    inspection_id: Mapped[int] = ref("inspection", nullable=False)
    condition_id: Mapped[int] = ref("condition", nullable=False)
    result: Mapped[str] = text_field(20, "met")
    note: Mapped[str] = text_field()


class Fine(Versioned, Base):
    __tablename__ = "fine"
    __table_args__ = (one_of("kind", FINE_KINDS),
                      CheckConstraint("amount_cents >= 0", name="amount_not_negative"),
                      CheckConstraint("waived_cents >= 0 AND waived_cents <= amount_cents",
                                      name="waiver_within_amount"))

    case_id: Mapped[int] = ref("enforcement_case", nullable=False)
    violation_id: Mapped[int | None] = ref("violation")
    kind: Mapped[str] = text_field(20, "fine")
    offense_on: Mapped[date] = mapped_column(Date)
    issued_on: Mapped[date | None] = mapped_column(Date)
    amount_cents: Mapped[int] = mapped_column(Integer)
    ticket_no: Mapped[str] = text_field(30)
    citation: Mapped[str] = text_field(200)
    # A fine the commission waives (in part or in full) stays in the ledger.
    waived_cents: Mapped[int] = cents()
    waived_on: Mapped[date | None] = mapped_column(Date)
    waiver_reason: Mapped[str] = text_field()

    payments: Mapped[list[FinePayment]] = relationship()


class FinePayment(Base):
    __tablename__ = "fine_payment"
    __table_args__ = (one_of("method", PAYMENT_METHODS),
                      CheckConstraint("amount_cents > 0", name="amount_positive"))

    fine_id: Mapped[int] = ref("fine", nullable=False)
    paid_on: Mapped[date] = mapped_column(Date)
    amount_cents: Mapped[int] = mapped_column(Integer)
    method: Mapped[str] = text_field(20, "check")
    receipt_no: Mapped[str] = text_field(30)
