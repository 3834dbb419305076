"""Reading a town's MassGIS Level 3 download: the zipped shapefile set as a clerk gets it.

The zip holds `M###TaxPar.shp/.shx/.dbf/.prj` (the parcel polygons) and
`M###Assess.dbf` (the assessor's table), joined on `LOC_ID`; newer downloads add
the vintage to the names (`M###TaxPar_CY24_FY25.shp`) and may put them in a folder.
Everything is read and checked before anything is kept, so a file that is not a
parcel set, a set with a part missing, another projection or a truncated zip is
refused with one line and the parcels loaded before stay as they were.

pyshp reads the files (a single pure-Python module); pyogrio, which would also read
the file geodatabase, brings GDAL, about 100 MB — more than the rest of the program.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import shapefile
import shapely
from shapely.errors import GEOSException
from shapely.geometry import shape as geometry_of

from concom_desk.errors import UserError
from concom_desk.services.parcels.projection import check_projection

# A parcel that is a street, a railroad or water: it carries no owner to notify (as a
# rule) and never stops the distance.
WAY_TYPES = ("ROW", "PRIV_ROW", "RAIL_ROW")
WATER_TYPES = ("WATER",)
# The assessor columns kept for each owner row (as the assessor-list import reads them).
OWNER_COLUMNS = ("OWNER1", "OWN_ADDR", "OWN_CITY", "OWN_STATE", "OWN_ZIP", "OWN_CO",
                 "MAP_PAR_ID", "SITE_ADDR", "PROP_ID")
_TAXPAR = re.compile(r"(?:^|/)(M(\d{3})TaxPar[^/]*)\.(shp|shx|dbf|prj)$", re.IGNORECASE)
_ASSESS = re.compile(r"(?:^|/)(M(\d{3})Assess[^/]*)\.dbf$", re.IGNORECASE)
_FY_IN_NAME = re.compile(r"FY(\d{2,4})", re.IGNORECASE)

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ParcelRow:
    loc_id: str
    map_par_id: str
    poly_type: str
    geometry: shapely.Geometry
    site_addr: str  # of its first assessor row, for the map's street names


@dataclass(frozen=True)
class ParcelSetReading:
    """A town's parcels read and checked, before anything is kept."""

    town_code: str  # "M001"
    town_name: str  # "UPTON", as the assessor writes the parcels' city
    fiscal_year: int | None
    source_name: str
    parcels: tuple[ParcelRow, ...]
    owners: dict[str, tuple[dict[str, str], ...]]  # LOC_ID → its assessor rows

    @property
    def owner_rows(self) -> int:
        return sum(len(rows) for rows in self.owners.values())


def _members(archive: zipfile.ZipFile, source: str) -> tuple[dict[str, str], str, str]:
    """{extension: member} of the TaxPar set, the Assess member and the town code."""
    taxpar: dict[str, dict[str, str]] = {}
    assess: dict[str, str] = {}
    for name in archive.namelist():
        if (hit := _TAXPAR.search(name)) is not None:
            taxpar.setdefault(hit.group(2), {})[hit.group(3).lower()] = name
        elif (hit := _ASSESS.search(name)) is not None:
            assess[hit.group(2)] = name
    if not taxpar:
        shown = ", ".join(sorted(archive.namelist())[:6]) or "nothing"
        raise UserError(f"{source}: this is not a MassGIS parcel set (no M###TaxPar.shp in it; "
                        f"it holds {shown}); download the town's Level 3 shapefiles")
    number = sorted(taxpar)[0]
    parts = taxpar[number]
    code = f"M{number}"
    for extension, what in (("shp", "the parcel shapes"), ("dbf", "the parcel attributes"),
                            ("prj", "the projection")):
        if extension not in parts:
            raise UserError(f"{source}: the {code}TaxPar .{extension} file ({what}) is missing "
                            "from the zip; download the whole set again")
    if number not in assess:
        raise UserError(f"{source}: the {code}Assess.dbf table (the owners) is missing from "
                        "the zip; download the whole set again")
    return parts, assess[number], code


def _read_member(archive: zipfile.ZipFile, name: str, source: str) -> bytes:
    try:
        return archive.read(name)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError) as exc:
        raise UserError(f"{source}: the zip is damaged or incomplete ({name}: {exc}); "
                        "download it again") from None


def _text(value: object) -> str:
    return "" if value is None else " ".join(str(value).split())


def read_parcel_zip(path: Path, progress: Progress | None = None) -> ParcelSetReading:
    source = Path(path).name
    try:
        with zipfile.ZipFile(path) as archive:
            parts, assess_name, code = _members(archive, source)
            data = {ext: _read_member(archive, name, source) for ext, name in parts.items()}
            assess_data = _read_member(archive, assess_name, source)
    except zipfile.BadZipFile:
        raise UserError(f"{source}: this is not a zip file, or it is cut short; download the "
                        "town's parcels again") from None
    except FileNotFoundError:
        raise UserError(f"{path}: there is no such file") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    unit = check_projection(data["prj"].decode("latin-1"), source)
    owners, town_name, fiscal_year = _read_assess(assess_data, f"{source} ({assess_name})")
    parcels = _read_taxpar(data, f"{source} ({parts['shp']})", owners, progress)
    if unit != 1.0:  # a set on the grid in US survey feet: the same grid, scaled to metres
        parcels = tuple(replace(p, geometry=shapely.transform(p.geometry, lambda xy: xy * unit))
                        for p in parcels)
    if fiscal_year is None and (hit := _FY_IN_NAME.search(assess_name)):
        fiscal_year = int(hit.group(1)) + (2000 if len(hit.group(1)) == 2 else 0)
    return ParcelSetReading(code, town_name, fiscal_year, source, parcels, owners)


