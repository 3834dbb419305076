"""The parcels whose owners are notified of a filing, measured on the parcel map: the
union of the reach of each law the filing is under (a joint filing notifies everyone the
Act reaches and everyone the bylaw's rule reaches), each parcel with each law's reason.

Distances are from the subject parcel's boundary to each other parcel's boundary, in a
straight line: a street, a railroad or a pond between them does not stop the distance
(MGL c.131 §40 ¶1 names land across a way or water, and in another town). A parcel
"directly opposite" on a street or way is one whose shortest line to the lot runs
straight across ways (or water) only; it is an abutter however wide the way (MGL
c.131 §40 ¶1; Upton § 330-10B). Streets and water with no owner row in the assessor's table are
not notified themselves. Parcels are measured to a hundredth of a foot, so a
neighbour at exactly 100 ft is within 100 ft.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from concom_desk.domain.abutter_laws import LawReach
from concom_desk.domain.abutter_reach import AbutterReach
from concom_desk.domain.wording import counted
from concom_desk.services.parcels.parcel_index import ParcelIndex

METRES_PER_FOOT = 0.3048
# Lots that share a line on the map do not quite meet (digitizing): within a foot is touching.
TOUCHING_M = 1 * METRES_PER_FOOT
# How far across a way a lot can be and still be "directly opposite" (a wide highway).
OPPOSITE_REACH_M = 300 * METRES_PER_FOOT
# A share of the area around the lot with no parcel loaded, beyond which the clerk is
# told another town's parcels are missing (slivers between digitized lots stay below).
UNMAPPED_SHARE = 0.02


@dataclass(frozen=True)
class Reason:
    """Why one law puts a parcel's owners on the list: 'within 100 ft' under the Act."""
    why: str
    law: str
    citation: str  # the section, without its quoted text

    def cited(self) -> str:
        return f"{self.why} ({self.law}, {self.citation})" if self.law else self.why


@dataclass(frozen=True)
class FoundParcel:
    number: int  # as on the list and the map
    index: int  # into the ParcelIndex
    loc_id: str
    map_par_id: str
    town_code: str
    town_name: str
    site_addr: str
    distance_ft: float
    reasons: tuple[Reason, ...]  # one a law that reaches it, the Act's first

    @property
    def label(self) -> str:
        return self.map_par_id or self.loc_id

    @property
    def why(self) -> str:
        """The reasons in words, each once ('touches the lot' under both laws)."""
        return "; ".join(dict.fromkeys(r.why for r in self.reasons))

    @property
    def by_law(self) -> str:
        """Each reason with the law that gives it, when more than one law reaches it."""
        if len({r.law for r in self.reasons}) < 2:
            return self.why
        return "; ".join(f"{r.why} ({r.law})" for r in self.reasons)

    @property
    def cited(self) -> str:
        """Each law's reason with the law and its section."""
        return "; ".join(r.cited() for r in self.reasons)


@dataclass(frozen=True)
class AbutterSearch:
    subject: tuple[int, ...]
    subject_label: str
    reaches: tuple[LawReach, ...]  # each law the filing is under, the Act's first
    found: tuple[FoundParcel, ...]
    notes: tuple[str, ...]
    subject_geometry: shapely.Geometry
    zones: tuple[shapely.Geometry, ...]  # each reach's buffer: land within its distance

    @property
    def zone(self) -> shapely.Geometry:
        """Everything within any law's distance of the lot."""
        return shapely.union_all(self.zones)

    @property
    def distance_ft(self) -> int:
        """The distance the clerk chose: the last law's (the bylaw's on a joint filing;
        the Act's 100 ft stays beside it)."""
        return self.reaches[-1].reach.distance_ft

    def describe(self) -> str:
        return "; ".join(r.describe() for r in self.reaches)


def _touching(index: ParcelIndex, geometry: shapely.Geometry) -> set[int]:
    return {int(i) for i in index.tree.query(geometry, predicate="dwithin",
                                             distance=TOUCHING_M)}


def _width(geometry: shapely.Geometry) -> float:
    """The width of a street or strip of water: twice its area over its perimeter (exact
    for a long strip, and close for a town's merged street network)."""
    return 2 * geometry.area / geometry.length if geometry.length else 0.0


def _crossed(index: ParcelIndex, line: shapely.Geometry, crossings: list[int]) -> str:
    """'way' or 'water' when `line` runs straight across those polygons only, else ''.
    Straight across: no longer than a quarter more than the way is wide, so the lot
    diagonally across an intersection or down the street is not 'directly opposite'."""
    if not crossings:
        return ""
    # The line must run through the inside of the ways or water, not along an edge: a
    # lot beside the subject on the same street is reached by a line along the street's
    # edge, which crosses nothing. Closed over the seams of a town's street polygons,
    # then taken in by a digitizing tolerance (a line that crosses loses that at each end).
    covering = shapely.union_all(shapely.buffer(index.geometries[crossings], TOUCHING_M))
    inside = shapely.buffer(covering, -2 * TOUCHING_M)
    if shapely.difference(line, inside).length > 3 * TOUCHING_M:
        return ""
    hit = [c for c in crossings if shapely.intersects(index.geometries[c], line)]
    widest = max((_width(index.geometries[c]) for c in hit), default=0.0)
    if line.length > 1.25 * widest + TOUCHING_M:
        return ""
    return "water" if any(index.is_water(c) for c in hit) else "way"


