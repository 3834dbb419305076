"""Decisions and their conditions.

Standard conditions are a library the commission edits once; a decision copies the
text it used (a permit is a record of what was imposed on that day, and must not
change when the library is edited later).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from concom_desk.store.models.base import Base, Versioned, flag, one_of, ref, text_field

DECISION_KINDS = (
    "order_of_conditions", "positive_determination", "negative_determination", "denial",
    "order_of_delineation", "extension_permit", "amended_order", "certificate_of_compliance",
    "partial_certificate_of_compliance", "emergency_certification", "denial_of_extension",
    "denial_of_coc",
)
DENIAL_KINDS = ("procedural", "substantive")
CONDITION_KINDS = ("standard", "special")


class StandardCondition(Versioned, Base):
    __tablename__ = "standard_condition"

    number: Mapped[int] = mapped_column(Integer, unique=True)
    title: Mapped[str] = text_field(200)
    text: Mapped[str] = mapped_column(Text)
    active: Mapped[bool] = flag(True)


class Decision(Versioned, Base):
    __tablename__ = "decision"
    __table_args__ = (one_of("kind", DECISION_KINDS),
                      one_of("denial_kind", DENIAL_KINDS, nullable=True))

    filing_id: Mapped[int] = ref("filing", nullable=False)
    kind: Mapped[str] = mapped_column(String(40))
    vote_id: Mapped[int | None] = ref("vote")
    decided_on: Mapped[date | None] = mapped_column(Date)
    issued_on: Mapped[date | None] = mapped_column(Date)
    signed_by: Mapped[str] = text_field()  # names, one per line
    denial_kind: Mapped[str | None] = mapped_column(String(20))
    reasons: Mapped[str] = text_field()  # one reason per line
    findings: Mapped[str] = text_field()

    conditions: Mapped[list[Condition]] = relationship(
        back_populates="decision", order_by="Condition.number"
    )


class Condition(Versioned, Base):
    __tablename__ = "condition"
    __table_args__ = (UniqueConstraint("decision_id", "number"), one_of("kind", CONDITION_KINDS))

    decision_id: Mapped[int] = ref("decision", nullable=False)
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))
    standard_condition_id: Mapped[int | None] = ref("standard_condition")
    text: Mapped[str] = mapped_column(Text)
    continuing: Mapped[bool] = flag()  # survives the COC

    decision: Mapped[Decision] = relationship(back_populates="conditions")
