"""The commission's conservation land and the conservation restrictions it holds or
watches (MGL c.184 §§31–33): what each is, where, who holds it, who granted it, and
where its restriction or deed is recorded (book and page at the Registry of Deeds).

Each is visited once a year at least (a holder's duty to monitor a restriction, and
the commission's to look after its own land); a visit is an inspection of the land, kept
as a filing's are (services/inspections), with findings and photos, so the reminders,
the photos and the report work the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from concom_desk.domain.plain_text import without_control_characters
from concom_desk.errors import UserError
from concom_desk.services.database import Database
from concom_desk.store.models import LAND_KINDS, ConservationLand, Inspection

# How often each parcel or restriction is visited: yearly (the usual baseline and
# monitoring practice of holders; the commission may visit more often).
MONITOR_EVERY_DAYS = 365


@dataclass
class LandDraft:
    name: str
    kind: str = "town_land"
    address: str = ""
    map_lot: str = ""
    acres: str = ""
    holder: str = ""
    grantor: str = ""
    recorded_on: date | None = None
    recorded_book: str = ""
    recorded_page: str = ""
    terms: str = ""

    def problems(self) -> list[str]:
        found = []
        if not self.name.strip():
            found.append("Name the land or the restriction.")
        if self.kind not in LAND_KINDS:
            found.append(f"The kind is one of: {', '.join(LAND_KINDS.values())}.")
        if not (self.address.strip() or self.map_lot.strip()):
            found.append("Give its address or its assessor's map/lot.")
        if self.kind == "restriction" and not self.holder.strip():
            found.append("Say who holds the restriction.")
        if bool(self.recorded_book.strip()) != bool(self.recorded_page.strip()):
            found.append("A recording has both its book and its page.")
        return found


@dataclass(frozen=True)
class LandRow:
    id: int
    name: str
    kind: str
    address: str
    map_lot: str
    acres: str
    holder: str
    grantor: str
    recorded_on: date | None
    recorded_book: str
    recorded_page: str
    terms: str
    last_visit: date | None

    @property
    def kind_words(self) -> str:
        return LAND_KINDS[self.kind]

    @property
    def recording(self) -> str:
        if not self.recorded_book:
            return ""
        on = f", {self.recorded_on.isoformat()}" if self.recorded_on else ""
        return f"Book {self.recorded_book}, Page {self.recorded_page}{on}"

    def visit_due(self, today: date) -> date:
        """The next monitoring visit: a year after the last, or now if never visited."""
        if self.last_visit is None:
            return today
        return date.fromordinal(self.last_visit.toordinal() + MONITOR_EVERY_DAYS)

    def draft(self) -> LandDraft:
        return LandDraft(self.name, self.kind, self.address, self.map_lot, self.acres,
                         self.holder, self.grantor, self.recorded_on, self.recorded_book,
                         self.recorded_page, self.terms)


def _plain(text: str) -> str:
    return without_control_characters(text).strip()


def save_land(db: Database, draft: LandDraft, land_id: int | None = None) -> int:
    problems = draft.problems()
    if problems:
        raise UserError(" ".join(problems))
    with db.session() as session:
        if land_id is None:
            land = ConservationLand()
            session.add(land)
        else:
            found = session.get(ConservationLand, land_id)
            if found is None:
                raise UserError("that land is no longer in the database")
            land = found
        land.name, land.kind = _plain(draft.name)[:200], draft.kind
        land.address, land.map_lot = _plain(draft.address)[:200], _plain(draft.map_lot)[:60]
        land.acres, land.holder = _plain(draft.acres)[:20], _plain(draft.holder)[:200]
        land.grantor, land.recorded_on = _plain(draft.grantor)[:200], draft.recorded_on
        land.recorded_book = _plain(draft.recorded_book)[:20]
        land.recorded_page = _plain(draft.recorded_page)[:20]
        land.terms = _plain(draft.terms)
        session.flush()
        return land.id


def lands(db: Database) -> list[LandRow]:
    """Every parcel and restriction, by name, with the day it was last visited."""
    with db.read_session() as session:
        return land_rows(session)


def land_rows(session: Session) -> list[LandRow]:
    last = dict(session.execute(
        select(Inspection.land_id, func.max(Inspection.inspected_on))
        .where(Inspection.land_id.is_not(None), Inspection.done.is_(True))
        .group_by(Inspection.land_id)).all())
    return [LandRow(land.id, land.name, land.kind, land.address, land.map_lot, land.acres,
                    land.holder, land.grantor, land.recorded_on, land.recorded_book,
                    land.recorded_page, land.terms, last.get(land.id))
            for land in session.scalars(select(ConservationLand)
                                        .order_by(ConservationLand.name))]


SQUARE_METRES_PER_ACRE = 4046.8564224


def from_parcels(db_path: Path, map_lot: str) -> tuple[str, str]:
    """The address and acreage the loaded MassGIS parcels give a map/lot (several
    separated by ";"): what the form fills in, for the clerk to check against the deed.
    UserError when no parcels are loaded or a map/lot is not among them."""
    from concom_desk.services.parcels.parcel_index import parcel_index

    index = parcel_index(db_path)
    addresses: list[str] = []
    area = 0.0
    for wanted in (part.strip() for part in map_lot.split(";")):
        if not wanted:
            continue
        found = [i for i in index.find(wanted) if not (index.is_way(i) or index.is_water(i))]
        if not found:
            raise UserError(f"map/lot {wanted} is not among the loaded parcels")
        for i in found:
            area += float(index.geometries[i].area)  # square metres (EPSG:26986)
            address = index.site_addrs[i].strip()
            if address and address not in addresses:
                addresses.append(address)
    if not addresses and not area:
        raise UserError("type the map/lot to look up in the parcels")
    return "; ".join(addresses), f"{area / SQUARE_METRES_PER_ACRE:.2f}"
