"""Documents the program generated: what was printed, from which template, when,
and the sha256 of the file, so a copy handed out years later can be checked."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, DateTime, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, Versioned, ref, text_field


class GeneratedDocument(Versioned, Base):
    __tablename__ = "generated_document"

    filing_id: Mapped[int | None] = ref("filing")
    enforcement_case_id: Mapped[int | None] = ref("enforcement_case")
    meeting_id: Mapped[int | None] = ref("meeting")
    title: Mapped[str] = text_field(300)
    # The template's file name, e.g. "permit.docx"; indexed, so Today finds the WPA forms
    # whose copy to MassDEP is not sent without reading the whole register.
    template: Mapped[str] = mapped_column(String(200), index=True)
    path: Mapped[str] = mapped_column(Text)  # relative to the documents folder
    created_at: Mapped[datetime] = mapped_column(DateTime)  # UTC
    created_by: Mapped[str] = text_field(10)  # initials
    sha256: Mapped[str] = mapped_column(String(64))
    # When the copy of a WPA form went to the MassDEP regional office (the Act asks
    # for it at issuance); None until the clerk records it, and Today chases it.
    dep_copy_sent_on: Mapped[date | None] = mapped_column(Date)
