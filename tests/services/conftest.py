"""A fresh commission database per test for the calendar's service tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concom_desk.store import open_database
from tests.services.calendar_db import Commission, build_commission


@pytest.fixture
def commission(tmp_path: Path) -> Iterator[Commission]:
    database = open_database(tmp_path / "commission.sqlite", initials="JB")
    try:
        yield build_commission(database)
    finally:
        database.close()
