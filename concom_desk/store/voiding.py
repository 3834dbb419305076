"""Voiding: how a filing or an enforcement case entered in error leaves the record.

They are public records, so they are never deleted (a database trigger refuses the
DELETE). Voiding sets status 'void', the time and a reason; the audit trail keeps the
status it had before.
"""

from __future__ import annotations

from datetime import UTC, datetime

from concom_desk.errors import UserError
from concom_desk.store.models import EnforcementCase, Filing


def _void(record: Filing | EnforcementCase, reason: str, what: str) -> None:
    reason = reason.strip()
    if not reason:
        raise UserError(f"say why the {what} is voided (the reason is kept in the record)")
    if record.status == "void":
        raise UserError(f"this {what} is already void ({record.void_reason})")
    record.status = "void"
    record.voided_at = datetime.now(UTC).replace(tzinfo=None)
    record.void_reason = reason


def void_filing(filing: Filing, reason: str) -> None:
    """Void a filing (inside a `Database.session()`; committed with it)."""
    _void(filing, reason, "filing")


def void_case(case: EnforcementCase, reason: str) -> None:
    """Void an enforcement case (inside a `Database.session()`; committed with it)."""
    _void(case, reason, "enforcement case")
