"""The hearing calendar's own records: the commission's regular schedule, the legal
notice owed for each session of a hearing, and the identity of the calendar feed.

A `HearingNotice` is the newspaper notice one hearing needs for one meeting: every
new hearing has one, and a continued hearing has one when its new date was not
announced at the hearing, when the town re-advertises every continuance, or when
the meeting was moved. The legal notice sent to the paper batches the notices of
one meeting; `publish_by` is the hearing's `legal_notice_by` for that meeting.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from concom_desk.store.models.base import Base, Versioned, flag, one_of, ref, text_field

NOTICE_REASONS = ("new", "not_announced", "town_rule", "meeting_moved")


class MeetingSchedule(Versioned, Base):
    """A regular schedule: n-th weekday(s) of the month, or every k weeks."""

    __tablename__ = "meeting_schedule"

    weekday: Mapped[int] = mapped_column(Integer)  # Monday = 0
    weeks_of_month: Mapped[str] = text_field(20)  # "1,3"; "-1" = last
    every_weeks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    first_meeting: Mapped[date | None] = mapped_column(Date)
    start_time: Mapped[str] = text_field(5, "19:00")  # 24-hour HH:MM
    place: Mapped[str] = text_field(200)
    active: Mapped[bool] = flag(True)


class HearingNotice(Versioned, Base):
    __tablename__ = "hearing_notice"
    __table_args__ = (UniqueConstraint("hearing_id", "meeting_id"),
                      one_of("reason", NOTICE_REASONS))

    hearing_id: Mapped[int] = ref("hearing", nullable=False)
    meeting_id: Mapped[int] = ref("meeting", nullable=False)
    reason: Mapped[str] = text_field(20, "new")
    publish_by: Mapped[date | None] = mapped_column(Date)
    published_on: Mapped[date | None] = mapped_column(Date)
    newspaper: Mapped[str] = text_field(200)


class CalendarFeed(Base):
    """One row: the identity that makes this database's iCalendar UIDs unique and
    stable (a re-import updates events instead of duplicating them)."""

    __tablename__ = "calendar_feed"

    uuid: Mapped[str] = mapped_column(String(36), unique=True)
