"""Fresh databases per test: a bare one (`db`, for the abutter services) and a
commission with its calendar (`commission`, for the calendar's service tests)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concom_desk.store import Database, open_database
from tests.helpers.calendar_db import Commission, build_commission


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(tmp_path / "commission.sqlite", initials="JP")
    yield database
    database.close()


@pytest.fixture
def commission(tmp_path: Path) -> Iterator[Commission]:
    database = open_database(tmp_path / "commission.sqlite", initials="JB")
    try:
        yield build_commission(database)
    finally:
        database.close()
