"""`concom-desk meeting-record`: a meeting's notice, agenda, minutes, votes and
documents in one folder or zip (for a public-records request); and
`concom-desk records-requests`: the request log with each answer's due date."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from concom_desk import clock
from concom_desk.cli.common import EXIT_OK, add_db_option, iso_date, open_and_back_up, print_json

if TYPE_CHECKING:
    from concom_desk.store import Database


def register(subparsers: argparse._SubParsersAction) -> None:
    record = subparsers.add_parser(
        "meeting-record",
        help="export a meeting's notice, agenda, minutes, votes and documents (folder or zip)",
    )
    add_db_option(record)
    record.add_argument("--meeting", required=True, type=iso_date, metavar="DATE",
                        help="the meeting's date (2026-12-01 or 12/1/2026)")
    record.add_argument("--out", required=True, metavar="DIR",
                        help="the folder to write into, or a file name ending in .zip")
    record.set_defaults(run=run_meeting_record)

    requests = subparsers.add_parser(
        "records-requests",
        help="the public-records request log; --add logs one and prints its due date")
    add_db_option(requests)
    requests.add_argument("--add", nargs=2, metavar=("REQUESTER", "WHAT"),
                          help="log a request received --received (default today)")
    requests.add_argument("--received", type=iso_date, metavar="DATE",
                          help="the day the request was received (default: today)")
    requests.add_argument("--json", action="store_true", help="print JSON")
    requests.set_defaults(run=run_records_requests)


def existing_records(args: argparse.Namespace) -> Database:
    """The records --db names, which must be there already (a file or a server)."""
    return open_and_back_up(args, must_exist=True)


def run_meeting_record(args: argparse.Namespace) -> int:
    from concom_desk.services.minutes.meeting_record import export_meeting_record, find_meeting

    with existing_records(args) as db:
        written = export_meeting_record(db, find_meeting(db, args.meeting), Path(args.out),
                                        clock.today())
    print(written.describe())
    return EXIT_OK


def run_records_requests(args: argparse.Namespace) -> int:
    from concom_desk.services.minutes.public_records_requests import (
        CITATION,
        list_requests,
        log_request,
    )

    today = clock.today()
    with existing_records(args) as db:
        if args.add:
            row = log_request(db, args.received or today, args.add[0], args.add[1],
                              today=today)
            print(f"Logged: {row.requester}, {row.description}: {row.standing(today)} "
                  f"({CITATION}).")
            return EXIT_OK
        rows = list_requests(db)
    if args.json:
        print_json([{"received_on": r.received_on, "requester": r.requester,
                     "description": r.description, "due_on": r.due_on,
                     "answered_on": r.answered_on, "response": r.response} for r in rows])
        return EXIT_OK
    for row in rows:
        print(f"{row.received_on}  {row.requester}: {row.description} — {row.standing(today)}")
    if not rows:
        print("No public-records requests logged.")
    return EXIT_OK
