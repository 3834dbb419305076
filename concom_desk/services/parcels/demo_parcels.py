"""An invented town's parcels, drawn (never downloaded): blocks of lots between named
streets, a pond, a condominium, and the demo filings' own lots among them, so a
clerk trying the demo town can compute abutters and see the map. The benchmark
draws a 20,000-parcel town the same way.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select

from concom_desk.domain.state_plane import MAINLAND_METRES
from concom_desk.services.demo.places import DEMO_PLACES, MILLBROOK
from concom_desk.services.parcels.loading import load_parcels
from concom_desk.services.parcels.massgis_writer import (
    DrawnParcel,
    OwnerRow,
    square,
    write_parcel_zip,
)
from concom_desk.store import Database

LOT_W, LOT_D, STREET_W = 30.0, 45.0, 15.0  # metres: about 100 ft by 150 ft, 50-ft streets
ORIGIN = (180_000.0, 890_000.0)
STREETS = ("POND ST", "MILL RD", "GROVE ST", "CHURCH ST", "ELM ST", "HIGH ST", "SCHOOL ST",
           "MAPLE AVE", "OAK ST", "PLAIN ST", "WALNUT ST", "FOWLER ST", "HARTFORD AVE",
           "WESTBORO RD", "NORTH ST", "SOUTH ST")
SURNAMES = ("SMITH", "OBRIEN", "NGUYEN", "PATEL", "MURPHY", "SILVA", "KOWALSKI", "BROWN",
            "GAGNON", "ROSSI", "COHEN", "WALSH", "LEBLANC", "MORIARTY", "CHEN", "DUFFY")
GIVEN = ("JOHN", "MARY", "ROBERT", "LINDA", "JAMES", "SUSAN", "DAVID", "KAREN", "PAUL",
         "ANN", "MARK", "HELEN")


@dataclass(frozen=True)
class KnownLot:
    """A lot a filing names, to be placed in the drawn town."""

    map_par_id: str
    site_addr: str
    owner: str


@dataclass(frozen=True)
class DrawnTown:
    """Where the drawn town lies (its south-west corner on the state grid, metres) and
    what its owners' addresses say."""

    origin: tuple[float, float] = ORIGIN
    city: str = "UPTON"
    zip_code: str = "01568"


