"""Status corrections: a filing's status taken back ("undo") or set right by hand,
each with the reason the clerk gave.

The filing's own audit entry shows the status changing; this row keeps why, and
points at that entry (`audit_entry_id`) so the record's history can print the reason
beside the change. An undo also names the entry it took back (`undoes_entry_id`), so
a second undo goes one step further back instead of undoing the undo. The table is
audited by the same triggers as every other.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, flag, ref


class StatusCorrection(Base):
    __tablename__ = "status_correction"
    __table_args__ = (CheckConstraint("length(trim(reason)) > 0", name="has_reason"),)

    filing_id: Mapped[int] = ref("filing", nullable=False)
    made_at: Mapped[datetime] = mapped_column(DateTime)  # UTC
    from_status: Mapped[str] = mapped_column(String(20))
    to_status: Mapped[str] = mapped_column(String(20))
    undo: Mapped[bool] = flag()
    reason: Mapped[str] = mapped_column(Text)
    audit_entry_id: Mapped[int | None] = mapped_column(Integer)  # the filing's change
    undoes_entry_id: Mapped[int | None] = mapped_column(Integer)  # the change taken back
