"""Fixtures of the enforcement service tests (see tests/helpers/enforcement_db.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from concom_desk.store import Database
from tests.helpers.enforcement_db import make_photo, set_up_sandwich


@pytest.fixture
def db(new_records: Callable[..., Database], isolated_data_dir: Path) -> Iterator[Database]:
    database = set_up_sandwich(new_records(initials="PL"), isolated_data_dir)
    yield database
    database.close()


@pytest.fixture
def photo(tmp_path: Path) -> Path:
    return make_photo(tmp_path)
