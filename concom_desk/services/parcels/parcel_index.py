"""Every loaded parcel in memory, with shapely's STRtree over the polygons, and the
lookup of a filing's lot by its map/lot or LOC_ID.

Built once from the parcel file and kept while the file is unchanged, so that the
window's 100 ft / 300 ft / custom toggle recomputes in milliseconds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import shapely
from shapely import STRtree

from concom_desk.errors import UserError
from concom_desk.services.parcels.massgis_zip import WATER_TYPES, WAY_TYPES
from concom_desk.services.parcels.parcel_store import (
    ParcelSetInfo,
    parcel_file,
    parcel_sets,
    read_parcels,
)

_WORDS = re.compile(r"\b(map|lot|parcel|block|plat|sheet)\b", re.IGNORECASE)
_TOKENS = re.compile(r"[A-Za-z0-9]+")


def parcel_key(text: str) -> str:
    """'012-034', '12 34', 'Map 12 Lot 34' → '12|34' (leading zeros and words ignored)."""
    tokens = _TOKENS.findall(_WORDS.sub(" ", text))
    return "|".join((t.lstrip("0") or "0").upper() for t in tokens)


@dataclass
class ParcelIndex:
    path: Path
    sets: tuple[ParcelSetInfo, ...]
    geometries: np.ndarray
    town_codes: tuple[str, ...]
    loc_ids: tuple[str, ...]
    map_par_ids: tuple[str, ...]
    poly_types: tuple[str, ...]
    site_addrs: tuple[str, ...]
    tree: STRtree
    _by_key: dict[str, list[int]] | None = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.loc_ids)

    def town_name(self, code: str) -> str:
        for info in self.sets:
            if info.town_code == code:
                return info.town_name or code
        return code

    def is_way(self, index: int) -> bool:
        return self.poly_types[index] in WAY_TYPES

    def is_water(self, index: int) -> bool:
        return self.poly_types[index] in WATER_TYPES

    def find(self, text: str) -> list[int]:
        """The parcels a filing's map/lot or LOC_ID names (several polygons may share one)."""
        wanted = text.strip()
        if not wanted:
            return []
        if self._by_key is None:  # built on the first lookup, kept with the index
            self._by_key = {}
            for i, (loc, mp) in enumerate(zip(self.loc_ids, self.map_par_ids, strict=True)):
                self._by_key.setdefault(f"loc:{loc.upper()}", []).append(i)
                if mp:
                    self._by_key.setdefault(parcel_key(mp), []).append(i)
        return list(self._by_key.get(f"loc:{wanted.upper()}")
                    or self._by_key.get(parcel_key(wanted), []))

    def parcel_at(self, x: float, y: float) -> str:
        """The map/lot of the owned parcel under a point of the map ('' for a street)."""
        hits = [int(i) for i in self.tree.query(shapely.Point(x, y), predicate="intersects")]
        owned = [i for i in hits if not (self.is_way(i) or self.is_water(i))]
        return self.label(owned[0]) if owned else ""

    def label(self, index: int) -> str:
        return self.map_par_ids[index] or self.loc_ids[index]


_CACHE: dict[Path, tuple[tuple[int, int], ParcelIndex]] = {}


def parcel_index(db_path: Path) -> ParcelIndex:
    """The index of the parcels loaded beside this database; UserError when none are."""
    path = parcel_file(db_path)
    try:
        stat = path.stat()
    except OSError:
        raise UserError("no parcels are loaded: load the town's MassGIS parcels first "
                        "(Tools → Load MassGIS parcels…, or `concom-desk parcels load`)") from None
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _CACHE.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    stored = read_parcels(db_path)
    if stored is None:
        raise UserError("no parcels are loaded: load the town's MassGIS parcels first")
    geometries = shapely.from_wkb(np.array(stored.shapes, dtype=object))
    index = ParcelIndex(path, tuple(parcel_sets(db_path)), geometries, stored.town_codes,
                        stored.loc_ids, stored.map_par_ids, stored.poly_types, stored.site_addrs,
                        STRtree(geometries))
    _CACHE.clear()  # one database's parcels at a time: a town's polygons are not small
    _CACHE[path] = (stamp, index)
    return index
