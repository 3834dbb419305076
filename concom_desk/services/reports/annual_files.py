"""Making the annual report for a year as the commission's settings count it
(calendar or fiscal), the one entry the window and the command line share."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from concom_desk import clock
from concom_desk.domain.plain_dates import long_date
from concom_desk.services.reports.annual_report import AnnualFigures, annual_figures
from concom_desk.services.reports.report_files import write_report_docx, write_report_xlsx
from concom_desk.services.reports.report_period import ReportPeriod
from concom_desk.store import Database


@dataclass(frozen=True)
class WrittenReport:
    figures: AnnualFigures
    docx: Path
    xlsx: Path | None

    def describe(self) -> str:
        also = f" and {self.xlsx}" if self.xlsx else ""
        return (f"Annual report, {self.figures.period.describe()}: "
                f"{self.figures.filings_total:,} filings; written to {self.docx}{also}")


def settings_fiscal(db: Database) -> bool:
    from concom_desk.services.commission.settings import load_settings

    settings = load_settings(db)
    return settings is not None and settings.report_year == "fiscal"


def make_annual_report(db: Database, year: int, out: Path, xlsx: Path | None = None,
                       fiscal: bool | None = None, today: date | None = None) -> WrittenReport:
    """`fiscal` None: as the settings say."""
    period = ReportPeriod(year, settings_fiscal(db) if fiscal is None else fiscal)
    figures = annual_figures(db, period)
    today_text = long_date(today or clock.today())
    written = write_report_docx(db, figures, Path(out), today_text)
    sheet = write_report_xlsx(figures, Path(xlsx)) if xlsx else None
    return WrittenReport(figures, written, sheet)
