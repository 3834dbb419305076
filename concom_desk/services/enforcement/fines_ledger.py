"""A case's fines: what was assessed, paid and waived, and the most the bylaw
allows as of a day (each violation, from its confirmation, to the day it was
corrected or the day asked about).

Amounts are whole cents in the store and whole dollars in the bylaws; the
ledger shows dollars and cents.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.fines import accrued_fine
from concom_desk.errors import UserError
from concom_desk.services.enforcement.common import case_profile, get_case
from concom_desk.store import Database
from concom_desk.store.models import Fine, FinePayment, Violation

PAYMENT_METHODS = ("check", "cash", "card", "money_order")


def money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def assess_fine(db: Database, case_id: int, offense_on: date, amount_cents: int,
                noncriminal: bool = False, violation_id: int | None = None,
                ticket_no: str = "", issued_on: date | None = None) -> int:
    """Record a fine or a non-criminal ticket for one offense (one day, one provision),
    refusing an amount above what the town's bylaw allows for one offense."""
    with db.session() as session:
        case = get_case(session, case_id)
        profile = case_profile(case)
        if profile.fines is None:
            raise UserError(f"{profile.name}'s bylaw, as profiled, sets no fine per offense")
        if noncriminal:
            if profile.fines.noncriminal_ticket is None:
                raise UserError(f"{profile.name}'s bylaw, as profiled, sets no non-criminal "
                                "ticket amount under MGL c.40 §21D")
            ceiling, citation = profile.fines.noncriminal_ticket, profile.fines.noncriminal_citation
        else:
            ceiling, citation = profile.fines.per_offense, profile.fines.citation
        if amount_cents <= 0:
            raise UserError("a fine must be more than $0")
        if amount_cents > ceiling * 100:
            raise UserError(f"{money(amount_cents)} is more than the {money(ceiling * 100)} "
                            f"per offense the bylaw allows ({citation})")
        if violation_id is not None:
            violation = session.get(Violation, violation_id)
            if violation is None or violation.case_id != case.id:
                raise UserError("that violation is not part of this case")
        fine = Fine(case_id=case.id, violation_id=violation_id,
                    kind="noncriminal_ticket" if noncriminal else "fine",
                    offense_on=offense_on, issued_on=issued_on or offense_on,
                    amount_cents=amount_cents, ticket_no=ticket_no.strip(),
                    citation=citation[:200])
        session.add(fine)
        session.flush()
        return fine.id


def _outstanding(fine: Fine) -> int:
    return fine.amount_cents - fine.waived_cents - sum(p.amount_cents for p in fine.payments)


def record_payment(db: Database, fine_id: int, paid_on: date, amount_cents: int,
                   method: str = "check", receipt_no: str = "") -> None:
    if method not in PAYMENT_METHODS:
        raise UserError(f"payment method must be one of {', '.join(PAYMENT_METHODS)}")
    with db.session() as session:
        fine = session.get(Fine, fine_id)
        if fine is None:
            raise UserError(f"there is no fine with id {fine_id}")
        if amount_cents <= 0 or amount_cents > _outstanding(fine):
            raise UserError(f"a payment must be more than $0 and at most the "
                            f"{money(_outstanding(fine))} still owed")
        session.add(FinePayment(fine_id=fine.id, paid_on=paid_on, amount_cents=amount_cents,
                                method=method, receipt_no=receipt_no.strip()))


def waive_fine(db: Database, fine_id: int, waived_on: date, reason: str,
               amount_cents: int | None = None) -> None:
    """Waive what is still owed on a fine (or part of it); the fine stays on the ledger."""
    if not reason.strip():
        raise UserError("say why the fine is waived (the reason is kept in the record)")
    with db.session() as session:
        fine = session.get(Fine, fine_id)
        if fine is None:
            raise UserError(f"there is no fine with id {fine_id}")
        owed = _outstanding(fine)
        amount = owed if amount_cents is None else amount_cents
        if amount <= 0 or amount > owed:
            raise UserError(f"only the {money(owed)} still owed can be waived")
        fine.waived_cents += amount
        fine.waived_on = waived_on
        fine.waiver_reason = reason.strip()


@dataclass(frozen=True)
class LedgerRow:
    fine_id: int
    offense_on: date
    kind: str
    ticket_no: str
    assessed_cents: int
    paid_cents: int
    waived_cents: int
    outstanding_cents: int
    citation: str


@dataclass(frozen=True)
class FineLedger:
    rows: list[LedgerRow]
    as_of: date
    max_accrued_cents: int | None  # None: the bylaw sets no fine
    max_accrued_note: str
    totals: dict[str, int] = field(default_factory=dict)


def _first_day(violation: Violation, counted_from: str) -> date | None:
    """Upton counts "commencing the day on which the violation has been confirmed";
    a profile that counts from the violation itself starts at the first day the
    commission saw it, and only a confirmed violation is counted at all."""
    if violation.confirmed_on is None:
        return None
    if counted_from == "confirmed" or violation.observed_on is None:
        return violation.confirmed_on
    return min(violation.observed_on, violation.confirmed_on)


def max_accrued(session: Session, case_id: int, as_of: date) -> tuple[int | None, str]:
    """The ceiling of the fines as of `as_of`, with how it was counted."""
    case = get_case(session, case_id)
    profile = case_profile(case)
    if profile.fines is None:
        return None, f"{profile.name}'s bylaw, as profiled, sets no fine per offense"
    total = 0
    parts = []
    for violation in session.scalars(select(Violation).where(Violation.case_id == case_id)
                                     .order_by(Violation.number)):
        start = _first_day(violation, profile.fines.counted_from)
        if start is None or start > as_of:
            continue
        end = min(as_of, violation.corrected_on) if violation.corrected_on else as_of
        accrual = accrued_fine(profile.fines, profile.name, start, end)
        total += accrual.max_total
        parts.append(f"#{violation.number} {accrual.days} day(s) from {start.isoformat()}")
    if not parts:
        return 0, "no violation confirmed yet: fines run from the day one is confirmed"
    note = (f"{'; '.join(parts)}, at not more than ${profile.fines.per_offense:,} per "
            f"offense ({profile.fines.citation})")
    return total * 100, note


def _row(fine: Fine, as_of: date) -> LedgerRow:
    """One fine as it stood at the end of `as_of`."""
    paid = sum(p.amount_cents for p in fine.payments if p.paid_on <= as_of)
    waived = fine.waived_cents if fine.waived_on and fine.waived_on <= as_of else 0
    return LedgerRow(
        fine_id=fine.id, offense_on=fine.offense_on,
        kind="Non-criminal ticket" if fine.kind == "noncriminal_ticket" else "Fine",
        ticket_no=fine.ticket_no, assessed_cents=fine.amount_cents, paid_cents=paid,
        waived_cents=waived, outstanding_cents=fine.amount_cents - paid - waived,
        citation=fine.citation,
    )


def fines_ledger(session: Session, case_id: int, as_of: date) -> FineLedger:
    fines = session.scalars(select(Fine).where(Fine.case_id == case_id)
                            .order_by(Fine.offense_on, Fine.id)).all()
    rows = [_row(fine, as_of) for fine in fines if fine.offense_on <= as_of]
    ceiling, note = max_accrued(session, case_id, as_of)
    totals = {
        "assessed": sum(r.assessed_cents for r in rows),
        "paid": sum(r.paid_cents for r in rows),
        "waived": sum(r.waived_cents for r in rows),
        "outstanding": sum(r.outstanding_cents for r in rows),
    }
    return FineLedger(rows, as_of, ceiling, note, totals)
