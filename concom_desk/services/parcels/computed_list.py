"""A filing's abutter list computed from the parcels, landing in the same notice list an
imported assessor's list does.

The owners of the parcels found are laid out as the MassGIS assessor table lays them
out (OWNER1, OWN_ADDR, OWN_CITY…) and go through the assessor-list import itself: the
same tidying, the same grouping of one owner's parcels into one notice, the same
property-owner notice, the same refusal to replace a list already mailed. Each notice
is marked as computed from that fiscal year's parcels, to be certified by the Board of
Assessors (MGL c.131 §40 asks for the addresses "on the most recent applicable tax
list"), until the clerk records the day the assessors certified it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy import select, update

from concom_desk.domain.abutter_laws import LawReach, reaches_under
from concom_desk.domain.abutters.columns import guess_mapping
from concom_desk.domain.abutters.notices import group_notices
from concom_desk.domain.abutters.rows import AbutterRecord, check_rows
from concom_desk.domain.abutters.sheet import AssessorSheet, SheetRow
from concom_desk.domain.laws import BOTH
from concom_desk.errors import UserError
from concom_desk.services.abutters.importing import (
    AbutterListPreview,
    ImportSummary,
    import_abutter_list,
)
from concom_desk.services.commission.town_profiles import profile_for
from concom_desk.services.parcels.abutter_search import AbutterSearch, FoundParcel, find_abutters
from concom_desk.services.parcels.map_drawing import MapDrawing, drawing_for
from concom_desk.services.parcels.parcel_index import ParcelIndex, parcel_index
from concom_desk.services.parcels.parcel_store import read_owners
from concom_desk.store import Database
from concom_desk.store.models import Abutter, Filing

COMPUTED_PREFIX = "computed from MassGIS"
SHEET_HEADER = ("OWNER1", "OWN_ADDR", "OWN_CITY", "OWN_STATE", "OWN_ZIP", "OWN_CO",
                "MAP_PAR_ID", "SITE_ADDR")


@dataclass(frozen=True)
class ParcelOwners:
    parcel: FoundParcel
    owners: tuple[AbutterRecord, ...]
    problems: tuple[str, ...]  # assessor rows that cannot be addressed, in words


@dataclass(frozen=True)
class ComputedList:
    file_no: str
    search: AbutterSearch
    parcels: tuple[ParcelOwners, ...]
    preview: AbutterListPreview
    vintage: str  # "FY2025"

    @property
    def source(self) -> str:
        return (f"{COMPUTED_PREFIX} {self.vintage} parcels (lot {self.search.subject_label}, "
                f"{self.search.distance_ft} ft) — to be certified by the Board of "
                "Assessors")

    @property
    def notices(self) -> int:
        return len(self.preview.notices)

    @property
    def problems(self) -> tuple[str, ...]:
        found = [f"no. {p.parcel.number} ({p.parcel.label}): {problem}"
                 for p in self.parcels for problem in p.problems]
        return (*self.search.notes, *found)

    def summary(self) -> str:
        return (f"{len(self.parcels)} parcels within reach ({self.search.describe()}), "
                f"{self.notices} owners to notify, {COMPUTED_PREFIX} {self.vintage} parcels")

    def as_json(self) -> list[dict[str, object]]:
        return [{"number": p.parcel.number, "loc_id": p.parcel.loc_id,
                 "map_par_id": p.parcel.map_par_id, "town": p.parcel.town_name,
                 "distance_ft": float(p.parcel.distance_ft), "why": p.parcel.why,
                 "reasons": [{"why": r.why, "law": r.law, "citation": r.citation}
                             for r in p.parcel.reasons],
                 "owners": [{"name": o.owner_name,
                             "address": ", ".join(o.address_lines)} for o in p.owners],
                 "problems": list(p.problems)}
                for p in self.parcels]


def reaches_of(db: Database, filing_id: int) -> tuple[LawReach, ...]:
    """Each law the filing is under, with its reach: the Act's 100 ft, the town profile's
    own rule (the state's 100 ft for a town whose bylaw sets none), or both."""
    with db.read_session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError(f"there is no filing with id {filing_id}")
        under, town = filing.laws or BOTH, filing.town
    profile = profile_for(town)
    return reaches_under(under, town, profile.name, profile.abutter_reach)


def chosen_reaches(reaches: tuple[LawReach, ...], distance_ft: int | None
                   ) -> tuple[LawReach, ...]:
    """The clerk's distance, for the last law's rule (the bylaw's on a joint filing): the
    Act's 100 ft stays beside it, since the Act's notice cannot be narrowed."""
    if distance_ft is None:
        return reaches
    *first, last = reaches
    return (*first, LawReach(last.law, last.reach.at(distance_ft)))


def subject_text(db: Database, filing_id: int) -> tuple[str, str]:
    """(file number, how the filing names its lot: map/lot, else the street address)."""
    with db.read_session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError(f"there is no filing with id {filing_id}")
        locus = filing.property
        return filing.file_no, (locus.map_lot or locus.address) if locus is not None else ""


def compute_for_filing(db: Database, filing_id: int, distance_ft: int | None = None,
                       parcel: str | None = None,
                       reaches: tuple[LawReach, ...] | None = None) -> ComputedList:
    """The abutters of the filing's lot (or of `parcel`, a map/lot or LOC_ID), the union
    of the reach of each law it is under (or `reaches`, read once by a window that
    recomputes often)."""
    file_no, named = subject_text(db, filing_id)
    index = parcel_index(Path(db.path))
    wanted = (parcel or named).strip()
    if not wanted:
        raise UserError(f"filing {file_no} names no map/lot: enter the lot's map and lot on "
                        "the filing, or choose the parcel on the map")
    # A filing on several lots names them "12-34, 12-35" (as the computed list does).
    subject = sorted({i for part in wanted.split(", ") for i in index.find(part)})
    if not subject and parcel is None:
        key = " ".join(wanted.upper().split())
        subject = [i for i, addr in enumerate(index.site_addrs) if addr.upper() == key]
    if not subject:
        raise UserError(f"no loaded parcel has the map/lot or LOC_ID {wanted!r} (filing "
                        f"{file_no}); check the filing's map and lot against the assessors' "
                        "map, or choose the parcel on the map")
    search = find_abutters(index, subject,
                           chosen_reaches(reaches or reaches_of(db, filing_id), distance_ft))
    return _owners_list(db, file_no, search, index)


def _owners_list(db: Database, file_no: str, search: AbutterSearch, index: ParcelIndex
                 ) -> ComputedList:
    owners = read_owners(Path(db.path), ((p.town_code, p.loc_id) for p in search.found))
    rows: list[SheetRow] = []
    row_parcel: dict[int, FoundParcel] = {}
    for parcel in search.found:
        for owner in owners[(parcel.town_code, parcel.loc_id)]:
            number = len(rows) + 2  # the header is row 1, as in the assessor's sheet
            cells = tuple(owner[c] for c in SHEET_HEADER[:-2]) + (
                owner["MAP_PAR_ID"] or parcel.label, owner["SITE_ADDR"] or parcel.site_addr)
            rows.append(SheetRow(number, cells))
            row_parcel[number] = parcel
    vintage = _vintage(index, search)
    sheet = AssessorSheet(f"MassGIS {vintage} parcels", SHEET_HEADER, 1, tuple(rows))
    mapping = guess_mapping(SHEET_HEADER)
    reading = check_rows(sheet, mapping)
    records: dict[int, list[AbutterRecord]] = {}
    problems: dict[int, list[str]] = {}
    for record in reading.records:
        records.setdefault(row_parcel[record.row].number, []).append(record)
    for rejected in reading.rejected:
        problems.setdefault(row_parcel[rejected.row].number, []).append(
            f"{rejected.cells[0] or 'an owner'} left off: {rejected.reason}")
    for parcel in search.found:
        if not owners[(parcel.town_code, parcel.loc_id)]:
            problems.setdefault(parcel.number, []).append(
                "no owner in the assessor table: ask the assessors who owns it")
    preview = AbutterListPreview(sheet, mapping, False, reading,
                                 tuple(group_notices(reading.records)))
    parcels = tuple(ParcelOwners(p, tuple(records.get(p.number, ())),
                                 tuple(problems.get(p.number, ())))
                    for p in search.found)
    return ComputedList(file_no, search, parcels, preview, vintage)


def _vintage(index: ParcelIndex, search: AbutterSearch) -> str:
    home = index.town_codes[search.subject[0]]
    for info in index.sets:
        if info.town_code == home:
            return f"FY{info.fiscal_year}" if info.fiscal_year else "(fiscal year not given)"
    return "(fiscal year not given)"


def store_computed_list(db: Database, filing_id: int, computed: ComputedList, *,
                        replace: bool = False) -> ImportSummary:
    """Make the computed owners the filing's notice list (owners whose address cannot
    be used are left off and named, as when importing skipping rejected rows)."""
    summary = import_abutter_list(db, filing_id, Path(computed.preview.sheet.source),
                                  preview=computed.preview, skip_bad_rows=True,
                                  replace=replace, remember=False, source=computed.source)
    if summary.imported:
        # Each owner's distance: the nearest of their parcels (the list sorts on it).
        feet = {p.parcel.label: p.parcel.distance_ft for p in computed.parcels}
        with db.session() as session:
            for abutter in session.scalars(select(Abutter).where(
                    Abutter.filing_id == filing_id, Abutter.source == computed.source)):
                near = [feet[p] for p in abutter.parcel_list() if p in feet]
                if near:
                    abutter.distance_ft = round(min(near))
    return summary


_COMPUTED = re.compile(r"\(lot (?P<lot>.+), (?P<feet>\d+) ft\)")


@dataclass(frozen=True)
class ListStatus:
    computed: bool
    certified: bool
    source: str

    @property
    def lot_and_distance(self) -> tuple[str, int] | None:
        """The lot and distance the computed list was made for (to draw its map again)."""
        match = _COMPUTED.search(self.source)
        return (match["lot"], int(match["feet"])) if match else None

    def describe(self) -> str:
        if not self.computed:
            return ""
        return self.source if self.certified else f"Draft list: {self.source}"


def list_status(db: Database, filing_id: int) -> ListStatus:
    with db.read_session() as session:
        sources = set(session.scalars(select(Abutter.source)
                                      .where(Abutter.filing_id == filing_id)))
    computed = sorted(s for s in sources if s.startswith(COMPUTED_PREFIX))
    if not computed:
        return ListStatus(False, False, "")
    return ListStatus(True, "to be certified" not in computed[0], computed[0])


def record_certification(db: Database, filing_id: int, certified_on: date) -> int:
    """The assessors certified the computed list: say so on each of its notices."""
    status = list_status(db, filing_id)
    if not status.computed:
        raise UserError("the filing's abutter list was not computed from the parcels; an "
                        "imported assessor's list is certified already")
    words = status.source.split(" — ")[0] + (
        f" — certified by the Board of Assessors {certified_on.isoformat()}")
    with db.session() as session:
        result = session.execute(update(Abutter).where(Abutter.filing_id == filing_id)
                                 .where(Abutter.source.startswith(COMPUTED_PREFIX))
                                 .values(source=words))
        return int(result.rowcount or 0)


def computed_with_map(db: Database, filing_id: int, distance_ft: int | None = None,
                      parcel: str | None = None,
                      reaches: tuple[LawReach, ...] | None = None
                      ) -> tuple[ComputedList, MapDrawing]:
    """What the window shows: the list and its map (plain shapes, drawn by the window)."""
    computed = compute_for_filing(db, filing_id, distance_ft, parcel, reaches)
    index = parcel_index(Path(db.path))
    return computed, drawing_for(index, computed.search, computed.file_no)


def parcel_at(db: Database, x: float, y: float) -> str:
    """The map/lot the clerk clicked on the map ('' for a street, water or nothing)."""
    return parcel_index(Path(db.path)).parcel_at(x, y)
