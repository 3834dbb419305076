"""The project's locus: the latitude and longitude of the centre of the filing's lot, from
the loaded MassGIS parcels, for the WPA forms ("Latitude", "Longitude") and the record.

Only the lot's own rows are read from the parcel file (its map/lot or LOC_ID, as the
abutter search finds it), not the whole town's index: opening a record or making a
form does not load twenty thousand polygons to place one lot. A filing on several lots
("12-34, 12-35") is placed at the centre of all of them together.
"""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

import shapely
from sqlalchemy.orm import Session

from concom_desk.domain.state_plane import LatLong, mainland_lat_long
from concom_desk.services.parcels.parcel_index import parcel_key
from concom_desk.services.parcels.parcel_store import connect_parcels
from concom_desk.store.models import Filing


def filing_locus(session: Session, filing: Filing) -> LatLong | None:
    """The locus of a filing's lot, by its map/lot, else its street address (as the
    abutter search finds the lot); None where the parcels do not place it."""
    path = session.info.get("database_path")
    prop = filing.property
    if path is None or prop is None:
        return None
    return lot_locus(Path(path), prop.map_lot, prop.address or "")


def lot_locus(db_path: Path, named: str, address: str = "") -> LatLong | None:
    """Where the lot a filing names lies (None: no parcels loaded, or no lot of that
    map/lot or LOC_ID — or, without one, of that site address — among them)."""
    wanted = [part.strip() for part in named.split(", ") if part.strip()]
    street = " ".join(address.upper().split())
    if not wanted and not street:
        return None
    conn = connect_parcels(db_path)
    if conn is None:
        return None
    keys = {parcel_key(part) for part in wanted}
    loc_ids = {part.upper() for part in wanted}
    with closing(conn):
        names = conn.execute("SELECT id, loc_id, map_par_id, site_addr FROM parcel").fetchall()
        ids = [row_id for row_id, loc_id, map_par_id, _ in names
               if loc_id.upper() in loc_ids or (map_par_id and parcel_key(map_par_id) in keys)]
        if not ids and not wanted:
            ids = [row_id for row_id, _, _, site in names if site.upper() == street]
        if not ids:
            return None
        shapes = [shape for (shape,) in conn.execute(
            f"SELECT shape FROM parcel WHERE id IN ({','.join('?' * len(ids))})", ids)]
    lot = shapely.union_all(shapely.from_wkb(shapes))
    # The centre of the lot's area; for an odd shape (an L, a crescent) a point inside it.
    centre = lot.centroid if lot.contains(lot.centroid) else lot.point_on_surface()
    return mainland_lat_long(centre.x, centre.y)
