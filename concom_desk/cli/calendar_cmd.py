"""`concom-desk posting-deadline` and `concom-desk ical`: the meeting calendar
from the command line."""

from __future__ import annotations

import argparse
import re
from datetime import datetime

from concom_desk.cli.common import (
    EXIT_OK,
    add_db_option,
    check_year,
    open_and_back_up,
    print_json,
    writable_folder,
)
from concom_desk.domain.open_meeting_law import POSTING_CITATION, posting_deadline
from concom_desk.domain.plain_dates import weekday_date_time

# Only the form the message asks for: fromisoformat alone would also take 20270303T19
# and ISO week dates (2027-W09-3T19:00), which nobody at a town hall means.
_MEETING_AT = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?([+-]\d{2}:\d{2}|Z)?$")


def meeting_datetime(text: str) -> datetime:
    """argparse type for the meeting's date and time, YYYY-MM-DDTHH:MM."""
    try:
        if not _MEETING_AT.match(text.strip()):
            raise ValueError(text)
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date and time; write it as YYYY-MM-DDTHH:MM, e.g. 2027-03-03T19:00"
        ) from None
    check_year(moment.date(), text)
    if "T" not in text and " " not in text.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r} has no time of day; the 48 hours run from the meeting's hour: "
            "write YYYY-MM-DDTHH:MM"
        )
    if moment.tzinfo is not None:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give the local time of the meeting, without a time zone"
        )
    return moment


def register(subparsers: argparse._SubParsersAction) -> None:
    posting = subparsers.add_parser(
        "posting-deadline",
        help="latest time to post a meeting notice (Open Meeting Law, 48 business hours)",
    )
    posting.add_argument("--at", required=True, type=meeting_datetime, metavar="YYYY-MM-DDTHH:MM",
                         help="the meeting's date and local time")
    posting.add_argument("--json", action="store_true", help="print JSON")
    posting.set_defaults(run=run_posting_deadline)

    ical = subparsers.add_parser(
        "ical", help="export the meetings and deadlines as an iCalendar (.ics) file"
    )
    add_db_option(ical)
    ical.add_argument("--out", required=True, metavar="FILE.ics", help="the file to write")
    ical.add_argument("--reminder-minutes", type=int, metavar="N",
                      help="each event's reminder, N minutes before it (0: none); default: "
                           "the commission's setting (one day before unless changed)")
    ical.set_defaults(run=run_ical)


def run_posting_deadline(args: argparse.Namespace) -> int:
    post_by = posting_deadline(args.at)
    if args.json:
        print_json({"post_by": post_by.strftime("%Y-%m-%dT%H:%M")})
        return EXIT_OK
    print(f"Post the notice of the meeting of {weekday_date_time(args.at)}")
    print(f"by {weekday_date_time(post_by)}.")
    print(POSTING_CITATION)
    return EXIT_OK


def run_ical(args: argparse.Namespace) -> int:
    from pathlib import Path

    from concom_desk.services.calendar.ical_export import export_calendar_of, reminder_words

    out = Path(args.out)
    writable_folder(out)
    with open_and_back_up(args, must_exist=True) as database:
        written = export_calendar_of(database, out, reminder_minutes=args.reminder_minutes)
    reminder = (f"each with a reminder {reminder_words(written.reminder_minutes)}"
                if written.reminder_minutes else "no reminders")
    print(f"Wrote {written.events} events ({written.meetings} meetings, "
          f"{written.deadlines} deadlines; {reminder}) to {out}")
    return EXIT_OK
