"""A fresh database with one filing for each dialog test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concom_desk.store import Database, open_database


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(tmp_path / "commission.sqlite", initials="JP")
    yield database
    database.close()
