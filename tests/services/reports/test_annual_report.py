"""The annual report's figures on a small commission built by hand; each count is
worked out below from the rows, and the period rule is MGL c.44 §56 (the fiscal
year runs July 1 – June 30 and is named for the year it ends in)."""

from __future__ import annotations

import zipfile
from datetime import date, datetime
from pathlib import Path

import pytest
from openpyxl import load_workbook

from concom_desk.cli import main
from concom_desk.services.reports.annual_files import make_annual_report
from concom_desk.services.reports.annual_report import annual_figures
from concom_desk.services.reports.report_period import ReportPeriod
from concom_desk.store import Database
from concom_desk.store.models import (
    CommissionSettings,
    Continuance,
    Decision,
    EnforcementCase,
    Filing,
    Fine,
    Hearing,
    Meeting,
)
from tests.helpers.docx_reading import paragraphs
from tests.helpers.engines import db_argument

D = date


def _filing(s, no: str, kind: str, received: date, status: str, decided: date | None = None,
            fee: int = 0, paid: date | None = None, waived: bool = False,
            expires: date | None = None) -> Filing:  # type: ignore[no-untyped-def]
    row = Filing(file_no=no, kind=kind, town="massachusetts", status=status, received=received,
                 decided=decided, fee_cents=fee, fee_paid_on=paid, fee_waived=waived,
                 expires=expires)
    if status == "void":
        row.voided_at, row.void_reason = datetime(2026, 5, 6), "entered twice"
    s.add(row)
    s.flush()
    return row


def build(db: Database) -> None:
    with db.session() as s:
        s.add(CommissionSettings(name="Ashland Conservation Commission", town="massachusetts"))
        f1 = _filing(s, "F1", "noi", D(2026, 1, 15), "issued", D(2026, 2, 20), 50000,
                     D(2026, 1, 15), expires=D(2029, 2, 20))  # 36 days
        f2 = _filing(s, "F2", "noi", D(2026, 3, 10), "denied", D(2026, 4, 30), 50000,
                     D(2026, 3, 10))  # 51 days
        f3 = _filing(s, "F3", "rda", D(2026, 3, 20), "issued", D(2026, 4, 9), 7500,
                     waived=True)  # 20 days; the town's own project, fee waived
        _filing(s, "F4", "rda", D(2026, 7, 1), "received", fee=7500, paid=D(2026, 7, 1))
        f5 = _filing(s, "F5", "noi", D(2025, 12, 30), "issued", D(2026, 1, 22), 50000,
                     D(2025, 12, 30))  # 23 days; received and paid in 2025
        _filing(s, "F6", "noi", D(2026, 5, 5), "void", fee=50000, paid=D(2026, 5, 5))
        f7 = _filing(s, "F7", "coc", D(2026, 8, 1), "issued", D(2026, 8, 20))  # 19 days
        _filing(s, "F8", "noi", D(2023, 1, 10), "issued", D(2023, 2, 9),
                expires=D(2026, 9, 1))  # expires in 2026
        f9 = _filing(s, "F9", "extension", D(2026, 6, 1), "issued", D(2026, 6, 18), 10000,
                     D(2026, 6, 1))  # 17 days
        for filing, kind, decided, issued in (
                (f1, "order_of_conditions", D(2026, 2, 20), D(2026, 2, 24)),
                (f2, "denial", D(2026, 4, 30), D(2026, 5, 2)),
                (f3, "negative_determination", D(2026, 4, 9), D(2026, 4, 10)),
                (f5, "order_of_conditions", D(2026, 1, 22), D(2026, 1, 26)),
                (f7, "certificate_of_compliance", D(2026, 8, 20), D(2026, 8, 21)),
                (f9, "extension_permit", D(2026, 6, 18), D(2026, 6, 19))):
            s.add(Decision(filing_id=filing.id, kind=kind, decided_on=decided, issued_on=issued))
        meetings = {day: Meeting(held_on=day) for day in (
            D(2026, 3, 26), D(2026, 4, 16), D(2026, 4, 30))}
        s.add_all(meetings.values())
        s.flush()
        s.add_all([Hearing(filing_id=f1.id, status="closed", opened_on=D(2026, 2, 5)),
                   Hearing(filing_id=f5.id, status="closed", opened_on=D(2026, 1, 8))])
        h2 = Hearing(filing_id=f2.id, status="closed", opened_on=D(2026, 3, 26))
        s.add(h2)
        s.flush()
        for frm, to in ((D(2026, 3, 26), D(2026, 4, 16)), (D(2026, 4, 16), D(2026, 4, 30))):
            s.add(Continuance(hearing_id=h2.id, from_meeting_id=meetings[frm].id,
                              to_meeting_id=meetings[to].id, continued_to=to))
        cases = [EnforcementCase(case_no=no, town="massachusetts", opened_on=opened,
                                 status=status, closed_on=closed)
                 for no, opened, status, closed in (
                     ("C1", D(2026, 2, 1), "closed", D(2026, 6, 15)),
                     ("C2", D(2025, 11, 1), "closed", D(2026, 3, 1)),
                     ("C3", D(2026, 10, 1), "open", None))]
        void = EnforcementCase(case_no="C4", town="massachusetts", opened_on=D(2026, 4, 1),
                               status="void", voided_at=datetime(2026, 4, 2),
                               void_reason="wrong lot")
        s.add_all([*cases, void])
        s.flush()
        s.add_all([Fine(case_id=cases[0].id, offense_on=D(2026, 2, 20), issued_on=D(2026, 3, 1),
                        amount_cents=30000, waived_cents=10000),
                   Fine(case_id=cases[1].id, offense_on=D(2025, 12, 1),
                        issued_on=D(2025, 12, 15), amount_cents=30000),
                   Fine(case_id=void.id, offense_on=D(2026, 4, 5), amount_cents=30000)])


