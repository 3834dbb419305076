"""The lives of the demo town's filings, planned from receipt to certificate.

Each plan follows the law's order of events (received → hearing, possibly continued
→ closed → decided → issued → recorded → work → COC) and stops where "today" cuts
it, so the status always agrees with the dates: a filing is 'hearing' because its
hearing is open and continued to a meeting after today, 'expired' because its three
years ran out without a certificate, and so on.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from concom_desk.domain.extension_acts import ExtensionAct, apply_acts
from concom_desk.domain.filing_facts import FilingFacts
from concom_desk.services.commission import town_profiles
from concom_desk.services.demo.calendar import MeetingCalendar, add_years, days_between
from concom_desk.services.filings.filing_clock import FilingClock

HEARING_KINDS = ("noi", "rda", "anrad", "amendment")
PERMIT_DECISION = {"noi": "order_of_conditions", "amendment": "amended_order",
                   "anrad": "order_of_delineation", "extension": "extension_permit",
                   "coc": "certificate_of_compliance", "emergency": "emergency_certification"}
DENIAL_DECISION = {"extension": "denial_of_extension", "coc": "denial_of_coc"}
VOID_REASONS = ("Entered twice; the filing is recorded under the next number.",
                "Logged under the wrong property; re-entered correctly.",
                "Paper filing returned to the applicant as incomplete before logging.")


@functools.cache
def _clock() -> FilingClock:
    """The deadline service on the profiles as shipped (a demo town has no closures
    of its own yet), made once for a whole demo town."""
    return FilingClock(town_profiles.available_profiles())


@functools.cache
def _acts() -> tuple[ExtensionAct, ...]:
    """The permit extension acts, read once for a whole demo town."""
    return town_profiles.extension_acts()


@dataclass
class FilingPlan:
    kind: str
    received: date
    status: str = "received"
    original: FilingPlan | None = None
    maintenance: bool = False
    complete: date | None = None
    hearing: date | None = None
    closed: date | None = None
    decided: date | None = None
    issued: date | None = None
    recorded: date | None = None
    expires: date | None = None
    commenced: date | None = None
    completed: date | None = None
    occupancy: date | None = None
    boards_notified: date | None = None
    sessions: list[date] = field(default_factory=list)  # hearing opened, then continued to
    booked: date | None = None  # the meeting the hearing is booked at (may be future)
    waiver: bool = False
    denied: bool = False
    void_reason: str = ""
    bond_released: date | None = None
    follow_ups: list[FilingPlan] = field(default_factory=list)
    filing_id: int = 0  # set when written


class FilingPlanner:
    def __init__(self, rng: random.Random, calendar: MeetingCalendar, today: date,
                 town: str):
        self.rng = rng
        self.calendar = calendar
        self.today = today
        self.town = town

    def _days(self, low: int, high: int) -> timedelta:
        return days_between(self.rng, low, high)

    def outcome(self) -> str:
        roll = self.rng.random()
        if roll < 0.012:
            return "void"
        if roll < 0.05:
            return "withdrawn"
        if roll < 0.11:
            return "denied"
        return "issued"

    # -- filings heard at a public hearing or meeting -----------------------------
    def hearing_filing(self, kind: str, received: date, outcome: str,
                       original: FilingPlan | None = None) -> FilingPlan:
        plan = FilingPlan(kind, received, original=original)
        plan.maintenance = kind == "noi" and self.rng.random() < 0.05
        if outcome == "void":
            plan.status, plan.void_reason = "void", self.rng.choice(VOID_REASONS)
            return plan
        plan.complete = min(received + self._days(0, 5), self.today)
        if kind in ("noi", "anrad", "amendment"):
            plan.boards_notified = min(received + self._days(0, 3), self.today)
        first = self.calendar.on_or_after(received + self._days(7, 19))
        plan.booked = first
        # A hearing later than 21 days after filing needs the applicant's written assent.
        plan.waiver = first is not None and (first - received).days > 21
        if first is None or first > self.today:
            return plan  # status 'received': hearing booked at a coming meeting
        sessions = [first]
        for _ in range(self.rng.choice((0, 0, 0, 1, 1, 2, 3))):
            later = self.calendar.after(sessions[-1], skip=self.rng.choice((0, 0, 1)))
            if later is None:
                break
            sessions.append(later)
        plan.sessions, plan.hearing = sessions, first
        if sessions[-1] > self.today:
            plan.status = "hearing"  # continued to a meeting still to come
            return plan
        if outcome == "withdrawn":
            plan.status = "withdrawn"
            return plan
        plan.closed = sessions[-1]
        issue_day = plan.closed + self._days(2, 20)  # within the 21 days the law allows
        if issue_day > self.today:
            plan.status = "closed"
            return plan
        plan.decided, plan.issued = plan.closed, issue_day
        if outcome == "denied":
            plan.status, plan.denied = "denied", True
            return plan
        plan.status = "issued"
        self._permit_life(plan)
        return plan

    def _permit_life(self, plan: FilingPlan) -> None:
        assert plan.issued is not None
        if plan.kind == "amendment" and plan.original is not None:
            plan.expires = plan.original.expires  # an amendment never extends the dates
        else:
            # The date in force: the permit extension acts move the term, as the
            # program does for every approval it stores.
            plan.expires = apply_acts(plan.issued, add_years(plan.issued, 5 if plan.maintenance
                                                             else 3), _acts()).expires
        if plan.kind in ("noi", "anrad", "amendment"):
            recorded = plan.issued + self._days(21, 45)
            plan.recorded = recorded if recorded <= self.today else None
        if plan.kind not in ("noi", "amendment"):
            if plan.expires and plan.expires < self.today:
                plan.status = "expired"
            return
        self._work(plan)
        if plan.kind == "noi" and plan.status == "issued" and self.rng.random() < 0.12:
            self._amendment(plan)
        if plan.status == "issued" and plan.completed is None:
            self._maybe_extension(plan)

    def _work(self, plan: FilingPlan) -> None:
        assert plan.issued is not None and plan.expires is not None
        start = (plan.recorded or plan.issued) + self._days(14, 300)
        if self.rng.random() < 0.8 and start <= self.today:
            plan.commenced = start
            done = start + self._days(30, 420)
            if self.rng.random() < 0.85 and done <= min(self.today, plan.expires):
                plan.completed = done
                if plan.kind == "noi" and self.rng.random() < 0.5:
                    occupancy = done + self._days(0, 30)
                    plan.occupancy = occupancy if occupancy <= self.today else None
                self._coc(plan)
                return
        if plan.expires < self.today and self.rng.random() < 0.9:
            plan.status = "expired"

    def _coc(self, plan: FilingPlan) -> None:
        assert plan.completed is not None
        received = plan.completed + self._days(5, 60)
        if received > self.today:
            return
        coc = FilingPlan("coc", received, original=plan)
        coc.complete = received
        issued = received + self._days(7, 21)
        if issued <= self.today:
            coc.decided, coc.issued = issued - self._days(0, 3), issued
            coc.status = "issued"
            plan.status = "completed"
            plan.bond_released = issued
            if self.rng.random() < 0.04:
                coc.status, coc.denied = "denied", True
                plan.status, plan.bond_released = "issued", None
        plan.follow_ups.append(coc)

    def _amendment(self, plan: FilingPlan) -> None:
        assert plan.issued is not None and plan.expires is not None
        received = plan.issued + self._days(60, 500)
        if received <= min(self.today, plan.expires - timedelta(days=1)):
            outcome = self.outcome()
            plan.follow_ups.append(self.hearing_filing("amendment", received,
                                                       outcome, original=plan))

    def _maybe_extension(self, plan: FilingPlan) -> None:
        assert plan.expires is not None
        # Most holders whose work is unfinished ask, some months ahead (with the permit
        # extension acts, few of a six-year town's permits have run out yet).
        received = plan.expires - self._days(30, 200)
        if self.rng.random() > 0.65 or received > self.today:
            return
        ext = FilingPlan("extension", received, original=plan)
        ext.complete = received
        issued = received + self._days(10, 28)
        if issued <= self.today:
            ext.decided = self.calendar.on_or_before(issued) or issued
            ext.decided = max(ext.decided, received)
            ext.issued = issued
            if self.rng.random() < 0.1:
                ext.status, ext.denied = "denied", True
            else:
                ext.status = "issued"
                ext.expires = self._extended_to(plan, ext)
                if plan.status == "expired" and ext.expires >= self.today:
                    plan.status = "issued"
        plan.follow_ups.append(ext)

    def _extended_to(self, permit: FilingPlan, ext: FilingPlan) -> date:
        """The extended permit's expiry as the program's clock counts it (the town's
        term for an extension, else the Act's; an act that already moved the permit
        does not move its extension too), so the demo stores what a save would."""
        def facts(plan: FilingPlan, original: FilingFacts | None = None) -> FilingFacts:
            # Demo filings are under both laws (the column's default).
            return FilingFacts(id=None, file_no="", kind=plan.kind, town=self.town,
                               laws="both", status=plan.status,
                               maintenance=plan.maintenance, received=plan.received,
                               complete=plan.complete, issued=plan.issued,
                               expires=plan.expires, original=original)
        expiry = _clock().expiry(facts(ext, facts(permit)))
        assert expiry is not None, "every profile gives an extension a term"
        return expiry.date

    # -- emergency certifications -------------------------------------------------
    def emergency(self, received: date) -> FilingPlan:
        plan = FilingPlan("emergency", received)
        plan.issued = plan.decided = min(received + self._days(0, 1), self.today)
        plan.commenced = plan.issued
        done = plan.commenced + self._days(1, 25)
        plan.status = "issued"
        if done <= self.today:
            plan.completed, plan.status = done, "completed"
        return plan
