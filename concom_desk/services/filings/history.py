"""A filing's history from the audit trail, and the documents made for it."""

from __future__ import annotations

from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.status_rules import status_name
from concom_desk.paths import documents_dir
from concom_desk.services.filings.payments import payment_words
from concom_desk.services.filings.record_detail import DocumentEntry, HistoryEntry
from concom_desk.services.filings.status_corrections import correction_notes
from concom_desk.store.models import AuditEntry, Filing, GeneratedDocument, Inspection, Payment

# Columns whose changes are bookkeeping, not news to the reader of the history.
_QUIET = {"id", "voided_at"}
_WORDS = {"file_no": "file no.", "dep_file_no": "DEP file no.", "applicant_id": "applicant",
          "owner_id": "owner", "property_id": "property", "original_id": "permit"}


def _value(key: str, value: Any) -> str:
    if value is None or value == "":
        return "—"
    if key == "status":
        return status_name(str(value))
    return str(value)


def _describe(entry: AuditEntry) -> str:
    if entry.action == "insert":
        return "Filing entered"
    if entry.action == "delete":
        return "Deleted"
    parts = [f"{_WORDS.get(key, key.replace('_', ' '))}: {_value(key, old)} → "
             f"{_value(key, new)}"
             for key, (old, new) in entry.changes().items() if key not in _QUIET]
    return "; ".join(parts) or "No visible change"


def _when(text: str) -> datetime:
    """The audit trail's UTC instant, as the clock on the town-hall wall shows it."""
    moment = datetime.fromisoformat(text.removesuffix("Z")).replace(tzinfo=UTC)
    return moment.astimezone().replace(tzinfo=None)


def history_of(session: Session, filing: Filing) -> list[HistoryEntry]:
    entries = session.scalars(
        select(AuditEntry).where(AuditEntry.table_name == "filing",
                                 AuditEntry.record_id == filing.id).order_by(AuditEntry.id))
    # A status taken back or corrected says why, beside the change itself.
    notes = correction_notes(session, filing.id)
    # Money received, refunded or waived is part of the filing's story (Payments tab).
    paid = {p.id: p for p in session.scalars(select(Payment).where(
        Payment.filing_id == filing.id))}
    money_entries = session.scalars(
        select(AuditEntry).where(AuditEntry.table_name == "payment",
                                 AuditEntry.record_id.in_(paid), AuditEntry.action == "insert")
    ) if paid else []
    lines = [(e.id, e, _describe(e) + (f" ({notes[e.id]})" if e.id in notes else ""))
             for e in entries]
    lines += [(e.id, e, payment_words(paid[e.record_id], filing.file_no))
              for e in money_entries]
    changes = [HistoryEntry(when=_when(e.at), who=e.initials or e.os_user, what=what)
               for _id, e, what in sorted(lines, key=lambda line: line[0])]
    # The site visits made, on the day they were made (the trail keeps when each was
    # typed): the permit's history reads as the commission's dealings with the site.
    visits = [HistoryEntry(when=datetime.combine(i.inspected_on, time()), who=i.inspector,
                           what=f"{i.purpose or 'Site inspection'}: {i.findings}")
              for i in session.scalars(select(Inspection).where(
                  Inspection.filing_id == filing.id, Inspection.done.is_(True)))]
    return sorted(changes + visits, key=lambda h: h.when)


def documents_of(session: Session, filing: Filing, db_path: Path) -> list[DocumentEntry]:
    folder = documents_dir(db_path)
    documents = session.scalars(select(GeneratedDocument)
                                .where(GeneratedDocument.filing_id == filing.id)
                                .order_by(GeneratedDocument.created_at))
    return [DocumentEntry(path=str(folder / d.path), title=d.title or d.template,
                          created=d.created_at) for d in documents]
