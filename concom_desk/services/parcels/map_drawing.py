"""What the abutter map shows, as plain shapes: the lot, the buffer, the parcels found
numbered as on the list, the parcels around them, streets and water, street names.

Two painters draw it: the window (Qt, with pan and zoom) and the file for the mailing
pack and the filing's documents (`map_file`, without Qt). Coordinates stay in metres
on the state plane; each painter scales them to its page.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import shapely

from concom_desk.services.parcels.abutter_search import TOUCHING_M, AbutterSearch
from concom_desk.services.parcels.parcel_index import ParcelIndex

Ring = tuple[tuple[float, float], ...]
# How much land around the buffer the map shows, as a share of its width.
MARGIN = 0.12
_HOUSE_NUMBER = re.compile(r"^\s*[0-9][0-9A-Z\-/]*\s+", re.IGNORECASE)


@dataclass(frozen=True)
class MapShape:
    kind: str  # "subject", "abutter", "other", "way", "water"
    rings: tuple[Ring, ...]  # each polygon's outer ring and holes, all polygons
    number: int | None = None
    label_at: tuple[float, float] | None = None


@dataclass(frozen=True)
class StreetName:
    text: str
    at: tuple[float, float]


@dataclass(frozen=True)
class MapZone:
    """One law's reach drawn around the lot: 'Wetlands Protection Act: 100 ft'."""
    label: str
    rings: tuple[Ring, ...]


@dataclass(frozen=True)
class MapDrawing:
    title: str
    caption: str
    extent: tuple[float, float, float, float]  # min x, min y, max x, max y (metres)
    shapes: tuple[MapShape, ...]  # drawn in order: ways and water first
    zones: tuple[MapZone, ...]  # each law's reach, the Act's first
    streets: tuple[StreetName, ...]


def _rings(geometry: shapely.Geometry) -> tuple[Ring, ...]:
    rings: list[Ring] = []
    for polygon in shapely.get_parts(geometry):
        if polygon.geom_type != "Polygon":
            continue
        rings.append(tuple(map(tuple, polygon.exterior.coords)))
        rings.extend(tuple(map(tuple, hole.coords)) for hole in polygon.interiors)
    return tuple(rings)


def street_of(site_addr: str) -> str:
    """'12 POND ST' → 'POND ST' (the street a parcel's address is on)."""
    return " ".join(_HOUSE_NUMBER.sub("", site_addr).split())


def map_drawing(index: ParcelIndex, search: AbutterSearch, title: str) -> MapDrawing:
    minx, miny, maxx, maxy = shapely.bounds(search.zone)
    pad = max(maxx - minx, maxy - miny) * MARGIN
    extent = (minx - pad, miny - pad, maxx + pad, maxy + pad)
    view = shapely.box(*extent)
    numbers = {p.index: p.number for p in search.found}
    subject = set(search.subject)
    shapes: list[MapShape] = []
    streets: list[StreetName] = []
    in_view = sorted(int(i) for i in index.tree.query(view))
    order = {"way": 0, "water": 0, "other": 1, "abutter": 2, "subject": 3}
    for i in in_view:
        geometry = index.geometries[i]
        if i in subject:
            kind = "subject"
        elif i in numbers:
            kind = "abutter"
        elif index.is_water(i):
            kind = "water"
        elif index.is_way(i):
            kind = "way"
        else:
            kind = "other"
        clipped = shapely.intersection(geometry, view)
        if clipped.is_empty:
            continue
        label_at = None
        if kind in ("abutter", "subject"):
            point = shapely.point_on_surface(clipped)
            label_at = (point.x, point.y)
        shapes.append(MapShape(kind, _rings(clipped), numbers.get(i), label_at))
        if kind == "way":
            name = _way_name(index, i)
            # One label a street: a town's merged street polygons would repeat the name.
            if name and name not in {s.text for s in streets}:
                point = shapely.point_on_surface(clipped)
                streets.append(StreetName(name, (point.x, point.y)))
    shapes.sort(key=lambda s: order[s.kind])
    # Each law's rule in words; its section is on the list beside each parcel (a caption
    # carrying both ran off the page).
    rules = "; ".join(f"{law.law}: {law.reach.describe()}" for law in search.reaches)
    caption = f"{len(search.found)} parcels numbered as on the list. {rules}"
    zones = tuple(MapZone(f"{law.law}: {law.reach.distance_ft} ft from the lot line",
                          _rings(zone))
                  for law, zone in zip(search.reaches, search.zones, strict=True))
    return MapDrawing(title, caption, extent, tuple(shapes), zones, tuple(streets))


def _way_name(index: ParcelIndex, way: int) -> str:
    """A street polygon has no name in MassGIS: it is named after the street most of the
    parcels along it give as their address."""
    along = index.tree.query(index.geometries[way], predicate="dwithin", distance=TOUCHING_M)
    names = Counter(street_of(index.site_addrs[int(i)]) for i in along
                    if not index.is_way(int(i)) and index.site_addrs[int(i)])
    names.pop("", None)
    return names.most_common(1)[0][0] if names else ""


def drawing_for(index: ParcelIndex, search: AbutterSearch, file_no: str) -> MapDrawing:
    """The map of a filing's computed abutters, titled as the files and the window show it."""
    return map_drawing(index, search, f"Abutters of filing {file_no}: lot {search.subject_label}")
