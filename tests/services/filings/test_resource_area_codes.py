"""A filing's resource areas as codes with amounts, and its flood data: saved from the
form (in the audit trail), read back by name and citation on the record, printed on
WPA Form 5 with their amounts and flood line, and in the export. In Bourne: a coastal
town whose bylaw adds its own areas."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from concom_desk.domain.resource_areas import NamedArea
from concom_desk.errors import UserError
from concom_desk.services.commission.settings import CommissionSettings, save_settings
from concom_desk.services.documents.register import save_filing_document
from concom_desk.services.documents.wpa_fields import CHECKED, UNCHECKED
from concom_desk.services.filings.editing import form_of, save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.form import FilingForm
from concom_desk.store import Database
from concom_desk.store.export_writers import export
from concom_desk.store.models import AuditEntry, Filing, FilingResourceArea
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import every_word

RECEIVED = date(2026, 6, 1)  # a filing's own day: compared with no "today"
AREAS = (NamedArea("coastal_bank", 120.0, "linear_ft"), NamedArea("salt_marsh", 1500.0, "sq_ft"),
         NamedArea("eelgrass"), NamedArea("other", text="drainage swale"))


@pytest.fixture(scope="module")
def bourne(tmp_path_factory: pytest.TempPathFactory,
           ) -> Iterator[tuple[Database, int]]:
    from concom_desk.store import open_database

    db = open_database(tmp_path_factory.mktemp("bourne") / "bourne.sqlite", initials="JB")
    save_settings(db, CommissionSettings(
        town_id="bourne", name="Bourne Conservation Commission", address_lines=["Town Hall"],
        clerk_initials="JB"), today=RECEIVED)
    filing_id = save_filing(db, FilingForm(
        kind="noi", file_no="2026-7", dep_file_no="SE 136-0001", applicant="Ann Shore",
        address="1 Cove Road", work_description="Revetment repair", received=RECEIVED,
        issued=date(2026, 8, 1), areas=AREAS, flood_zone="VE", flood_elevation="14",
        in_lscsf=True, in_v_zone=True, setting="coastal"))
    yield db, filing_id
    db.close()


def test_the_areas_are_stored_as_codes_with_amounts_and_the_text_names_them(
        bourne: tuple[Database, int]) -> None:
    db, filing_id = bourne
    with db.read_session() as s:
        rows = s.scalars(select(FilingResourceArea).where(
            FilingResourceArea.filing_id == filing_id).order_by(FilingResourceArea.id)).all()
        filing = s.get(Filing, filing_id)
        assert filing is not None
        text = filing.resource_areas
        trail = s.scalars(select(AuditEntry.table_name).where(
            AuditEntry.table_name == "filing_resource_area")).all()
    assert [(r.code, r.amount, r.unit, r.text) for r in rows] == [
        ("coastal_bank", 120.0, "linear_ft", ""), ("salt_marsh", 1500.0, "sq_ft", ""),
        ("eelgrass", None, "", ""), ("other", None, "", "drainage swale")]
    assert text == "Coastal Bank; Salt Marsh; Eelgrass Beds; drainage swale"
    assert len(trail) == 4  # each row's insert is in the audit trail


def test_the_record_names_each_area_with_its_citation_and_the_flood_data(
        bourne: tuple[Database, int]) -> None:
    db, filing_id = bourne
    detail = filing_detail(db, filing_id, TEST_TODAY)
    assert detail.areas[:3] == ["Coastal Bank (310 CMR 10.30): 120 linear feet",
                                "Salt Marsh (310 CMR 10.32): 1,500 square feet",
                                # the section, not the bylaw's words the profile quotes
                                "Eelgrass Beds (BWR 1.04)"]
    assert detail.areas[3] == "drainage swale"
    assert detail.flood == ("FEMA zone VE (elevation 14 ft) · in land subject to coastal "
                            "storm flowage · in a velocity zone · coastal")
    # The form reads them back as they are stored.
    assert detail.form.areas == AREAS and detail.form.flood_zone == "VE"


def test_form_5_prints_the_amounts_and_the_flood_line(bourne: tuple[Database, int]) -> None:
    db, _ = bourne
    text = every_word(save_filing_document(db, "2026-7", "form-5-order-of-conditions",
                                           TEST_TODAY).path).replace("  ", "")
    assert f"{CHECKED}Coastal Banks (linear feet)120 linear feet" in text
    assert f"{CHECKED}Salt Marshes (square feet)1,500 square feet" in text
    assert f"{UNCHECKED}Coastal Dunes" in text
    assert "FEMA flood zone VE (elevation 14 ft);" in text
    assert f"{CHECKED} within a velocity zone (V-zone)" in text
    assert "(200 feet in this municipality" in text


def test_the_export_names_the_areas_and_their_amounts(bourne: tuple[Database, int],
                                                      tmp_path: Path) -> None:
    db, _ = bourne
    export(db.path, "csv", tmp_path)
    found = list(tmp_path.glob("Filing*esource*rea*.csv"))  # (a case has its own table)
    assert found, sorted(p.name for p in tmp_path.iterdir())
    with found[0].open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    assert {(r["Code"], r["Amount"], r["Unit"]) for r in rows} >= {
        ("Coastal Bank (310 CMR 10.30)", "120.0", "linear feet"),
        ("Salt Marsh (310 CMR 10.32)", "1500.0", "square feet"), ("eelgrass", "", "")}
    with (tmp_path / "Filing.csv").open(encoding="utf-8-sig", newline="") as f:
        filing = next(csv.DictReader(f))
    assert (filing["Flood zone"], filing["Flood elevation"], filing["In v zone"]) == \
        ("VE", "14", "yes")


def test_an_edit_keeps_unchanged_areas_and_their_words(
        new_records: Callable[..., Database]) -> None:
    db = new_records(initials="JB")
    try:
        filing_id = save_filing(db, FilingForm(
            kind="noi", file_no="2026-8", applicant="Bo Tate", received=RECEIVED,
            resource_areas="Bordering Vegetated Wetland and 100-foot Buffer Zone"))
        with db.read_session() as s:
            form = form_of(s.get(Filing, filing_id))
        assert [a.code for a in form.areas or ()] == ["bvw", "buffer_zone"]
        # An amount given: the rows change, the words the notices print stay.
        areas = (NamedArea("bvw", 300.0, "sq_ft"), NamedArea("buffer_zone"))
        save_filing(db, replace(form, areas=areas, resource_areas="ignored"))
        with db.read_session() as s:
            again = form_of(s.get(Filing, filing_id))
        assert again.areas == areas
        assert again.resource_areas == "Bordering Vegetated Wetland and 100-foot Buffer Zone"
        # An area taken off: its row goes (in the trail), the text names what is left.
        save_filing(db, replace(again, areas=(NamedArea("bvw", 300.0, "sq_ft"),)))
        with db.read_session() as s:
            fewer = form_of(s.get(Filing, filing_id))
            removed = s.scalars(select(AuditEntry.action).where(
                AuditEntry.table_name == "filing_resource_area",
                AuditEntry.action == "delete")).all()
        assert [a.code for a in fewer.areas or ()] == ["bvw"] and len(removed) == 1
        assert fewer.resource_areas == "Bordering Vegetated Wetland"
        again = fewer
        with pytest.raises(UserError, match="not a resource area"):
            save_filing(db, replace(again, areas=(NamedArea("moat"),)))
        with pytest.raises(UserError, match="V-zone"):
            save_filing(db, replace(again, flood_zone="VE"))
    finally:
        db.close()
