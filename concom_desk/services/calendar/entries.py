"""The hearing calendar as plain rows: what the calendar tab, the .ics export and
the legal notice and agenda are built from.

Read from the store once (`concom_desk.services.calendar.meetings.load_calendar`), then
handed around as frozen dataclasses, so that no view queries the database while
painting and every consumer sees the same state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from concom_desk import clock

# The kinds of dated things a calendar day can show, with the words the clerk sees.
DEADLINE_KIND_NAMES: dict[str, str] = {
    "hearing_by": "Hearing must open",
    "legal_notice_by": "Legal notice",
    "abutter_notice_by": "Abutter notice",
    "board_comment_period_ends": "Boards' comments end",
    "decision_by": "Decision due",
    "appeal_ends": "Appeal period ends",
    "certiorari_ends": "Certiorari period ends",
    "emergency_certification_by": "Act on emergency request",
    "maintenance_notice_by": "Maintenance notice due",
    "continued_notice_by": "Continued hearing notice",
    "reapplication_barred_until": "Rehearing bar ends",
    "expires": "Permit expires",
    "extension_request_by": "Extension request",
    "coc_decision_by": "COC decision due",
    "ratify_by": "Ratify emergency order",
    "posting": "Post the agenda",
}


def deadline_kind_name(kind: str) -> str:
    return DEADLINE_KIND_NAMES.get(kind, kind.replace("_", " ").capitalize())


@dataclass(frozen=True)
class HearingEntry:
    hearing_id: int
    filing_id: int
    file_no: str
    dep_file_no: str
    kind: str
    kind_name: str
    applicant: str
    owner: str
    address: str
    map_lot: str
    work_description: str
    resource_areas: str
    status: str  # "new" (opens at this meeting) or "continued" (a continued session)
    hearing_status: str = "scheduled"  # the hearing's own status in the store
    continued_from: date | None = None  # the previous session, for a continued hearing
    continued_to: date | None = None  # set when it was continued at this meeting
    legal_notice_by: date | None = None
    # In the newspaper notice: every new hearing, and a continued one whose new date
    # was not announced at the hearing (or in a town that re-advertises continuances).
    advertise: bool = True
    laws: str = "both"  # the laws its filing is under (domain/laws.py)

    def title(self) -> str:
        """'UCC 2027-003 — Jane Doe, 12 Pond Street'."""
        who = ", ".join(p for p in (self.applicant, self.address) if p)
        return f"{self.file_no} — {who}" if who else self.file_no


@dataclass(frozen=True)
class MeetingEntry:
    meeting_id: int
    at: datetime  # local (America/New_York) wall-clock time
    place: str
    kind: str  # "regular" | "special" | "site_walk"
    cancelled: bool
    post_by: datetime  # Open Meeting Law posting deadline
    hearings: tuple[HearingEntry, ...] = ()
    agenda_posted_at: datetime | None = None

    @property
    def day(self) -> date:
        return self.at.date()

    def advertised(self) -> list[HearingEntry]:
        return [h for h in self.hearings if h.advertise]

    def publish_by(self) -> date | None:
        """The date the batched legal notice must be in the paper: the earliest of its
        new or re-advertised hearings' `legal_notice_by`."""
        dates = [h.legal_notice_by for h in self.advertised() if h.legal_notice_by is not None]
        return min(dates, default=None)


@dataclass(frozen=True)
class DeadlineEntry:
    record_kind: str  # "filing" | "enforcement_case" | "meeting"
    record_id: int
    reference: str  # file or case number
    kind: str  # deadline id (hearing_by, legal_notice_by, …)
    day: date
    label: str
    citation: str
    met: bool = False

    @property
    def kind_name(self) -> str:
        return deadline_kind_name(self.kind)

    def title(self) -> str:
        done = "Done: " if self.met else ""
        return f"{done}{self.reference}: {self.label}"


@dataclass(frozen=True)
class RatificationEntry:
    """An emergency enforcement order signed by one member, to be ratified at the
    next meeting (Sandwich §7.55 Part 2)."""

    order_id: int
    case_id: int
    case_no: str
    order_date: date
    signed_by: str
    address: str
    ratify_by: date | None = None


@dataclass(frozen=True)
class CalendarSnapshot:
    identity: str  # the database's identity, for stable iCalendar UIDs
    commission_name: str
    meetings: tuple[MeetingEntry, ...] = ()
    deadlines: tuple[DeadlineEntry, ...] = ()
    ratifications: tuple[RatificationEntry, ...] = ()
    loaded_on: date = field(default_factory=clock.today)
    reminder_minutes: int = 1440  # each exported event's VALARM (Settings); 0: none

    def meetings_on(self, day: date) -> list[MeetingEntry]:
        return [m for m in self.meetings if m.day == day]

    def deadlines_on(self, day: date) -> list[DeadlineEntry]:
        return [d for d in self.deadlines if d.day == day]

    def meeting(self, meeting_id: int) -> MeetingEntry | None:
        return next((m for m in self.meetings if m.meeting_id == meeting_id), None)
