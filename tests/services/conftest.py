"""Fresh databases per test, on each engine in turn (tests/helpers/engines.py): a bare
one (`db`, for the abutter services) and a commission with its calendar (`commission`,
for the calendar's service tests)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from concom_desk.store import Database
from tests.helpers.calendar_db import Commission, build_commission


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = new_records(initials="JP")
    yield database
    database.close()


@pytest.fixture
def commission(new_records: Callable[..., Database]) -> Iterator[Commission]:
    database = new_records(initials="JB")
    try:
        yield build_commission(database)
    finally:
        database.close()
