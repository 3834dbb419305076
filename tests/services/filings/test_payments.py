"""A filing's receipts, refunds and waivers; the Treasurer's turnover report made of
them (Word and workbook); the export's Payment sheet; the annual report's fees
collected with the town's share of the fee under the Act. Days are counted from the
program's today (tests/helpers/clock.py), the shares from the transmittal form's rule
(state: half the fee above $25; 310 CMR 4.00, MGL c.131 §40)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from openpyxl import load_workbook
from sqlalchemy import select

from concom_desk.cli import main
from concom_desk.clock import today
from concom_desk.errors import UserError
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.form import FilingForm
from concom_desk.services.filings.payments import (
    offered_receipt_no,
    payments_of,
    record_payment,
    record_refund,
    record_waiver,
)
from concom_desk.services.reports.annual_report import annual_figures
from concom_desk.services.reports.report_period import ReportPeriod
from concom_desk.services.reports.turnover import (
    turnover,
    write_turnover_docx,
    write_turnover_xlsx,
)
from concom_desk.store import Database
from concom_desk.store.export_writers import export_records
from concom_desk.store.models import AuditEntry
from tests.helpers.docx_reading import paragraphs
from tests.helpers.engines import db_argument


def _filing(db: Database, file_no: str, wpa_fee_cents: int = 0) -> int:
    day = today() - timedelta(days=20)
    return save_filing(db, FilingForm(
        kind="noi", file_no=file_no, applicant="Jane Doe",
        applicant_address="12 Pond Road, Upton, MA 01568", address="12 Pond Road",
        map_lot="14-22", received=day, fee_cents=10000, fee_paid_on=day,
        wpa_fee_cents=wpa_fee_cents))


def test_receipts_refunds_and_waivers_are_kept_with_their_numbers(db: Database) -> None:
    first, second = _filing(db, "2026-1"), _filing(db, "2026-2")
    day = today()
    assert offered_receipt_no(db, day) == f"{day.year}-0001"
    record_payment(db, first, amount_cents=10000, received_on=day, receipt_no="R-0041",
                   method="check", check_no="381", received_by="JB")
    # the next number follows the town's own book
    assert offered_receipt_no(db, day) == "R-0042"
    with pytest.raises(UserError, match="receipt R-0041 is already written .*2026-1.*R-0042"):
        record_payment(db, second, amount_cents=5000, received_on=day, receipt_no="R-0041",
                       method="cash", received_by="JB")
    with pytest.raises(UserError, match="check's number"):
        record_payment(db, second, amount_cents=5000, received_on=day, receipt_no="R-0042",
                       method="check", received_by="JB")
    record_payment(db, second, amount_cents=5000, received_on=day, receipt_no="R-0042",
                   method="cash", received_by="JB")
    with pytest.raises(UserError, match=r"at most the \$100.00 received"):
        record_refund(db, first, amount_cents=20000, refunded_on=day, reason="paid twice",
                      received_by="JB")
    with pytest.raises(UserError, match="say why"):
        record_waiver(db, second, amount_cents=2500, waived_on=day, reason=" ", received_by="JB")
    record_refund(db, first, amount_cents=4000, refunded_on=day, reason="paid twice",
                  received_by="JB", check_no="T-77")
    record_waiver(db, second, amount_cents=2500, waived_on=day, reason="hardship (§ 7.20)",
                  received_by="JB")

    lines = payments_of(db, first)
    assert [line.describe() for line in lines] == [
        f"{day} Received $100.00 filing fee (town bylaw) — receipt R-0041 (check no. 381)",
        f"{day} Refunded $40.00 filing fee (town bylaw) (check no. T-77) — paid twice"]
    with db.read_session() as session:
        audited = session.scalars(select(AuditEntry.table_name)
                                  .where(AuditEntry.table_name == "payment")).all()
    assert len(audited) == 4  # every receipt, refund and waiver is in the trail


def test_turnover_report_for_days_as_the_treasurer_reads_it(db: Database,
                                                            tmp_path: Path) -> None:
    filing = _filing(db, "2026-7")
    day = today()
    record_payment(db, filing, amount_cents=10000, received_on=day - timedelta(days=3),
                   receipt_no="101", method="check", check_no="5512", received_by="JB")
    record_payment(db, filing, amount_cents=23750, received_on=day - timedelta(days=2),
                   receipt_no="102", method="cash", received_by="AM", fee="wpa_town_share")
    record_payment(db, filing, amount_cents=999, received_on=day - timedelta(days=40),
                   receipt_no="100", method="cash", received_by="JB")  # before the period
    record_refund(db, filing, amount_cents=2500, refunded_on=day - timedelta(days=1),
                  reason="overpaid", received_by="JB")
    record_waiver(db, filing, amount_cents=5000, waived_on=day, reason="a town department",
                  received_by="JB", fee="consultant_fee")

    report = turnover(db, day - timedelta(days=7), day)
    assert [line.receipt_no for line in report.lines] == ["101", "102", ""]
    assert report.total_cents == 10000 + 23750 - 2500
    assert report.by_method == {"check": 10000 - 2500, "cash": 23750}

    text = "\n".join(paragraphs(write_turnover_docx(report, tmp_path / "turnover.docx")))
    assert "Test Conservation Commission\nTreasurer's Turnover Report" in text
    assert "5512" in text and "Town's share of the fee under the Act" in text
    assert "Refund: Filing fee (town bylaw) — overpaid" in text
    assert text.split("Total turned over\n", 1)[1].startswith("$312.50")
    assert "a town department" in text  # the waiver, listed apart
    assert "Received by (Treasurer):" in text

    book = load_workbook(write_turnover_xlsx(report, tmp_path / "turnover.xlsx"))
    receipts = list(book["Receipts"].iter_rows(values_only=True))
    assert receipts[1][0] == "101" and receipts[1][2:5] == ("2026-7", "payment",
                                                            "Filing fee (town bylaw)")
    assert receipts[1][1].date() == day - timedelta(days=3)
    assert [row[-1] for row in receipts[1:]] == [100.0, 237.5, -25.0]
    totals = dict(book["Totals"].iter_rows(values_only=True))
    assert totals["Total turned over"] == 312.5
    assert list(book["Waived"].iter_rows(values_only=True))[1][-2:] == ("a town department",
                                                                       50.0)
    with pytest.raises(UserError, match="ends .* before it starts"):
        turnover(db, day, day - timedelta(days=1))


def test_export_has_the_payment_sheet(db: Database, tmp_path: Path) -> None:
    filing = _filing(db, "2026-9")
    record_payment(db, filing, amount_cents=10000, received_on=today(), receipt_no="7001",
                   method="other", note="money order", received_by="JB")
    [book_path] = export_records(db, "xlsx", tmp_path / "request")
    rows = list(load_workbook(book_path)["Payment"].iter_rows(values_only=True))
    shown = dict(zip(rows[0], rows[1], strict=True))
    assert shown["Filing"] == "2026-9"  # the filing by its number, not its id
    assert (shown["Receipt no."], shown["Method"], shown["Note"]) == ("7001", "other",
                                                                      "money order")
    assert shown["Received on"] == today().isoformat()


def test_annual_fees_collected_include_the_towns_share_of_the_wpa_fee(db: Database) -> None:
    _filing(db, "2026-11", wpa_fee_cents=50000)  # state $237.50, town $262.50
    _filing(db, "2026-12", wpa_fee_cents=2000)  # $25 or less: all the town's
    figures = annual_figures(db, ReportPeriod((today() - timedelta(days=20)).year,
                                              fiscal=False))
    assert figures.wpa_town_share_cents == 26250 + 2000
    assert figures.fees_collected_cents == 2 * 10000 + 26250 + 2000


def test_the_turnover_command(db: Database, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    filing = _filing(db, "2026-21")
    record_payment(db, filing, amount_cents=12500, received_on=today(), receipt_no="880",
                   method="cash", received_by="JB")
    where = db_argument(db)
    db.close()  # the command opens the records itself
    out = tmp_path / "week.docx"
    start = (today() - timedelta(days=6)).isoformat()
    assert main(["turnover", "--db", where, "--from", start, "--to", today().isoformat(),
                 "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"Wrote {out} and week.xlsx: 1 receipt or refund from ")
    assert said.rstrip().endswith("$125.00 to turn over.")
    assert "880" in paragraphs(out) and out.with_suffix(".xlsx").is_file()
    with pytest.raises(SystemExit):
        main(["turnover", "--db", where, "--from", "yesterday", "--to", start,
              "--out", str(out)])
    assert "yesterday is not a date" in capsys.readouterr().err
