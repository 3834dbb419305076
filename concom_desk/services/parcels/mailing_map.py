"""The abutter map in the mailing pack: when the filing's list was computed from the
parcels, the map it was computed on goes beside the letters (a Letter PDF page for
the file and the hearing, and a PNG to send by e-mail), numbered as on the list."""

from __future__ import annotations

import logging
from pathlib import Path

from concom_desk.errors import UserError
from concom_desk.services.parcels.computed_list import compute_for_filing, list_status
from concom_desk.services.parcels.map_file import save_map
from concom_desk.services.parcels.parcel_store import parcel_file
from concom_desk.store import Database

MAP_PDF, MAP_PNG = "abutters-map.pdf", "abutters-map.png"
log = logging.getLogger(__name__)


def write_mailing_map(db: Database, filing_id: int, folder: Path) -> tuple[str, ...]:
    """The map files written into `folder` (none for an imported assessor's list, or
    when the parcels it was computed from are no longer loaded)."""
    status = list_status(db, filing_id)
    made_for = status.lot_and_distance
    if not status.computed or made_for is None or not parcel_file(Path(db.path)).is_file():
        return ()
    lot, feet = made_for
    try:
        computed = compute_for_filing(db, filing_id, feet, parcel=lot)
    except UserError as exc:  # the lot is gone from a newer year's parcels
        log.info("no map for the mailing of filing %s: %s", filing_id, exc)
        return ()
    save_map(Path(db.path), computed, folder / MAP_PDF)
    save_map(Path(db.path), computed, folder / MAP_PNG)
    return (MAP_PDF, MAP_PNG)
