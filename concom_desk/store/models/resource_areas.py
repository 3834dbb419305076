"""The resource areas a filing is on, one row each: the area's code (the Act's, from
concom_desk/domain/resource_areas.py, or one of the town bylaw's from its profile), the
amount the project alters where the forms ask for it, and its unit. A name that is on
no list is kept as "other" with the clerk's words (`text`), so nothing written is lost.

The filing's `resource_areas` text is written from these rows when they change (the
legal notice, the abutter letter and the permit's sentences read it as a phrase).
"""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Float, String
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.domain.resource_areas import UNITS
from concom_desk.store.models.base import Base, one_of, ref, text_field


class FilingResourceArea(Base):
    __tablename__ = "filing_resource_area"
    __table_args__ = (
        one_of("unit", ("", *UNITS)),
        CheckConstraint("amount IS NULL OR amount >= 0", name="amount_not_negative"),
        CheckConstraint("code <> 'other' OR length(trim(text)) > 0", name="other_has_text"),
    )

    filing_id: Mapped[int] = ref("filing", nullable=False)
    code: Mapped[str] = mapped_column(String(40))
    amount: Mapped[float | None] = mapped_column(Float)
    unit: Mapped[str] = text_field(12)
    text: Mapped[str] = text_field(200)


class CaseResourceArea(Base):
    """The resource areas an enforcement case's violation is in, one row each, as a
    filing's are: the code, the amount altered where it was measured, its unit, and the
    clerk's words for an area on no list ("other"). The case's `resource_areas` text is
    written from these rows (the notices and the orders print them by name)."""

    __tablename__ = "case_resource_area"
    __table_args__ = (
        one_of("unit", ("", *UNITS)),
        CheckConstraint("amount IS NULL OR amount >= 0", name="amount_not_negative"),
        CheckConstraint("code <> 'other' OR length(trim(text)) > 0", name="other_has_text"),
    )

    case_id: Mapped[int] = ref("enforcement_case", nullable=False)
    code: Mapped[str] = mapped_column(String(40))
    amount: Mapped[float | None] = mapped_column(Float)
    unit: Mapped[str] = text_field(12)
    text: Mapped[str] = text_field(200)
