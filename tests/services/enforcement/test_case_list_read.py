"""The case list and the enforcement deadlines are read as plain columns (no ORM
record per case, order or inspection): they must answer exactly what the ORM
reading of the same records answers — every case, in the same order, with the same
next deadline and ratification flags. Compared on a demo town with hundreds of
cases at every stage, on days before, among and after its orders."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from concom_desk.services.demo.town import DemoSize, DemoTownBuilder
from concom_desk.services.enforcement.common import VOID, meeting_dates
from concom_desk.services.enforcement.deadlines import (
    FINISHED,
    EnforcementDeadline,
    enforcement_deadlines,
)
from concom_desk.services.enforcement.queries import CaseRow, list_cases, status_label
from concom_desk.services.enforcement.ratification import (
    cases_awaiting_ratification,
    cases_with_overdue_ratification,
    order_ratification,
)
from concom_desk.store import open_database
from concom_desk.store.models import EnforcementCase, EnforcementOrder, Inspection

BUILT_ON = date(2026, 11, 29)
DAYS = [BUILT_ON - timedelta(days=400), BUILT_ON - timedelta(days=30), BUILT_ON,
        BUILT_ON + timedelta(days=9), BUILT_ON + timedelta(days=200)]


@pytest.fixture(scope="module")
def town(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cases") / "town.sqlite"
    book = DemoTownBuilder(DemoSize(years=6, filings=150, cases=400,
                                    abutters_per_filing=(1, 2)), BUILT_ON).build()
    with open_database(path, initials="DEMO") as db, db.session() as session:
        book.write(session)
    return path


def orm_deadlines(session: Session, start: date, end: date) -> list[EnforcementDeadline]:
    """The deadlines as read before, through the ORM records (the reference)."""
    found: list[EnforcementDeadline] = []
    dates = meeting_dates(session)
    for order, case in session.execute(
            select(EnforcementOrder, EnforcementCase)
            .join(EnforcementCase, EnforcementOrder.case_id == EnforcementCase.id)
            .options(joinedload(EnforcementCase.property))
            .where(EnforcementCase.status.not_in(FINISHED),
                   EnforcementOrder.lifted_on.is_(None))):
        where = case.property.address if case.property else case.case_no
        if order.restore_by:
            found.append(EnforcementDeadline(order.restore_by,
                                             f"Restoration due ({order.order_no}, {where})",
                                             case.id, case.case_no, "restore_by", where))
        if order.file_noi_by:
            found.append(EnforcementDeadline(order.file_noi_by,
                                             f"NOI to be filed ({order.order_no}, {where})",
                                             case.id, case.case_no, "file_noi_by", where))
        if order.emergency and order.ratified_meeting_id is None:
            status = order_ratification(session, order, start, dates)
            if status.meeting is not None:
                found.append(EnforcementDeadline(
                    status.meeting, f"Ratify emergency order {order.order_no} ({where})",
                    case.id, case.case_no, "ratify", where))
    latest: dict[int, date] = {}
    for case_id, day in session.execute(select(Inspection.case_id, Inspection.inspected_on)):
        if case_id is not None and day > latest.get(case_id, date.min):
            latest[case_id] = day
    for inspection, case in session.execute(
            select(Inspection, EnforcementCase)
            .join(EnforcementCase, Inspection.case_id == EnforcementCase.id)
            .options(joinedload(EnforcementCase.property))
            .where(EnforcementCase.status.not_in(FINISHED),
                   Inspection.follow_up_by.is_not(None))):
        if latest[case.id] > inspection.inspected_on:
            continue
        where = case.property.address if case.property else case.case_no
        found.append(EnforcementDeadline(inspection.follow_up_by,
                                         f"Follow-up inspection ({where})",
                                         case.id, case.case_no, "follow_up", where))
    return sorted((d for d in found if start <= d.date <= end),
                  key=lambda d: (d.date, d.case_no, d.kind))


def orm_case_list(session: Session, today: date, include_void: bool) -> list[CaseRow]:
    """The case list as read before, through the ORM records (the reference)."""
    overdue = cases_with_overdue_ratification(session, today)
    awaiting = cases_awaiting_ratification(session)
    upcoming: dict[int, tuple[date, str]] = {}
    for deadline in orm_deadlines(session, date.min, date.max):  # overdue ones too
        upcoming.setdefault(deadline.case_id, (deadline.date, deadline.label))
    rows = []
    for case in session.scalars(
            select(EnforcementCase)
            .options(joinedload(EnforcementCase.property), joinedload(EnforcementCase.violator))
            .order_by(EnforcementCase.opened_on.desc(), EnforcementCase.id.desc())):
        if case.status == VOID and not include_void:
            continue
        next_day, next_label = upcoming.get(case.id, (None, ""))
        rows.append(CaseRow(
            case_id=case.id, case_no=case.case_no, opened_on=case.opened_on,
            address=case.property.address if case.property else "",
            violator=case.violator.name if case.violator else "",
            status=case.status, status_label=status_label(case.status),
            next_deadline=next_day, next_deadline_label=next_label,
            awaiting_ratification=case.id in awaiting, ratification_overdue=case.id in overdue,
            description=case.description))
    return rows


def test_the_town_has_cases_at_every_stage(town: Path) -> None:
    with open_database(town) as db, db.read_session() as session:
        rows = list_cases(session, BUILT_ON)
        deadlines = enforcement_deadlines(session, DAYS[0], date.max)
    assert len(rows) >= 300
    assert len({row.status for row in rows}) >= 5
    assert any(row.next_deadline for row in rows)
    assert {d.kind for d in deadlines} >= {"restore_by", "follow_up"}


@pytest.mark.parametrize("day", DAYS)
def test_the_deadlines_are_those_the_orm_reading_finds(town: Path, day: date) -> None:
    with open_database(town) as db, db.read_session() as session:
        for end in (day + timedelta(days=60), date.max):
            assert enforcement_deadlines(session, day, end) == orm_deadlines(session, day, end)


@pytest.mark.parametrize("day", DAYS)
@pytest.mark.parametrize("include_void", [False, True])
def test_the_case_list_is_the_one_the_orm_reading_finds(town: Path, day: date,
                                                        include_void: bool) -> None:
    with open_database(town) as db, db.read_session() as session:
        read = list_cases(session, day, include_void=include_void)
        expected = orm_case_list(session, day, include_void)
    assert read == expected
    # and what a search looks in is each case's own words
    assert [r.search_key for r in read] == [r.search_key for r in expected]


def test_a_search_finds_a_word_in_any_field_but_not_across_two(town: Path) -> None:
    with open_database(town) as db, db.read_session() as session:
        row = next(r for r in list_cases(session, BUILT_ON) if r.violator and r.address)
    assert row.matches(row.address.upper())
    assert row.matches(f"  {row.violator[1:].lower()} ")
    assert row.matches(row.status_label)
    assert row.matches("")
    assert not row.matches(f"{row.address}\n{row.violator}")
    assert not row.matches(row.address + " " + row.violator + " zzz")
