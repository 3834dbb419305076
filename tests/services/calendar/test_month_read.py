"""The calendar tab reads only the filings that can have a deadline in the month shown
(services/calendar/month_scope.py). Whatever it leaves unread, a month must show the
very deadlines the whole calendar has on its days: checked here month by month over a
demo town's years, with its waivers, extensions, bookings and continuances."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from concom_desk.domain.time_rule import Direction, Unit
from concom_desk.services.calendar.counted_deadlines import CountedDeadlines
from concom_desk.services.calendar.entries import DeadlineEntry
from concom_desk.services.calendar.hearings import record_waiver
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.calendar.month_scope import act_shifts, event_reach, issued_between
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


def test_a_month_counts_again_only_once_a_desk_has_saved(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    # The calendar tab keeps the filings' deadlines its months counted; a save (any
    # desk's: the audit trail's newest entry moves) has them counted again.
    from concom_desk.services.calendar import loading

    filing_id = add_filing(db, with_hearing=False)  # received 2026-06-01, no hearing yet
    counting: list[int] = []
    real = loading._counted

    def counted_now(filing: Filing, *rest: Any) -> Any:
        counting.append(filing.id)
        return real(filing, *rest)

    monkeypatch.setattr(loading, "_counted", counted_now)
    counted = CountedDeadlines()
    june = load_calendar(db, *six_weeks(2026, 6), agenda_from=TODAY, counted=counted)
    assert counting == [filing_id]
    counting.clear()
    assert load_calendar(db, *six_weeks(2026, 6), agenda_from=TODAY, counted=counted) == june
    assert counting == []  # nothing saved: nothing counted again, the same month shown
    record_waiver(db, filing_id, date(2026, 6, 10), "Jane Doe",
                  hearing_no_later_than=date(2026, 11, 20))
    november = load_calendar(db, *six_weeks(2026, 11), agenda_from=TODAY, counted=counted)
    assert counting == [filing_id]
    assert shown(november.deadlines) == whole_days(db, 2026, 11)
    assert (date(2026, 11, 20), "filing", filing_id) in [
        row[:3] for row in shown(november.deadlines)]


class TurnedPast(Exception):
    """What the calendar tab's `check` raises once the clerk has turned past a month."""


def test_a_month_read_stopped_midway_leaves_what_it_counted_to_the_next(
        town: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tab stops a month's read (or its counting ahead) once another month is asked
    # for; the filings it counted stay counted, and the month read again is whole.
    from concom_desk.services.calendar import loading

    counting: list[int] = []
    real = loading._counted

    def counted_now(filing: Filing, *rest: Any) -> Any:
        counting.append(filing.id)
        return real(filing, *rest)

    monkeypatch.setattr(loading, "_counted", counted_now)
    checks: list[int] = []

    def check() -> None:
        checks.append(len(counting))
        if len(checks) == 2:
            raise TurnedPast

    counted = CountedDeadlines()
    may = six_weeks(2026, 5)
    with pytest.raises(TurnedPast):
        load_calendar(town, *may, agenda_from=TODAY, counted=counted, check=check)
    assert checks == [0, loading.CHECK_EVERY]  # stopped within a slice
    before, counting[:] = list(counting), []
    again = load_calendar(town, *may, agenda_from=TODAY, counted=counted)
    assert counting and not set(counting) & set(before)  # the rest, none twice
    assert shown(again.deadlines) == whole_days(town, 2026, 5)


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


# Permits whose expiry the permit extension acts moved, worked out by hand: each shows
# its expiry and the last day to request an extension on the months they fall in, and
# not on the month its own term ended. The 3-year term is 310 CMR 10.05(6)(d); the
# request is due 30 days before the expiry (310 CMR 10.05(8)(a), a Saturday moved back
# to the Friday); the acts: St. 2010 c.240 §173 (+4 years, in effect at any time from
# 2008-08-15 to 2012-08-15), St. 2020 c.53 §17 (+462 days, in effect on 2020-03-10),
# St. 2024 c.238 §280 (+2 years, in effect at any time in 2023-2024).
MOVED_BY_THE_ACTS = [
    # issued, its own term's end, the expiry in force, the last day to request
    # COVID tolling (in effect on 2020-03-10), then the Mass Leads Act (2023-08-20 is
    # in effect in its window): 2022-05-15 + 462 days = 2023-08-20, + 2 years.
    (date(2019, 5, 15), date(2022, 5, 15), date(2025, 8, 20), date(2025, 7, 21)),
    # The 2010 act only: 2019-08-01 has lapsed before 2020-03-10 and 2023.
    (date(2012, 8, 1), date(2015, 8, 1), date(2019, 8, 1), date(2019, 7, 2)),
    # Issued after 2020-03-10, in effect in 2023-2024: the Mass Leads Act only.
    (date(2021, 6, 1), date(2024, 6, 1), date(2026, 6, 1), date(2026, 5, 1)),
]


@pytest.mark.parametrize(("issued", "term_ends", "expires", "request_by"), MOVED_BY_THE_ACTS)
def test_a_permit_moved_by_the_extension_acts_is_on_the_months_of_its_moved_dates(
        db: Database, issued: date, term_ends: date, expires: date, request_by: date) -> None:
    filing_id = add_filing(db, with_hearing=False)
    with db.session() as session:
        filing = session.get(Filing, filing_id)
        filing.received = issued - timedelta(days=70)
        filing.hearing, filing.closed = issued - timedelta(days=40), issued - timedelta(days=40)
        filing.decided, filing.issued, filing.status = issued, issued, "issued"
    wanted = {(expires, "expires"), (request_by, "extension_request_by")}
    for day in (expires, request_by, term_ends):
        month = month_days(db, day.year, day.month)
        assert month == whole_days(db, day.year, day.month), day
        shown_here = {(row[0], row[3]) for row in month if row[2] == filing_id}
        start, end = six_weeks(day.year, day.month)
        assert {(d, kind) for d, kind in wanted if start <= d <= end} <= shown_here, day
        assert (term_ends, "expires") not in shown_here


# The issuance days August 2025's grid reads for a three-year order of conditions
# (310 CMR 10.05(6)(d)), each worked out by hand through the acts above.
AUGUST_2025_ISSUED = [
    (date(2022, 8, 20), True),  # no act: expires 2025-08-20 (or its holder declined them)
    (date(2020, 8, 20), True),  # 2023-08-20 + 2 years (Mass Leads only: after 2020-03-10)
    (date(2019, 5, 15), True),  # 2022-05-15 + 462 days = 2023-08-20, + 2 years
    (date(2019, 12, 31), False),  # 2022-12-31 + 462 days + 2 years = 2026-04-07
    (date(2021, 8, 20), False),  # 2024-08-20 + 2 years = 2026-08-20
    (date(2012, 8, 1), False),  # 2015-08-01 + 4 years = 2019-08-01, lapsed before 2020
]


@pytest.mark.parametrize(("issued", "read"), AUGUST_2025_ISSUED)
def test_the_month_reads_the_permits_issued_on_the_days_whose_expiry_the_acts_move_into_it(
        issued: date, read: bool) -> None:
    profiles = {"massachusetts": available_profiles()["massachusetts"]}
    term = (3, Unit.YEARS, Direction.AFTER)
    stretches = issued_between(term, event_reach(profiles)[("noi", "issued", term, frozenset())],
                               *six_weeks(2025, 8), act_shifts(profiles))
    assert any(first <= issued <= last for first, last in stretches) == read
