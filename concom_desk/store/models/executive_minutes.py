"""Executive-session minutes, kept apart from the open minutes (MGL c.30A §22(f)).

One row per executive session: the session is the carried roll-call vote that
entered it (`entry_vote_id`, its motion names the §21(a) purpose), and the row holds
what only the clerk can write of it. The text is withheld from every export and
meeting record until a vote at a later meeting releases it (`released_vote_id`,
`released_on`); once released the row is locked (store.record_locks). A release
vote that failed is still the commission's review of them (§22(g)(1)):
`reviewed_on` is its day.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import CheckConstraint, Date, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, Versioned, ref


class ExecutiveMinutes(Versioned, Base):
    __tablename__ = "executive_minutes"
    __table_args__ = (
        CheckConstraint("(released_on IS NULL) = (released_vote_id IS NULL)",
                        name="release_complete"),
        UniqueConstraint("entry_vote_id"),
    )

    meeting_id: Mapped[int] = ref("meeting", nullable=False)
    entry_vote_id: Mapped[int] = ref("vote", nullable=False)
    text: Mapped[str] = mapped_column(Text, default="", server_default="")
    kept_by: Mapped[str] = mapped_column(String(100), default="", server_default="")
    released_vote_id: Mapped[int | None] = ref("vote")
    released_on: Mapped[date | None] = mapped_column(Date)
    reviewed_on: Mapped[date | None] = mapped_column(Date)
