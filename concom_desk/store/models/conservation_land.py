"""Conservation land and conservation restrictions (MGL c.184 §§31–33): the parcels
the town holds for conservation and the restrictions held on private land, each with
who holds it and where its restriction or deed is recorded (schema 0015). Monitoring
visits are inspections of the land (models.enforcement.Inspection), as a filing's
are, so one table holds every site visit and its photos."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, String
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, Versioned, one_of, text_field

LAND_KINDS: dict[str, str] = {
    "town_land": "Town conservation land",
    "restriction": "Conservation restriction",
}


class ConservationLand(Versioned, Base):
    __tablename__ = "conservation_land"
    __table_args__ = (one_of("kind", LAND_KINDS),)

    name: Mapped[str] = mapped_column(String(200))  # "Warren Brook Conservation Area"
    kind: Mapped[str] = text_field(20, "town_land")
    address: Mapped[str] = text_field(200)
    map_lot: Mapped[str] = text_field(60)  # assessor's map/lot, several with ";"
    acres: Mapped[str] = text_field(20)  # as the deed or plan gives it
    holder: Mapped[str] = text_field(200)  # who holds the land or the restriction
    grantor: Mapped[str] = text_field(200)  # the owner who granted a restriction
    recorded_on: Mapped[date | None] = mapped_column(Date)
    recorded_book: Mapped[str] = text_field(20)
    recorded_page: Mapped[str] = text_field(20)
    terms: Mapped[str] = text_field()  # what the restriction allows and forbids
