"""Meetings, hearings and continuances, attendance and votes.

A hearing is opened at one meeting and may be continued to a date certain several
times; each continuance is a row, with the applicant's written consent when the
law needs it. A 21-day waiver (the applicant's written assent to a hearing later
than 21 days after filing) is kept as its own row, because it changes the hearing
deadline the commission is held to.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from concom_desk.store.models.base import Base, Versioned, flag, one_of, ref, text_field
from concom_desk.store.models.commission import Member
from concom_desk.store.models.filings import Filing

MEETING_KINDS = ("regular", "special", "site_walk")
HEARING_STATUSES = ("scheduled", "open", "continued", "closed", "withdrawn")
# A hearing still to be held or finished: booked, opened or continued.
OPEN_HEARING_STATUSES = ("scheduled", "open", "continued")
CONTINUANCE_REQUESTERS = ("applicant", "commission")
VOTE_CHOICES = ("yes", "no", "abstain", "recused")
VOTE_RESULTS = ("carried", "failed")


class Meeting(Versioned, Base):
    __tablename__ = "meeting"
    __table_args__ = (one_of("kind", MEETING_KINDS),)

    held_on: Mapped[date] = mapped_column(Date, index=True)
    start_time: Mapped[str] = text_field(5, "19:00")  # 24-hour HH:MM
    place: Mapped[str] = text_field(200)
    kind: Mapped[str] = text_field(20, "regular")
    agenda_posted_at: Mapped[str] = text_field(20)  # ISO minute
    cancelled: Mapped[bool] = flag()
    minutes_approved_on: Mapped[date | None] = mapped_column(Date)
    notes: Mapped[str] = text_field()


class Attendance(Base):
    """A member present at a meeting (absent members have no row); `remote`: taking
    part from elsewhere (MGL c.30A §20(d), named in the minutes under §22(a))."""

    __tablename__ = "attendance"
    __table_args__ = (UniqueConstraint("meeting_id", "member_id"),)

    meeting_id: Mapped[int] = ref("meeting", nullable=False)
    member_id: Mapped[int] = ref("member", nullable=False)
    arrived: Mapped[str] = text_field(5)
    left: Mapped[str] = text_field(5)
    remote: Mapped[bool] = flag()


class Hearing(Versioned, Base):
    """The public hearing on a filing, from first opening to close."""

    __tablename__ = "hearing"
    __table_args__ = (one_of("status", HEARING_STATUSES),)

    filing_id: Mapped[int] = ref("filing", nullable=False)
    meeting_id: Mapped[int | None] = ref("meeting")  # the meeting it is (first) booked at
    status: Mapped[str] = text_field(20, "scheduled")
    legal_ad_newspaper: Mapped[str] = text_field(200)
    legal_ad_published_on: Mapped[date | None] = mapped_column(Date)
    opened_on: Mapped[date | None] = mapped_column(Date)
    closed_on: Mapped[date | None] = mapped_column(Date)

    filing: Mapped[Filing] = relationship()
    meeting: Mapped[Meeting | None] = relationship()
    continuances: Mapped[list[Continuance]] = relationship(
        back_populates="hearing", order_by="Continuance.id"
    )


class Continuance(Versioned, Base):
    """A hearing continued from one meeting to a date certain."""

    __tablename__ = "continuance"
    __table_args__ = (one_of("requested_by", CONTINUANCE_REQUESTERS),)

    hearing_id: Mapped[int] = ref("hearing", nullable=False)
    from_meeting_id: Mapped[int | None] = ref("meeting")
    to_meeting_id: Mapped[int | None] = ref("meeting")
    continued_to: Mapped[date] = mapped_column(Date)
    requested_by: Mapped[str] = text_field(20, "applicant")
    reason: Mapped[str] = text_field()
    applicant_consent: Mapped[bool] = flag()
    consent_received_on: Mapped[date | None] = mapped_column(Date)

    hearing: Mapped[Hearing] = relationship(back_populates="continuances")


class HearingWaiver(Versioned, Base):
    """The applicant's written assent to open the hearing after the 21-day limit, or
    (period "decision") to a decision after the 21 days from the close of the hearing
    (Garrity v. Hingham Conservation Commission, 2012); `hearing_no_later_than` is
    then the date the decision may come by."""

    __tablename__ = "hearing_waiver"

    filing_id: Mapped[int] = ref("filing", nullable=False)
    signed_on: Mapped[date] = mapped_column(Date)
    signed_by: Mapped[str] = mapped_column(String(200))
    hearing_no_later_than: Mapped[date | None] = mapped_column(Date)
    received_on: Mapped[date | None] = mapped_column(Date)
    document_id: Mapped[int | None] = ref("generated_document")
    notes: Mapped[str] = text_field()
    period: Mapped[str] = text_field(10, "hearing")  # "hearing" or "decision"


class Vote(Versioned, Base):
    """A motion voted at a meeting, about a filing or an enforcement case (or neither:
    minutes, other business)."""

    __tablename__ = "vote"
    __table_args__ = (one_of("result", VOTE_RESULTS),)

    meeting_id: Mapped[int] = ref("meeting", nullable=False)
    filing_id: Mapped[int | None] = ref("filing")
    enforcement_case_id: Mapped[int | None] = ref("enforcement_case")
    motion: Mapped[str] = mapped_column(Text)
    moved_by_id: Mapped[int | None] = ref("member")
    seconded_by_id: Mapped[int | None] = ref("member")
    result: Mapped[str] = mapped_column(String(10))

    member_votes: Mapped[list[MemberVote]] = relationship(back_populates="vote")


class MemberVote(Base):
    __tablename__ = "member_vote"
    __table_args__ = (UniqueConstraint("vote_id", "member_id"), one_of("choice", VOTE_CHOICES))

    vote_id: Mapped[int] = ref("vote", nullable=False)
    member_id: Mapped[int] = ref("member", nullable=False)
    choice: Mapped[str] = mapped_column(String(10))

    vote: Mapped[Vote] = relationship(back_populates="member_votes")
    member: Mapped[Member] = relationship()
