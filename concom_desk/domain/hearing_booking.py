"""Booking a filing's hearing onto a meeting: every clock the booking touches,
said in plain words before the clerk confirms.

The clocks come from the town's profile through the deadline engine:

* ``hearing_by`` — the hearing must open within 21 days of receipt. A later
  meeting is allowed only with the applicant's signed waiver on file; without
  one it is a hard stop (the booking is refused).
* ``legal_notice_by`` — the newspaper notice, counted back from this meeting;
  if that day is already past, the notice can no longer be on time.
* ``abutter_notice_by`` — at filing in most towns, before the hearing in
  Nantucket and for a Bourne RDA; late or missing notice is named.
* ``board_comment_period_ends`` — where the bylaw gives the other boards 14
  days to comment (Upton, Shutesbury), no final action may be taken inside it.
* ``decision_by`` counted from receipt (a Nantucket or Bourne RDA) — a meeting
  after it cannot decide in time.

Continuances and closing the hearing live in `hearing_continuance`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from enum import StrEnum

from concom_desk.domain.deadline_engine import Deadline, compute_deadlines
from concom_desk.domain.filing_kinds import kind_named
from concom_desk.domain.open_meeting_law import POSTING_CITATION, posting_deadline
from concom_desk.domain.plain_dates import long_date, weekday_date, weekday_date_time
from concom_desk.domain.town_profile import TownProfile

# How far ahead to look for the first meeting a late notice could still serve.
_SEARCH_DAYS = 60


class Severity(StrEnum):
    STOP = "stop"  # the booking is refused
    WARNING = "warning"  # a clock will be (or has been) broken; the clerk must confirm
    OK = "ok"  # the clock is met; the date to act by is shown


@dataclass(frozen=True)
class FilingClocks:
    """What the booking needs to know of a filing (no database, no Qt)."""

    file_no: str
    kind: str
    received: date
    boards_notified: date | None = None
    abutters_notified: date | None = None
    waiver_signed: date | None = None  # the applicant's written waiver of the 21-day clock
    flags: frozenset[str] = frozenset()

    def events(self, **more: date) -> dict[str, date]:
        """The filing's events the kind knows, plus the ones given."""
        known = kind_named(self.kind).events
        found = {"received": self.received}
        if self.boards_notified is not None:
            found["boards_notified"] = self.boards_notified
        found.update(more)
        return {event: day for event, day in found.items() if event in known}


@dataclass(frozen=True)
class Finding:
    clock: str  # the deadline id, or "continuance" / "waiver"
    severity: Severity
    message: str
    citation: str
    due: date | None = None


@dataclass(frozen=True)
class BookingReview:
    filing: FilingClocks
    meeting_day: date
    findings: tuple[Finding, ...]
    deadlines: tuple[Deadline, ...] = field(default=())

    @property
    def blocked(self) -> bool:
        return any(f.severity is Severity.STOP for f in self.findings)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is not Severity.OK)

    def deadline(self, ident: str) -> Deadline | None:
        return next((d for d in self.deadlines if d.id == ident), None)


def _by_id(deadlines: list[Deadline]) -> Mapping[str, Deadline]:
    return {d.id: d for d in deadlines}


def review_booking(
    profile: TownProfile, filing: FilingClocks, meeting_day: date, today: date,
    meeting_at: datetime | None = None, now: datetime | None = None,
) -> BookingReview:
    """Every clock the booking of `filing` onto the meeting of `meeting_day` touches
    (and, given the meeting's hour and the time now, the agenda's posting deadline)."""
    deadlines = compute_deadlines(profile, filing.kind, filing.events(hearing=meeting_day),
                                  filing.flags)
    found = _by_id(deadlines)
    findings: list[Finding] = []
    if "hearing_by" in found:
        findings.append(_hearing_by(found["hearing_by"], filing, meeting_day))
    if "legal_notice_by" in found:
        findings.append(legal_notice_finding(profile, filing, meeting_day, today))
    if "abutter_notice_by" in found:
        findings.append(_abutter_notice(found["abutter_notice_by"], filing, today))
    comment = board_comment_finding(profile, filing, meeting_day, today)
    if comment is not None:
        findings.append(comment)
    if "decision_by" in found:  # counted from receipt: the decision is due regardless
        findings.append(_decision_from_receipt(found["decision_by"], meeting_day))
    if meeting_at is not None and now is not None:
        findings.append(agenda_posting_finding(meeting_at, now))
    return BookingReview(filing, meeting_day, tuple(findings), tuple(deadlines))


def agenda_posting_finding(meeting_at: datetime, now: datetime) -> Finding:
    """A hearing must be on the meeting's posted agenda, posted 48 business hours
    ahead (MGL c.30A §20(b)); after that it cannot be added to the meeting."""
    post_by = posting_deadline(meeting_at)
    if now <= post_by:
        return Finding("posting", Severity.OK,
                       f"List it on the agenda, to be posted by {weekday_date_time(post_by)}.",
                       POSTING_CITATION)
    return Finding(
        "posting", Severity.WARNING,
        f"The agenda of this meeting had to be posted by {weekday_date_time(post_by)}; a "
        "hearing booked now cannot be on the posted agenda. Choose a later meeting unless "
        "the agenda was posted with it.", POSTING_CITATION,
    )