def _read_assess(data: bytes, source: str
                 ) -> tuple[dict[str, tuple[dict[str, str], ...]], str, int | None]:
    try:
        table = shapefile.Reader(dbf=io.BytesIO(data))
        names = [f[0] for f in table.fields[1:]]
        # A real Assess table has some forty columns; decoding only the dozen used is
        # most of the load's speed.
        keep = [n for n in (*OWNER_COLUMNS, "LOC_ID", "CITY", "FY") if n in names]
        records = [r.as_dict() for r in table.iterRecords(fields=list(dict.fromkeys(keep)))]
    except (shapefile.ShapefileException, ValueError, IndexError, struct.error) as exc:
        raise UserError(f"{source}: the assessor table cannot be read ({exc}); download the "
                        "set again") from None
    wanted = ("LOC_ID", "OWNER1", "OWN_ADDR", "OWN_CITY")
    missing = [n for n in wanted if n not in names]
    if missing:
        raise UserError(f"{source}: this is not a MassGIS assessor table (no "
                        f"{', '.join(missing)} column)")
    grouped: dict[str, list[dict[str, str]]] = {}
    cities: Counter[str] = Counter()
    years: Counter[int] = Counter()
    for record in records:
        loc_id = _text(record["LOC_ID"])
        if not loc_id:
            continue
        grouped.setdefault(loc_id, []).append(
            {c: _text(record.get(c)) for c in OWNER_COLUMNS})
        if city := _text(record.get("CITY")):
            cities[city.upper()] += 1
        year = record.get("FY")
        if isinstance(year, int | float) and year:
            years[int(year)] += 1
    town = cities.most_common(1)[0][0] if cities else ""
    year = years.most_common(1)[0][0] if years else None
    return {k: tuple(v) for k, v in grouped.items()}, town, year


def _polygon(shape: shapefile.Shape) -> shapely.Geometry | None:
    """A parcel's polygon (None for a sliver of fewer than three corners). Most parcels
    are one ring, made directly; a parcel with holes or several parts goes through
    pyshp's own sorting of outer rings and holes."""
    try:
        if len(shape.parts) == 1:
            geometry = shapely.polygons(shape.points)
        else:
            geometry = geometry_of(shape.__geo_interface__)
    except (GEOSException, ValueError):
        return None
    return geometry if geometry.is_valid else shapely.make_valid(geometry)


def _read_taxpar(data: dict[str, bytes], source: str,
                 owners: dict[str, tuple[dict[str, str], ...]],
                 progress: Progress | None) -> tuple[ParcelRow, ...]:
    try:
        reader = shapefile.Reader(shp=io.BytesIO(data["shp"]), dbf=io.BytesIO(data["dbf"]),
                                  shx=io.BytesIO(data["shx"]) if "shx" in data else None)
        names = [f[0] for f in reader.fields[1:]]
        if reader.shapeType not in (shapefile.POLYGON, shapefile.POLYGONZ, shapefile.POLYGONM):
            raise UserError(f"{source}: the shapes are {reader.shapeTypeName}, not parcel "
                            "polygons")
        if "LOC_ID" not in names:
            raise UserError(f"{source}: this is not a MassGIS parcel layer (no LOC_ID column)")
        keep = [n for n in ("LOC_ID", "MAP_PAR_ID", "POLY_TYPE") if n in names]
        total = len(reader)
        rows: list[ParcelRow] = []
        for index, item in enumerate(reader.iterShapeRecords(fields=keep)):
            record = item.record.as_dict()
            if not item.shape.points:
                continue
            geometry = _polygon(item.shape)
            if geometry is None:
                continue
            loc_id = _text(record["LOC_ID"])
            first = owners.get(loc_id, ({},))[0]
            rows.append(ParcelRow(
                loc_id=loc_id,
                map_par_id=_text(record.get("MAP_PAR_ID")),
                poly_type=_text(record.get("POLY_TYPE")).upper(),
                geometry=geometry,
                site_addr=first.get("SITE_ADDR", ""),
            ))
            if progress is not None and index % 1000 == 0:
                progress(index, total)
    except UserError:
        raise
    except (shapefile.ShapefileException, ValueError, IndexError, TypeError,
            struct.error) as exc:
        raise UserError(f"{source}: the parcel shapes cannot be read ({exc}); the file may be "
                        "cut short: download the set again") from None
    if not rows:
        raise UserError(f"{source}: the parcel layer has no parcels")
    return tuple(rows)
