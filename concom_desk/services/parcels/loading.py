"""Loading a town's MassGIS download: read and check it whole, then keep it.

Loading the same town again (next fiscal year's parcels) replaces that town's
parcels; the parcels of other towns (a neighbour loaded for the town line) stay.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from concom_desk.services.parcels.massgis_zip import Progress, read_parcel_zip
from concom_desk.services.parcels.parcel_store import ParcelSetInfo, save_parcel_set


def load_parcels(db_path: Path, zip_path: Path, progress: Progress | None = None,
                 today: date | None = None) -> ParcelSetInfo:
    """Read `zip_path` and keep its parcels beside the database; UserError (and the
    parcels loaded before left as they were) when it is not a usable parcel set."""
    reading = read_parcel_zip(Path(zip_path), progress)
    return save_parcel_set(Path(db_path), reading, today)
