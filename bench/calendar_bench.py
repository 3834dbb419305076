"""How long the calendar tab's refresh (`load_calendar`) takes on a busy commission,
against a floor measured in the same run: the deadline engine alone computing the same
filings' deadlines from plain values (no database, no rows to build).

    python bench/calendar_bench.py [--filings 600] [--runs 5] [--demo large]

With --demo the database is the demo town of that size instead (the floor is then
the engine on the same filings' stored dates).

The tab reloads after every dialog, so the ratio says what the store and the row
building add on top of the unavoidable date arithmetic.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from concom_desk.domain.deadline_engine import compute_deadlines  # noqa: E402
from concom_desk.domain.status_rules import CLOCKS_STOPPED  # noqa: E402
from concom_desk.services.calendar.loading import load_calendar  # noqa: E402
from concom_desk.services.commission.town_profiles import available_profiles  # noqa: E402
from concom_desk.store import open_database  # noqa: E402
from concom_desk.store.models import (  # noqa: E402
    CommissionSettings,
    Filing,
    Hearing,
    Meeting,
    Party,
    Property,
)
from concom_desk.ui.calendar.month_read import grid_days  # noqa: E402

START = date(2026, 1, 7)


def build(path: Path, filings: int) -> list[tuple[str, date]]:
    plain = []
    with open_database(path, initials="BN") as db, db.session() as session:
        session.add(CommissionSettings(name="Bench Conservation Commission", town="upton"))
        meetings = []
        for week in range(0, 104, 2):
            meeting = Meeting(held_on=START + timedelta(weeks=week), start_time="19:00",
                              place="Town Hall", kind="regular", cancelled=False)
            session.add(meeting)
            meetings.append(meeting)
        session.flush()
        for number in range(filings):
            received = START + timedelta(days=number % 700)
            kind = ("noi", "rda", "anrad")[number % 3]
            party = Party(name=f"Applicant {number}", kind="person")
            prop = Property(address=f"{number} Pond Street", map="1", lot=str(number))
            session.add_all([party, prop])
            session.flush()
            filing = Filing(file_no=f"B-{number:05d}", kind=kind, town="upton",
                            status="received", maintenance=False, applicant_id=party.id,
                            owner_id=party.id, property_id=prop.id, received=received)
            session.add(filing)
            session.flush()
            meeting = meetings[min(len(meetings) - 1, (number % 700) // 14 + 1)]
            session.add(Hearing(filing_id=filing.id, meeting_id=meeting.id,
                                status="scheduled"))
            plain.append((kind, received))
    return plain


def floor(plain: list[tuple[str, date]]) -> None:
    profile = available_profiles()["upton"]
    for kind, received in plain:
        compute_deadlines(profile, kind, {"received": received})


def demo(path: Path, size: str) -> list[tuple]:  # type: ignore[type-arg]
    """The demo town's filings as plain engine inputs, read once."""
    from sqlalchemy import select

    from concom_desk.services.demo.town import load_demo

    load_demo(path, size=size)
    profiles = available_profiles()
    with open_database(path) as db, db.read_session() as session:
        filings = session.scalars(select(Filing).where(Filing.received.is_not(None))).all()
        # The calendar computes the deadlines of unfinished filings only; so does the floor.
        return [(profiles[f.town], f.kind, f.event_dates(), f.flags()) for f in filings
                if f.town in profiles and f.status not in CLOCKS_STOPPED]


def demo_floor(rows: list[tuple]) -> None:  # type: ignore[type-arg]
    for profile, kind, events, flags in rows:
        compute_deadlines(profile, kind, events, flags)


def timed(func, runs: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        func()
        samples.append(time.perf_counter() - began)
    return statistics.median(samples)


def interleaved(jobs, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Median seconds of each job, the jobs taking turns run after run."""
    samples: list[list[float]] = [[] for _ in jobs]
    for _ in range(runs):
        for job, found in zip(jobs, samples, strict=True):
            found.append(timed(job, 1))
    return [statistics.median(found) for found in samples]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--filings", type=int, default=600)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--demo", choices=("small", "large"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CONCOM_DESK_DATA"] = folder
        path = Path(folder) / "bench.sqlite"
        if args.demo:
            rows = demo(path, args.demo)
            floor_job = lambda: demo_floor(rows)  # noqa: E731
            label = f"demo town ({args.demo}), unfinished filings: {len(rows)}"
        else:
            plain = build(path, args.filings)
            floor_job = lambda: floor(plain)  # noqa: E731
            label = f"filings: {args.filings}, meetings: 52"
        today = date.today()
        start, end = grid_days(today.year, today.month)
        with open_database(path) as db:
            base, load, month = interleaved(
                [floor_job, lambda: load_calendar(db),
                 lambda: load_calendar(db, start, end, agenda_from=today)], args.runs)
    print(label)
    print(f"floor (deadline engine only, every filing): {base * 1000:.1f} ms")
    print(f"whole calendar (load_calendar):             {load * 1000:.1f} ms  "
          f"ratio {load / base:.2f}")
    print(f"the tab's month and the meetings ahead:     {month * 1000:.1f} ms  "
          f"ratio {month / base:.2f} (the window waits for none of it: it is read "
          "in the background)")


if __name__ == "__main__":
    main()
