"""The retention report: each class of records with how many are held, its
retention and citation, and the records that could be *proposed* for destruction
to the Supervisor of Records (MGL c.66 §8). It reads only; the program never
destroys or deletes a record (a voided filing or case is kept, with its reason)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import func, select

from concom_desk.domain.retention import RETENTION_CLASSES, RetentionClass
from concom_desk.store import Database
from concom_desk.store.models import (
    Abutter,
    AuditEntry,
    Decision,
    EnforcementCase,
    Filing,
    GeneratedDocument,
    Meeting,
    Vote,
)
from concom_desk.store.models.minutes import Minutes, RecordsRequest

# Each class: the table counted, and the date its retention years run from.
_SOURCES: dict[str, tuple[Any, Any]] = {
    "minutes": (Minutes, Minutes.created_at),
    "votes": (Vote, None),
    "meetings": (Meeting, Meeting.held_on),
    "filings": (Filing, Filing.received),
    "decisions": (Decision, Decision.issued_on),
    "enforcement": (EnforcementCase, EnforcementCase.closed_on),
    "abutters": (Abutter, None),
    "documents": (GeneratedDocument, GeneratedDocument.created_at),
    "records_requests": (RecordsRequest, RecordsRequest.answered_on),
    "audit": (AuditEntry, None),
}


@dataclass(frozen=True)
class RetentionLine:
    retention_class: RetentionClass
    held: int
    could_be_proposed: int

    def describe(self) -> str:
        rule = self.retention_class
        cite = f" ({rule.citation})" if rule.citation else ""
        proposed = (f"; {self.could_be_proposed:,} past their period, could be proposed to "
                    "the Supervisor of Records" if self.could_be_proposed else "")
        return f"{rule.name}: {self.held:,} held; {rule.retention}{cite}{proposed}"


def retention_report(db: Database, today: date,
                     classes: Sequence[RetentionClass] = RETENTION_CLASSES
                     ) -> list[RetentionLine]:
    lines = []
    with db.read_session() as session:
        for rule in classes:
            model, dated = _SOURCES[rule.key]
            held = int(session.scalar(select(func.count()).select_from(model)) or 0)
            proposed = 0
            if rule.years is not None and dated is not None:
                proposed = sum(1 for day in session.scalars(select(dated))
                               if rule.could_be_proposed(
                                   day.date() if hasattr(day, "date") else day, today))
            lines.append(RetentionLine(rule, held, proposed))
    return lines
