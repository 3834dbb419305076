"""UI tests: the offscreen platform's complaints that it has no window manager are not a
warning about our code; every other Qt warning still fails the test."""

from __future__ import annotations

import pytest

OFFSCREEN_NOISE = r"^This plugin does not support "  # offscreen: no window manager


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/ui/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


# -- a small commission database, built through the same services the window uses --
from collections.abc import Iterator  # noqa: E402
from datetime import date  # noqa: E402
from pathlib import Path  # noqa: E402

from concom_desk.services.commission.settings import CommissionSettings, Member, save_settings  # noqa: E402
from concom_desk.services.filings.editing import change_status, save_filing  # noqa: E402
from concom_desk.services.filings.form import FilingForm  # noqa: E402
from concom_desk.store import Database, open_database  # noqa: E402

# Monday. Every expectation in tests/ui is worked out by hand from this day.
TODAY = date(2026, 11, 16)

SETTINGS = CommissionSettings(
    town_id="massachusetts", name="Upton Conservation Commission",
    address_lines=["Town Hall", "1 Main Street", "Upton, MA 01568"], clerk_initials="JB",
    members=[Member("Ann Chase", date(2024, 7, 1), date(2027, 6, 30), "Chair"),
             Member("Ben Ortiz", date(2025, 7, 1), None, "")])


def add_filing(db: Database, statuses: tuple[tuple[str, date], ...] = (), **fields: object
               ) -> int:
    filing_id = save_filing(db, FilingForm(**fields))  # type: ignore[arg-type]
    for status, on in statuses:
        change_status(db, filing_id, status, on)
    return filing_id


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(tmp_path / "commission.sqlite", initials="JB")
    save_settings(database, SETTINGS, today=TODAY)
    yield database
    database.close()


@pytest.fixture
def town_db(db: Database) -> Database:
    """Four filings whose clocks fall around TODAY (Mon 2026-11-16)."""
    add_filing(db, kind="noi", file_no="2026-41", dep_file_no="SE 082-1301",
               applicant="Jane Doe", applicant_address="12 Pond Road, Upton, MA 01568",
               address="12 Pond Road", map_lot="14-22", received=date(2026, 11, 5))
    add_filing(db, kind="rda", file_no="2026-40", applicant="Acme Builders LLC",
               owner="Mill Trust", address="7 Mill Street", map_lot="3-101",
               received=date(2026, 10, 13), hearing=date(2026, 10, 28),
               closed=date(2026, 10, 28),
               statuses=(("hearing", date(2026, 10, 28)), ("closed", date(2026, 10, 28))))
    add_filing(db, kind="noi", file_no="2023-7", dep_file_no="SE 082-1104",
               applicant="Town of Upton", address="40 Pond Lane", map_lot="14-7",
               received=date(2023, 10, 2), hearing=date(2023, 10, 18), closed=date(2023, 10, 18),
               statuses=(("hearing", date(2023, 10, 18)), ("closed", date(2023, 10, 18)),
                         ("issued", date(2023, 11, 21))))
    add_filing(db, kind="noi", file_no="2026-30", applicant="Bob Smith", address="3 Elm Street",
               received=date(2026, 11, 2), statuses=(("withdrawn", date(2026, 11, 9)),))
    return db
