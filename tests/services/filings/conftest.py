"""A commission set up on the state's rules, for the filing services' tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date

import pytest

from concom_desk.services.commission.settings import CommissionSettings, save_settings
from concom_desk.store import Database

SET_UP_ON = date(2026, 11, 16)


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = new_records(initials="JB")
    save_settings(database, CommissionSettings(
        town_id="massachusetts", name="Test Conservation Commission",
        address_lines=["Town Hall"], clerk_initials="JB"), today=SET_UP_ON)
    yield database
    database.close()
