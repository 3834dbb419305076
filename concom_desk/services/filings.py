"""Filings for the window: list them as plain rows, show one, save one, change
its status where the law allows. Every write is one transaction through the
store's audit trail."""

from __future__ import annotations

from datetime import date
from typing import Any

from concom_desk.services.records import (
    FilingDetail,
    FilingForm,
    FilingRow,
    PartyChoice,
    PropertyChoice,
    TodayItem,
)

Database = Any  # the store's open database; replaced by the real type on merge


def list_filings(db: Database, today: date) -> list[FilingRow]:
    raise NotImplementedError


def filing_detail(db: Database, filing_id: int, today: date) -> FilingDetail:
    raise NotImplementedError


def save_filing(db: Database, form: FilingForm) -> int:
    raise NotImplementedError


def change_status(db: Database, filing_id: int, new_status: str, on: date) -> None:
    raise NotImplementedError


def party_choices(db: Database) -> list[PartyChoice]:
    raise NotImplementedError


def property_choices(db: Database) -> list[PropertyChoice]:
    raise NotImplementedError


def today_items(db: Database, today: date) -> list[TodayItem]:
    raise NotImplementedError
