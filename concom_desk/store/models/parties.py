"""People and places: parties (applicants, owners, representatives, violators,
abutting owners when they are also parties) and properties (the land)."""

from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, one_of

PARTY_KINDS = ("person", "company", "public_body", "trust")


class Party(Base):
    """Anyone a letter is addressed to. `name` is printed exactly as stored."""

    __tablename__ = "party"
    __table_args__ = (one_of("kind", PARTY_KINDS),)

    name: Mapped[str] = mapped_column(String(200), index=True)
    kind: Mapped[str] = mapped_column(String(20), default="person")
    care_of: Mapped[str] = mapped_column(String(200), default="")
    address_line1: Mapped[str] = mapped_column(String(200), default="")
    address_line2: Mapped[str] = mapped_column(String(200), default="")
    city: Mapped[str] = mapped_column(String(100), default="")
    state: Mapped[str] = mapped_column(String(2), default="MA")
    zip: Mapped[str] = mapped_column(String(10), default="")
    phone: Mapped[str] = mapped_column(String(40), default="")
    email: Mapped[str] = mapped_column(String(200), default="")

    def address_lines(self) -> list[str]:
        """The mailing address as printed on an envelope, empty lines left out."""
        last = " ".join(p for p in (f"{self.city}," if self.city else "", self.state, self.zip)
                        if p).strip().rstrip(",")
        lines = [self.care_of and f"c/o {self.care_of}", self.address_line1, self.address_line2,
                 last]
        return [line for line in lines if line]


class Property(Base):
    """A parcel: street address, assessor map/lot, and where its deed is recorded
    (registry book/page, or a Land Court certificate for registered land)."""

    __tablename__ = "property"
    address: Mapped[str] = mapped_column(String(200), index=True)  # "12 Pond Street"
    map: Mapped[str] = mapped_column(String(20), default="", index=True)
    lot: Mapped[str] = mapped_column(String(20), default="")
    book: Mapped[str] = mapped_column(String(20), default="")
    page: Mapped[str] = mapped_column(String(20), default="")
    certificate: Mapped[str] = mapped_column(String(20), default="")  # Land Court
    deeds_registry: Mapped[str] = mapped_column(String(100), default="")
    acres: Mapped[str] = mapped_column(String(20), default="")  # as the assessor writes it

    @property
    def map_lot(self) -> str:
        return f"{self.map}-{self.lot}" if self.map or self.lot else ""
