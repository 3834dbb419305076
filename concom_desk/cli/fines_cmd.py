"""`concom-desk fines`: the largest fine a violation has accrued under a town's
bylaw, for the agent answering "how much could this be?" and for scripts."""

from __future__ import annotations

import argparse

from concom_desk.cli.common import EXIT_OK, iso_date, print_json
from concom_desk.domain.fines import accrued_fine, dollars
from concom_desk.services.commission.town_profiles import profile_for


def register(subparsers: argparse._SubParsersAction) -> None:
    fines = subparsers.add_parser(
        "fines",
        help="the most a violation can be fined as of a date (each day and provision an offense)",
    )
    fines.add_argument("--town", required=True, help="town profile (e.g. sandwich)")
    fines.add_argument("--confirmed", required=True, type=iso_date, metavar="YYYY-MM-DD",
                       help="day the commission or its agent confirmed the violation")
    fines.add_argument("--as-of", dest="as_of", required=True, type=iso_date,
                       metavar="YYYY-MM-DD", help="last day counted (counted in full)")
    fines.add_argument("--provisions", type=int, default=1, metavar="N",
                       help="provisions of the bylaw, regulations or permit violated (default 1)")
    fines.add_argument("--noncriminal", action="store_true",
                       help="the non-criminal ticket under MGL c.40 §21D instead of the fine")
    fines.add_argument("--json", action="store_true", help="print JSON")
    fines.set_defaults(run=run_fines)


def run_fines(args: argparse.Namespace) -> int:
    profile = profile_for(args.town)
    accrual = accrued_fine(
        profile.fines, profile.name, args.confirmed, args.as_of,
        provisions=args.provisions, noncriminal=args.noncriminal,
    )
    if args.json:
        print_json(accrual.as_json())
        return EXIT_OK
    print(f"{profile.name}: violation confirmed {args.confirmed.isoformat()}, "
          f"as of {args.as_of.isoformat()}")
    print(f"  days (both ends counted)  {accrual.days}")
    print(f"  provisions violated       {accrual.provisions}")
    print(f"  offenses                  {accrual.offenses}")
    print(f"  per offense               {dollars(accrual.per_offense)}")
    print(f"  maximum total             {dollars(accrual.max_total)}")
    print(f"  {accrual.citation}")
    return EXIT_OK
