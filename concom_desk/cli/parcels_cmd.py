"""`concom-desk parcels load|info`: the town's MassGIS parcels, kept beside the database."""

from __future__ import annotations

import argparse
from pathlib import Path

from concom_desk.cli.common import EXIT_OK, add_db_option, open_and_back_up, print_json


def register(subparsers: argparse._SubParsersAction) -> None:
    parcels = subparsers.add_parser(
        "parcels", help="load the town's MassGIS parcels (for computed abutter lists)")
    commands = parcels.add_subparsers(dest="parcels_command", metavar="ACTION", required=True)

    load = commands.add_parser(
        "load", help="load a MassGIS Level 3 download (the zipped shapefiles) for the town")
    add_db_option(load)
    load.add_argument("file", type=Path, metavar="FILE.zip",
                      help="the zip as downloaded from MassGIS (M###TaxPar + M###Assess)")
    load.set_defaults(run=run_load)

    info = commands.add_parser("info", help="which towns' parcels are loaded, and when")
    add_db_option(info)
    info.add_argument("--json", action="store_true", help="print JSON")
    info.set_defaults(run=run_info)


def run_load(args: argparse.Namespace) -> int:
    from concom_desk.services.parcels.loading import load_parcels

    with open_and_back_up(args) as db:
        info = load_parcels(Path(db.path), args.file)
    print(f"loaded {info.describe()}")
    return EXIT_OK


def run_info(args: argparse.Namespace) -> int:
    from concom_desk.services.parcels.parcel_store import parcel_file, parcel_sets

    with open_and_back_up(args) as db:
        sets = parcel_sets(Path(db.path))
        where = parcel_file(Path(db.path))
    if args.json:
        print_json({"file": str(where), "towns": [s.as_json() for s in sets]})
    elif not sets:
        print("no parcels are loaded; load the town's MassGIS download with "
              "`concom-desk parcels load FILE.zip`")
    else:
        for info in sets:
            print(info.describe())
        print(f"kept in {where}")
    return EXIT_OK
