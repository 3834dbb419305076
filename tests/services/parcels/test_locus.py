"""The project's locus: the latitude and longitude of the filing's lot, from the loaded
MassGIS parcels, on WPA Form 5 ("e. Latitude", "f. Longitude") and on the record.

The lot is drawn around a chosen point of the town (by the grid's forward conversion,
itself checked against published points in tests/domain/test_state_plane.py), so the
form must print that point's degrees."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest

from concom_desk.domain.state_plane import MAINLAND_METRES
from concom_desk.services.demo.town import load_demo
from concom_desk.services.documents.register import save_filing_document
from concom_desk.services.documents.wpa_fields import BLANK
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.parcels.loading import load_parcels
from concom_desk.store import Database, open_database
from concom_desk.store.models import Filing
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import every_word
from tests.helpers.parcel_worlds import lot, owner, write_world
from tests.helpers.record_fixtures import fill_record

# Ashland's town hall, 101 Main Street (where fill_record's commission sits).
TOWN_HALL = (42.26120, -71.46340)
ISSUED_ON = date(2026, 8, 5)


def _square_around(latitude: float, longitude: float, side: float = 30.0
                   ) -> list[list[tuple[float, float]]]:
    east, north = MAINLAND_METRES.to_grid(latitude, longitude)
    h = side / 2
    return [[(east - h, north - h), (east - h, north + h), (east + h, north + h),
             (east + h, north - h), (east - h, north - h)]]


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = fill_record(new_records(initials="JP"))
    yield database
    database.close()


def _load_the_lot(db: Database, tmp_path: Path) -> None:
    """fill_record's permit 2026-014 is on map 14 lot 27."""
    world = [lot("14-27", _square_around(*TOWN_HALL), owner("DOE FAMILY TRUST")),
             lot("14-28", _square_around(TOWN_HALL[0], TOWN_HALL[1] + 0.001),
                 owner("NEXT DOOR"))]
    load_parcels(Path(db.path), write_world(tmp_path / "ashland.zip", world))


def test_form_5_prints_the_lots_latitude_and_longitude(db: Database, tmp_path: Path) -> None:
    _load_the_lot(db, tmp_path)
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions", ISSUED_ON)
    text = every_word(document.path)
    assert "42.26120° N" in text and "71.46340° W" in text
    assert "latitude" not in " ".join(document.blanks).lower()


def test_without_parcels_the_form_leaves_the_if_known_lines_to_fill(db: Database) -> None:
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions", ISSUED_ON)
    text = every_word(document.path)
    assert "° N" not in text
    after_parcel = text.split("Parcel/Lot Number", 1)[1]
    assert after_parcel.count(BLANK) >= 2  # e. Latitude, f. Longitude: lines to fill
    assert "latitude" not in " ".join(document.blanks).lower()  # "if known": not a gap


def test_a_lot_not_among_the_parcels_is_not_placed(db: Database, tmp_path: Path) -> None:
    _load_the_lot(db, tmp_path)
    with db.session() as session:
        permit = session.query(Filing).filter_by(file_no="2026-014").one()
        permit.property.lot = "99"
    text = every_word(save_filing_document(db, "2026-014", "form-5-order-of-conditions",
                                           ISSUED_ON).path)
    assert "° N" not in text


def test_the_record_shows_the_locus(db: Database, tmp_path: Path) -> None:
    _load_the_lot(db, tmp_path)
    with db.read_session() as session:
        permit_id = session.query(Filing.id).filter_by(file_no="2026-014").scalar()
    assert filing_detail(db, permit_id, TEST_TODAY).locus == "42.26120° N, 71.46340° W"


# Each coastal demo town's centre (USGS place names), and how far its drawn lots reach.
DEMO_CENTRES = {"sandwich": (41.7590, -70.4939), "nantucket": (41.2835, -70.0995),
                "bourne": (41.7412, -70.5989)}


@pytest.mark.parametrize("town", sorted(DEMO_CENTRES))
def test_a_demo_towns_permit_is_placed_in_that_town(town: str, tmp_path: Path) -> None:
    path = tmp_path / f"{town}.sqlite"
    load_demo(path, "small", today=TEST_TODAY, town=town)
    db = open_database(path, lock=False)
    try:
        with db.read_session() as session:
            permit = session.query(Filing).filter(
                Filing.kind == "noi", Filing.status == "issued",
                Filing.dep_file_no.is_not(None)).first()
            assert permit is not None
            file_no, issued = permit.file_no, permit.issued
        text = every_word(save_filing_document(db, file_no, "form-5-order-of-conditions",
                                               issued).path)
    finally:
        db.close()
    lat_at = text.index("° N")
    latitude = float(text[lat_at - 8:lat_at])
    lon_at = text.index("° W")
    longitude = -float(text[lon_at - 8:lon_at])
    centre = DEMO_CENTRES[town]
    # The drawn town is under 2 km across, around the town's centre.
    assert abs(latitude - centre[0]) < 0.02 and abs(longitude - centre[1]) < 0.03