def _hearing_by(due: Deadline, filing: FilingClocks, meeting_day: date) -> Finding:
    if meeting_day <= due.date:
        return Finding("hearing_by", Severity.OK,
                       f"The hearing opens by {weekday_date(due.date)}, "
                       f"the last day ({due.rule}).", due.citation, due.date)
    late_days = (meeting_day - due.date).days
    late = f"{late_days} day{'s' if late_days != 1 else ''}"
    if filing.waiver_signed is not None:
        return Finding(
            "hearing_by", Severity.WARNING,
            f"The meeting is {late} after {weekday_date(due.date)}, the last day to open "
            f"the hearing ({due.rule}); this is allowed by the applicant's written waiver "
            f"signed on {long_date(filing.waiver_signed)}.",
            due.citation, due.date,
        )
    return Finding(
        "hearing_by", Severity.STOP,
        f"The meeting on {weekday_date(meeting_day)} is {late} after "
        f"{weekday_date(due.date)}, the last day to open the hearing ({due.rule}). It can be "
        "booked only once a 21-day waiver signed by the applicant is recorded; none is.",
        due.citation, due.date,
    )


def legal_notice_finding(
    profile: TownProfile, filing: FilingClocks, meeting_day: date, today: date, why: str = ""
) -> Finding:
    """Whether the newspaper notice for a hearing on `meeting_day` can still be on time."""
    due = _legal_notice_due(profile, filing, meeting_day)
    which = "a new legal notice" if why else "the legal notice"
    reason = f": {why}." if why else "."
    if due is None:
        return Finding("legal_notice_by", Severity.OK,
                       "The town's rules set no legal notice for this kind of filing.", "")
    if today <= due.date:
        return Finding(
            "legal_notice_by", Severity.OK,
            f"Publish {which} by {weekday_date(due.date)} ({due.rule}){reason}",
            due.citation, due.date,
        )
    earliest = _first_day_notice_fits(profile, filing, meeting_day, today)
    # Any day, not a meeting day (the domain knows no meetings): "on or after" keeps a
    # Saturday from reading as a proposed hearing date.
    hint = (f" A hearing on or after {weekday_date(earliest)} can still be advertised on "
            "time." if earliest else "")
    return Finding(
        "legal_notice_by", Severity.WARNING,
        f"{which.capitalize()} had to be published by {weekday_date(due.date)} "
        f"({due.rule}){reason} Today is {long_date(today)}, so it can no longer be on "
        f"time.{hint}",
        due.citation, due.date,
    )


def _legal_notice_due(profile: TownProfile, filing: FilingClocks, meeting_day: date
                      ) -> Deadline | None:
    found = _by_id(compute_deadlines(profile, filing.kind, filing.events(hearing=meeting_day),
                                     filing.flags))
    return found.get("legal_notice_by")


def _first_day_notice_fits(profile: TownProfile, filing: FilingClocks, after: date, today: date
                           ) -> date | None:
    day = after
    for _ in range(_SEARCH_DAYS):
        day += timedelta(days=1)
        due = _legal_notice_due(profile, filing, day)
        if due is not None and due.date >= today:
            return day
    return None


def _abutter_notice(due: Deadline, filing: FilingClocks, today: date) -> Finding:
    sent = filing.abutters_notified
    if sent is not None:
        if sent <= due.date:
            return Finding("abutter_notice_by", Severity.OK,
                           f"Abutters were notified on {long_date(sent)}, on time "
                           f"(due {long_date(due.date)}).", due.citation, due.date)
        return Finding("abutter_notice_by", Severity.WARNING,
                       f"Abutters were notified on {long_date(sent)}, after "
                       f"{weekday_date(due.date)} ({due.rule}).", due.citation, due.date)
    if today <= due.date:
        return Finding("abutter_notice_by", Severity.OK,
                       f"Notify the abutters by {weekday_date(due.date)} ({due.rule}).",
                       due.citation, due.date)
    return Finding(
        "abutter_notice_by", Severity.WARNING,
        f"The abutter notice was due by {weekday_date(due.date)} ({due.rule}) and no notice is "
        f"recorded; today is {long_date(today)}, so it can no longer be on time.",
        due.citation, due.date,
    )


def board_comment_finding(
    profile: TownProfile, filing: FilingClocks, final_action_day: date, today: date
) -> Finding | None:
    """Whether final action on `final_action_day` would fall inside the other boards'
    comment period (None when the town's bylaw gives the boards no such period)."""
    rules = [r for r in profile.rules_for(filing.kind, filing.flags)
             if r.id == "board_comment_period_ends"]
    if not rules:
        return None
    notified = filing.boards_notified
    assumed = notified is None
    # A kind without that event (an RDA under the engine's kinds) has no period.
    events = filing.events(boards_notified=notified or today)
    found = _by_id(compute_deadlines(profile, filing.kind, events, filing.flags))
    ends = found.get("board_comment_period_ends")
    if ends is None:
        return None
    if assumed:
        prefix = (f"The other boards have not been notified yet; notified today, their comment "
                  f"period would run to {weekday_date(ends.date)}")
    else:
        prefix = (f"The other boards were notified on {long_date(notified)}; their comment "
                  f"period runs to {weekday_date(ends.date)}")
    if final_action_day <= ends.date:
        return Finding(
            "board_comment_period_ends", Severity.WARNING,
            f"{prefix} ({ends.rule}), so the commission cannot take final action (close the "
            f"hearing and vote) at the meeting on {weekday_date(final_action_day)}.",
            ends.citation, ends.date,
        )
    return Finding("board_comment_period_ends", Severity.OK,
                   f"{prefix}; final action at this meeting would come after it.",
                   ends.citation, ends.date)


def _decision_from_receipt(due: Deadline, meeting_day: date) -> Finding:
    if meeting_day <= due.date:
        return Finding("decision_by", Severity.OK,
                       f"Decide by {weekday_date(due.date)} ({due.rule}).",
                       due.citation, due.date)
    return Finding(
        "decision_by", Severity.WARNING,
        f"The decision is due by {weekday_date(due.date)} ({due.rule}); a meeting on "
        f"{weekday_date(meeting_day)} is too late to decide in time.",
        due.citation, due.date,
    )
