"""What an enforcement case gathers besides its orders: the photos and papers
(copied into the data folder, so a moved or deleted original does not take the
evidence with it) and dated notes (a phone call, a status change and why).

A note's `noted_on` is the day the thing happened, which the clerk may type in
later; the audit trail keeps when it was typed and by whom.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, Versioned, one_of, ref, text_field

ATTACHMENT_KINDS = ("photo", "document")


class CaseAttachment(Base):
    __tablename__ = "case_attachment"
    __table_args__ = (one_of("kind", ATTACHMENT_KINDS),)

    # A case's papers and photos; since schema 0015 also the photos of an inspection of
    # a filing, which belong to no case: one table, one way of keeping a photo.
    case_id: Mapped[int | None] = ref("enforcement_case")
    inspection_id: Mapped[int | None] = ref("inspection")  # photos taken at an inspection
    kind: Mapped[str] = text_field(20, "photo")
    path: Mapped[str] = mapped_column(Text)  # relative to the database's folder, "/"
    original_name: Mapped[str] = text_field(260)
    caption: Mapped[str] = text_field()
    added_on: Mapped[date] = mapped_column(Date)
    sha256: Mapped[str] = mapped_column(String(64))


class CaseNote(Versioned, Base):
    __tablename__ = "case_note"

    case_id: Mapped[int] = ref("enforcement_case", nullable=False)
    noted_on: Mapped[date] = mapped_column(Date, index=True)
    text: Mapped[str] = mapped_column(Text)
