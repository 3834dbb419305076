"""`concom-desk demo` and `concom-desk filings`: a demo town, and the filings list."""

from __future__ import annotations

import argparse

from concom_desk.cli.common import (
    EXIT_OK,
    add_db_option,
    db_path_from,
    open_and_back_up,
    print_json,
    server_address_from,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    demo = subparsers.add_parser(
        "demo", help="write a believable demo town into a new database"
    )
    add_db_option(demo, makes_new=True)
    demo.add_argument("--size", choices=("small", "large"), default="small",
                      help="small: a few years, ~90 filings; large: 20 years, ~10,000 filings")
    demo.add_argument("--town", metavar="TOWN",
                      help="the town whose bylaw the demo commission counts with (see "
                           "`concom-desk towns`; default: upton)")
    demo.set_defaults(run=run_demo)

    filings = subparsers.add_parser("filings", help="list the filings with their next deadline")
    add_db_option(filings)
    filings.add_argument("--json", action="store_true", help="print JSON")
    filings.add_argument("--no-void", action="store_true", help="leave out voided filings")
    filings.set_defaults(run=run_filings)


def run_demo(args: argparse.Namespace) -> int:
    from concom_desk.services.demo.town import load_demo

    server = server_address_from(args)
    if server is not None:  # a trial server, set up but empty
        with open_and_back_up(args) as db:
            summary = load_demo(db, args.size, town=args.town)
        print(summary.describe().replace(str(summary.path), f"the server {server.display()}"))
        return EXIT_OK
    summary = load_demo(db_path_from(args), args.size, town=args.town)
    print(summary.describe())
    return EXIT_OK


def run_filings(args: argparse.Namespace) -> int:
    from concom_desk.services.filings.listing import list_filings

    with open_and_back_up(args, must_exist=True) as db:
        rows = list_filings(db, include_void=not args.no_void)
    if args.json:
        print_json(rows)
        return EXIT_OK
    if not rows:
        print("No filings.")
    for row in rows:
        upcoming = row["next_deadline"]
        due = f"{upcoming['date']} {upcoming['id']}" if upcoming else "—"
        print(f"{row['file_no']:<10} {row['kind']:<9} {row['status']:<9} "
              f"{row['received'] or '':<10}  {row['address'][:28]:<28} "
              f"{row['applicant'][:24]:<24} {due}")
    return EXIT_OK
