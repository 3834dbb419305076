"""`concom-desk dep-copies`: the WPA forms made for a filing and the day each copy
went to MassDEP; `--sent` records it (the window's MassDEP copies tab does the same)."""

from __future__ import annotations

import argparse

from concom_desk.cli.common import EXIT_OK, add_db_option, iso_date, open_and_back_up, print_json


def register(subparsers: argparse._SubParsersAction) -> None:
    copies = subparsers.add_parser(
        "dep-copies", help="the WPA forms of a filing and when each copy went to MassDEP")
    add_db_option(copies)
    copies.add_argument("--filing", required=True, metavar="NO", help="local file number")
    copies.add_argument("--document", type=int, metavar="ID",
                        help="the document (its id in the list) whose copy was sent")
    sent = copies.add_mutually_exclusive_group()
    sent.add_argument("--sent", type=iso_date, metavar="YYYY-MM-DD",
                      help="the day the copy went to the MassDEP Regional Office")
    sent.add_argument("--not-sent", action="store_true", help="clear a day recorded by mistake")
    copies.add_argument("--json", action="store_true", help="print JSON")
    copies.set_defaults(run=run_dep_copies)


def run_dep_copies(args: argparse.Namespace) -> int:
    from concom_desk.errors import UserError
    from concom_desk.services.documents.context import filing_by_number
    from concom_desk.services.documents.dep_copies import dep_copies_of, record_dep_copy_sent

    if (args.sent or args.not_sent) and args.document is None:
        raise UserError("--sent and --not-sent need --document ID (the list shows the ids)")
    with open_and_back_up(args) as db:
        with db.read_session() as session:
            filing_id = filing_by_number(session, args.filing).id
        if args.document is not None and (args.sent or args.not_sent):
            if args.document not in {c.document_id for c in dep_copies_of(db, filing_id)}:
                raise UserError(f"document {args.document} is not a WPA form of filing "
                                f"{args.filing}")
            record_dep_copy_sent(db, args.document, None if args.not_sent else args.sent)
        copies = dep_copies_of(db, filing_id)
    if args.json:
        print_json([{"id": c.document_id, "form": c.form, "title": c.title,
                     "made": c.made.isoformat(),
                     "sent": c.sent.isoformat() if c.sent else None} for c in copies])
        return EXIT_OK
    if not copies:
        print(f"no WPA form has been made for filing {args.filing}")
    for c in copies:
        sent = f"copy sent to MassDEP {c.sent.isoformat()}" if c.sent else "copy NOT yet sent"
        print(f"{c.document_id}\t{c.made.isoformat()}\t{c.form}\t{sent}")
    return EXIT_OK
