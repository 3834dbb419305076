"""The calendar's month finds the extension requests that may fall in it by the expiry
of the permit each extends through its index (revision 0023_expiry_index), not by
reading every filing for it: the month's read is asked of SQLite's planner."""

from __future__ import annotations

import pytest

from concom_desk.services.calendar.loading import load_calendar
from concom_desk.store import Database
from concom_desk.ui.calendar.month_read import grid_days
from tests.helpers.clock import TEST_TODAY
from tests.helpers.sql_sent import selects_sent


@pytest.mark.sqlite_only("the planner asked is SQLite's")
def test_the_months_read_finds_extended_permits_by_their_expiry_index(db: Database) -> None:
    sent = selects_sent(db, "expires", lambda: load_calendar(
        db, *grid_days(TEST_TODAY.year, TEST_TODAY.month)))
    with db.engine.connect() as connection:
        raw = connection.connection.driver_connection
        plans = [[row[3] for row in raw.execute(f"EXPLAIN QUERY PLAN {statement}", parameters)]
                 for statement, parameters in sent]
    by_expiry = [line for plan in plans for line in plan if "expires" in line]
    assert by_expiry and all("USING COVERING INDEX ix_filing_expires" in line
                             for line in by_expiry), plans
