"""After a save the window reads only the filings it touched (`load_lists(...,
filing_ids)`): their rows and Today's items must be the very ones a read of the whole
town gives, or the Filings tab would show one deadline after a save and another after
a reload."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from concom_desk.services.demo.town import load_demo
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.rows import DeskLists, FilingRow, TodayItem
from concom_desk.services.filings.status_corrections import void_filing_entered_in_error
from concom_desk.store import Database, open_database
from concom_desk.store.models import Filing
from tests.helpers.clock import TEST_TODAY

# Filings read together, each filing in one read: a read of one alone costs as much as
# a read of a few (the statements, not the rows), and the demo town has ninety.
AT_ONCE = 6


@pytest.fixture(scope="module")
def town(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("town") / "upton.sqlite"
    load_demo(path, "small", today=TEST_TODAY, town="upton")  # continuances, bookings
    return path


@pytest.fixture
def db(town: Path) -> Iterator[Database]:
    opened = open_database(town, lock=False)
    yield opened
    opened.close()


def theirs(records: DeskLists, ids: frozenset[int]
           ) -> tuple[list[FilingRow], list[TodayItem], dict[int, int]]:
    """What `records` hold of the filings `ids`: rows, Today's items, older deadlines."""
    rows = sorted((r for r in records.filings if r.id in ids), key=lambda r: r.id)
    items = [i for i in records.today if i.record == "filing" and i.filing_id in ids]
    older = {n: c for n, c in records.older_by_filing.items() if n in ids}
    return rows, items, older


def test_a_read_of_a_few_filings_gives_their_rows_and_items_as_the_whole_read(
        db: Database) -> None:
    whole = load_lists(db, TEST_TODAY)
    ids = sorted(r.id for r in whole.filings)
    # Strided, so a permit and the filings counting from it mostly fall in different reads.
    groups = [ids[start::len(ids) // AT_ONCE] for start in range(len(ids) // AT_ONCE)]
    assert sorted(n for group in groups for n in group) == ids  # each filing read once
    for group in groups:
        few = load_lists(db, TEST_TODAY, group)
        assert few.read is not None and set(group) <= few.read
        assert theirs(few, few.read) == theirs(whole, few.read), group
        assert {r.id for r in few.filings} == few.read  # none voided in the demo's lists
    # The comparison saw deadlines and Today's items (a town with none proves nothing).
    assert sum(1 for r in whole.filings if r.next_deadline) >= 20
    assert sum(1 for i in whole.today if i.record == "filing") >= 5


def test_a_read_of_a_permit_brings_the_filings_counting_from_it(db: Database) -> None:
    with db.read_session() as session:
        extension, permit = session.execute(
            select(Filing.id, Filing.original_id).where(Filing.kind == "extension")).first()
    few = load_lists(db, TEST_TODAY, [permit])
    assert few.read is not None and {permit, extension} <= few.read
    whole = load_lists(db, TEST_TODAY)
    assert theirs(few, few.read) == theirs(whole, few.read)
    assert [r.id for r in few.filings if r.id == extension]  # its row is there


def test_a_voided_filing_is_read_and_has_no_row(town: Path, tmp_path: Path) -> None:
    copy = tmp_path / "town.sqlite"
    shutil.copy(town, copy)
    with open_database(copy, lock=False) as db:
        before = load_lists(db, TEST_TODAY)
        voided = next(r for r in before.filings if r.next_deadline is not None)
        void_filing_entered_in_error(db, voided.id, "entered twice")
        few = load_lists(db, TEST_TODAY, [voided.id])
        assert few.read is not None and voided.id in few.read
        assert voided.id not in {r.id for r in few.filings}
        assert voided.id not in {i.filing_id for i in few.today if i.record == "filing"}
