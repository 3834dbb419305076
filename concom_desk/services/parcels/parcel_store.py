"""The parcel file beside the commission's database: every loaded town's parcels,
with the fiscal year and the day they were loaded.

It is a SQLite file in the database's documents folder, so every backup carries it
and a restore brings it back. It is not part of the record itself: parcels are the
assessors' data, replaced once a year, and 20,000 polygons a year in the audit trail
would be most of the file. A load is written into a copy and moved into place only
when it is whole, so a load that fails leaves the parcels that were there.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterable
from contextlib import closing
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path

import shapely

from concom_desk import clock
from concom_desk.domain.wording import counted
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.services.parcels.massgis_zip import OWNER_COLUMNS, ParcelSetReading

_SCHEMA = """
CREATE TABLE IF NOT EXISTS parcel_set (
    town_code TEXT PRIMARY KEY, town_name TEXT NOT NULL, fiscal_year INTEGER,
    loaded_on TEXT NOT NULL, source_file TEXT NOT NULL, parcels INTEGER NOT NULL,
    owner_rows INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS parcel (
    id INTEGER PRIMARY KEY, town_code TEXT NOT NULL, loc_id TEXT NOT NULL,
    map_par_id TEXT NOT NULL, poly_type TEXT NOT NULL, site_addr TEXT NOT NULL,
    shape BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS owner (
    id INTEGER PRIMARY KEY, town_code TEXT NOT NULL, loc_id TEXT NOT NULL,
    owner1 TEXT, own_addr TEXT, own_city TEXT, own_state TEXT, own_zip TEXT, own_co TEXT,
    map_par_id TEXT, site_addr TEXT, prop_id TEXT);
CREATE INDEX IF NOT EXISTS owner_by_parcel ON owner (town_code, loc_id);
"""


@dataclass(frozen=True)
class ParcelSetInfo:
    town_code: str
    town_name: str
    fiscal_year: int | None
    loaded_on: str
    source_file: str
    parcels: int
    owner_rows: int

    @property
    def vintage(self) -> str:
        return f"FY{self.fiscal_year}" if self.fiscal_year else "fiscal year not given"

    def describe(self) -> str:
        return (f"{self.town_name or self.town_code} ({self.town_code}): "
                f"{counted(self.parcels, 'parcel')}, {counted(self.owner_rows, 'assessor row')}"
                f", MassGIS {self.vintage}, loaded {self.loaded_on} from {self.source_file}")

    def as_json(self) -> dict[str, object]:
        return asdict(self)


def parcel_file(db_path: Path) -> Path:
    return documents_dir(Path(db_path)) / "parcels" / f"{Path(db_path).stem}-parcels.sqlite"


def save_parcel_set(db_path: Path, reading: ParcelSetReading, today: date | None = None
                    ) -> ParcelSetInfo:
    """Keep the town's parcels, replacing that town's earlier load (other towns stay)."""
    target = parcel_file(db_path)
    info = ParcelSetInfo(reading.town_code, reading.town_name, reading.fiscal_year,
                         (today or clock.today()).isoformat(), reading.source_name,
                         len(reading.parcels), reading.owner_rows)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=".parcels-", suffix=".sqlite", dir=target.parent)
        os.close(handle)
    except OSError as exc:
        raise OperationFailed(f"cannot write the parcel file in {target.parent}: "
                              f"{exc.strerror or exc}") from None
    work = Path(name)
    try:
        if target.exists():
            shutil.copyfile(target, work)
        with closing(sqlite3.connect(work)) as conn:
            conn.executescript(_SCHEMA)
            _replace_town(conn, reading, info)
            conn.commit()
        os.replace(work, target)
    except (OSError, sqlite3.Error) as exc:
        raise OperationFailed(f"the parcels could not be saved in {target}: {exc}; the "
                              "parcels loaded before are unchanged") from None
    finally:
        work.unlink(missing_ok=True)
    return info


def _replace_town(conn: sqlite3.Connection, reading: ParcelSetReading,
                  info: ParcelSetInfo) -> None:
    code = reading.town_code
    for table in ("parcel", "owner", "parcel_set"):
        conn.execute(f"DELETE FROM {table} WHERE town_code = ?", (code,))
    shapes = shapely.to_wkb([p.geometry for p in reading.parcels])
    conn.executemany(
        "INSERT INTO parcel (town_code, loc_id, map_par_id, poly_type, site_addr, shape) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        ((code, p.loc_id, p.map_par_id, p.poly_type, p.site_addr, shape)
         for p, shape in zip(reading.parcels, shapes, strict=True)))
    conn.executemany(
        "INSERT INTO owner (town_code, loc_id, owner1, own_addr, own_city, own_state, own_zip, "
        "own_co, map_par_id, site_addr, prop_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ((code, loc_id, *(row[c] for c in OWNER_COLUMNS))
         for loc_id, rows in reading.owners.items() for row in rows))
    conn.execute("INSERT INTO parcel_set VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (info.town_code, info.town_name, info.fiscal_year, info.loaded_on,
                  info.source_file, info.parcels, info.owner_rows))


def connect_parcels(db_path: Path) -> sqlite3.Connection | None:
    path = parcel_file(db_path)
    if not path.is_file():
        return None
    try:
        return sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise UserError(f"the parcel file {path} cannot be opened ({exc}); load the town's "
                        "parcels again") from None


def parcel_sets(db_path: Path) -> list[ParcelSetInfo]:
    """The towns whose parcels are loaded, in the order of their MassGIS number."""
    conn = connect_parcels(db_path)
    if conn is None:
        return []
    with closing(conn):
        rows = conn.execute("SELECT town_code, town_name, fiscal_year, loaded_on, source_file, "
                            "parcels, owner_rows FROM parcel_set ORDER BY town_code").fetchall()
    return [ParcelSetInfo(*row) for row in rows]


@dataclass(frozen=True)
class StoredParcels:
    """Every loaded parcel, as columns (for the index)."""

    town_codes: tuple[str, ...]
    loc_ids: tuple[str, ...]
    map_par_ids: tuple[str, ...]
    poly_types: tuple[str, ...]
    site_addrs: tuple[str, ...]
    shapes: tuple[bytes, ...]


def read_parcels(db_path: Path) -> StoredParcels | None:
    conn = connect_parcels(db_path)
    if conn is None:
        return None
    with closing(conn):
        rows = conn.execute("SELECT town_code, loc_id, map_par_id, poly_type, site_addr, shape "
                            "FROM parcel ORDER BY id").fetchall()
    if not rows:
        return None
    columns = list(zip(*rows, strict=True))
    return StoredParcels(*(tuple(c) for c in columns))


def read_owners(db_path: Path, parcels: Iterable[tuple[str, str]]
                ) -> dict[tuple[str, str], list[dict[str, str]]]:
    """(town, LOC_ID) → its assessor rows, in the order of the assessor's table."""
    wanted = list(dict.fromkeys(parcels))
    found: dict[tuple[str, str], list[dict[str, str]]] = {key: [] for key in wanted}
    conn = connect_parcels(db_path)
    if conn is None or not wanted:
        return found
    with closing(conn):
        conn.execute("CREATE TEMP TABLE wanted (town_code TEXT, loc_id TEXT)")
        conn.executemany("INSERT INTO wanted VALUES (?, ?)", wanted)
        rows = conn.execute(
            "SELECT o.town_code, o.loc_id, o.owner1, o.own_addr, o.own_city, o.own_state, "
            "o.own_zip, o.own_co, o.map_par_id, o.site_addr, o.prop_id FROM owner o "
            "JOIN wanted w ON w.town_code = o.town_code AND w.loc_id = o.loc_id "
            "ORDER BY o.id").fetchall()
    for town, loc_id, *values in rows:
        found[(town, loc_id)].append(dict(zip(OWNER_COLUMNS, values, strict=True)))
    return found
