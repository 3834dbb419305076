"""Writing a parcel set in the MassGIS Level 3 layout (`M###TaxPar.shp/.shx/.dbf/.prj`
and `M###Assess.dbf` in one zip), for the demo town, the tests and the benchmark.

Nothing is downloaded: the parcels are whatever the caller draws, in metres on
NAD83 Massachusetts Mainland (EPSG:26986), as MassGIS publishes them.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import shapefile
import shapely

# The .prj MassGIS ships with every Level 3 download (ESRI WKT of EPSG:26986).
MAINLAND_PRJ = (
    'PROJCS["NAD_1983_StatePlane_Massachusetts_Mainland_FIPS_2001",'
    'GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",'
    'SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],'
    'UNIT["Degree",0.0174532925199433]],PROJECTION["Lambert_Conformal_Conic"],'
    'PARAMETER["False_Easting",200000.0],PARAMETER["False_Northing",750000.0],'
    'PARAMETER["Central_Meridian",-71.5],PARAMETER["Standard_Parallel_1",41.71666666666666],'
    'PARAMETER["Standard_Parallel_2",42.68333333333333],'
    'PARAMETER["Latitude_Of_Origin",41.0],UNIT["Meter",1.0]]'
)

Ring = Sequence[tuple[float, float]]


@dataclass(frozen=True)
class OwnerRow:
    """One row of the Assess table: an owner of (a unit of) a parcel."""

    owner: str
    address: str
    city: str
    state: str = "MA"
    zip_code: str = "01568"
    site_addr: str = ""
    prop_id: str = ""
    country: str = ""


@dataclass(frozen=True)
class DrawnParcel:
    loc_id: str
    map_par_id: str
    # The outer ring first, holes after (any orientation); a ring outside the first is
    # another part of a multipart parcel (a lot split by a road, as MassGIS keeps some).
    rings: Sequence[Ring]
    poly_type: str = "FEE"
    owners: Sequence[OwnerRow] = field(default=())


def _clockwise(ring: Ring, want: bool) -> list[tuple[float, float]]:
    points = list(ring)
    if points[0] != points[-1]:
        points.append(points[0])
    area2 = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False))
    clockwise = area2 < 0
    return points if clockwise == want else points[::-1]


def square(x: float, y: float, width: float, height: float | None = None) -> list[Ring]:
    """The rings of an axis-aligned lot with its lower-left corner at (x, y), in metres."""
    h = width if height is None else height
    return [[(x, y), (x, y + h), (x + width, y + h), (x + width, y), (x, y)]]


def write_parcel_zip(path: Path, parcels: Sequence[DrawnParcel], *, town_id: int = 1,
                     fiscal_year: int = 2025, city: str = "UPTON", prj: str | None = MAINLAND_PRJ,
                     include: Sequence[str] = ("shp", "shx", "dbf", "prj", "assess"),
                     folder: str = "") -> Path:
    """Write `M<town_id>TaxPar.*` and `M<town_id>Assess.dbf` into the zip at `path`.
    `include` leaves parts out (to make a broken download); `prj=None` leaves the .prj out."""
    code = f"M{town_id:03d}"
    shp, shx, dbf = io.BytesIO(), io.BytesIO(), io.BytesIO()
    writer = shapefile.Writer(shp=shp, shx=shx, dbf=dbf, shapeType=shapefile.POLYGON)
    writer.field("MAP_PAR_ID", "C", 26)
    writer.field("LOC_ID", "C", 18)
    writer.field("POLY_TYPE", "C", 15)
    writer.field("TOWN_ID", "N", 3)
    for parcel in parcels:
        outer = shapely.Polygon(parcel.rings[0])
        rings = [_clockwise(r, index == 0 or not outer.contains(shapely.Polygon(r)))
                 for index, r in enumerate(parcel.rings)]
        writer.poly(rings)
        writer.record(parcel.map_par_id, parcel.loc_id, parcel.poly_type, town_id)
    writer.close()

    assess = io.BytesIO()
    table = shapefile.Writer(dbf=assess)
    for name, size in (("PROP_ID", 30), ("LOC_ID", 18), ("SITE_ADDR", 80), ("CITY", 25),
                       ("OWNER1", 80), ("OWN_ADDR", 80), ("OWN_CITY", 25), ("OWN_STATE", 2),
                       ("OWN_ZIP", 10), ("OWN_CO", 30)):
        table.field(name, "C", size)
    table.field("FY", "N", 4)
    table.field("TOWN_ID", "N", 3)
    for parcel in parcels:
        for unit, owner in enumerate(parcel.owners, start=1):
            prop_id = owner.prop_id or (parcel.map_par_id if len(parcel.owners) == 1
                                        else f"{parcel.map_par_id}-U{unit}")
            table.record(prop_id, parcel.loc_id, owner.site_addr, city, owner.owner,
                         owner.address, owner.city, owner.state, owner.zip_code, owner.country,
                         fiscal_year, town_id)
    table.close()

    parts = {"shp": shp.getvalue(), "shx": shx.getvalue(), "dbf": dbf.getvalue(),
             "assess": assess.getvalue()}
    if prj is not None:
        parts["prj"] = prj.encode("ascii")
    names = {"shp": f"{code}TaxPar.shp", "shx": f"{code}TaxPar.shx", "dbf": f"{code}TaxPar.dbf",
             "prj": f"{code}TaxPar.prj", "assess": f"{code}Assess.dbf"}
    prefix = f"{folder.strip('/')}/" if folder else ""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for part in include:
            if part in parts:
                archive.writestr(prefix + names[part], parts[part])
    return path
