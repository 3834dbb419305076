"""A fresh database file per test, opened and closed properly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concom_desk.store import Database, open_database


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "commission.sqlite"


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(db_path, initials="JB")
    yield database
    database.close()
