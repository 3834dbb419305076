"""Loading a town's MassGIS download: a good set is kept with its fiscal year and day;
each kind of bad file is refused in one line and the parcels loaded before stay."""

from __future__ import annotations

import zipfile
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
import shapely

from concom_desk.domain.state_plane import US_SURVEY_FOOT
from concom_desk.errors import UserError
from concom_desk.services.parcels.loading import load_parcels
from concom_desk.services.parcels.massgis_writer import MAINLAND_PRJ, DrawnParcel
from concom_desk.services.parcels.parcel_store import parcel_file, parcel_sets, read_parcels
from concom_desk.store import Database
from tests.helpers.parcel_worlds import SUBJECT, ft_lot, lot, owner, write_world

FEET_PRJ = MAINLAND_PRJ.replace("_FIPS_2001", "_FIPS_2001_Feet").replace(
    'UNIT["Meter",1.0]]', 'UNIT["Foot_US",0.3048006096012192]]')
FOOT_PRJ = FEET_PRJ.replace('UNIT["Foot_US",0.3048006096012192]', 'UNIT["Foot",0.3048]')
WGS84_PRJ = ('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,'
             '298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]')
ISLAND_PRJ = MAINLAND_PRJ.replace("Mainland_FIPS_2001", "Island_FIPS_2002")
NEIGHBOUR = lot("12-35", ft_lot(100, 0, 100), owner("NEXT DOOR"))


def first_load(db: Database, tmp_path: Path) -> None:
    load_parcels(Path(db.path), write_world(tmp_path / "good.zip", [SUBJECT, NEIGHBOUR]),
                 today=date(2026, 11, 2))


def test_a_good_set_is_kept_with_its_fiscal_year_and_the_day(db: Database,
                                                             tmp_path: Path) -> None:
    first_load(db, tmp_path)
    (info,) = parcel_sets(Path(db.path))
    assert info.describe() == ("UPTON (M001): 2 parcels, 2 assessor rows, MassGIS FY2025, "
                               "loaded 2026-11-02 from good.zip")
    # Beside the database, in its documents folder: every backup carries it.
    assert parcel_file(Path(db.path)).parent == Path(db.path).parent / "documents" / "parcels"


def test_a_newer_download_of_a_folder_layout_replaces_the_towns_parcels(
        db: Database, tmp_path: Path) -> None:
    first_load(db, tmp_path)
    newer = write_world(tmp_path / "L3_SHP_M001_Upton.zip", [SUBJECT], fiscal_year=2026,
                        folder="L3_SHP_M001_Upton")
    load_parcels(Path(db.path), newer, today=date(2027, 11, 1))
    (info,) = parcel_sets(Path(db.path))
    assert (info.fiscal_year, info.parcels, info.loaded_on) == (2026, 1, "2027-11-01")


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    parcels = [SUBJECT, NEIGHBOUR]
    good = write_world(tmp_path / "whole.zip", parcels).read_bytes()
    truncated = tmp_path / "cut.zip"
    truncated.write_bytes(good[: len(good) // 2])
    spreadsheet = tmp_path / "owners.zip"
    with zipfile.ZipFile(spreadsheet, "w") as archive:
        archive.writestr("abutters.csv", "Owner,Address\n")
    text = tmp_path / "notes.zip"
    text.write_text("not a zip at all", encoding="utf-8")
    return {
        "not a zip": (text, "notes.zip: this is not a zip file, or it is cut short"),
        "truncated": (truncated, "cut.zip: this is not a zip file, or it is cut short"),
        "not a parcel set": (spreadsheet, "owners.zip: this is not a MassGIS parcel set "
                                          "(no M###TaxPar.shp in it; it holds abutters.csv)"),
        "missing .dbf": (write_world(tmp_path / "nodbf.zip", parcels,
                                     include=("shp", "shx", "prj", "assess")),
                         "the M001TaxPar .dbf file (the parcel attributes) is missing"),
        "missing Assess": (write_world(tmp_path / "noassess.zip", parcels,
                                       include=("shp", "shx", "dbf", "prj")),
                           "the M001Assess.dbf table (the owners) is missing"),
        "missing .prj": (write_world(tmp_path / "noprj.zip", parcels, prj=None),
                         "the M001TaxPar .prj file (the projection) is missing"),
        "international feet": (write_world(tmp_path / "feet.zip", parcels, prj=FOOT_PRJ),
                               "it is in NAD83 Massachusetts Mainland in 'Foot' (not the US "
                               "survey foot of EPSG:2249)"),
        "latitude/longitude": (write_world(tmp_path / "wgs.zip", parcels, prj=WGS84_PRJ),
                               "it is in latitude/longitude (GCS_WGS_1984)"),
        "Island zone": (write_world(tmp_path / "island.zip", parcels, prj=ISLAND_PRJ),
                        "it is in NAD83 Massachusetts Island zone (EPSG:26987)"),
    }


@pytest.mark.parametrize("kind", ["not a zip", "truncated", "not a parcel set", "missing .dbf",
                                  "missing Assess", "missing .prj", "international feet",
                                  "latitude/longitude", "Island zone"])
def test_a_bad_file_is_refused_and_the_parcels_before_stay(db: Database, tmp_path: Path,
                                                          kind: str) -> None:
    first_load(db, tmp_path)
    before = parcel_file(Path(db.path)).read_bytes()
    path, message = _bad_files(tmp_path)[kind]
    with pytest.raises(UserError) as refused:
        load_parcels(Path(db.path), path)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
    assert parcel_file(Path(db.path)).read_bytes() == before
    assert [s.source_file for s in parcel_sets(Path(db.path))] == ["good.zip"]
    # No half-written copy is left beside the parcel file.
    assert [p.name for p in parcel_file(Path(db.path)).parent.iterdir()] == [
        parcel_file(Path(db.path)).name]


def in_us_feet(parcel: DrawnParcel) -> DrawnParcel:
    """The same lot as a town's own export on the state grid in US survey feet writes it."""
    rings = [[(x / US_SURVEY_FOOT, y / US_SURVEY_FOOT) for x, y in ring]
             for ring in parcel.rings]
    return replace(parcel, rings=rings)


def test_a_set_on_the_state_grid_in_us_survey_feet_is_read_as_the_same_lots(
        db: Database, tmp_path: Path) -> None:
    """EPSG:2249 is EPSG:26986 with another unit (MassGIS publishes metres; a town's GIS
    may export feet): the lots load where they are, at their size."""
    feet = write_world(tmp_path / "feet.zip", [in_us_feet(SUBJECT), in_us_feet(NEIGHBOUR)],
                       prj=FEET_PRJ)
    load_parcels(Path(db.path), feet)
    stored = read_parcels(Path(db.path))
    assert stored is not None
    by_lot = dict(zip(stored.map_par_ids, shapely.from_wkb(list(stored.shapes)), strict=True))
    drawn = shapely.polygons(SUBJECT.rings[0])
    # A 100 ft square is 929.03 square metres wherever it lies; it lies where it was drawn.
    assert by_lot["12-34"].area == pytest.approx(100 * 100 * 0.3048 ** 2, rel=1e-5)
    assert by_lot["12-34"].centroid.distance(drawn.centroid) < 0.001
