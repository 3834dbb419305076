"""`concom-desk turnover`: the Treasurer's turnover report for a range of days, as a
Word page to sign and, beside it, a workbook (the same report the Tools menu writes)."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from concom_desk.cli.common import EXIT_OK, add_db_option
from concom_desk.cli.meeting_record_cmd import existing_records


def _day(text: str) -> date:
    from concom_desk.domain.plain_dates import typed_date

    try:
        return typed_date(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def register(subparsers: argparse._SubParsersAction) -> None:
    turnover = subparsers.add_parser(
        "turnover", help="the Treasurer's turnover report of the fees received between two "
                         "days (Word document and a workbook beside it)")
    add_db_option(turnover)
    turnover.add_argument("--from", dest="start", required=True, type=_day,
                          metavar="YYYY-MM-DD", help="the first day")
    turnover.add_argument("--to", dest="end", required=True, type=_day,
                          metavar="YYYY-MM-DD", help="the last day")
    turnover.add_argument("--out", required=True, metavar="FILE.docx",
                          help="the Word document; the workbook is written beside it (.xlsx)")
    turnover.set_defaults(run=run_turnover)


def run_turnover(args: argparse.Namespace) -> int:
    from concom_desk.domain.wording import counted
    from concom_desk.services.filings.payments import money
    from concom_desk.services.reports.turnover import (
        turnover,
        write_turnover_docx,
        write_turnover_xlsx,
    )

    out = Path(args.out)
    with existing_records(args) as db:
        report = turnover(db, args.start, args.end)
    write_turnover_docx(report, out)
    write_turnover_xlsx(report, out.with_suffix(".xlsx"))
    entries = counted(len(report.lines), "receipt or refund", "receipts and refunds")
    print(f"Wrote {out} and {out.with_suffix('.xlsx').name}: {entries} from "
          f"{report.period()}, {money(report.total_cents)} to turn over.")
    return EXIT_OK
