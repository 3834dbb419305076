"""The commission itself: its settings (one row) and its members with their terms.

A majority of members *in office* signs a permit and makes a quorum, so terms are
kept with their dates rather than a yes/no "active" flag: the count on the day of
a vote is what the law asks for.
"""

from __future__ import annotations

import base64
from datetime import date
from typing import Any

from sqlalchemy import Date, Integer, String, Text, TypeDecorator, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from concom_desk.store.models.base import Base, Versioned, one_of, text_field

MEMBER_ROLES = ("chair", "vice_chair", "member", "associate")


class Base64Bytes(TypeDecorator[bytes]):
    """Bytes kept as base64 text: the audit triggers write each row as JSON, and
    SQLite's JSON cannot hold a BLOB (the trigger, and so the save, would fail)."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: bytes | None, dialect: Any) -> str:
        return base64.b64encode(value or b"").decode("ascii")

    def process_result_value(self, value: str | None, dialect: Any) -> bytes:
        return base64.b64decode(value or "")


class CommissionSettings(Versioned, Base):
    """One row: who the commission is and which town's rules it follows."""

    __tablename__ = "commission_settings"

    name: Mapped[str] = mapped_column(String(200))  # "Upton Conservation Commission"
    town: Mapped[str] = mapped_column(String(60))  # the town profile id, e.g. "upton"
    address: Mapped[str] = text_field()  # letterhead lines, one per line
    phone: Mapped[str] = text_field(40)
    email: Mapped[str] = text_field(200)
    meeting_place: Mapped[str] = text_field(200)
    meeting_time: Mapped[str] = text_field(20)  # "19:00"
    clerk_initials: Mapped[str] = text_field(10)
    deeds_registry: Mapped[str] = text_field(100)  # "Worcester South"
    newspaper: Mapped[str] = text_field(200)
    # Named closure rules of concom_desk.domain.ma_calendar.CLOSURE_RULES, comma-separated
    # (e.g. "day_after_thanksgiving"); added in schema 0002 with TownClosureDay.
    closure_rules: Mapped[str] = text_field()
    # PNG or JPEG printed atop the letterhead (schema 0007_settings_logo); b"": none.
    letterhead_logo: Mapped[bytes] = mapped_column(Base64Bytes, default=b"",
                                                   server_default="")
    # The year the annual town report covers: "calendar" or "fiscal" (July-June).
    report_year: Mapped[str] = text_field(10, "calendar")
    # How long before each event of the exported calendar (.ics) the clerk's calendar
    # program reminds them (a VALARM); 0: no reminder (schema 0015_payments).
    ical_reminder_minutes: Mapped[int] = mapped_column(Integer, default=1440,
                                                       server_default="1440")


class Member(Versioned, Base):
    """A commissioner; `term_end` NULL means the term has no set end yet."""

    __tablename__ = "member"
    __table_args__ = (one_of("role", MEMBER_ROLES),)

    name: Mapped[str] = mapped_column(String(200))
    initials: Mapped[str] = text_field(10)
    role: Mapped[str] = text_field(20, "member")
    term_start: Mapped[date] = mapped_column(Date)
    term_end: Mapped[date | None] = mapped_column(Date)
    email: Mapped[str] = text_field(200)
    phone: Mapped[str] = text_field(40)

    def in_office_on(self, day: date) -> bool:
        # Associates attend and advise but do not vote or count toward a quorum.
        if self.role == "associate":
            return False
        return self.term_start <= day and (self.term_end is None or day <= self.term_end)


class TownClosureDay(Base):
    """A day the town offices are closed that is not a legal holiday (e.g. the Friday
    after Thanksgiving); deadlines counted in business days skip it."""

    __tablename__ = "town_closure_day"

    day: Mapped[date] = mapped_column(Date, unique=True)
    reason: Mapped[str] = text_field(200)


def members_in_office(session: Session, day: date) -> list[Member]:
    """Voting members whose term covers `day`, in name order."""
    members = session.scalars(select(Member).order_by(Member.name)).all()
    return [m for m in members if m.in_office_on(day)]


def majority_of(count: int) -> int:
    """The smallest number that is more than half of `count` (5 → 3, 6 → 4, 7 → 4)."""
    return count // 2 + 1