def test_calendar_year_figures_counted_by_hand(db: Database) -> None:
    build(db)
    f = annual_figures(db, ReportPeriod(2026, fiscal=False))
    # Received in 2026, void F6 left out: F1 F2 (noi), F3 F4 (rda), F7 (coc), F9 (extension).
    assert f.by_kind == {"noi": {"issued": 1, "denied": 1}, "rda": {"issued": 1, "pending": 1},
                         "coc": {"issued": 1}, "extension": {"issued": 1}}
    assert f.filings_total == 6
    assert f.monthly["noi"] == [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert f.monthly["rda"] == [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    assert (f.hearings_opened, f.continuances) == (3, 2)  # H1 Feb 5, H3 Jan 8, H2 Mar 26
    assert f.decisions == {"order_of_conditions": 2, "denial": 1, "negative_determination": 1,
                           "certificate_of_compliance": 1, "extension_permit": 1}
    # Decided in 2026: 17, 19, 20, 23, 36, 51 days -> median (20 + 23) / 2.
    assert (f.median_days_to_decision, f.decisions_timed) == (21.5, 6)
    assert (f.permits_expiring, f.extensions_issued, f.cocs_issued) == (1, 1, 1)  # F8; F9; F7
    assert (f.cases_opened, f.cases_closed) == (2, 2)  # C1, C3 opened; C1, C2 closed
    assert (f.fines_assessed, f.fines_cents, f.fines_waived_cents) == (1, 30000, 10000)
    # Paid in 2026: F1 $500, F2 $500, F4 $75, F9 $100; F6 is void, F5 was paid in 2025.
    assert (f.fees_collected_cents, f.fees_paid_filings) == (117500, 4)
    assert (f.fees_waived_filings, f.fees_waived_cents) == (1, 7500)  # F3


def test_fiscal_year_runs_july_to_june(db: Database) -> None:
    build(db)
    period = ReportPeriod(2026, fiscal=True)
    assert (period.start, period.end) == (D(2025, 7, 1), D(2026, 6, 30))
    f = annual_figures(db, period)
    # F5 (Dec 30, 2025) is in fiscal 2026; F4 (Jul 1) and F7 (Aug 1) are in fiscal 2027.
    assert f.by_kind == {"noi": {"issued": 2, "denied": 1}, "rda": {"issued": 1},
                         "extension": {"issued": 1}}
    assert f.monthly["noi"] == [0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0]  # Dec, Jan, Mar
    assert (f.fines_assessed, f.fines_cents) == (2, 60000)  # C1's and C2's fines


def test_the_report_document_workbook_and_chart(db: Database, tmp_path: Path) -> None:
    build(db)
    written = make_annual_report(db, 2026, tmp_path / "report.docx", tmp_path / "report.xlsx",
                                 today=D(2027, 1, 10))
    text = paragraphs(written.docx)
    assert "Calendar year 2026 (January 1, 2026 – December 31, 2026)" in text
    assert "•\tNotice of Intent / Application for Permit: 2 (1 issued, 1 denied)" in text
    assert "•\t3 hearings opened; 2 continuances granted." in text
    assert "•\tMedian 21.5 days from filing to decision (6 decisions)." in text
    assert "•\t1 fine assessed: $300.00 ($100.00 waived)." in text
    assert "•\tFees collected: $1,175.00 (4 filings)." in text
    assert "•\tFees waived: 1 filing ($75.00)." in text
    with zipfile.ZipFile(written.docx) as archive:
        images = [n for n in archive.namelist() if n.startswith("word/media/")]
        assert len(images) == 1 and archive.read(images[0])[:8] == b"\x89PNG\r\n\x1a\n"
    book = load_workbook(tmp_path / "report.xlsx")
    rows = list(book["Filings by kind"].iter_rows(values_only=True))
    assert rows[0] == ("kind", "issued", "denied", "withdrawn", "pending", "total")
    assert ("Notice of Intent / Application for Permit", 1, 1, 0, 0, 2) in rows
    summary = dict(book["Summary"].iter_rows(values_only=True))
    assert summary["fees collected ($)"] == 1175


def test_the_report_command(db: Database, tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    build(db)
    path = db_argument(db)
    db.close()
    out = tmp_path / "fy.docx"
    assert main(["report", "--db", str(path), "--year", "2026", "--fiscal", "--out",
                 str(out)]) == 0
    assert "Fiscal year 2026 (July 1, 2025 – June 30, 2026): 5 filings" in capsys.readouterr().out
    with pytest.raises(SystemExit) as usage:
        main(["report", "--db", str(path), "--year", "26x", "--out", str(out)])
    assert usage.value.code == 2
    assert "'26x' is not a year" in capsys.readouterr().err
    assert main(["report", "--db", str(path), "--year", "2026", "--out",
                 str(tmp_path / "r.pdf")]) == 2
    assert "the report is written as a .docx file" in capsys.readouterr().err


def test_the_settings_choose_the_fiscal_year(db: Database, tmp_path: Path) -> None:
    from concom_desk.services.commission.settings import load_settings, save_settings

    build(db)
    settings = load_settings(db)
    assert settings is not None and settings.report_year == "calendar"
    settings.report_year = "fiscal"
    settings.clerk_initials = "JP"
    settings.address_lines = ["Town Hall", "101 Main Street", "Ashland, MA 01721"]
    save_settings(db, settings)
    assert load_settings(db).report_year == "fiscal"  # type: ignore[union-attr]
    written = make_annual_report(db, 2026, tmp_path / "r.docx", today=D(2026, 7, 15))
    assert written.figures.period == ReportPeriod(2026, fiscal=True)
    assert written.figures.filings_total == 5
