"""Fixtures of the enforcement service tests (see tests/helpers/enforcement_db.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concom_desk.store import Database
from tests.helpers.enforcement_db import make_photo, sandwich_database


@pytest.fixture
def db(tmp_path: Path, isolated_data_dir: Path) -> Iterator[Database]:
    database = sandwich_database(tmp_path, isolated_data_dir)
    yield database
    database.close()


@pytest.fixture
def photo(tmp_path: Path) -> Path:
    return make_photo(tmp_path)