def _opposite(index: ParcelIndex, geometry: shapely.Geometry, exclude: set[int]
              ) -> dict[int, str]:
    """Parcels across ways or water from `geometry` (their shortest line to it runs over
    streets, ways or water only) → 'way' or 'water'."""
    near = [int(i) for i in index.tree.query(geometry, predicate="dwithin",
                                             distance=OPPOSITE_REACH_M)]
    crossings = [i for i in near if (index.is_way(i) or index.is_water(i))
                 and shapely.distance(index.geometries[i], geometry) <= TOUCHING_M]
    found: dict[int, str] = {}
    for i in near:
        if i in exclude or index.is_way(i) or index.is_water(i):
            continue
        line = shapely.shortest_line(geometry, index.geometries[i])
        if line.length <= TOUCHING_M:
            continue
        if across := _crossed(index, line, crossings):
            found[i] = across
    return found


_ACROSS = {"way": "across the street or way", "water": "across water"}


def _reached(index: ParcelIndex, own: set[int], reach: AbutterReach,
             distances: dict[int, float], touching: set[int], opposite: dict[int, str]
             ) -> dict[int, str]:
    """The parcels one law's rule reaches, each with its reason in words."""
    within = {i for i, metres in distances.items() if i not in own
              and round(metres / METRES_PER_FOOT, 2) <= reach.distance_ft}
    # Land directly opposite on a street or way is an abutter however wide the way;
    # land across water counts within the distance (MGL c.131 §40 ¶1).
    reached = within | {i for i, across in opposite.items() if across == "way"}
    why: dict[int, str] = {}
    for i in touching:
        why[i] = "touches the lot"
    for i, across in opposite.items():
        if i in reached:
            why.setdefault(i, _ACROSS[across])
    if reach.rule == "abutters_to_abutters":
        direct = set(touching) | set(opposite)
        for a in sorted(direct):
            if index.is_way(a) or index.is_water(a):
                continue
            second = _touching(index, index.geometries[a]) | set(
                _opposite(index, index.geometries[a], own | direct))
            for i in sorted(second & within - direct - own):
                why.setdefault(i, f"abutter to the abutter {index.label(a)}")
    else:
        for i in within:
            why.setdefault(i, f"within {reach.distance_ft} ft")
    return {i: words for i, words in why.items()
            if not (index.is_way(i) or index.is_water(i))}


def find_abutters(index: ParcelIndex, subject: list[int], reaches: Sequence[LawReach]
                  ) -> AbutterSearch:
    """The parcels whose owners are notified under any of the laws, nearest first,
    numbered as on the map; each with the reason each law gives."""
    lot = shapely.union_all(index.geometries[subject])
    farthest = max(r.reach.distance_ft for r in reaches) * METRES_PER_FOOT
    own = set(subject)
    near = [int(i) for i in index.tree.query(lot, predicate="dwithin",
                                             distance=farthest + 0.01)]
    distances = dict(zip(near, shapely.distance(index.geometries[near], lot), strict=True))
    touching = _touching(index, lot) - own
    opposite = _opposite(index, lot, own)
    reasons: dict[int, list[Reason]] = {}
    for law in reaches:
        for i, words in _reached(index, own, law.reach, distances, touching, opposite).items():
            reasons.setdefault(i, []).append(Reason(words, law.law, law.reach.cited))
    for i in reasons:
        if i not in distances:
            distances[i] = float(shapely.distance(index.geometries[i], lot))
    chosen = sorted(reasons, key=lambda i: (round(distances[i], 3), index.label(i)))
    found = tuple(
        FoundParcel(number, i, index.loc_ids[i], index.map_par_ids[i], index.town_codes[i],
                    index.town_name(index.town_codes[i]), index.site_addrs[i],
                    float(round(distances[i] / METRES_PER_FOOT, 1)), tuple(reasons[i]))
        for number, i in enumerate(chosen, start=1))
    zones = tuple(shapely.buffer(lot, r.reach.distance_ft * METRES_PER_FOOT, quad_segs=16)
                  for r in reaches)
    notes = _town_line_notes(index, lot, shapely.union_all(zones), subject, found,
                             round(farthest / METRES_PER_FOOT))
    label = ", ".join(dict.fromkeys(index.label(i) for i in subject))
    return AbutterSearch(tuple(subject), label, tuple(reaches), found, notes, lot, zones)


def _town_line_notes(index: ParcelIndex, lot: shapely.Geometry, zone: shapely.Geometry,
                     subject: list[int], found: tuple[FoundParcel, ...], distance_ft: int
                     ) -> tuple[str, ...]:
    """Say when the distance reaches land with no parcels loaded (the next town's), and
    which found parcels lie in another town."""
    notes = []
    home = index.town_codes[subject[0]]
    others: dict[str, int] = {}
    for parcel in found:
        if parcel.town_code != home:
            others[parcel.town_name] = others.get(parcel.town_name, 0) + 1
    for town, count in others.items():
        notes.append(f"{counted(count, 'parcel')} in {town} (from its own MassGIS parcels)")
    nearby = index.geometries[index.tree.query(zone)]
    covered = shapely.union_all(shapely.buffer(np.asarray(nearby), TOUCHING_M))
    around = zone.area - lot.area
    gap = shapely.difference(zone, covered).area
    if around > 0 and gap / around > UNMAPPED_SHARE:
        notes.append(
            f"about {round(100 * gap / around)}% of the land within "
            f"{distance_ft} ft of the lot has no parcels loaded: it is in "
            "another town whose MassGIS parcels are not loaded, so its owners are missing "
            "from this list (load that town's parcels too, or ask its assessors)")
    return tuple(notes)