def draw_town(blocks_x: int, blocks_y: int, lots_per_side: int, known: Sequence[KnownLot] = (),
              seed: int = 1835, town: DrawnTown = DrawnTown()) -> list[DrawnParcel]:
    """Blocks of two rows of lots; east-west streets between them carry the addresses."""
    rng = random.Random(seed)
    ox, oy = town.origin
    parcels: list[DrawnParcel] = []
    block_w = lots_per_side * LOT_W
    block_h = 2 * LOT_D
    total_w = blocks_x * (block_w + STREET_W) + STREET_W
    placed = list(known)
    spacing = max(1, (blocks_x * blocks_y * 2 * lots_per_side) // (len(placed) + 1))
    serial = 0
    for by in range(blocks_y + 1):  # the east-west streets, one below each block row
        y = oy + by * (block_h + STREET_W)
        parcels.append(DrawnParcel(f"ROW_EW_{by}", "", square(ox, y, total_w, STREET_W),
                                   "ROW"))
    for bx in range(blocks_x + 1):  # the north-south streets
        x = ox + bx * (block_w + STREET_W)
        height = blocks_y * (block_h + STREET_W) + STREET_W
        parcels.append(DrawnParcel(f"ROW_NS_{bx}", "", square(x, oy, STREET_W, height),
                                   "ROW"))
    pond_block = (blocks_x // 2, blocks_y // 2)
    condo_block = (max(0, blocks_x // 2 - 1), blocks_y // 2)
    for bx in range(blocks_x):
        for by in range(blocks_y):
            x0 = ox + STREET_W + bx * (block_w + STREET_W)
            y0 = oy + STREET_W + by * (block_h + STREET_W)
            if (bx, by) == pond_block:
                parcels.append(DrawnParcel(f"WATER_{bx}_{by}", "",
                                           square(x0, y0, block_w / 2, block_h), "WATER"))
            for row in (0, 1):
                street = STREETS[(by + row) % len(STREETS)]
                for n in range(lots_per_side):
                    x = x0 + n * LOT_W
                    if (bx, by) == pond_block and x < x0 + block_w / 2:
                        continue
                    serial += 1
                    number = 2 * (bx * lots_per_side + n) + 2 + row
                    site = f"{number} {street}"
                    map_par_id = f"{100 + bx * blocks_y + by}-{row * lots_per_side + n + 1}"
                    owners: list[OwnerRow] = [_owner(rng, site, town)]
                    if (bx, by) == condo_block and row == 0 and n == 0:
                        owners = [OwnerRow(f"{rng.choice(SURNAMES)} {rng.choice(GIVEN)}",
                                           f"{site} UNIT {u}", town.city, "MA", town.zip_code,
                                           f"{site} UNIT {u}") for u in range(1, 13)]
                    elif placed and serial % spacing == 0:
                        lot = placed.pop(0)
                        map_par_id, site = lot.map_par_id, lot.site_addr.upper()
                        owners = [OwnerRow(lot.owner.upper(), site, town.city, "MA",
                                           town.zip_code, site)]
                    parcels.append(DrawnParcel(f"F_{map_par_id}", map_par_id,
                                               square(x, y0 + row * LOT_D, LOT_W, LOT_D),
                                               "FEE", owners))
    return parcels


def _owner(rng: random.Random, site: str, town: DrawnTown) -> OwnerRow:
    name = f"{rng.choice(SURNAMES)} {rng.choice(GIVEN)}"
    if rng.random() < 0.12:  # some owners live elsewhere
        return OwnerRow(name, f"{rng.randint(1, 99)} BEACON ST", "BOSTON", "MA", "02108", site)
    return OwnerRow(name, site, town.city, "MA", town.zip_code, site)


def load_demo_parcels(db: Database, town: str = "upton", town_name: str = "Upton") -> None:
    """Draw the demo town's parcels around its open filings' lots, at the town's own
    place on the state grid, and load them."""
    from concom_desk.store.models import Filing, Party, Property

    with db.read_session() as session:
        rows = session.execute(
            select(Property.map, Property.lot, Property.address, Party.name)
            .join(Filing, Filing.property_id == Property.id)
            .outerjoin(Party, Party.id == Filing.owner_id)
            .where(Filing.kind.in_(("noi", "anrad", "amendment")))
            .order_by(Filing.received.desc().nulls_last()).limit(60)).all()
    known = list({f"{m}-{lot}": KnownLot(f"{m}-{lot}", address, owner or "OWNER UNKNOWN")
                  for m, lot, address, owner in rows if m and lot}.values())
    place = DEMO_PLACES.get(town, MILLBROOK)
    east, north = MAINLAND_METRES.to_grid(*place.centre)
    blocks_x, blocks_y, lots = 6, 5, 10
    # The drawing's corner, so that the town centre falls in its middle.
    width = blocks_x * (lots * LOT_W + STREET_W) + STREET_W
    height = blocks_y * (2 * LOT_D + STREET_W) + STREET_W
    drawn = DrawnTown((east - width / 2, north - height / 2), town_name.upper(),
                      place.zip_code)
    code = f"M{place.massgis_id:03d}"
    with tempfile.TemporaryDirectory() as folder:
        path = write_parcel_zip(Path(folder) / f"{code}TaxPar_demo.zip",
                                draw_town(blocks_x, blocks_y, lots, known, town=drawn),
                                town_id=place.massgis_id, fiscal_year=2025,
                                city=town_name.upper())
        load_parcels(Path(db.path), path)
