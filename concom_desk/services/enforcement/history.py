"""The full, dated history of a case, from its records and the audit trail, and
its printout.

Each entry has the day the thing happened (an inspection's date, an order's
date of issue) and, from the audit trail, when and by whom it was entered: a
court may ask both. A change made to a record after it was first written (a
date corrected, a status changed) comes from the audit trail, so nothing done
to the case is missing from the history even if no note was written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk import clock
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.plain_text import printable_text
from concom_desk.services.documents.rendering import save_atomically
from concom_desk.services.enforcement.common import CORRECTED, get_case, lines
from concom_desk.store import Database
from concom_desk.store.anchor import head_in
from concom_desk.store.models import (
    AuditEntry,
    CaseAttachment,
    CaseNote,
    CommissionSettings,
    EnforcementOrder,
    Fine,
    FinePayment,
    GeneratedDocument,
    Inspection,
    Meeting,
    Violation,
)

KIND_NAMES = {
    "violation_notice": "Violation notice",
    "enforcement_order": "Enforcement order",
    "restoration_order": "Restoration order",
    "cease_and_desist": "Cease and desist order",
}


@dataclass(frozen=True)
class HistoryEntry:
    day: date
    text: str
    entered: str = ""  # "2026-12-04 15:02 UTC by JB (jbrown)" from the audit trail
    order: int = 0  # ties on one day keep the order things were entered


def _entered(session: Session, table: str, record_id: int) -> tuple[str, int]:
    entry = session.scalars(
        select(AuditEntry).where(AuditEntry.table_name == table,
                                 AuditEntry.record_id == record_id,
                                 AuditEntry.action == "insert").limit(1)
    ).first()
    if entry is None:
        return "", 0
    who = entry.initials or entry.os_user
    return f"{entry.at[:16].replace('T', ' ')} UTC by {who}", entry.id


def _money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def case_history(session: Session, case_id: int) -> list[HistoryEntry]:
    case = get_case(session, case_id)
    entries: list[HistoryEntry] = []

    def add(day: date, text: str, table: str, record_id: int) -> None:
        entered, order = _entered(session, table, record_id)
        entries.append(HistoryEntry(day, text, entered, order))

    how = (f"Complaint received from {case.complainant}"
           + (f" ({case.complainant_contact})" if case.complainant_contact else "")
           if case.source == "complaint" else "Violation observed by the commission")
    add(case.opened_on, f"Case {case.case_no} opened. {how}: {case.description}",
        "enforcement_case", case.id)
    for inspection in session.scalars(select(Inspection).where(Inspection.case_id == case.id)):
        text = f"Site inspected by {inspection.inspector}: {inspection.findings}"
        if inspection.follow_up_by:
            text += f" Follow-up inspection by {long_date(inspection.follow_up_by)}."
        add(inspection.inspected_on, text, "inspection", inspection.id)
    for violation in session.scalars(select(Violation).where(Violation.case_id == case.id)):
        day = violation.confirmed_on or violation.observed_on or case.opened_on
        add(day, f"Violation #{violation.number} recorded: {violation.provision}"
            + (f" — {violation.description}" if violation.description else "")
            + (f" (confirmed {long_date(violation.confirmed_on)})"
               if violation.confirmed_on else ""), "violation", violation.id)
        if violation.corrected_on:
            entries.append(HistoryEntry(violation.corrected_on,
                                        f"Violation #{violation.number} corrected."))
    for order in session.scalars(select(EnforcementOrder)
                                 .where(EnforcementOrder.case_id == case.id)):
        add(order.issued_on, _order_text(order), "enforcement_order", order.id)
        if order.ratified_meeting_id is not None:
            meeting = session.get(Meeting, order.ratified_meeting_id)
            if meeting is not None:
                entries.append(HistoryEntry(
                    meeting.held_on, f"Emergency order {order.order_no} ratified by the "
                                     "commission."))
    for note in session.scalars(select(CaseNote).where(CaseNote.case_id == case.id)):
        add(note.noted_on, note.text, "case_note", note.id)
    for fine in session.scalars(select(Fine).where(Fine.case_id == case.id)):
        kind = "Non-criminal ticket" if fine.kind == "noncriminal_ticket" else "Fine"
        ticket = f" no. {fine.ticket_no}" if fine.ticket_no else ""
        add(fine.issued_on or fine.offense_on,
            f"{kind}{ticket} assessed: {_money(fine.amount_cents)} for the offense of "
            f"{long_date(fine.offense_on)} ({fine.citation}).", "fine", fine.id)
        for payment in session.scalars(select(FinePayment)
                                       .where(FinePayment.fine_id == fine.id)):
            add(payment.paid_on, f"Payment of {_money(payment.amount_cents)} received "
                f"({payment.method.replace('_', ' ')}"
                + (f", receipt {payment.receipt_no}" if payment.receipt_no else "") + ").",
                "fine_payment", payment.id)
        if fine.waived_on:
            entries.append(HistoryEntry(fine.waived_on, f"{_money(fine.waived_cents)} of the "
                                        f"{kind.lower()} waived: {fine.waiver_reason}"))
    for attachment in session.scalars(select(CaseAttachment)
                                      .where(CaseAttachment.case_id == case.id)):
        add(attachment.added_on, f"{attachment.kind.title()} filed: {attachment.original_name}"
            f" (sha256 {attachment.sha256[:12]}…)", "case_attachment", attachment.id)
    for document in session.scalars(select(GeneratedDocument)
                                    .where(GeneratedDocument.enforcement_case_id == case.id)):
        add(document.created_at.date(), f"Document printed: {document.title}",
            "generated_document", document.id)
    entries.extend(_audited_changes(session, case.id))
    return sorted(entries, key=lambda e: (e.day, e.order))


def _order_text(order: EnforcementOrder) -> str:
    signers = ", ".join(lines(order.signed_by))
    text = f"{KIND_NAMES.get(order.kind, order.kind)} {order.order_no} issued, signed by {signers}"
    if order.emergency:
        text += " in an emergency (to be ratified at the next scheduled meeting)"
    text += "."
    if order.stop_work:
        text += " All work to stop at once."
    if order.restore_by:
        text += f" Restore by {long_date(order.restore_by)}."
    if order.file_noi_by:
        text += f" File a Notice of Intent by {long_date(order.file_noi_by)}."
    requirements = [line.rstrip(".;") for line in lines(order.requirements)]
    if requirements:
        text += f" Requirements: {'; '.join(requirements)}."
    return text


def _audited_changes(session: Session, case_id: int) -> list[HistoryEntry]:
    """Corrections to the case's own fields made without a line of their own (the
    status moves have their own dated notes, and Edit details… writes "Case details
    corrected: …" with the correction it describes): what the audit trail saw change,
    so that nothing done to the case is missing from the history."""
    found = []
    watched = {"description", "resource_areas", "opened_on", "filing_id", "violator_id",
               "property_id", "void_reason"}
    updates = session.scalars(select(AuditEntry).where(
        AuditEntry.table_name == "enforcement_case", AuditEntry.record_id == case_id,
        AuditEntry.action == "update").order_by(AuditEntry.id)).all()
    for entry in _not_described(session, case_id, updates):
        changes = {k: v for k, v in entry.changes().items() if k in watched}
        if not changes:
            continue
        what = "; ".join(f"{k.replace('_', ' ')} changed from {old!r} to {new!r}"
                         for k, (old, new) in changes.items())
        who = entry.initials or entry.os_user
        found.append(HistoryEntry(date.fromisoformat(entry.at[:10]), f"Record corrected: {what}",
                                  f"{entry.at[:16].replace('T', ' ')} UTC by {who}", entry.id))
    return found


def _not_described(session: Session, case_id: int,
                   updates: Sequence[AuditEntry]) -> list[AuditEntry]:
    """The case's updates that no "Case details corrected" note describes. Edit
    details… writes its note in the transaction that corrects the case, so the note's
    entry in the trail is the first of the case's notes after the correction's own:
    each such note takes the correction just before it."""
    notes = session.scalars(select(CaseNote.id).where(
        CaseNote.case_id == case_id, CaseNote.text.startswith(CORRECTED))).all()
    if not notes:
        return list(updates)
    noted = session.scalars(select(AuditEntry.id).where(
        AuditEntry.table_name == "case_note", AuditEntry.action == "insert",
        AuditEntry.record_id.in_(notes))).all()
    described: set[int] = set()
    for note_entry in noted:
        before = [u.id for u in updates if u.id < note_entry and u.id not in described]
        if before:
            described.add(before[-1])
    return [u for u in updates if u.id not in described]


def print_case_history(db: Database, case_id: int, out: Path) -> Path:
    """Write the dated history as a Word document the commission can print."""
    from docx import Document
    from docx.shared import Pt

    with db.read_session() as session:
        case = get_case(session, case_id)
        settings = session.scalars(select(CommissionSettings).limit(1)).first()
        history = case_history(session, case_id)
        address = case.property.address if case.property else ""
        map_lot = case.property.map_lot if case.property else ""
        violator = case.violator.name if case.violator else ""
        case_no, opened, status = case.case_no, case.opened_on, case.status
        trail = head_in(session).footer()  # what `concom-desk check --head` compares
    document = Document()
    style = document.styles["Normal"]
    style.font.size = Pt(10)
    if settings is not None:
        document.add_paragraph(printable_text(settings.name)).runs[0].bold = True
    document.add_heading(f"Enforcement case {case_no}: dated history", level=1)
    facts = [("Property", address + (f" (map/lot {map_lot})" if map_lot else "")),
             ("Alleged violator", violator), ("Opened", long_date(opened)),
             ("Status", status.replace("_", " "))]
    for label, value in facts:
        paragraph = document.add_paragraph()
        paragraph.add_run(f"{label}: ").bold = True
        paragraph.add_run(printable_text(value))  # a name as the record reads it
    table = document.add_table(rows=1, cols=3)
    table.style = "Table Grid"
    for cell, title in zip(table.rows[0].cells, ("Date", "What happened", "Entered"),
                           strict=True):
        cell.text = title
        cell.paragraphs[0].runs[0].bold = True
    for entry in history:
        row = table.add_row().cells
        row[0].text = long_date(entry.day)
        row[1].text = printable_text(entry.text)
        row[2].text = printable_text(entry.entered)
    document.add_paragraph(f"Printed {long_date(clock.today())}.")
    footer = document.sections[0].footer.paragraphs[0]
    footer.text = f"{case_no} · printed {long_date(clock.today())} · {trail}"
    footer.runs[0].font.size = Pt(7)
    # through a temporary name, scanned like every document the program makes
    return save_atomically(document, out, "the case history")
