"""The filings list reads each filing's next deadline from its stored dates and its
hearing's continuances."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from concom_desk.services.filings.listing import list_filings
from concom_desk.store import Database
from concom_desk.store.models import Continuance, Filing, Hearing, Meeting, Party, Property


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Database:
    return new_records(initials="JB")


def test_rows_carry_names_and_the_continued_hearing_deadline(db: Database) -> None:
    with db.session() as s:
        filing = Filing(file_no="2026-014", kind="noi", town="upton", status="hearing",
                        applicant=Party(name="Jane Doe"),
                        property=Property(address="12 Pond Street", map="12", lot="34"),
                        received=date(2026, 11, 5), hearing=date(2026, 11, 19))
        opened, later = Meeting(held_on=date(2026, 11, 19)), Meeting(held_on=date(2026, 12, 3))
        hearing = Hearing(filing=filing, meeting=opened, status="continued",
                          opened_on=date(2026, 11, 19))
        s.add_all([filing, opened, later, hearing])
        s.flush()
        s.add(Continuance(hearing_id=hearing.id, from_meeting_id=opened.id,
                          to_meeting_id=later.id, continued_to=date(2026, 12, 3)))
        s.add(Filing(file_no="2026-015", kind="rda", town="upton", status="void",
                     void_reason="entered twice", voided_at=date(2026, 11, 6),
                     received=date(2026, 11, 6)))
    rows = list_filings(db, today=date(2026, 11, 30))
    assert [r["file_no"] for r in rows] == ["2026-015", "2026-014"]  # newest first
    row = rows[1]
    assert (row["applicant"], row["address"], row["map_lot"]) == ("Jane Doe", "12 Pond Street",
                                                                  "12-34")
    # Upton § 330-10E: two business days before Thu 2026-12-03 → Tue 2026-12-01
    assert row["next_deadline"] == {"id": "absence_notice_by", "date": "2026-12-01"}
    assert rows[0]["next_deadline"] is None  # void: nothing owed
    assert [r["file_no"] for r in list_filings(db, include_void=False)] == ["2026-014"]


def test_a_filing_not_yet_dated_comes_last_on_either_engine(db: Database) -> None:
    # Descending, PostgreSQL puts an empty date first and SQLite last: the list says
    # which (last), so the newest dated filing heads it on the file and on a server.
    with db.session() as s:
        s.add_all([Filing(file_no="2026-001", kind="rda", town="upton",
                          received=date(2026, 1, 5)),
                   Filing(file_no="2026-009", kind="noi", town="upton"),
                   Filing(file_no="2026-002", kind="rda", town="upton",
                          received=date(2026, 2, 9))])
    rows = list_filings(db, today=date(2026, 3, 1))
    assert [(r["file_no"], r["received"]) for r in rows] == [
        ("2026-002", "2026-02-09"), ("2026-001", "2026-01-05"), ("2026-009", None)]
