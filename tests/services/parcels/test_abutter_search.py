"""Whose parcels are within reach of lot 12-34, measured on synthetic parcel maps.

Each case is worked out by hand from the drawing, with the rule it tests:
MGL c.131 §40 ¶1 (100 ft of the property line, across a street or way, in another
town or across a body of water) and Upton § 330-10B (abutters and abutters to the
abutters within 300 ft)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concom_desk.services.parcels.computed_list import compute_for_filing
from concom_desk.services.parcels.loading import load_parcels
from concom_desk.store import Database
from tests.helpers.abutter_fixtures import add_filing
from tests.helpers.parcel_worlds import FOOT, ORIGIN, SUBJECT, ft_lot, grid, lot, owner, write_world


def found(db: Database, filing: int, distance: int | None = None) -> dict[str, float]:
    computed = compute_for_filing(db, filing, distance)
    return {p.parcel.label: p.parcel.distance_ft for p in computed.parcels}


def load(db: Database, tmp_path: Path, parcels: list, name: str = "M001.zip",
         **options: object) -> None:
    load_parcels(Path(db.path), write_world(tmp_path / name, parcels, **options))


def test_neighbours_at_99_and_100_ft_are_abutters_and_101_ft_is_not(
        db: Database, tmp_path: Path) -> None:
    # MGL c.131 §40 ¶1: "within one hundred feet of the property line" — 100 ft is within.
    load(db, tmp_path, [
        SUBJECT,
        lot("12-35", ft_lot(100 + 99, 0, 100), owner("NINETY NINE")),
        lot("12-36", ft_lot(0, 100 + 100, 100), owner("ONE HUNDRED")),
        lot("12-33", ft_lot(-101 - 100, 0, 100), owner("ONE HUNDRED ONE")),
        lot("12-30", ft_lot(0, -100, 100), owner("TOUCHING")),
    ])
    filing = add_filing(db)
    assert found(db, filing) == {"12-30": 0.0, "12-35": 99.0, "12-36": 100.0}
    # At 101 ft the far lot comes in; at 98 ft the 99-ft lot drops out.
    assert "12-33" in found(db, filing, 101)
    assert found(db, filing, 98) == {"12-30": 0.0}


def test_the_lot_across_the_street_is_an_abutter_and_the_street_is_not(
        db: Database, tmp_path: Path) -> None:
    street = lot("ROW-1", ft_lot(-300, 100, 700, 50), poly_type="ROW")
    wide = lot("ROW-2", ft_lot(100, -300, 160, 700), poly_type="ROW")
    load(db, tmp_path, [
        SUBJECT, street, wide,
        lot("12-40", ft_lot(0, 150, 100), owner("ACROSS THE STREET")),      # 50 ft across
        lot("12-50", ft_lot(260, 0, 100), owner("ACROSS THE HIGHWAY")),     # 160 ft across
    ])
    computed = compute_for_filing(db, add_filing(db))
    why = {p.parcel.label: (p.parcel.distance_ft, p.parcel.why) for p in computed.parcels}
    # The street polygon does not stop the distance; land directly opposite on a way
    # is notified however wide the way (MGL c.131 §40 ¶1).
    assert why == {"12-40": (50.0, "across the street or way"),
                   "12-50": (160.0, "across the street or way")}


def test_a_lot_across_a_lake_within_100_ft_is_an_abutter(db: Database, tmp_path: Path) -> None:
    load(db, tmp_path, [
        SUBJECT,
        lot("LAKE", ft_lot(100, -200, 80, 500), poly_type="WATER"),
        lot("12-60", ft_lot(180, 0, 100), owner("ACROSS THE LAKE")),           # 80 ft
        lot("POND", ft_lot(-150, -200, 150, 500), poly_type="WATER"),
        lot("12-61", ft_lot(-250, 0, 100), owner("ACROSS THE WIDE POND")),      # 150 ft
    ])
    computed = compute_for_filing(db, add_filing(db))
    assert [(p.parcel.label, p.parcel.why) for p in computed.parcels] == [
        ("12-60", "across water")]


def test_a_condominium_polygon_gives_every_unit_owner(db: Database, tmp_path: Path) -> None:
    units = [owner(f"UNIT OWNER {n}", f"7 BROOK WAY UNIT {n}", site=f"7 BROOK WAY UNIT {n}")
             for n in range(1, 13)]
    load(db, tmp_path, [SUBJECT, lot("12-70", ft_lot(100, 0, 100), *units)])
    computed = compute_for_filing(db, add_filing(db))
    (condo,) = computed.parcels
    assert [o.owner_name for o in condo.owners] == [f"Unit Owner {n}" for n in range(1, 13)]
    assert computed.as_json()[0]["owners"][11] == {
        "name": "Unit Owner 12", "address": "7 Brook Way Unit 12, Upton, MA 01568"}
    # Twelve owners at twelve addresses: twelve notices, as an imported list would give.
    assert computed.notices == 12


def test_a_lot_on_the_town_line_says_the_next_towns_parcels_are_missing(
        db: Database, tmp_path: Path) -> None:
    # Upton's lots fill x < 100 ft around 12-34; the town line runs along its east side.
    parcels = [*grid(3, 3, start=(-2, -1), skip=[(0, 0)], size=100), SUBJECT]
    load(db, tmp_path, parcels)
    computed = compute_for_filing(db, add_filing(db))
    assert any("another town whose MassGIS parcels are not loaded" in n
               for n in computed.problems)
    # The neighbour's parcels loaded (its own zip, M138): its owners are in, the note goes.
    # H_-100 and H_100 touch the lot; H_far's corner is exactly 100 ft from the lot's
    # south-east corner; H_north is 200 ft off.
    hopedale = [lot("H1", ft_lot(100, y, 200), owner("HOPEDALE OWNER", city="HOPEDALE"),
                    loc_id=f"H_{y}") for y in (-100, 100)]
    hopedale += [lot("H2", ft_lot(100, -300, 200), owner("FAR OWNER", city="HOPEDALE"),
                     loc_id="H_far"),
                 lot("H3", ft_lot(100, 300, 200), owner("NORTH OWNER", city="HOPEDALE"),
                     loc_id="H_north")]
    load(db, tmp_path, hopedale, "M138.zip", town_id=138, city="HOPEDALE")
    computed = compute_for_filing(db, add_filing(db, file_no="2026-015"))
    towns = {p.parcel.label: p.parcel.town_name for p in computed.parcels}
    assert towns["H1"] == "HOPEDALE" and towns["G49-49"] == "UPTON"
    assert not any("not loaded" in n for n in computed.problems)
    assert "H_north" not in {p.parcel.loc_id for p in computed.parcels}
    assert "3 parcels in HOPEDALE (from its own MassGIS parcels)" in computed.problems


def test_upton_notifies_abutters_and_abutters_to_abutters_within_300_ft(
        db: Database, tmp_path: Path) -> None:
    # A 7 x 7 grid of 100-ft lots with 12-34 in the middle: ring 1 touches it, ring 2
    # touches ring 1 (100-141 ft away), ring 3 (200-283 ft) touches only ring 2.
    parcels = [*grid(7, 7, start=(-3, -3), skip=[(0, 0)]), SUBJECT]
    load(db, tmp_path, parcels)
    upton = add_filing(db, town="upton")
    labels = found(db, upton)
    assert len(labels) == 8 + 16  # Upton § 330-10B: abutters and abutters to the abutters
    assert max(labels.values()) == pytest.approx(141.4, abs=0.1)
    # Everyone within 300 ft would be all 48 other lots (ring 3's corners are 283 ft off).
    computed = compute_for_filing(db, upton, 300)
    assert len(computed.parcels) == 24
    from concom_desk.domain.abutter_laws import LawReach
    from concom_desk.domain.abutter_reach import STATE_REACH
    from concom_desk.services.parcels.abutter_search import find_abutters
    from concom_desk.services.parcels.parcel_index import parcel_index

    index = parcel_index(Path(db.path))
    act_at_300 = (LawReach("Act", STATE_REACH.at(300)),)
    assert len(find_abutters(index, index.find("12-34"), act_at_300).found) == 48


def test_a_filing_whose_lot_is_not_on_the_map_is_told_so(db: Database, tmp_path: Path) -> None:
    load(db, tmp_path, [lot("9-9", ft_lot(0, 0, 100), owner("SOMEONE"))])
    from concom_desk.errors import UserError

    with pytest.raises(UserError, match="no loaded parcel has the map/lot or LOC_ID '12-34'"):
        compute_for_filing(db, add_filing(db))


def test_map_and_lot_match_whatever_the_zeros_and_dashes(db: Database, tmp_path: Path) -> None:
    load(db, tmp_path, [lot("012-034", ft_lot(0, 0, 100), owner("LOCUS OWNER")),
                        lot("012-035", ft_lot(100, 0, 100), owner("NEXT DOOR"))])
    computed = compute_for_filing(db, add_filing(db))  # the filing says map 12, lot 34
    assert computed.search.subject_label == "012-034"
    assert [p.parcel.label for p in computed.parcels] == ["012-035"]


def test_a_lot_inside_a_neighbours_land_is_measured_to_the_hole(db: Database,
                                                                tmp_path: Path) -> None:
    # 12-34 sits in a hole of the farm around it, 50 ft from the hole's edge on every side:
    # the farm is 50 ft away, not 0 (its ring with a hole read as one).
    (outer,), (hole,) = ft_lot(-300, -300, 700), ft_lot(-50, -50, 200)
    load(db, tmp_path, [SUBJECT, lot("12-99", [outer, hole], owner("THE FARM"))])
    assert found(db, add_filing(db)) == {"12-99": 50.0}


def _with_laws(db: Database, filing: int, laws: str) -> int:
    from concom_desk.store.models import Filing

    with db.session() as session:
        session.get(Filing, filing).laws = laws
    return filing


# Upton § 330-10B reaches abutters and abutters to the abutters within 300 ft; the Act
# (MGL c.131 §40 ¶1; 310 CMR 10.05(4)(a)) every owner within 100 ft. Each lot below is
# within 100 ft and neither touches the lot, nor is opposite it, nor touches an abutter:
# the Act reaches it, Upton's rule alone does not.
UNION_WORLD = [
    SUBJECT,
    lot("12-35", ft_lot(100, 0, 40, 100), owner("FORTY FOOT LOT")),       # touches, 40 ft deep
    lot("12-36", ft_lot(140, 0, 40, 100), owner("SECOND FORTY")),          # its abutter, 40 ft
    lot("12-37", ft_lot(180, 0, 100), owner("EIGHTY BEHIND")),             # 80 ft, behind both
    lot("POND", ft_lot(0, 100, 90, 90), poly_type="WATER"),                # 90 x 90 ft, not a strip
    lot("12-38", ft_lot(-50, 190, 100), owner("BEYOND THE POND")),         # 90 ft across it
    lot("12-39", [ft_lot(-134.9, 0, 50)[0], ft_lot(-500, -500, 50)[0]],    # two parts: 84.9 ft
        owner("TWO PART LOT")),
    lot("12-40", ft_lot(0, -200, 100), owner("EXACTLY ONE HUNDRED")),     # 100 ft south
]


@pytest.fixture(scope="module")
def union_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    from concom_desk.store import open_database

    folder = tmp_path_factory.mktemp("union")
    with open_database(folder / "records.sqlite", initials="JP") as db:
        load_parcels(Path(db.path), write_world(folder / "M001.zip", UNION_WORLD))
        add_filing(db, town="upton")
        yield db


@pytest.mark.parametrize(("laws", "expected"), [
    # A joint NOI: the union of both laws' reach.
    ("both", {"12-35": 0.0, "12-36": 40.0, "12-37": 80.0, "12-39": 84.9, "12-38": 90.0,
              "12-40": 100.0}),
    # The bylaw alone: Upton's rule alone (the lot touching, and its abutter).
    ("bylaw", {"12-35": 0.0, "12-36": 40.0}),
    # The Act alone: everyone within 100 ft.
    ("act", {"12-35": 0.0, "12-36": 40.0, "12-37": 80.0, "12-39": 84.9, "12-38": 90.0,
             "12-40": 100.0}),
])
def test_a_joint_upton_list_is_the_union_of_the_act_and_the_bylaw(
        union_db: Database, laws: str, expected: dict[str, float]) -> None:
    filing = _with_laws(union_db, 1, laws)
    assert found(union_db, filing) == expected


def test_each_owner_says_which_law_puts_it_on_the_list(union_db: Database) -> None:
    computed = compute_for_filing(union_db, _with_laws(union_db, 1, "both"))
    cited = {p.parcel.label: p.parcel.cited for p in computed.parcels}
    act = "Wetlands Protection Act, MGL c.131 §40 ¶1 and 310 CMR 10.05(4)(a)"
    upton = "Upton bylaw, Upton ch. 330, § 330-10B (and RDA/ANRAD 'Filing procedure' ¶B)"
    assert cited["12-37"] == f"within 100 ft ({act})"
    assert cited["12-36"] == (f"within 100 ft ({act}); "
                              f"abutter to the abutter 12-35 ({upton})")
    assert cited["12-35"] == f"touches the lot ({act}); touches the lot ({upton})"
    # The map draws each law's reach, named.
    from concom_desk.services.parcels.computed_list import computed_with_map

    _, drawing = computed_with_map(union_db, 1)
    assert [z.label for z in drawing.zones] == [
        "Wetlands Protection Act: 100 ft from the lot line",
        "Upton bylaw: 300 ft from the lot line"]


def test_a_lot_beside_the_subject_along_the_road_is_not_across_it(
        db: Database, tmp_path: Path) -> None:
    # Both lots front on the road (y < 0); the neighbour's nearest corner is 20 ft along
    # the road's edge from the subject's. The shortest line runs along the edge, across
    # nothing: it is within 100 ft, not "across the street or way".
    road = lot("ROW-1", ft_lot(-300, -50, 700, 50), poly_type="ROW")
    beside = [(x * FOOT + ORIGIN[0], y * FOOT + ORIGIN[1])
              for x, y in ((120, 0), (140, 100), (220, 100), (220, 0), (120, 0))]
    load(db, tmp_path, [SUBJECT, road, lot("12-41", [beside], owner("NEXT ALONG")),
                        lot("12-42", ft_lot(0, -150, 100), owner("ACROSS THE ROAD"))])
    computed = compute_for_filing(db, add_filing(db))
    assert {p.parcel.label: p.parcel.why for p in computed.parcels} == {
        "12-41": "within 100 ft", "12-42": "across the street or way"}
