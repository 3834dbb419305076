"""`concom-desk abutters compute`: a filing's abutters from the loaded MassGIS parcels."""

from __future__ import annotations

import argparse
from pathlib import Path

from concom_desk.cli.common import EXIT_FAILED, EXIT_OK, add_db_option, open_and_back_up, print_json


def register_compute(commands: argparse._SubParsersAction) -> None:
    compute = commands.add_parser(
        "compute", help="find a filing's abutters on the loaded MassGIS parcels")
    add_db_option(compute)
    compute.add_argument("--filing", required=True, metavar="NO", help="local file number")
    compute.add_argument("--distance", type=int, metavar="FT",
                         help="feet from the property line (default: the town profile's)")
    compute.add_argument("--parcel", metavar="ID",
                         help="the lot's MAP_PAR_ID or LOC_ID (default: the filing's map/lot)")
    compute.add_argument("--map", type=Path, metavar="OUT.png",
                         help="also draw the map (PNG, or PDF when the name ends in .pdf)")
    compute.add_argument("--store", action="store_true",
                         help="make the result the filing's notice list (marked: to be "
                              "certified by the Board of Assessors)")
    compute.add_argument("--replace", action="store_true",
                         help="with --store: replace the filing's list (never one mailed)")
    compute.add_argument("--json", action="store_true",
                         help="print a JSON list, one object per parcel found")
    compute.set_defaults(run=run_compute)


def run_compute(args: argparse.Namespace) -> int:
    from concom_desk.cli.abutters_cmd import _filing_id
    from concom_desk.services.parcels.computed_list import compute_for_filing, store_computed_list
    from concom_desk.services.parcels.map_file import save_map

    if args.distance is not None and not 1 <= args.distance <= 5280:
        print("--distance must be 1 to 5280 feet")
        return EXIT_FAILED
    with open_and_back_up(args) as db:
        filing_id = _filing_id(db, args.filing)
        computed = compute_for_filing(db, filing_id, args.distance, args.parcel)
        if args.map is not None:
            save_map(Path(db.path), computed, args.map)
        summary = store_computed_list(db, filing_id, computed, replace=args.replace) \
            if args.store else None
    if args.json:
        print_json(computed.as_json())
    else:
        for entry in computed.parcels:
            parcel = entry.parcel
            print(f"{parcel.number:>3}  {parcel.label:<14} {parcel.distance_ft:>7.1f} ft  "
                  f"{parcel.cited}")
            for owner in entry.owners:
                print(f"       {owner.owner_name}, {', '.join(owner.address_lines)}")
        for problem in computed.problems:
            print(f"note: {problem}")
        print(computed.summary())
        if args.map is not None:
            print(f"map: {args.map}")
    if summary is not None and not args.json:
        print(summary.message)
    return EXIT_OK if summary is None or summary.imported else EXIT_FAILED
