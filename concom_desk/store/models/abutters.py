"""Abutters of a filing and the notices mailed to them.

An abutter is one owner as the assessor lists them (one mailing address, possibly
several parcels); an abutter notice is one mailing of one letter to that owner,
with its certified article number and the green card when it comes back.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from concom_desk.store.models.base import Base, Versioned, flag, one_of, ref, text_field

NOTICE_METHODS = ("certified", "hand", "first_class", "certificate_of_mailing")


class Abutter(Versioned, Base):
    __tablename__ = "abutter"

    filing_id: Mapped[int] = ref("filing", nullable=False)
    owner_name: Mapped[str] = mapped_column(String(200))
    care_of: Mapped[str] = text_field(200)
    address_line1: Mapped[str] = text_field(200)
    address_line2: Mapped[str] = text_field(200)
    city: Mapped[str] = text_field(100)
    state: Mapped[str] = text_field(2)
    zip: Mapped[str] = text_field(10)
    parcels: Mapped[str] = text_field()  # map-lot list, "12-34, 12-35"
    distance_ft: Mapped[int | None] = mapped_column(Integer)
    source: Mapped[str] = text_field(200)  # "assessors' list 2026-03-02"
    # The name as the clerk corrected it for the letters ('' = the assessor's name in
    # natural order where certain: services/abutters/rows.printed_name).
    name_as_written: Mapped[str] = text_field(200)

    notices: Mapped[list[AbutterNotice]] = relationship(back_populates="abutter")

    def parcel_list(self) -> list[str]:
        return [p.strip() for p in self.parcels.split(",") if p.strip()]


class AbutterNotice(Versioned, Base):
    __tablename__ = "abutter_notice"
    __table_args__ = (one_of("method", NOTICE_METHODS),)

    abutter_id: Mapped[int] = ref("abutter", nullable=False)
    hearing_id: Mapped[int | None] = ref("hearing")
    document_id: Mapped[int | None] = ref("generated_document")
    method: Mapped[str] = text_field(30, "certified")
    certified_article_no: Mapped[str] = text_field(40)
    mailed_on: Mapped[date | None] = mapped_column(Date)
    green_card_returned_on: Mapped[date | None] = mapped_column(Date)
    returned_undeliverable: Mapped[bool] = flag()

    abutter: Mapped[Abutter] = relationship(back_populates="notices")
