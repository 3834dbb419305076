"""Filings of every kind and every date in the life of a permit.

`kind` uses the deadline engine's codes (concom_desk.domain.filing_kinds.KINDS) and
`town` the town profile id, so the engine can be called straight from a stored row.
An amendment, an extension or a COC request points at the permit it concerns through
`original_id`. A filing is never deleted (a database trigger refuses it): it is
voided with a reason, and the void is in the audit trail like any other change.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import CheckConstraint, Date, DateTime, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from concom_desk.domain.filing_facts import DATE_FIELDS, FilingFacts
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.store.models.base import (
    Base,
    Versioned,
    cents,
    flag,
    lowered_index,
    one_of,
    ref,
    text_field,
)
from concom_desk.store.models.parties import Party, Property

FILING_KINDS: tuple[str, ...] = tuple(KINDS)

# The status says where the filing stands; the dates say when it got there.
FILING_STATUSES: dict[str, str] = {
    "received": "received, not yet complete or not yet heard",
    "hearing": "hearing opened (or continued), not closed",
    "closed": "hearing closed, decision pending",
    "issued": "decision issued (permit, determination, extension, certificate)",
    "denied": "denied",
    "withdrawn": "withdrawn by the applicant",
    "expired": "permit expired without a certificate of compliance",
    "completed": "work done and certificate of compliance issued",
    "void": "voided (entered in error); the reason is kept",
}

# The dates a filing can carry, in the order they happen; the first eight are the
# deadline engine's events (EVENT_NAMES), the rest are record-keeping dates.
FILING_DATE_FIELDS: tuple[str, ...] = DATE_FIELDS


class Filing(Versioned, Base):
    __tablename__ = "filing"
    __table_args__ = (
        one_of("kind", FILING_KINDS),
        one_of("status", FILING_STATUSES),
        CheckConstraint(
            "(status = 'void') = (voided_at IS NOT NULL AND length(trim(void_reason)) > 0)",
            name="void_has_reason",
        ),
        CheckConstraint("fee_cents >= 0 AND consultant_fee_cents >= 0 AND bond_cents >= 0",
                        name="amounts_not_negative"),
        lowered_index("filing", "file_no"),
    )

    file_no: Mapped[str] = mapped_column(String(30), unique=True)  # local number, "2026-014"
    dep_file_no: Mapped[str] = text_field(30)  # "SE 082-1234", text
    # The laws it is under: "both" (the Act and the town's bylaw), "act" or "bylaw"
    # (domain/laws.py); said on the form, never read from the DEP file number.
    laws: Mapped[str] = text_field(5, "both")
    kind: Mapped[str] = mapped_column(String(20), index=True)
    town: Mapped[str] = mapped_column(String(60))  # town profile id
    status: Mapped[str] = text_field(20, "received", index=True)
    maintenance: Mapped[bool] = flag()  # longer permit term
    amendment_class: Mapped[str] = text_field(20)  # Bourne: minor/…

    applicant_id: Mapped[int | None] = ref("party")
    owner_id: Mapped[int | None] = ref("party")
    representative_id: Mapped[int | None] = ref("party")
    property_id: Mapped[int | None] = ref("property")
    original_id: Mapped[int | None] = ref("filing")  # the permit amended/extended/completed

    work_description: Mapped[str] = text_field()
    resource_areas: Mapped[str] = text_field()
    notes: Mapped[str] = text_field()

    received: Mapped[date | None] = mapped_column(Date, index=True)
    complete: Mapped[date | None] = mapped_column(Date)
    boards_notified: Mapped[date | None] = mapped_column(Date)
    hearing: Mapped[date | None] = mapped_column(Date)  # the day the hearing was first opened
    closed: Mapped[date | None] = mapped_column(Date)
    decided: Mapped[date | None] = mapped_column(Date)
    issued: Mapped[date | None] = mapped_column(Date)
    recorded: Mapped[date | None] = mapped_column(Date)
    recorded_book: Mapped[str] = text_field(20)
    recorded_page: Mapped[str] = text_field(20)
    recorded_document: Mapped[str] = text_field(30)  # Land Court document no. (registered land)
    expires: Mapped[date | None] = mapped_column(Date, index=True)
    commenced: Mapped[date | None] = mapped_column(Date)
    completed: Mapped[date | None] = mapped_column(Date)
    occupancy: Mapped[date | None] = mapped_column(Date)

    fee_cents: Mapped[int] = cents()
    fee_paid_on: Mapped[date | None] = mapped_column(Date)
    fee_waived: Mapped[bool] = flag()
    fee_waiver_reason: Mapped[str] = text_field(200)
    consultant_fee_cents: Mapped[int] = cents()
    consultant_fee_paid_on: Mapped[date | None] = mapped_column(Date)
    consultant: Mapped[str] = text_field(200)
    bond_cents: Mapped[int] = cents()
    bond_form: Mapped[str] = text_field(60)  # "passbook", "surety"…
    bond_posted_on: Mapped[date | None] = mapped_column(Date)
    bond_released_on: Mapped[date | None] = mapped_column(Date)
    # The fee under the Act, from the NOI Wetland Fee Transmittal Form (its state and
    # town shares are worked out from it: concom_desk/domain/wpa_fees.py).
    wpa_fee_cents: Mapped[int] = cents()
    # The final plans the decision approves, as WPA Form 5 A.8 names them.
    plan_title: Mapped[str] = text_field(300)
    plan_prepared_by: Mapped[str] = text_field(200)
    plan_stamped_by: Mapped[str] = text_field(200)
    plan_dated: Mapped[date | None] = mapped_column(Date)
    plan_revised: Mapped[date | None] = mapped_column(Date)
    plan_scale: Mapped[str] = text_field(40)

    # Why the permit extension acts do not move this approval's expiry (the holder
    # waived them, a federal permit…); empty: they apply, as the law has it.
    acts_not_covered: Mapped[str] = text_field(300)

    # The site's flood data, as the NOI and WPA Form 5 ask (domain/flood_data.py): the
    # FEMA zone and its base flood elevation, LSCSF, a velocity zone, the riverfront
    # area, and whether the project is coastal or inland. Checked where it is entered
    # (FloodData.problem), not by a CHECK: that would rebuild the filing table.
    flood_zone: Mapped[str] = text_field(3)
    flood_elevation: Mapped[str] = text_field(10)
    in_lscsf: Mapped[bool] = flag()
    in_v_zone: Mapped[bool] = flag()
    in_riverfront: Mapped[bool] = flag()
    setting: Mapped[str] = text_field(7)

    voided_at: Mapped[datetime | None] = mapped_column(DateTime)  # UTC
    void_reason: Mapped[str] = text_field()

    applicant: Mapped[Party | None] = relationship(foreign_keys=[applicant_id])
    owner: Mapped[Party | None] = relationship(foreign_keys=[owner_id])
    representative: Mapped[Party | None] = relationship(foreign_keys=[representative_id])
    property: Mapped[Property | None] = relationship()
    original: Mapped[Filing | None] = relationship(
        remote_side="Filing.id", back_populates="follow_ups"
    )
    follow_ups: Mapped[list[Filing]] = relationship(back_populates="original")

    def facts(self) -> FilingFacts:
        """The filing as its clocks see it (and the permit it refers to, in turn)."""
        return FilingFacts(
            id=self.id, file_no=self.file_no, kind=self.kind, town=self.town,
            laws=self.laws, status=self.status, maintenance=bool(self.maintenance),
            acts_not_covered=self.acts_not_covered or "",
            **{name: getattr(self, name) for name in FILING_DATE_FIELDS},
            original=self.original.facts() if self.original is not None else None)

    def event_dates(self) -> dict[str, date]:
        """The known dates of the deadline engine's events (`FilingFacts.event_dates`)."""
        return self.facts().event_dates()

    def flags(self) -> frozenset[str]:
        return self.facts().flags()

