"""The day the program counts from in every test (tests/conftest.py fixes it through
CONCOM_DESK_TODAY): a Friday, the day of a regular meeting in the demo towns' weeks.
Tests that count from "today" read it from here, never from the laptop's clock."""

from __future__ import annotations

from datetime import date

TEST_TODAY = date(2026, 12, 4)
