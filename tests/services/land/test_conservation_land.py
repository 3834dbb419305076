"""Conservation land and restrictions: recorded with holder and recording, refused in
one line when a restriction has no holder or a recording half a reference, audited,
and in the export's "Conservation land" sheet."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.services.land.conservation_land import LandDraft, lands, save_land
from concom_desk.store import Database
from concom_desk.store.export_writers import export_records
from concom_desk.store.models import AuditEntry

RESTRICTION = LandDraft(
    "Pond Road Meadow CR", "restriction", address="14 Pond Road", map_lot="14-22",
    acres="12.5", holder="Upton Conservation Commission", grantor="Ruth and Alan Kimball",
    recorded_on=date(2019, 6, 3), recorded_book="61234", recorded_page="118",
    terms="No building, paving or cutting except trail upkeep.")


def test_a_restriction_is_recorded_listed_audited_and_exported(db: Database,
                                                               tmp_path: Path) -> None:
    land_id = save_land(db, RESTRICTION)
    (row,) = lands(db)
    assert (row.name, row.kind_words, row.holder, row.recording, row.last_visit) == (
        "Pond Road Meadow CR", "Conservation restriction", "Upton Conservation Commission",
        "Book 61234, Page 118, 2019-06-03", None)
    # Never visited: its monitoring visit is due now (the day the list is read).
    day = date(2027, 1, 5)
    assert row.visit_due(day) == day
    save_land(db, LandDraft(**{**RESTRICTION.__dict__, "acres": "12.75"}), land_id)
    assert lands(db)[0].acres == "12.75"
    with db.read_session() as session:
        actions = session.scalars(select(AuditEntry.action).where(
            AuditEntry.table_name == "conservation_land")).all()
    assert actions == ["insert", "update"]

    (book,) = export_records(db, "xlsx", tmp_path / "export")
    rows = list(load_workbook(book, read_only=True)["Conservation land"].iter_rows(
        values_only=True))
    (line,) = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert (line["Name"], line["Holder"], line["Recorded book"], line["Recorded page"],
            line["Acres"]) == ("Pond Road Meadow CR", "Upton Conservation Commission",
                               "61234", "118", "12.75")


@pytest.mark.parametrize(("change", "message"), [
    ({"name": " "}, "Name the land or the restriction."),
    ({"holder": ""}, "Say who holds the restriction."),
    ({"recorded_page": ""}, "A recording has both its book and its page."),
    ({"address": "", "map_lot": ""}, "Give its address or its assessor's map/lot."),
])
def test_a_restriction_missing_what_it_needs_is_refused(db: Database, change: dict,
                                                        message: str) -> None:
    with pytest.raises(UserError, match=message):
        save_land(db, LandDraft(**{**RESTRICTION.__dict__, **change}))
    assert lands(db) == []
