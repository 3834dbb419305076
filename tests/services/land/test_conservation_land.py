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
    (line,) = [dict(zip(rows[0], r, strict=False)) for r in rows[1:]]
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


def test_a_yearly_visit_with_a_photo_is_reminded_recorded_and_reported(
        db: Database, tmp_path: Path) -> None:
    from concom_desk.services.commission.settings import CommissionSettings, save_settings
    from concom_desk.services.inspections.filing_inspections import FilingInspectionDraft
    from concom_desk.services.land.monitoring import (
        print_monitoring_report,
        save_visit,
        visit_items,
        visits_of,
    )
    from tests.helpers.docx_reading import full_text
    from tests.helpers.site_photos import png_photo

    # The day the desk is read is the restriction's own recording day plus some years,
    # not the clock's.
    day = RESTRICTION.recorded_on.replace(year=2027)
    save_settings(db, CommissionSettings(
        town_id="upton", name="Upton Conservation Commission", address_lines=["Town Hall"],
        clerk_initials="JP"), today=day)
    land_id = save_land(db, RESTRICTION)

    def reminders(on: date) -> list[tuple[str, date]]:
        with db.read_session() as session:
            return [(i.what, i.due) for i in visit_items(session, on)]

    assert reminders(day) == [("Monitoring visit due", day)]  # never visited: now
    planned = save_visit(db, land_id, FilingInspectionDraft(
        day, "Jane Smith", "Yearly monitoring", done=False))
    assert reminders(day) == [("Monitoring visit due", day)]  # a plan is not a visit
    save_visit(db, land_id, FilingInspectionDraft(
        day, "Jane Smith", "Yearly monitoring", findings="Markers in place.",
        photos=[png_photo(tmp_path / "IMG_9.png")]), inspection_id=planned)
    (visit,) = visits_of(db, land_id)
    assert (visit.done, len(visit.photos)) == (True, 1)
    assert reminders(day) == []
    a_year_on = date.fromordinal(day.toordinal() + 365)
    assert reminders(a_year_on) == [("Monitoring visit due", a_year_on)]

    report = print_monitoring_report(db, land_id, visit.id)
    text = full_text(report)
    assert "MONITORING REPORT" in text and "Pond Road Meadow CR" in text
    assert "Book 61234, Page 118, recorded June 3, 2019" in text
    assert "Markers in place." in text and "Photo 1: IMG_9.png" in text

    # The export's "Monitoring visit" sheet holds the land's visits; the permits' and
    # cases' site visits stay on "Inspection" (each visit on one sheet).
    (book,) = export_records(db, "xlsx", tmp_path / "export")
    workbook = load_workbook(book, read_only=True)
    rows = list(workbook["Monitoring visit"].iter_rows(values_only=True))
    (line,) = [dict(zip(rows[0], r, strict=False)) for r in rows[1:]]
    assert (line["Land"], line["Purpose"], line["Done"], line["Findings"]) == (
        "Pond Road Meadow CR", "Yearly monitoring", "yes", "Markers in place.")
    assert len(list(workbook["Inspection"].iter_rows(values_only=True))) == 1  # headers only


def test_the_loaded_parcels_give_the_address_and_acres(tmp_path: Path) -> None:
    from concom_desk.services.land.conservation_land import from_parcels
    from concom_desk.services.parcels.loading import load_parcels
    from concom_desk.store import open_database
    from tests.helpers.parcel_worlds import SUBJECT, ft_lot, lot, owner, write_world

    db = open_database(tmp_path / "commission.sqlite", initials="JP")
    db.close()
    with pytest.raises(UserError, match="no parcels are loaded"):
        from_parcels(db.path, "12-34")
    meadow = lot("12-35", ft_lot(100, 0, 100), owner("TOWN OF UPTON", site="14 POND ST"))
    load_parcels(db.path, write_world(tmp_path / "M001TaxPar.zip", [SUBJECT, meadow]))
    # Two lots of 100 ft x 100 ft: 20,000 sq ft, 0.46 acres.
    assert from_parcels(db.path, "12-34; 12-35") == ("12 POND ST; 14 POND ST", "0.46")
    with pytest.raises(UserError, match="map/lot 99-1 is not among the loaded parcels"):
        from_parcels(db.path, "99-1")

