"""People and places: parties (applicants, owners, representatives, violators,
abutting owners when they are also parties) and properties (the land)."""

from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.domain.abutters.addresses import postal_lines
from concom_desk.store.models.base import Base, Versioned, lowered_index, one_of, text_field

PARTY_KINDS = ("person", "company", "public_body", "trust")


def envelope_lines(care_of: str, line1: str, line2: str, city: str, state: str,
                   zip_code: str) -> list[str]:
    """A mailing address as printed on an envelope, empty lines left out (a party's,
    or its columns read without the record: services/filings/editing.py)."""
    care = [f"c/o {care_of}"] if care_of else []
    return [*care, *postal_lines([line1, line2], city, state, zip_code)]


def map_lot_of(map_no: str, lot: str) -> str:
    """"14-22" for map 14, lot 22 ('' when neither is known)."""
    return f"{map_no}-{lot}" if map_no or lot else ""


class Party(Versioned, Base):
    """Anyone a letter is addressed to. `name` is printed exactly as stored."""

    __tablename__ = "party"
    __table_args__ = (one_of("kind", PARTY_KINDS), lowered_index("party", "name"))

    name: Mapped[str] = mapped_column(String(200), index=True)
    company: Mapped[str] = text_field(200)  # an engineer's firm, printed under the name
    kind: Mapped[str] = text_field(20, "person")
    care_of: Mapped[str] = text_field(200)
    address_line1: Mapped[str] = text_field(200)
    address_line2: Mapped[str] = text_field(200)
    city: Mapped[str] = text_field(100)
    state: Mapped[str] = text_field(2, "MA")
    zip: Mapped[str] = text_field(10)
    phone: Mapped[str] = text_field(40)
    email: Mapped[str] = text_field(200)

    def address_lines(self) -> list[str]:
        """The mailing address as printed on an envelope, empty lines left out."""
        return envelope_lines(self.care_of, self.address_line1, self.address_line2,
                              self.city, self.state, self.zip)


class Property(Versioned, Base):
    """A parcel: street address, assessor map/lot, and where its deed is recorded
    (registry book/page, or a Land Court certificate for registered land)."""

    __tablename__ = "property"
    __table_args__ = (lowered_index("property", "address"),)
    address: Mapped[str] = mapped_column(String(200), index=True)  # "12 Pond Street"
    map: Mapped[str] = text_field(20, index=True)
    lot: Mapped[str] = text_field(20)
    book: Mapped[str] = text_field(20)
    page: Mapped[str] = text_field(20)
    certificate: Mapped[str] = text_field(20)  # Land Court
    deeds_registry: Mapped[str] = text_field(100)
    acres: Mapped[str] = text_field(20)  # as the assessor writes it

    @property
    def map_lot(self) -> str:
        return map_lot_of(self.map, self.lot)
