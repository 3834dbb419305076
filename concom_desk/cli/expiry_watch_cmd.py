"""`concom-desk expiry-watch`: the monthly look over permits' lives — expiring soon,
expired with no COC, never recorded, COC requests not decided — as the window's
Expiry watch shows it, for a script or a printout."""

from __future__ import annotations

import argparse

from concom_desk import clock
from concom_desk.cli.common import EXIT_OK, add_db_option, iso_date, open_and_back_up, print_json


def _months(text: str) -> int:
    try:
        months = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of months") from None
    if not 1 <= months <= 60:
        raise argparse.ArgumentTypeError("give between 1 and 60 months")
    return months


def register(subparsers: argparse._SubParsersAction) -> None:
    watch = subparsers.add_parser(
        "expiry-watch",
        help="permits expiring soon, expired with no COC, not recorded, COCs not decided")
    add_db_option(watch)
    watch.add_argument("--within-months", dest="months", type=_months, default=6,
                       metavar="N", help="how far ahead to look for expiries (default 6)")
    watch.add_argument("--today", type=iso_date, metavar="YYYY-MM-DD",
                       help="count from this day (default: today)")
    watch.add_argument("--xlsx", metavar="FILE.xlsx", help="also write the list to Excel")
    watch.add_argument("--json", action="store_true", help="print JSON")
    watch.set_defaults(run=run_watch)


def run_watch(args: argparse.Namespace) -> int:
    from concom_desk.services.filings.expiry_watch import SECTIONS, expiry_watch

    today = args.today or clock.today()
    with open_and_back_up(args, must_exist=True) as db:
        watch = expiry_watch(db, today, args.months)
    if args.xlsx:
        from pathlib import Path

        from concom_desk.services.filings.expiry_watch_export import write_watch_xlsx

        written = write_watch_xlsx(watch, Path(args.xlsx))
        if not args.json:
            print(f"written: {written}")
    if args.json:
        print_json(watch.as_json())
        return EXIT_OK
    print(f"Expiry watch, {today.isoformat()}: {watch.summary()}")
    for row in watch.rows:
        print(f"{row.act_by.isoformat()}  {row.file_no:<10} {row.kind:<9} "
              f"{SECTIONS[row.section]:<38} {row.address[:26]:<26} {row.what}")
        if row.why:
            print(f"{'':12}{row.why}")
    return EXIT_OK
