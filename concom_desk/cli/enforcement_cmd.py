"""`concom-desk case-history` and `concom-desk enforcement-deadlines`: an
enforcement case's dated history as a Word document, and the enforcement
deadlines of a period, from the command line."""

from __future__ import annotations

import argparse
from datetime import date, timedelta
from pathlib import Path

from concom_desk import clock
from concom_desk.cli.common import (
    EXIT_OK,
    add_db_option,
    iso_date,
    open_and_back_up,
    print_json,
    writable_folder,
)
from concom_desk.domain.file_numbers import shown_number
from concom_desk.errors import UserError


def register(subparsers: argparse._SubParsersAction) -> None:
    history = subparsers.add_parser(
        "case-history", help="print an enforcement case's full dated history (.docx)")
    add_db_option(history)
    history.add_argument("--case", required=True, metavar="CASE_NO",
                         help="case number, e.g. EC-2026-001")
    history.add_argument("--out", required=True, type=Path, metavar="FILE.docx",
                         help="the Word document to write")
    history.set_defaults(run=run_case_history)

    deadlines = subparsers.add_parser(
        "enforcement-deadlines",
        help="restoration, NOI, follow-up and ratification dates of open cases")
    add_db_option(deadlines)
    deadlines.add_argument("--from", dest="start", type=iso_date, metavar="YYYY-MM-DD",
                           help="first day (default: today)")
    deadlines.add_argument("--to", dest="end", type=iso_date, metavar="YYYY-MM-DD",
                           help="last day (default: 60 days after the first)")
    deadlines.add_argument("--json", action="store_true", help="print JSON")
    deadlines.set_defaults(run=run_enforcement_deadlines)


def _open(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    return open_and_back_up(args, must_exist=True)


def run_case_history(args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from concom_desk.services.enforcement.history import print_case_history
    from concom_desk.store.models import EnforcementCase

    if args.out.suffix.lower() != ".docx":
        raise UserError(f"--out must name a .docx file, not {args.out.name!r}")
    writable_folder(args.out)
    with _open(args) as db:
        with db.read_session() as session:
            case_id = session.scalars(select(EnforcementCase.id).where(
                EnforcementCase.case_no == args.case.strip())).first()
        if case_id is None:
            raise UserError(f"there is no enforcement case {shown_number(args.case)}")
        path = print_case_history(db, case_id, args.out)
    print(path)
    return EXIT_OK


def run_enforcement_deadlines(args: argparse.Namespace) -> int:
    from concom_desk.services.enforcement.deadlines import enforcement_deadlines

    start = args.start or clock.today()
    end = args.end or min(start, date.max - timedelta(days=60)) + timedelta(days=60)
    if end < start:
        raise UserError(f"--to {end} is before --from {start}")
    with _open(args) as db, db.read_session() as session:
        found = enforcement_deadlines(session, start, end)
    if args.json:
        print_json([d.as_json() for d in found])
        return EXIT_OK
    if not found:
        print("No enforcement deadlines in that period.")
    for deadline in found:
        print(f"{deadline.date.isoformat()}  {deadline.date:%a}  {deadline.case_no:<12} "
              f"{deadline.label}")
    return EXIT_OK
