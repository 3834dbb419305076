"""A save finds the party, the property and the file number it names through their
`lower(...)` indexes (revision 0017_name_indexes), not by reading the whole table:
each look-up the save makes is asked of SQLite's planner (EXPLAIN QUERY PLAN)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from concom_desk.services.filings.editing import save_filing
from concom_desk.store import Database
from tests.helpers.clock import TEST_TODAY
from tests.helpers.sql_sent import selects_sent
from tests.services.filings.test_editing import noi

LOWERED = {"party": "ix_party_name_lower", "property": "ix_property_address_lower",
           "filing": "ix_filing_file_no_lower"}


def _lookups_of_a_save(db: Database) -> list[tuple[str, tuple[object, ...]]]:
    """The SELECTs comparing lower(...) that saving a second filing of the same
    applicant and land, typed in other case, sends to SQLite."""
    first = noi(received=TEST_TODAY - timedelta(days=9))
    save_filing(db, first)
    # The clerk types the names in other case: still the same party and land.
    return selects_sent(db, "lower(", lambda: save_filing(db, replace(
        first, file_no="2026-2", applicant=first.applicant.upper(),
        address=first.address.lower())))


@pytest.mark.sqlite_only("the planner asked is SQLite's")
def test_every_lookup_of_a_save_uses_its_lowered_index(db: Database) -> None:
    sent = _lookups_of_a_save(db)
    tables = set()
    with db.engine.connect() as connection:
        raw = connection.connection.driver_connection
        for statement, parameters in sent:
            plan = [row[3] for row in raw.execute(f"EXPLAIN QUERY PLAN {statement}",
                                                  parameters)]
            table = next(t for t in LOWERED if f"FROM {t} " in statement + " ")
            tables.add(table)
            assert any(line.startswith(f"SEARCH {table} USING INDEX {LOWERED[table]} ")
                       for line in plan), (statement, plan)
            assert not any(line.startswith("SCAN") for line in plan), (statement, plan)
    assert tables == set(LOWERED)  # the applicant, the land and the file number
