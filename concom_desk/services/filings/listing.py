"""The filings list: one plain row per filing, as the command line prints it and the
Filings tab shows it (the UI's table model holds these rows; no query in data())."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from concom_desk import clock
from concom_desk.domain.filing_kinds import KINDS
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.store import Database
from concom_desk.store.models import Filing


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def list_filings(db: Database, today: date | None = None,
                 include_void: bool = True) -> list[dict[str, Any]]:
    """Every filing, most recently received first, with its next deadline.

    `next_deadline` is {"id", "date"} or None (nothing owed, or the dates cannot be
    counted, e.g. no profile for the filing's town: the filing's own page says why)."""
    today = today or clock.today()
    profiles = available_profiles()
    query = (select(Filing)
             .options(joinedload(Filing.applicant), joinedload(Filing.owner),
                      joinedload(Filing.property),
                      selectinload(Filing.original))  # extensions count from its expiry
             # A filing with no received date last, on a server as in the file (PostgreSQL
             # would put NULLs first when descending).
             .order_by(Filing.received.desc().nulls_last(), Filing.file_no.desc()))
    if not include_void:
        query = query.where(Filing.status != "void")
    rows = []
    with db.read_session() as session:
        filing_clock = FilingClock.read(session, profiles=profiles)
        for filing in session.scalars(query).unique():
            try:
                upcoming = filing_clock.next_deadline(filing.facts(), today)
            except UserError:
                upcoming = None
            rows.append({
                "file_no": filing.file_no,
                "dep_file_no": filing.dep_file_no,
                "laws": filing.laws,
                "kind": filing.kind,
                "kind_name": KINDS[filing.kind].name,
                "town": filing.town,
                "status": filing.status,
                "address": filing.property.address if filing.property else "",
                "map_lot": filing.property.map_lot if filing.property else "",
                "applicant": filing.applicant.name if filing.applicant else "",
                "owner": filing.owner.name if filing.owner else "",
                "received": _iso(filing.received),
                "hearing": _iso(filing.hearing),
                "issued": _iso(filing.issued),
                "expires": _iso(filing.expires),
                "next_deadline": {"id": upcoming.id, "date": upcoming.date.isoformat()}
                if upcoming else None,
            })
    return rows
