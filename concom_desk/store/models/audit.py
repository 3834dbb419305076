"""The audit trail: one row per insert, update or delete of any other table.

Rows are written by SQLite triggers (see concom_desk.store.audit), never by Python
code, and the database refuses to update or delete them. Each row carries the hash
of the row before it, so a row changed or removed behind the program's back breaks
the chain (`verify_audit_chain`).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Index, Integer, String, Text, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from concom_desk.store.models.base import Base, save_counter

AUDIT_ACTIONS = ("insert", "update", "delete")


class AuditEntry(Base):
    __tablename__ = "audit_entry"
    # A record's history is looked up by table and id (added in schema 0005).
    __table_args__ = (Index("ix_audit_entry_table_name_record_id", "table_name", "record_id"),)

    at: Mapped[str] = mapped_column(String(30))  # UTC, "2026-11-29T22:14:28.123Z"
    os_user: Mapped[str] = mapped_column(String(100))
    initials: Mapped[str] = mapped_column(String(10))
    table_name: Mapped[str] = mapped_column(String(60))
    record_id: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(10))
    old_values: Mapped[str | None] = mapped_column(Text)  # JSON object, NULL on insert
    new_values: Mapped[str | None] = mapped_column(Text)  # JSON object, NULL on delete
    prev_hash: Mapped[str] = mapped_column(String(64))
    entry_hash: Mapped[str] = mapped_column(String(64))

    def old(self) -> dict[str, Any]:
        return json.loads(self.old_values) if self.old_values else {}

    def new(self) -> dict[str, Any]:
        return json.loads(self.new_values) if self.new_values else {}

    def changes(self) -> dict[str, tuple[Any, Any]]:
        """Column → (old, new) for the columns this entry changed (not the count of
        saves, which moves with every change: store.models.base.Versioned)."""
        old, new = self.old(), self.new()
        counter = save_counter(self.table_name)
        return {key: (old.get(key), new.get(key)) for key in sorted(old.keys() | new.keys())
                if old.get(key) != new.get(key) and key != counter}


def record_history(session: Session, model: type[Base], record_id: int) -> list[AuditEntry]:
    """Every audit entry of one record, oldest first (e.g. a filing's history tab)."""
    return list(session.scalars(
        select(AuditEntry)
        .where(AuditEntry.table_name == model.__tablename__, AuditEntry.record_id == record_id)
        .order_by(AuditEntry.id)
    ))
