"""The record window's summary of what a filing holds beyond its dates: who
represents the applicant, the fees and bond, where the permit is recorded and the
notes. One line per part, and only the parts that have something in them."""

from __future__ import annotations

from datetime import date

from concom_desk.services.filings.form import FilingForm


def money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def _on(day: date | None) -> str:
    return day.isoformat() if day else ""


def _fee(form: FilingForm) -> str:
    if form.fee_waived:
        return f"Filing fee: waived ({form.fee_waiver_reason})"
    if not form.fee_cents and not form.fee_paid_on:
        return ""
    amount = money(form.fee_cents) if form.fee_cents else "amount not entered"
    paid = f"paid {_on(form.fee_paid_on)}" if form.fee_paid_on else "not paid yet"
    return f"Filing fee: {amount}, {paid}"


def _consultant(form: FilingForm) -> str:
    if not (form.consultant_fee_cents or form.consultant):
        return ""
    parts = [money(form.consultant_fee_cents) if form.consultant_fee_cents else ""]
    if form.consultant:
        parts.append(f"to {form.consultant}")
    paid = (f"paid {_on(form.consultant_fee_paid_on)}" if form.consultant_fee_paid_on
            else "not paid yet")
    return f"Consultant fee (MGL c.44 §53G): {' '.join(p for p in parts if p)}, {paid}"


def _bond(form: FilingForm) -> str:
    if not (form.bond_cents or form.bond_form or form.bond_posted_on):
        return ""
    what = " ".join(p for p in (money(form.bond_cents) if form.bond_cents else "",
                                form.bond_form) if p)
    dates = [f"posted {_on(form.bond_posted_on)}" if form.bond_posted_on else "",
             f"released {_on(form.bond_released_on)}" if form.bond_released_on
             else "not released"]
    return f"Bond: {', '.join(p for p in (what, *dates) if p)}"


def _recorded(form: FilingForm) -> str:
    where = []
    if form.recorded_book or form.recorded_page:
        where.append(f"Book {form.recorded_book or '____'}, Page {form.recorded_page or '____'}")
    if form.recorded_document:
        where.append(f"Land Court document {form.recorded_document}")
    if not (where or form.recorded):
        return ""
    return "Recorded: " + ", ".join(p for p in (_on(form.recorded), *where) if p)


def _representative(form: FilingForm) -> str:
    if not form.representative:
        return ""
    parts = [form.representative, form.representative_company,
             form.representative_mail.one_line(), form.representative_phone,
             form.representative_email]
    return "Representative: " + " · ".join(p for p in parts if p)


def record_summary(form: FilingForm) -> list[str]:
    lines = [
        _representative(form),
        f"Boards notified: {_on(form.boards_notified)}" if form.boards_notified else "",
        _fee(form), _consultant(form), _bond(form), _recorded(form),
        f"Notes: {form.notes}" if form.notes else "",
    ]
    return [line for line in lines if line]
