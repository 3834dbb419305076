"""`concom-desk inspections`: a filing's site inspections, planned and made, listed
(or as JSON), and `--report` to print the inspection report of one made, as the
record's Inspections tab does."""

from __future__ import annotations

import argparse

from concom_desk.cli.common import EXIT_OK, add_db_option, iso_date, open_and_back_up, print_json
from concom_desk.domain.file_numbers import shown_number
from concom_desk.errors import UserError


def register(subparsers: argparse._SubParsersAction) -> None:
    listing = subparsers.add_parser(
        "inspections", help="a filing's site inspections; --report prints one's report")
    add_db_option(listing)
    listing.add_argument("--filing", required=True, metavar="NO", help="the file number")
    listing.add_argument("--report", type=iso_date, metavar="YYYY-MM-DD",
                         help="print the report of the inspection made that day (.docx, in "
                              "the filing's documents folder; its path is printed)")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(run=run_inspections)


def run_inspections(args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from concom_desk.services.inspections.filing_inspections import inspections_of
    from concom_desk.services.inspections.report import print_inspection_report
    from concom_desk.store.models import Filing

    with open_and_back_up(args, must_exist=True) as db:
        with db.read_session() as session:
            filing_id = session.scalars(select(Filing.id).where(
                Filing.file_no == args.filing.strip())).first()
        if filing_id is None:
            raise UserError(f"there is no filing numbered {shown_number(args.filing)}")
        found = inspections_of(db, filing_id)
        if args.report is not None:
            made = [i for i in found if i.done and i.inspected_on == args.report]
            if not made:
                raise UserError(f"no inspection of {args.filing} was made on {args.report}")
            print(print_inspection_report(db, made[-1].id))
            return EXIT_OK
    if args.json:
        print_json([{"date": i.inspected_on.isoformat(), "state": i.state,
                     "purpose": i.purpose, "inspector": i.inspector, "findings": i.findings,
                     "follow_up_by": i.follow_up_by.isoformat() if i.follow_up_by else None,
                     "photos": [str(p.path) for p in i.photos],
                     "conditions": [{"number": c.number, "found": c.result_words,
                                     "note": c.note} for c in i.checks]} for i in found])
        return EXIT_OK
    if not found:
        print(f"No inspection of {args.filing} is recorded.")
    for i in found:
        photos = f" · {len(i.photos)} photo(s)" if i.photos else ""
        print(f"{i.inspected_on} {i.state:8} {i.purpose} — {i.inspector or 'who: not set'}"
              f"{photos}" + (f"\n    {i.findings}" if i.findings else ""))
    return EXIT_OK
