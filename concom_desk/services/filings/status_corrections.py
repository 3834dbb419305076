"""Taking a status change back: "Undo last change", "Correct status…" and voiding a
filing entered in error, each an audited change with its reason kept.

Undo reads the filing's own audit trail: the last status change not already taken
back is reversed, status and the dates that change filled in (the hearing's closing
day, the issue date, the expiry…), unless a date was edited since, which is then kept.
A correction sets the status the clerk names, with her reason, and leaves the dates to
the filing form. Neither asks the law's forward rules (that is their point: the record
was wrong); both leave a `StatusCorrection` row saying why, itself audited.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from concom_desk import clock
from concom_desk.domain.status_rules import Status, status_name
from concom_desk.errors import UserError
from concom_desk.services.filings.decisions import take_back_decision
from concom_desk.store import Database, void_filing
from concom_desk.store.models import AuditEntry, Filing, StatusCorrection

UNDO_REASON = "undo"

# The columns a status change writes (change_status, voiding); an undo puts them back.
_DATE_COLUMNS = ("hearing", "closed", "decided", "issued", "expires")
_RESTORED = ("status", *_DATE_COLUMNS, "voided_at", "void_reason")


@dataclass(frozen=True)
class UndoOffer:
    """What "Undo last change" would do: from the status now back to the one before."""

    entry_id: int
    current: str
    back_to: str

    @property
    def label(self) -> str:
        return f"back to {status_name(self.back_to)}"


def _stored(column: str, value: Any) -> Any:
    """An audit trail value (JSON text) as the model holds it."""
    if value is None or column in ("status", "void_reason"):
        return value
    if column == "voided_at":
        return datetime.fromisoformat(str(value))
    return date.fromisoformat(str(value))


def _status_entries(session: Session, filing_id: int) -> list[AuditEntry]:
    """The filing's audit entries that changed its status, newest first."""
    entries = session.scalars(
        select(AuditEntry).where(AuditEntry.table_name == "filing",
                                 AuditEntry.record_id == filing_id,
                                 AuditEntry.action == "update")
        .order_by(AuditEntry.id.desc()))
    return [e for e in entries if "status" in e.changes()]


def corrections_of(session: Session, filing_id: int) -> list[StatusCorrection]:
    return list(session.scalars(select(StatusCorrection)
                                .where(StatusCorrection.filing_id == filing_id)
                                .order_by(StatusCorrection.id)))


def _entry_to_undo(session: Session, filing: Filing) -> AuditEntry | None:
    corrections = corrections_of(session, filing.id)
    taken_back = {c.undoes_entry_id for c in corrections if c.undo}
    made_by_undo = {c.audit_entry_id for c in corrections if c.undo}
    for entry in _status_entries(session, filing.id):
        if entry.id in taken_back or entry.id in made_by_undo:
            continue
        return entry
    return None


def undo_offer(session: Session, filing: Filing) -> UndoOffer | None:
    """The change "Undo last change" would take back, or None when there is none."""
    entry = _entry_to_undo(session, filing)
    if entry is None:
        return None
    old, new = entry.changes()["status"]
    if new != filing.status:  # cannot happen through the program; say nothing is undoable
        return None
    return UndoOffer(entry.id, str(new), str(old))


def _last_entry_id(session: Session, filing_id: int) -> int | None:
    """The audit entry the trigger just wrote for this filing (same transaction)."""
    return session.scalar(select(func.max(AuditEntry.id))
                          .where(AuditEntry.table_name == "filing",
                                 AuditEntry.record_id == filing_id))


def _record(session: Session, filing: Filing, before: str, reason: str, undo: bool,
            undoes: int | None = None) -> None:
    session.flush()  # writes the filing's UPDATE, so its audit entry exists
    session.add(StatusCorrection(
        filing_id=filing.id, made_at=clock.now().replace(tzinfo=None),
        from_status=before, to_status=filing.status, undo=undo, reason=reason,
        audit_entry_id=_last_entry_id(session, filing.id), undoes_entry_id=undoes))


def _take_back(session: Session, filing: Filing, entry: AuditEntry) -> str:
    before = filing.status
    changes = entry.changes()
    for column in _RESTORED:
        if column not in changes:
            continue
        old, new = changes[column]
        # A date the clerk corrected on the form since then is hers: keep it.
        if column != "status" and getattr(filing, column) != _stored(column, new):
            continue
        setattr(filing, column, _stored(column, old))
    if filing.status != Status.VOID:
        filing.voided_at, filing.void_reason = None, ""
    _record(session, filing, before, UNDO_REASON, undo=True, undoes=entry.id)
    return filing.status


def _get(session: Session, filing_id: int) -> Filing:
    filing = session.get(Filing, filing_id)
    if filing is None:
        raise UserError("this filing is no longer in the database")
    return filing


def undo_last_change(db: Database, filing_id: int) -> str:
    """Put back the status before the last change (reason "undo"); returns it.
    A certificate of compliance that closed its permit out reopens the permit too."""
    with db.session() as session:
        filing = _get(session, filing_id)
        offer = undo_offer(session, filing)
        if offer is None:
            raise UserError(f"filing {filing.file_no} has no status change to undo")
        entry = session.get(AuditEntry, offer.entry_id)
        assert entry is not None
        restored = _take_back(session, filing, entry)
        take_back_decision(session, filing, offer.current)
        permit = filing.original
        if (filing.kind == "coc" and offer.current == Status.ISSUED and permit is not None
                and permit.status == Status.COMPLIANCE_CERTIFIED):
            permit_entry = _entry_to_undo(session, permit)
            # Only the close-out this certificate made: written in the same flush, so
            # its audit entry sits right beside the certificate's own.
            if permit_entry is not None and abs(permit_entry.id - entry.id) == 1:
                _take_back(session, permit, permit_entry)
        return restored


def correct_status(db: Database, filing_id: int, new_status: str, reason: str) -> None:
    """Set the status the record should have had, with the clerk's reason. The dates
    are left as they are (the filing form corrects those)."""
    reason = reason.strip()
    if not reason:
        raise UserError("say why the status is corrected (the reason is kept in the record)")
    try:
        target = Status(new_status)
    except ValueError:
        raise UserError(f"unknown status {new_status!r}") from None
    if target == Status.VOID:
        raise UserError("a filing entered in error is voided (Void filing…), with its reason")
    with db.session() as session:
        filing = _get(session, filing_id)
        if filing.status == Status.VOID:
            raise UserError(f"filing {filing.file_no} is void ({filing.void_reason}); "
                            "undo the void first")
        if filing.status == target:
            raise UserError(f"filing {filing.file_no} is already "
                            f"{status_name(target).lower()}")
        before = filing.status
        filing.status = target.value
        _record(session, filing, before, reason, undo=False)


def void_filing_entered_in_error(db: Database, filing_id: int, reason: str) -> None:
    """Void a filing with a reason: it leaves the lists and Today, never the record."""
    with db.session() as session:
        void_filing(_get(session, filing_id), reason)


def correction_notes(session: Session, filing_id: int) -> dict[int, str]:
    """For the history: the audit entry a correction made → why it was made."""
    return {c.audit_entry_id: ("undo" if c.undo else f"correction: {c.reason}")
            for c in corrections_of(session, filing_id) if c.audit_entry_id is not None}
