"""`concom-desk abutters import|mail|check`: the assessor's list into a filing,
the four mailing documents, and the ready-to-close check, from the command line."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from concom_desk.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    add_db_option,
    open_and_back_up,
    print_json,
)

if TYPE_CHECKING:
    from concom_desk.store import Database


def register(subparsers: argparse._SubParsersAction) -> None:
    abutters = subparsers.add_parser(
        "abutters", help="import the assessor's abutter list, make the mailing, check notices")
    commands = abutters.add_subparsers(dest="abutters_command", metavar="ACTION",
                                       required=True)

    importing = commands.add_parser(
        "import", help="import an assessor's list (CSV or XLSX) into a filing; all or nothing")
    add_db_option(importing)
    importing.add_argument("--filing", required=True, metavar="NO", help="local file number")
    importing.add_argument("file", type=Path, metavar="FILE", help="the assessor's list")
    importing.add_argument("--skip-bad-rows", action="store_true",
                           help="import the good rows and leave out the rejected ones")
    importing.add_argument("--replace", action="store_true",
                           help="replace the filing's existing list (never one already mailed)")
    importing.add_argument("--json", action="store_true", help="print a JSON summary")
    importing.set_defaults(run=run_import)

    mailing = commands.add_parser(
        "mail", help="write letters, labels, certified-mail list and affidavit of service")
    add_db_option(mailing)
    mailing.add_argument("--filing", required=True, metavar="NO", help="local file number")
    mailing.add_argument("--out", required=True, type=Path, metavar="DIR",
                         help="folder for the four documents")
    mailing.add_argument("--signed-by", default="", metavar="NAME",
                         help="who mails the notices and signs the affidavit (default: a "
                              "line to write the name on)")
    mailing.add_argument("--foreign", choices=("first_class", "hand"), default="first_class",
                         help="how notices go to foreign owners, whom certified mail cannot "
                              "reach (default: first_class)")
    mailing.set_defaults(run=run_mail)

    check = commands.add_parser(
        "check", help="is abutter notice complete enough to close the hearing?")
    add_db_option(check)
    check.add_argument("--filing", required=True, metavar="NO", help="local file number")
    check.add_argument("--json", action="store_true", help="print JSON")
    check.set_defaults(run=run_check)

    from concom_desk.cli.abutters_compute_cmd import register_compute

    register_compute(commands)


def _filing_id(db: Database, file_no: str) -> int:
    from concom_desk.services.abutters.importing import find_filing

    with db.read_session() as session:
        return find_filing(session, file_no).id


def run_import(args: argparse.Namespace) -> int:
    from concom_desk.services.abutters.importing import import_abutter_list

    with open_and_back_up(args) as db:
        filing_id = _filing_id(db, args.filing)
        summary = import_abutter_list(db, filing_id, args.file,
                                      skip_bad_rows=args.skip_bad_rows, replace=args.replace)
    if args.json:
        print_json(summary.as_json())
    else:
        for rejected in summary.rejected:
            print(f"row {rejected.row}: {rejected.reason}")
        for flag in summary.flags:
            print(f"note: {flag}")
        print(summary.message)
    return EXIT_OK if summary.imported else EXIT_FAILED


def run_mail(args: argparse.Namespace) -> int:
    from concom_desk.services.abutters.mailing import make_mailing

    with open_and_back_up(args) as db:
        filing_id = _filing_id(db, args.filing)
        result = make_mailing(db, filing_id, args.out, signed_by=args.signed_by,
                              foreign_method=args.foreign)
    for path in result.files:
        print(path)
    for flag in result.flags:
        print(f"note: {flag}")
    print(f"{result.notices} notice(s) for filing {args.filing}")
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    from concom_desk.services.abutters.tracking import ready_to_close

    with open_and_back_up(args) as db:
        check = ready_to_close(db, _filing_id(db, args.filing))
    if args.json:
        print_json({"ready": check.ready, "problems": list(check.problems),
                    "green_cards_required": check.green_cards_required,
                    "notice_by": check.notice_by.isoformat() if check.notice_by else None})
    else:
        print("ready to close" if check.ready else "not ready to close:")
        for problem in check.problems:
            print(f"  {problem}")
    return EXIT_OK if check.ready else EXIT_FAILED
