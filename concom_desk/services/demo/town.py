"""A believable demo town, for trying the program and for benchmarks.

`load_demo(db_path, size)` writes a commission with members, two meetings a month,
filings of every kind across the years in every status (with their hearings,
continuances, waivers, abutters and notices, votes, decisions, conditions and
documents) and enforcement cases. 'large' is a 20-year town: about 10,000 filings,
60,000 abutters and 1,500 enforcement cases.

Everything is built in memory first (`RowBook`), then written in ONE transaction,
one executemany per table: the audit triggers still record every row, and a failure
leaves the database as it was.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from sqlalchemy import func, select

from concom_desk import clock
from concom_desk.domain.laws import STATE_TOWN
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.demo.calendar import MeetingCalendar
from concom_desk.services.demo.enforcement import write_cases
from concom_desk.services.demo.filings import FilingPlan, FilingPlanner
from concom_desk.services.demo.minutes import add_minuted_meeting
from concom_desk.services.demo.people import CONDITIONS, FIRST, LAST, PeopleSource
from concom_desk.services.demo.places import DEMO_PLACES, MILLBROOK
from concom_desk.services.demo.records import RecordWriter
from concom_desk.services.demo.rows import RowBook
from concom_desk.store import Database, open_database
from concom_desk.store.models import (
    Attendance,
    AuditEntry,
    CommissionSettings,
    EnforcementCase,
    Filing,
    Meeting,
    Member,
    Party,
    StandardCondition,
    TownClosureDay,
)


@dataclass(frozen=True)
class DemoSize:
    years: int
    filings: int
    cases: int
    abutters_per_filing: tuple[int, int]


SIZES: dict[str, DemoSize] = {
    "small": DemoSize(years=6, filings=90, cases=12, abutters_per_filing=(3, 7)),
    "large": DemoSize(years=20, filings=10_000, cases=1_500, abutters_per_filing=(5, 12)),
}
KIND_WEIGHTS = {"noi": 46, "rda": 30, "anrad": 6, "emergency": 3}  # follow-ups come from these
EVERY_STATUS = ("received", "hearing", "closed", "issued", "denied", "withdrawn", "expired",
                "completed", "void")


@dataclass(frozen=True)
class DemoSummary:
    path: Path
    size: str
    counts: dict[str, int]
    seconds: float  # in all
    write_seconds: float  # of which writing the one transaction (audit triggers included)

    def describe(self) -> str:
        main = ", ".join(f"{self.counts.get(t, 0):,} {t.replace('_', ' ')} rows" for t in
                         ("filing", "abutter", "enforcement_case", "hearing", "audit_entry"))
        return (f"demo town ({self.size}) written to {self.path} in {self.seconds:.1f} s "
                f"({self.write_seconds:.1f} s writing): {main}")


def _town(town: str | None) -> tuple[str, str]:
    """The town asked for (its id and name, from its profile); with none, Upton's rules
    when that profile is installed, else the state default rules for an invented town."""
    profiles = available_profiles()
    if town is not None:
        if town not in profiles:
            raise UserError(f"no town profile {town!r}; the towns are: "
                            f"{', '.join(sorted(profiles))}")
        if town == STATE_TOWN:  # the state default is no town: an invented one
            return town, "Millbrook"
        return town, profiles[town].name
    return ("upton", "Upton") if "upton" in profiles else (STATE_TOWN, "Millbrook")


class DemoTownBuilder:
    def __init__(self, size: DemoSize, today: date, seed: int = 1835,
                 town: str | None = None):
        self.size, self.today = size, today
        self.rng = random.Random(seed)
        self.town_id, self.town_name = _town(town)
        self.place = DEMO_PLACES.get(self.town_id, MILLBROOK)
        self.people = PeopleSource(self.rng, self.town_name)
        self.book = RowBook()
        self.start = date(today.year - size.years + 1, 1, 1)
        self.calendar = MeetingCalendar(self.start, today + timedelta(days=120))
        self.planner = FilingPlanner(self.rng, self.calendar, today, self.town_id)

    def build(self) -> RowBook:
        book = self.book
        book.add(CommissionSettings, name=f"{self.town_name} Conservation Commission",
                 town=self.town_id, address=f"Town Hall\n1 Main Street\n{self.town_name}, "
                 f"MA {self.place.zip_code}", phone="508-555-0142",
                 email="conservation@example.org", meeting_place="Town Hall, Room 2",
                 meeting_time="19:00", clerk_initials="JB",
                 deeds_registry=f"{self.place.registry} District",
                 newspaper=self.place.newspaper,
                 closure_rules="day_after_thanksgiving")
        for year in range(self.today.year - 1, self.today.year + 1):
            book.add(TownClosureDay, day=date(year, 12, 24), reason="Christmas Eve (town)")
        for number, text in enumerate(CONDITIONS, start=1):
            book.add(StandardCondition, number=number, title=text.split(" ")[0], text=text)
        names, present = self._members_and_meetings()
        writer = RecordWriter(book, self.rng, self.people, self.today, self.town_id,
                              self.town_name, self.place, self.meeting_ids, present, names,
                              list(range(1, len(CONDITIONS) + 1)),
                              self.size.abutters_per_filing)
        for plan in self._plans():
            writer.write_filing(plan)
        write_cases(writer, self.rng, self.people, self.calendar, self.start, self.today,
                    self.size.cases)
        add_minuted_meeting(book, writer, sorted(present), present)
        return book

    def _members_and_meetings(self) -> tuple[dict[int, str], dict[date, list[int]]]:
        names: dict[int, str] = {}
        terms: list[tuple[int, date, date | None]] = []
        for n in range(9):
            name = f"{FIRST[(n * 5) % len(FIRST)]} {LAST[(n * 7) % len(LAST)]}"
            if n < 3:  # served from the start and left; replaced by members 6–8
                start, end = self.start, self.start + timedelta(days=365 * (n + 2))
            elif n < 6:
                start, end = self.start, None
            else:
                start = self.start + timedelta(days=365 * (n - 4) + 1)
                end = self.today + timedelta(days=400)
            role = "chair" if n == 3 else "member"
            member = self.book.add(Member, name=name, initials=name[0] + name.split()[1][0],
                                   role=role, term_start=start, term_end=end)
            names[member] = name
            terms.append((member, start, end))
        self.book.add(Member, name="Quinn Associate", initials="QA", role="associate",
                      term_start=self.start)
        self.meeting_ids: dict[date, int] = {}
        present: dict[date, list[int]] = {}
        for day in self.calendar.days:
            self.meeting_ids[day] = self.book.add(Meeting, held_on=day, place="Town Hall, Room 2")
            if day > self.today:
                continue
            in_office = [m for m, s, e in terms if s <= day and (e is None or day <= e)]
            absent = self.rng.sample(in_office, self.rng.choice((0, 0, 1)))
            present[day] = [m for m in in_office if m not in absent]
            for member in present[day]:
                self.book.add(Attendance, meeting_id=self.meeting_ids[day], member_id=member)
        return names, present

    def _plans(self) -> list[FilingPlan]:
        """Primary filings spread over the years, their follow-ups, and (for a small
        town) enough extra ones that every kind and every status is shown."""
        span = (self.today - self.start).days
        kinds = list(KIND_WEIGHTS)
        weights = list(KIND_WEIGHTS.values())
        plans: list[FilingPlan] = []
        count = 0
        # The current workload: a dozen filings in the last two months.
        recent = 12
        while count < self.size.filings:
            days_ago = self.rng.randint(0, 60) if count < recent else self.rng.randint(0, span)
            received = self.today - timedelta(days=days_ago)
            kind = self.rng.choices(kinds, weights)[0]
            plan = self._plan(kind, received, self.planner.outcome())
            plans.append(plan)
            count += 1 + len(plan.follow_ups)
        self._cover_every_status(plans)
        everything = [p for plan in plans for p in _with_follow_ups(plan)]
        return sorted(everything, key=lambda p: p.received)

    def _plan(self, kind: str, received: date, outcome: str) -> FilingPlan:
        if kind == "emergency":
            return self.planner.emergency(received)
        return self.planner.hearing_filing(kind, received, outcome)

    def _cover_every_status(self, plans: list[FilingPlan]) -> None:
        for _ in range(400):
            every = [p for plan in plans for p in _with_follow_ups(plan)]
            seen = {(p.kind, p.status) for p in every}
            missing = [s for s in EVERY_STATUS if s not in {st for _, st in seen}]
            kinds_missing = {"amendment", "extension", "coc"} - {k for k, _ in seen}
            if not missing and not kinds_missing:
                return
            want = missing[0] if missing else "issued"
            days_back = {"received": 12, "hearing": 45, "closed": 60}.get(want, 365 * 5)
            received = self.today - timedelta(days=self.rng.randint(1, days_back))
            outcome = want if want in ("void", "withdrawn", "denied") else "issued"
            candidate = self.planner.hearing_filing("noi", received, outcome)
            found = {p.status for p in _with_follow_ups(candidate)} | \
                {p.kind for p in _with_follow_ups(candidate)}
            if (missing and want in found) or (not missing and kinds_missing & found):
                plans.append(candidate)


def _with_follow_ups(plan: FilingPlan) -> list[FilingPlan]:
    found = [plan]
    for follow in plan.follow_ups:
        found.extend(_with_follow_ups(follow))
    return found


def _is_empty(db: Database) -> bool:
    with db.read_session() as session:
        return all(session.scalar(select(func.count()).select_from(model)) == 0
                   for model in (Filing, Party, Meeting, EnforcementCase, CommissionSettings))


def load_demo(db: Database | Path | str, size: str = "small", today: date | None = None,
              seed: int = 1835, town: str | None = None) -> DemoSummary:
    """Write the demo town into a new (or empty) database: a path (opened and closed
    here) or a `Database` the caller already has open (the window's)."""
    if size not in SIZES:
        raise UserError(f"unknown demo size {size!r}; sizes are: {', '.join(SIZES)}")
    if isinstance(db, Database):
        return _load_into(db, size, today, seed, town)
    if town is not None:
        _town(town)  # an unknown town is refused before a file is made
    with open_database(Path(db), initials="DEMO") as opened:
        return _load_into(opened, size, today, seed, town)


def _load_into(db: Database, size: str, today: date | None, seed: int,
               town: str | None) -> DemoSummary:
    if not _is_empty(db):
        raise UserError(f"{db.path} already holds records; the demo town is only written "
                        "into a new or empty database (choose another file name)")
    began = time.perf_counter()
    book = DemoTownBuilder(SIZES[size], today or clock.today(), seed, town).build()
    initials = db.initials
    db.set_initials("DEMO")
    try:
        writing = time.perf_counter()
        with db.session() as session:
            book.write(session)
        write_seconds = time.perf_counter() - writing
    finally:
        db.set_initials(initials)
    if size == "small":  # drawn parcels around its filings' lots, to try computed abutters
        from concom_desk.services.parcels.demo_parcels import load_demo_parcels

        load_demo_parcels(db, *_town(town))
    with db.read_session() as session:
        audit = session.scalar(select(func.count()).select_from(AuditEntry)) or 0
    counts = {**book.counts(), "audit_entry": audit}
    return DemoSummary(db.path, size, counts, time.perf_counter() - began, write_seconds)

