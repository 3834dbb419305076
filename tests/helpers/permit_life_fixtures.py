"""Permits over their whole lives, for the expiry watch's tests: the state default's
rules, counted from TODAY (Tue 2026-12-01). Each date worked out by hand beside it."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from concom_desk.services.commission.settings import CommissionSettings, save_settings
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.form import FilingForm
from concom_desk.store import Database, open_database
from concom_desk.store.models import Filing

TODAY = date(2026, 12, 1)


def permit(db: Database, file_no: str, issued: date, *, recorded: bool = True,
           kind: str = "noi", parent: str = "", address: str = "") -> int:
    filing_id = save_filing(db, FilingForm(
        kind=kind, file_no=file_no, applicant="Jane Doe",
        applicant_address="12 Pond Road, Upton, MA 01568",
        owner="Pond Realty Trust", owner_address="PO Box 9, Worcester, MA 01601",
        address=address or f"{file_no} Pond Road", map_lot="14-22", parent_file_no=parent,
        received=date(issued.year, 1, 2) if kind != "coc" else issued,
        closed=None if kind == "coc" else date(issued.year, 1, 20),
        issued=None if kind == "coc" else issued,
        recorded=date(issued.year, 3, 1) if recorded and kind != "coc" else None,
        recorded_book="61234" if recorded and kind != "coc" else "",
        recorded_page="101" if recorded and kind != "coc" else ""))
    if kind != "coc":  # the decision as the record's status, once issued
        with db.session() as session:
            session.get(Filing, filing_id).status = "issued"
    return filing_id


def watched_town(folder: Path) -> Database:
    return fill_watched_town(open_database(folder / "watch.sqlite", initials="JB"))


def fill_watched_town(db: Database) -> Database:
    """Five filings, each on one list of the watch (or, for 2022-A, just off it)."""
    save_settings(db, CommissionSettings(
        town_id="massachusetts", name="Test Conservation Commission",
        address_lines=["Town Hall"], clerk_initials="JB"), today=TODAY)
    # 2022-06-10 + 3 y = 2025-06-10, + 2 y (St. 2024 c.238 §280) = 2027-06-10: beyond six
    # months (2027-06-01), inside seven. On the bare term it would read "expired".
    permit(db, "2022-A", date(2022, 6, 10))
    # 2022-01-20 + 3 y = 2025-01-20, in effect 2023 -> 2027-01-20: expiring; ask 30 days
    # before (310 CMR 10.05(8)(a)): Mon 2026-12-21.
    permit(db, "2022-B", date(2022, 1, 20))
    # 2018-05-01 + 3 y = 2021-05-01, in effect on 2020-03-10 -> + 462 d (St. 2020 c.53
    # §17): + 365 = 2022-05-01, + 30 = 5/31, + 30 = 6/30, + 31 = 7/31, + 6 = 2022-08-06;
    # lapsed before 2023, so the 2024 act does not reach it. No COC: expired.
    permit(db, "2018-C", date(2018, 5, 1))
    # Issued 2026-10-01 and never recorded at the Registry.
    permit(db, "2026-D", date(2026, 10, 1), recorded=False)
    # A COC requested 2026-11-20 for 2022-B, not decided: 21 days (310 CMR 10.05(9)(a))
    # -> Fri 2026-12-11.
    permit(db, "2026-E", date(2026, 11, 20), kind="coc", parent="2022-B")
    return db
