"""The computed list lands in the filing's notice list as an imported one would, marked
as a draft until the Board of Assessors certifies it; the mailing names every unit
owner and carries the map."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.services.abutters.mailing import make_mailing
from concom_desk.services.abutters.rows import PROPERTY_OWNER_SOURCE
from concom_desk.services.parcels.computed_list import (
    compute_for_filing,
    list_status,
    record_certification,
    store_computed_list,
)
from concom_desk.services.parcels.loading import load_parcels
from concom_desk.store import Database
from concom_desk.store.models import Abutter, GeneratedDocument
from tests.helpers.abutter_fixtures import add_filing
from tests.helpers.docx_reading import full_text
from tests.helpers.parcel_worlds import SUBJECT, ft_lot, lot, owner, write_world

CONDO = lot("12-70", ft_lot(100, 0, 100),
            *(owner(f"UNIT OWNER {n}", f"7 BROOK WAY UNIT {n}") for n in range(1, 13)))
# One owner of two lots, spelled two ways, at one address: one notice (as on import).
SMITH = [lot("12-33", ft_lot(-100, 0, 100), owner("SMITH, JOHN", "3 ELM ST")),
         lot("12-32", ft_lot(0, -100, 100), owner("Smith  John", "3 Elm St."))]
NO_ADDRESS = lot("12-36", ft_lot(0, 100, 100), owner("NOBODY KNOWN", ""))
FAR = lot("12-90", ft_lot(0, 300, 100), owner("FAR AWAY"))


@pytest.fixture
def filing(db: Database, tmp_path: Path) -> int:
    zip_path = write_world(tmp_path / "M001.zip", [SUBJECT, CONDO, *SMITH, NO_ADDRESS, FAR],
                           fiscal_year=2025)
    load_parcels(Path(db.path), zip_path)
    return add_filing(db)


def stored(db: Database, filing: int) -> list[tuple[str, str, int | None, str]]:
    with db.read_session() as s:
        return [(a.owner_name, a.parcels, a.distance_ft, a.source) for a in s.scalars(
            select(Abutter).where(Abutter.filing_id == filing).order_by(Abutter.id))]


def test_the_computed_owners_become_the_notice_list_marked_to_be_certified(
        db: Database, filing: int) -> None:
    computed = compute_for_filing(db, filing)
    summary = store_computed_list(db, filing, computed)
    assert summary.imported
    rows = stored(db, filing)
    draft = ("computed from MassGIS FY2025 parcels (lot 12-34, 100 ft) — to be certified by "
             "the Board of Assessors")
    assert [r[:3] for r in rows] == [
        ("Smith John", "12-32, 12-33", 0),           # two lots, one owner: one notice
        *((f"Unit Owner {n}", "12-70", 0) for n in range(1, 13)),
        ("Pond Realty Trust", "12-34", None),        # the locus owner (not the applicant)
    ]
    assert {r[3] for r in rows[:-1]} == {draft} and rows[-1][3] == PROPERTY_OWNER_SOURCE
    # The owner with no mailing address is left off and named; 12-90 (300 ft) is not in.
    assert "no. 3 (12-36): NOBODY KNOWN left off: missing mailing address" in computed.problems
    assert list_status(db, filing).describe() == f"Draft list: {draft}"


def test_recording_the_certification_marks_every_computed_notice(db: Database,
                                                                 filing: int) -> None:
    store_computed_list(db, filing, compute_for_filing(db, filing))
    assert record_certification(db, filing, date(2026, 6, 8)) == 13
    status = list_status(db, filing)
    assert status.certified
    assert status.source == ("computed from MassGIS FY2025 parcels (lot 12-34, 100 ft) — "
                             "certified by the Board of Assessors 2026-06-08")


def test_an_imported_list_is_not_certified_as_computed(db: Database, tmp_path: Path) -> None:
    with pytest.raises(UserError, match="was not computed from the parcels"):
        record_certification(db, add_filing(db), date(2026, 6, 8))


def test_the_mailing_names_each_unit_owner_and_carries_the_map(
        db: Database, filing: int, tmp_path: Path) -> None:
    store_computed_list(db, filing, compute_for_filing(db, filing))
    result = make_mailing(db, filing, tmp_path / "out", today=date(2026, 6, 2))
    names = [p.name for p in result.files]
    assert names[-2:] == ["abutters-map.pdf", "abutters-map.png"]
    letters = full_text(tmp_path / "out" / "letters.docx")
    labels = full_text(tmp_path / "out" / "labels.docx")
    for n in range(1, 13):
        assert f"Unit Owner {n}" in letters and f"7 Brook Way Unit {n}" in labels
    with Image.open(tmp_path / "out" / "abutters-map.png") as picture:
        assert picture.size == (1600, 1200)
    assert (tmp_path / "out" / "abutters-map.pdf").read_bytes().startswith(b"%PDF")
    with db.read_session() as s:
        titles = set(s.scalars(select(GeneratedDocument.title)
                               .where(GeneratedDocument.filing_id == filing)))
    assert "Abutter map 2026-014 2026-06-02" in titles

