"""Synthetic parcel sets drawn in feet, written as MassGIS Level 3 zips by the shapefile
writer: each test draws the neighbourhood its case needs around lot 12-34."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from concom_desk.services.parcels.massgis_writer import DrawnParcel, OwnerRow, write_parcel_zip

FOOT = 0.3048
# Somewhere in Worcester County on the state plane (metres), as real parcels would be.
ORIGIN = (170_000.0, 880_000.0)


def ft_lot(x: float, y: float, width: float, height: float | None = None
           ) -> list[list[tuple[float, float]]]:
    """A rectangle drawn in feet from ORIGIN, as metres."""
    h = width if height is None else height
    x0, y0 = ORIGIN[0] + x * FOOT, ORIGIN[1] + y * FOOT
    x1, y1 = x0 + width * FOOT, y0 + h * FOOT
    return [[(x0, y0), (x0, y1), (x1, y1), (x1, y0), (x0, y0)]]


def owner(name: str, street: str = "1 ELM ST", city: str = "UPTON", site: str = "") -> OwnerRow:
    return OwnerRow(name, street, city, "MA", "01568", site)


def lot(map_par_id: str, rings: list[list[tuple[float, float]]], *owners: OwnerRow,
        poly_type: str = "FEE", loc_id: str = "") -> DrawnParcel:
    return DrawnParcel(loc_id or f"F_{map_par_id}", map_par_id, rings, poly_type, owners)


SUBJECT = lot("12-34", ft_lot(0, 0, 100), owner("POND REALTY TRUST", "PO BOX 9", "WORCESTER",
                                                 "12 POND ST"))


def grid(columns: int, rows: int, *, size: float = 100, skip: Sequence[tuple[int, int]] = (),
         start: tuple[int, int] = (0, 0), prefix: str = "G") -> list[DrawnParcel]:
    """A block of touching square lots, each with its own owner, named by column and row
    counted from 50 (column -1, row 2 of the drawing is G49-52, at 4952 Hill Rd)."""
    found = []
    for c in range(start[0], start[0] + columns):
        for r in range(start[1], start[1] + rows):
            if (c, r) in skip:
                continue
            name = f"{prefix}{c + 50}-{r + 50}"
            street = f"{c + 50}{r + 50} HILL RD"
            found.append(lot(name, ft_lot(c * size, r * size, size),
                             owner(f"OWNER {name}", street, site=street)))
    return found


def write_world(path: Path, parcels: Sequence[DrawnParcel], **options: object) -> Path:
    return write_parcel_zip(path, parcels, **options)  # type: ignore[arg-type]
