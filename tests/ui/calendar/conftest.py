"""A commission database (three filings, a first-and-third-Wednesday schedule) for the
calendar tab's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concom_desk.store import open_database
from tests.helpers.calendar_db import Commission, build_commission


@pytest.fixture
def commission(tmp_path: Path) -> Iterator[Commission]:
    database = open_database(tmp_path / "commission.sqlite", initials="JB")
    try:
        yield build_commission(database)
    finally:
        database.close()
