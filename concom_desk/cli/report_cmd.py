"""`concom-desk report`: the commission's annual report to the town, as a Word
document (with the chart of filings per month) and, if asked, a workbook."""

from __future__ import annotations

import argparse
from pathlib import Path

from concom_desk import clock
from concom_desk.cli.common import EXIT_OK, add_db_option
from concom_desk.cli.meeting_record_cmd import existing_records


def _year(text: str) -> int:
    try:
        year = int(text)
    except ValueError:
        year = 0
    if not 1970 <= year <= 2200:
        raise argparse.ArgumentTypeError(f"{text!r} is not a year: write it as 2026")
    return year


def register(subparsers: argparse._SubParsersAction) -> None:
    report = subparsers.add_parser(
        "report", help="the annual report for a year (Word document with a chart; --xlsx too)")
    add_db_option(report)
    report.add_argument("--year", required=True, type=_year, metavar="YYYY",
                        help="the year; with --fiscal, the fiscal year ending June 30 of it")
    kind = report.add_mutually_exclusive_group()
    kind.add_argument("--fiscal", action="store_true", default=None,
                      help="the fiscal year (July 1 – June 30) instead of the setting")
    kind.add_argument("--calendar", dest="fiscal", action="store_false",
                      help="the calendar year instead of the setting")
    report.add_argument("--out", required=True, metavar="FILE.docx", help="the Word document")
    report.add_argument("--xlsx", metavar="FILE.xlsx", help="also write the figures here")
    report.set_defaults(run=run_report)

    retention = subparsers.add_parser(
        "retention", help="each class of records, its retention, and what could be proposed "
                          "for destruction (nothing is ever destroyed by the program)")
    add_db_option(retention)
    retention.set_defaults(run=run_retention)


def run_report(args: argparse.Namespace) -> int:
    from concom_desk.services.reports.annual_files import make_annual_report

    with existing_records(args) as db:
        written = make_annual_report(db, args.year, Path(args.out),
                                     Path(args.xlsx) if args.xlsx else None, args.fiscal)
    print(written.describe())
    return EXIT_OK


def run_retention(args: argparse.Namespace) -> int:

    from concom_desk.services.reports.retention_report import retention_report

    with existing_records(args) as db:
        lines = retention_report(db, clock.today())
    for line in lines:
        print(line.describe())
    print("Nothing is destroyed by this program: a record past its period may only be "
          "proposed to the Supervisor of Records, whose written approval is needed (MGL c.66 §8).")
    return EXIT_OK
