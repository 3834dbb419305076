"""Loading a 20,000-parcel town's MassGIS zip, and computing a filing's abutters on it,
each against the bare library call on the same data in the same run, interleaved:

- load: ours (read, check the projection, join the owners, make shapely polygons, write
  the parcel file) against pyshp merely reading the shapes and both tables;
- compute: ours (the town profile read, the lot found, the distance rule, ways and
  water, the town-line check, the owners read, tidied and grouped as the assessor-list
  import does) against one STRtree `dwithin` query for the lot on the same polygons;
  the first use after a load (reading the polygons, building the tree) apart.

    python bench/parcels_bench.py [--parcels 20000] [--runs 5]

Prints the medians and the ratio ours / floor (how many times the bare call ours costs).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.spread import RUNS, ms_spread  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parcels", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="parcels-bench-"))
    os.environ["CONCOM_DESK_DATA"] = str(work / "data")

    import shapefile
    import shapely

    from concom_desk.services.parcels.abutter_search import METRES_PER_FOOT
    from concom_desk.services.parcels.computed_list import compute_for_filing
    from concom_desk.services.parcels.demo_parcels import KnownLot, draw_town
    from concom_desk.services.parcels.loading import load_parcels
    from concom_desk.services.parcels.massgis_writer import write_parcel_zip
    from concom_desk.services.parcels.parcel_index import parcel_index
    from concom_desk.store import open_database
    from tests.helpers.abutter_fixtures import add_filing

    lots_per_side = 20
    blocks = max(1, round((args.parcels / (2 * lots_per_side)) ** 0.5))
    parcels = draw_town(blocks, max(1, round(args.parcels / (2 * lots_per_side * blocks))),
                        lots_per_side, [KnownLot("12-34", "12 POND ST", "POND REALTY TRUST")])
    zip_path = write_parcel_zip(work / "M001.zip", parcels)
    db = open_database(work / "bench.sqlite")
    filing = add_filing(db)

    def ours_load() -> float:
        started = time.perf_counter()
        load_parcels(Path(db.path), zip_path)
        return time.perf_counter() - started

    def floor_load() -> float:
        started = time.perf_counter()
        with zipfile.ZipFile(zip_path) as archive:
            part = {n.rsplit(".", 1)[-1] + ("a" if "Assess" in n else ""): archive.read(n)
                    for n in archive.namelist()}
        shapes = shapefile.Reader(shp=io.BytesIO(part["shp"]), shx=io.BytesIO(part["shx"]),
                                  dbf=io.BytesIO(part["dbf"]))
        shapes.shapeRecords()
        shapefile.Reader(dbf=io.BytesIO(part["dbfa"])).records()
        return time.perf_counter() - started

    ours_load()  # the parcel file exists before the compute runs
    index = parcel_index(Path(db.path))
    subject = index.find("12-34")
    lot = shapely.union_all(index.geometries[subject])

    def ours_compute() -> float:
        started = time.perf_counter()
        computed = compute_for_filing(db, filing)
        assert computed.parcels
        return time.perf_counter() - started

    def floor_compute() -> float:
        started = time.perf_counter()
        index.tree.query(lot, predicate="dwithin", distance=100 * METRES_PER_FOOT)
        return time.perf_counter() - started

    def first_use() -> float:
        """After a load the first computation reads the polygons and builds the tree."""
        started = time.perf_counter()
        parcel_index(Path(db.path))
        return time.perf_counter() - started

    results: dict[str, list[float]] = {k: [] for k in ("load", "load floor", "index",
                                                       "compute", "compute floor")}
    for _ in range(args.runs):
        results["load floor"].append(floor_load())
        results["load"].append(ours_load())
        results["index"].append(first_use())
        results["compute floor"].append(floor_compute())
        results["compute"].append(ours_compute())
    db.close()
    medians = {k: statistics.median(v) for k, v in results.items()}
    print(f"{len(parcels):,} parcels (with streets and a pond), {args.runs} runs:")
    print(f"  load                   {ms_spread(results['load'])}")
    print(f"  pyshp reading alone    {ms_spread(results['load floor'])}   ratio of medians "
          f"{medians['load'] / medians['load floor']:.1f}")
    print(f"  first use after a load (polygons read, STRtree built) "
          f"{ms_spread(results['index'])}")
    print(f"  compute                {ms_spread(results['compute'])}")
    print(f"  one STRtree query      {ms_spread(results['compute floor'])}   ratio of medians "
          f"{medians['compute'] / medians['compute floor']:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
