"""Minutes of meetings and the public-records request log.

Minutes are kept permanently (Secretary of the Commonwealth, Records Management
Bulletin 02-92) and must say what MGL c.30A §22(a) lists: date, time and place,
members present or absent, who took part remotely, a summary of each subject, the
documents and exhibits used, and every decision with its vote. Most of that is
already in the record (the meeting, its attendance, hearings, continuances and
votes); a `Minutes` row adds what only the clerk can write (a summary and the
exhibits per item, the times called to order and adjourned) and the state.

A set is a *draft* until a later meeting approves it by a vote; it is then
*approved* and locked: the words as approved are frozen in `approved_text`, and
database triggers (installed by migration 0009_minutes) refuse any change to the
row or its items. A correction is a new set (`amends_id` names the one it
corrects, with the reason), approved in its turn; nothing is overwritten, and
every step is in the audit trail.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import CheckConstraint, Date, DateTime, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, Versioned, one_of, ref, text_field
from concom_desk.store.record_locks import LOCKED as LOCKED_MESSAGE  # noqa: F401 (the services' word)

MINUTES_STATES = ("draft", "approved")


class Minutes(Base):
    __tablename__ = "minutes"
    __table_args__ = (
        one_of("state", MINUTES_STATES),
        CheckConstraint("(state = 'approved') = (approved_on IS NOT NULL AND "
                        "approved_vote_id IS NOT NULL AND length(approved_text) > 0)",
                        name="approval_complete"),
        CheckConstraint("amends_id IS NULL OR length(trim(amendment_reason)) > 0",
                        name="amendment_has_reason"),
    )

    meeting_id: Mapped[int] = ref("meeting", nullable=False)
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    state: Mapped[str] = text_field(10, "draft")
    amends_id: Mapped[int | None] = ref("minutes")
    amendment_reason: Mapped[str] = text_field()
    called_to_order: Mapped[str] = text_field(5)  # 24-hour HH:MM
    adjourned_at: Mapped[str] = text_field(5)
    created_at: Mapped[datetime] = mapped_column(DateTime)  # UTC
    approved_on: Mapped[date | None] = mapped_column(Date)
    approved_meeting_id: Mapped[int | None] = ref("meeting")
    approved_vote_id: Mapped[int | None] = ref("vote")
    approved_text: Mapped[str] = text_field()  # JSON of the minutes as approved
    # Counts the saves of this set (`version` above numbers the amendments): the
    # concurrency check of store.models.base.Versioned, under its own name.
    edit_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    __mapper_args__ = {"version_id_col": edit_version}


class MinutesItem(Versioned, Base):
    """What the clerk wrote for one subject of the minutes; `item_key` names the
    subject in the record ("hearing:12", "case:3", "vote:40", "other")."""

    __tablename__ = "minutes_item"
    __table_args__ = (UniqueConstraint("minutes_id", "item_key"),)

    minutes_id: Mapped[int] = ref("minutes", nullable=False)
    item_key: Mapped[str] = mapped_column(String(40))
    summary: Mapped[str] = text_field()
    exhibits: Mapped[str] = text_field()  # one per line


class RecordsRequest(Versioned, Base):
    """A public-records request (MGL c.66 §10; 950 CMR 32.06): answered within 10
    business days of receipt; `due_on` is counted when it is logged."""

    __tablename__ = "records_request"

    received_on: Mapped[date] = mapped_column(Date, index=True)
    requester: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text)
    meeting_id: Mapped[int | None] = ref("meeting")
    due_on: Mapped[date] = mapped_column(Date)
    answered_on: Mapped[date | None] = mapped_column(Date)
    response: Mapped[str] = text_field()
