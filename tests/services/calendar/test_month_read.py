"""The calendar tab reads only the filings that can have a deadline in the month shown
(services/calendar/month_scope.py). Whatever it leaves unread, a month must show the
very deadlines the whole calendar has on its days: checked here month by month over a
demo town's years, with its waivers, extensions, bookings and continuances."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from concom_desk.services.calendar.entries import DeadlineEntry
from concom_desk.services.calendar.hearings import record_waiver
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.demo.town import DemoSize, DemoTownBuilder
from concom_desk.services.filings.decision_waiver import record_decision_waiver
from concom_desk.store import Database, open_database
from concom_desk.store.models import Filing, HearingWaiver
from tests.helpers.abutter_fixtures import add_filing

TODAY = date(2026, 11, 29)
SIZE = DemoSize(years=8, filings=400, cases=10, abutters_per_filing=(1, 2))


@pytest.fixture(scope="module")
def town(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path: Path = tmp_path_factory.mktemp("town") / "town.sqlite"
    book = DemoTownBuilder(SIZE, TODAY).build()
    with open_database(path, initials="DEMO") as db:
        with db.session() as session:
            book.write(session)
        yield db


def six_weeks(year: int, month: int) -> tuple[date, date]:
    """The days a month's grid shows: from the Sunday on or before the 1st, 42 days."""
    first = date(year, month, 1)
    start = first - timedelta(days=(first.weekday() + 1) % 7)
    return start, start + timedelta(days=41)


def shown(deadlines: tuple[DeadlineEntry, ...]) -> list[tuple[object, ...]]:
    return [(d.day, d.record_kind, d.record_id, d.kind, d.label, d.citation, d.met)
            for d in deadlines]


def test_each_month_shows_the_deadlines_the_whole_calendar_has_on_its_days(
        town: Database) -> None:
    with town.read_session() as session:  # the town holds what the reach must not miss
        assert session.scalar(select(func.count(HearingWaiver.id)).where(
            HearingWaiver.hearing_no_later_than.is_not(None))) > 20
    profiles = available_profiles()
    whole = load_calendar(town, profiles=profiles).deadlines
    months = [(year, month) for year in range(TODAY.year - SIZE.years, TODAY.year + 4)
              for month in range(1, 13)]
    compared = 0
    for year, month in months:
        start, end = six_weeks(year, month)
        read = load_calendar(town, start, end, profiles, agenda_from=TODAY).deadlines
        expected = [d for d in whole if start <= d.day <= end]
        assert shown(read) == shown(tuple(expected)), f"{year}-{month:02}"
        compared += len(expected)
    assert compared > 1_000  # the months were not empty


def month_days(db: Database, year: int, month: int) -> list[tuple[object, ...]]:
    start, end = six_weeks(year, month)
    return shown(load_calendar(db, start, end, agenda_from=TODAY).deadlines)


def whole_days(db: Database, year: int, month: int) -> list[tuple[object, ...]]:
    start, end = six_weeks(year, month)
    return shown(tuple(d for d in load_calendar(db).deadlines if start <= d.day <= end))


# A waiver's date can lie months past every date of its filing: the month it falls in
# shows the clock it moved (310 CMR 10.05(5)(b) as waived in writing by the applicant;
# Garrity v. Hingham Conservation Commission, 2012, for the decision).
def test_a_hearing_waived_months_ahead_is_on_the_month_of_its_new_date(db: Database) -> None:
    filing_id = add_filing(db, with_hearing=False)  # received 2026-06-01, no hearing yet
    record_waiver(db, filing_id, date(2026, 6, 10), "Jane Doe",
                  hearing_no_later_than=date(2026, 11, 20))
    november = month_days(db, 2026, 11)
    assert november == whole_days(db, 2026, 11)
    assert (date(2026, 11, 20), "filing", filing_id) in [row[:3] for row in november]


def test_a_decision_waived_months_ahead_is_on_the_month_of_its_new_date(
        db: Database) -> None:
    filing_id = add_filing(db, with_hearing=False)
    with db.session() as session:
        filing = session.get(Filing, filing_id)
        filing.hearing, filing.closed, filing.status = (date(2026, 6, 16), date(2026, 7, 7),
                                                        "closed")
    record_decision_waiver(db, filing_id, date(2026, 7, 20), "Jane Doe",
                           decide_by=date(2027, 2, 26))
    february = month_days(db, 2027, 2)
    assert february == whole_days(db, 2027, 2)
    assert (date(2027, 2, 26), "filing", filing_id, "decision_by") in [
        row[:4] for row in february]
