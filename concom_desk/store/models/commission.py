"""The commission itself: its settings (one row) and its members with their terms.

A majority of members *in office* signs a permit and makes a quorum, so terms are
kept with their dates rather than a yes/no "active" flag: the count on the day of
a vote is what the law asks for.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, String, Text, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from concom_desk.store.models.base import Base, one_of

MEMBER_ROLES = ("chair", "vice_chair", "member", "associate")


class CommissionSettings(Base):
    """One row: who the commission is and which town's rules it follows."""

    __tablename__ = "commission_settings"

    name: Mapped[str] = mapped_column(String(200))  # "Upton Conservation Commission"
    town: Mapped[str] = mapped_column(String(60))  # the town profile id, e.g. "upton"
    address: Mapped[str] = mapped_column(Text, default="")  # letterhead lines, one per line
    phone: Mapped[str] = mapped_column(String(40), default="")
    email: Mapped[str] = mapped_column(String(200), default="")
    meeting_place: Mapped[str] = mapped_column(String(200), default="")
    meeting_time: Mapped[str] = mapped_column(String(20), default="")  # "19:00"
    clerk_initials: Mapped[str] = mapped_column(String(10), default="")
    deeds_registry: Mapped[str] = mapped_column(String(100), default="")  # "Worcester South"
    newspaper: Mapped[str] = mapped_column(String(200), default="")


class Member(Base):
    """A commissioner; `term_end` NULL means the term has no set end yet."""

    __tablename__ = "member"
    __table_args__ = (one_of("role", MEMBER_ROLES),)

    name: Mapped[str] = mapped_column(String(200))
    initials: Mapped[str] = mapped_column(String(10), default="")
    role: Mapped[str] = mapped_column(String(20), default="member")
    term_start: Mapped[date] = mapped_column(Date)
    term_end: Mapped[date | None] = mapped_column(Date)
    email: Mapped[str] = mapped_column(String(200), default="")
    phone: Mapped[str] = mapped_column(String(40), default="")

    def in_office_on(self, day: date) -> bool:
        # Associates attend and advise but do not vote or count toward a quorum.
        if self.role == "associate":
            return False
        return self.term_start <= day and (self.term_end is None or day <= self.term_end)


def members_in_office(session: Session, day: date) -> list[Member]:
    """Voting members whose term covers `day`, in name order."""
    members = session.scalars(select(Member).order_by(Member.name)).all()
    return [m for m in members if m.in_office_on(day)]


def majority_of(count: int) -> int:
    """The smallest number that is more than half of `count` (5 → 3, 6 → 4, 7 → 4)."""
    return count // 2 + 1
