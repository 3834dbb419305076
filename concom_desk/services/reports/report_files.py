"""The annual report as a Word document (from the editable `annual-report`
template, with the chart as an image) and as a workbook (one sheet per table)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from concom_desk.domain.wording import counted
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents.context import commission_context, settings_of, town_context
from concom_desk.services.documents.context import dollars as _dollars
from concom_desk.services.documents.rendering import Picture, render_template
from concom_desk.services.reports.annual_report import (
    DECISION_NAMES,
    OUTCOME_ORDER,
    AnnualFigures,
    decision_count,
    kind_name,
)
from concom_desk.services.reports.chart import filings_chart
from concom_desk.store import Database
from concom_desk.store.anchor import head_in

REPORT_TEMPLATE = "annual-report"
CHART_WIDTH_MM = 160  # within the forms' 6.5-inch text width


def dollars(cents: int) -> str:
    return _dollars(cents) or "$0.00"


def _kinds(figures: AnnualFigures) -> list[str]:
    """Kinds with filings, the most numerous first."""
    return sorted(figures.by_kind, key=lambda k: (-sum(figures.by_kind[k].values()), k))


def outcomes_phrase(outcomes: dict[str, int]) -> str:
    return ", ".join(f"{outcomes[o]} {o}" for o in OUTCOME_ORDER if outcomes.get(o))


def report_lines(figures: AnnualFigures) -> dict[str, list[str]]:
    decided = ", ".join(decision_count(kind, count) for kind, count in
                        sorted(figures.decisions.items(), key=lambda kv: (-kv[1], kv[0])))
    median = ("no decision had both dates recorded" if figures.median_days_to_decision is None
              else f"median {figures.median_days_to_decision:g} days from filing to decision "
                   f"({counted(figures.decisions_timed, 'decision')})")
    return {
        "hearings": [f"{counted(figures.hearings_opened, 'hearing')} opened; "
                     f"{counted(figures.continuances, 'continuance')} granted.",
                     f"Decisions: {decided or 'none'}.",
                     f"{median[0].upper()}{median[1:]}."],
        "permits": [f"{counted(figures.permits_expiring, 'permit')} expiring in the period; "
                    f"{counted(figures.extensions_issued, 'extension permit')} issued.",
                    f"{counted(figures.cocs_issued, 'certificate')} of compliance issued."],
        "enforcement": [f"{counted(figures.cases_opened, 'enforcement case')} opened, "
                        f"{figures.cases_closed:,} closed.",
                        f"{counted(figures.fines_assessed, 'fine')} assessed: "
                        f"{dollars(figures.fines_cents)}"
                        + (f" ({dollars(figures.fines_waived_cents)} waived)."
                           if figures.fines_waived_cents else ".")],
        "fees": [f"Fees collected: {dollars(figures.fees_collected_cents)} "
                 f"({counted(figures.fees_paid_filings, 'filing')})"
                 + (f", of which {dollars(figures.wpa_town_share_cents)} is the town's share "
                    "of the fee under the Act." if figures.wpa_town_share_cents else "."),
                 # A waived fee is often never set: no amount is then claimed.
                 f"Fees waived: {counted(figures.fees_waived_filings, 'filing')}"
                 + (f" ({dollars(figures.fees_waived_cents)})."
                    if figures.fees_waived_cents else ".")],
    }


def chart_png(figures: AnnualFigures) -> bytes:
    series = {kind_name(kind): figures.monthly.get(kind, [0] * 12) for kind in _kinds(figures)}
    return filings_chart(figures.period.months(), series,
                         f"Filings received per month, {figures.period.short()}")


def _chart_picture(png: bytes) -> Picture:
    """The chart at the text's width (a Picture is sized by its height; a PNG's width and
    height are the two numbers of its header chunk)."""
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return Picture(png, height_mm=CHART_WIDTH_MM * height / width)


def report_context(db: Database, figures: AnnualFigures, today_text: str) -> dict[str, Any]:
    with db.read_session() as session:
        settings = settings_of(session)
        common = {"commission": commission_context(session, figures.period.end),
                  "town": town_context(settings.town, settings), "today": today_text}
        trail = head_in(session).printed()
    return {
        **common,
        "report": {
            "period": figures.period.describe(), "period_short": figures.period.short(),
            "filings_total": f"{figures.filings_total:,}",
            "by_kind": [{"kind": kind_name(kind), "count": f"{sum(o.values()):,}",
                         "outcomes": outcomes_phrase(o)}
                        for kind in _kinds(figures) for o in (figures.by_kind[kind],)],
            "chart": _chart_picture(chart_png(figures)),
            **report_lines(figures),
            "trail": trail,
        },
    }


def write_report_docx(db: Database, figures: AnnualFigures, out: Path, today_text: str,
                      form: Path | None = None) -> Path:
    if out.suffix.lower() != ".docx":
        raise UserError(f"{out.name}: the report is written as a .docx file")
    return render_template(str(form) if form else REPORT_TEMPLATE,
                           report_context(db, figures, today_text), out)


def workbook_rows(figures: AnnualFigures) -> dict[str, list[list[Any]]]:
    """The sheets of the workbook: rows with a header row first."""
    months = [f"{year}-{month:02d}" for year, month in figures.period.months()]
    kinds = _kinds(figures)
    return {
        "Filings by kind": [["kind", *OUTCOME_ORDER, "total"]] + [
            [kind_name(k), *(figures.by_kind[k].get(o, 0) for o in OUTCOME_ORDER),
             sum(figures.by_kind[k].values())] for k in kinds],
        "Filings per month": [["kind", *months]] + [
            [kind_name(k), *figures.monthly.get(k, [0] * 12)] for k in kinds],
        "Decisions": [["decision", "count"]] + [
            [DECISION_NAMES.get(k, (k, k))[1], n] for k, n in sorted(figures.decisions.items())],
        "Summary": [["figure", "value"],
                    ["period", figures.period.describe()],
                    ["filings received", figures.filings_total],
                    ["hearings opened", figures.hearings_opened],
                    ["continuances granted", figures.continuances],
                    ["median days filing to decision",
                     figures.median_days_to_decision if figures.median_days_to_decision
                     is not None else ""],
                    ["permits expiring", figures.permits_expiring],
                    ["extension permits issued", figures.extensions_issued],
                    ["certificates of compliance issued", figures.cocs_issued],
                    ["enforcement cases opened", figures.cases_opened],
                    ["enforcement cases closed", figures.cases_closed],
                    ["fines assessed", figures.fines_assessed],
                    ["fines assessed ($)", figures.fines_cents / 100],
                    ["fines waived ($)", figures.fines_waived_cents / 100],
                    ["fees collected ($)", figures.fees_collected_cents / 100],
                    ["of which the town's share of WPA fees ($)",
                     figures.wpa_town_share_cents / 100],
                    ["filings with fees paid", figures.fees_paid_filings],
                    ["filings with fees waived", figures.fees_waived_filings],
                    ["fees waived ($)", figures.fees_waived_cents / 100]],
    }


def sheets_workbook(rows_by_title: dict[str, list[list[Any]]], out: Path) -> Any:
    """A workbook of one sheet per title, its first row bold (the reports' workbooks:
    the annual report's, the Treasurer's turnover); refused unless `out` is .xlsx."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    if out.suffix.lower() != ".xlsx":
        raise UserError(f"{out.name}: the workbook is written as an .xlsx file")
    book = Workbook()
    book.remove(book.active)
    for title, rows in rows_by_title.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
    return book


def save_workbook(book: Any, out: Path, prefix: str) -> Path:
    """Saved under a temporary name and renamed: never a half-written workbook."""
    out.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=prefix, suffix=".xlsx", dir=out.parent)
    os.close(handle)
    try:
        book.save(temp)
        os.replace(temp, out)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise OperationFailed(f"could not write {out}: {exc.strerror or exc}") from None
    return out


def write_report_xlsx(figures: AnnualFigures, out: Path) -> Path:
    book = sheets_workbook(workbook_rows(figures), out)
    for sheet in book.worksheets:
        sheet.column_dimensions["A"].width = 44
    return save_workbook(book, out, ".report-")
