"""The commission's meetings: a regular schedule that generates them, special
meetings, and what moving or cancelling a meeting does to its hearings.

A regular schedule is either "the n-th <weekday> of each month" (first and
third Wednesday, say; -1 is the last) or "every k-th week on <weekday>" from
a first meeting. A special meeting is any other meeting the commission calls;
the Open Meeting Law's 48-hour posting applies to both alike.

A meeting that falls on a legal holiday is still generated (some commissions
meet on Columbus Day evening) but carries the holiday's name so the calendar
can point it out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time
from enum import StrEnum

from dateutil.relativedelta import relativedelta, weekday
from dateutil.rrule import MONTHLY, WEEKLY, rrule

from concom_desk.domain.hearing_booking import (
    BookingReview,
    FilingClocks,
    Finding,
    Severity,
    legal_notice_finding,
    review_booking,
)
from concom_desk.domain.ma_calendar import MASSACHUSETTS
from concom_desk.domain.plain_dates import weekday_date
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"}


class MeetingKind(StrEnum):
    REGULAR = "regular"
    SPECIAL = "special"


@dataclass(frozen=True)
class PlannedMeeting:
    at: datetime
    place: str
    kind: MeetingKind = MeetingKind.REGULAR
    holiday: str | None = None  # the legal holiday it falls on, if any


@dataclass(frozen=True)
class RegularSchedule:
    weekday: int  # Monday = 0
    at: time
    place: str
    nths: tuple[int, ...] = ()  # (1, 3): first and third; -1: last
    every_weeks: int = 0  # 2: every other week from `first`
    first: date | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.weekday <= 6:
            raise UserError("the meeting weekday must be Monday to Sunday")
        if bool(self.nths) == bool(self.every_weeks):
            raise UserError(
                "a regular schedule is either 'n-th weekday of the month' or "
                "'every k weeks', not both or neither"
            )
        for n in self.nths:
            if n not in ORDINALS:
                raise UserError(f"{n} is not a week of the month; use 1 to 5, or -1 for the last")
        if self.every_weeks:
            if self.every_weeks < 1:
                raise UserError("'every k weeks' needs k of at least 1")
            if self.first is None or self.first.weekday() != self.weekday:
                raise UserError(
                    f"an every-{self.every_weeks}-weeks schedule needs its first meeting date, "
                    f"on a {WEEKDAYS[self.weekday].title()}"
                )
        if not self.place.strip():
            raise UserError("the schedule needs the place where the commission meets")

    def describe(self) -> str:
        """'First and third Wednesday of the month, 7:00 PM, Town Hall'."""
        day = WEEKDAYS[self.weekday].title()
        if self.nths:
            words = [ORDINALS[n] for n in self.nths]
            which = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
            when = f"{which.capitalize()} {day} of the month"
        elif self.every_weeks == 1:
            when = f"Every {day}"
        elif self.every_weeks == 2:
            when = f"Every other {day}"
        else:
            when = f"Every {self.every_weeks} weeks on {day}"
        hour = self.at.hour % 12 or 12
        suffix = "AM" if self.at.hour < 12 else "PM"
        return f"{when}, {hour}:{self.at.minute:02d} {suffix}, {self.place}"

    def dates_between(self, start: date, end: date) -> Iterator[date]:
        """Meeting days from `start` to `end`, both included, in order."""
        if self.every_weeks:
            rule = rrule(WEEKLY, interval=self.every_weeks, dtstart=self.first, until=end)
        else:
            # A fifth Wednesday is skipped in a month that has none (rrule's own rule).
            rule = rrule(MONTHLY, dtstart=date(start.year, start.month, 1), until=end,
                         byweekday=[weekday(self.weekday)(n) for n in self.nths])
        for moment in rule.between(_midnight(start), _midnight(end), inc=True):
            yield moment.date()

    def meetings_between(self, start: date, end: date) -> list[PlannedMeeting]:
        return [
            PlannedMeeting(
                at=datetime.combine(day, self.at),
                place=self.place,
                holiday=MASSACHUSETTS.holiday_name(day),
            )
            for day in self.dates_between(start, end)
        ]


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time())


def months_ahead(start: date, months: int) -> date:
    """The last day of the month `months` after `start`'s month (for 'generate 6 months')."""
    return start + relativedelta(months=months, day=31)  # day=31: the month's last day


def special_meeting(at: datetime, place: str) -> PlannedMeeting:
    if not place.strip():
        raise UserError("a special meeting needs a place")
    return PlannedMeeting(at=at, place=place, kind=MeetingKind.SPECIAL,
                          holiday=MASSACHUSETTS.holiday_name(at.date()))


@dataclass(frozen=True)
class BookedHearing:
    """A hearing on a meeting that is being moved or cancelled."""

    filing: FilingClocks
    opened: bool  # False: it would open at this meeting; True: a continued session


@dataclass(frozen=True)
class HearingEffect:
    filing: FilingClocks
    findings: tuple[Finding, ...]

    @property
    def blocked(self) -> bool:
        return any(f.severity is Severity.STOP for f in self.findings)


def effects_of_change(
    profile: TownProfile,
    hearings: Sequence[BookedHearing],
    old_day: date,
    new_day: date | None,
    today: date,
) -> list[HearingEffect]:
    """What moving the meeting from `old_day` to `new_day` (None: cancelling it)
    does to each hearing on it, in plain words."""
    effects = []
    for hearing in hearings:
        findings: list[Finding] = []
        if new_day is None:
            findings.append(_cancelled(profile, hearing, old_day, today))
        else:
            if not hearing.opened:
                review: BookingReview = review_booking(profile, hearing.filing, new_day, today)
                findings.extend(review.findings)
            else:
                # A continued session's date was announced at the hearing; a new
                # date was not, so the public must be told again in the newspaper.
                findings.append(legal_notice_finding(
                    profile, hearing.filing, new_day, today,
                    why=f"the continued hearing moves from {weekday_date(old_day)}, "
                        "a date announced at the hearing, to a date that was not",
                ))
        if new_day is not None:
            # Several hearings move together: each line must say whose clock it is.
            findings = [replace(f, message=f"{hearing.filing.file_no}: {f.message}")
                        for f in findings]
        effects.append(HearingEffect(hearing.filing, tuple(findings)))
    return effects


def _cancelled(profile: TownProfile, hearing: BookedHearing, old_day: date, today: date
               ) -> Finding:
    if hearing.opened:
        return Finding(
            clock="continuance",
            severity=Severity.WARNING,
            message=(
                f"{hearing.filing.file_no}: the continued hearing set for {weekday_date(old_day)} "
                "has no session; book it on another meeting and publish a new legal notice, "
                "because the new date was not announced at the hearing."
            ),
            citation="310 CMR 10.05(5)(b): continuance to a date announced at the hearing",
        )
    review = review_booking(profile, hearing.filing, old_day, today)
    hearing_by = review.deadline("hearing_by")
    due = f" by {weekday_date(hearing_by.date)}" if hearing_by else ""
    return Finding(
        clock="hearing_by",
        severity=Severity.WARNING,
        message=(
            f"{hearing.filing.file_no}: the hearing booked for {weekday_date(old_day)} is "
            f"unbooked; it must still open{due}, on another meeting."
        ),
        citation=hearing_by.citation if hearing_by else "",
        due=hearing_by.date if hearing_by else None,
    )
