"""The Treasurer's turnover report: the money the commission took in (and gave back)
between two days, receipt by receipt, with totals by how it was paid (what is in the
deposit bag: cash, checks, other) and by fee (what the Treasurer credits to which
account), and the fees waived in the same days listed apart (no money moved).

Written as a Word page for the signatures (prepared by, received by the Treasurer)
and as a workbook for the Treasurer's own spreadsheet. The state's share of the fee
under the Act is not here: the applicant sends it to MassDEP's lockbox.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from docx import Document
from docx.enum.section import WD_ORIENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Inches, Pt

from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import UserError
from concom_desk.services.documents.context import settings_of
from concom_desk.services.documents.docx_layout import (
    fix_table_layout,
    repeat_as_header,
    row_cells,
    set_borders,
    write_lines,
)
from concom_desk.services.documents.rendering import save_atomically
from concom_desk.services.filings.payments import (
    FEE_NAMES,
    METHOD_NAMES,
    PaymentLine,
    money,
    payments_between,
)
from concom_desk.services.reports.report_files import save_workbook, sheets_workbook
from concom_desk.store import Database
from concom_desk.store.anchor import head_in

TITLE = "Treasurer's Turnover Report"
COLUMNS = (("Receipt no.", 0.95), ("Date", 0.95), ("File no.", 0.95), ("Fee", 2.6),
           ("Paid by", 1.25), ("Received by", 1.0), ("Amount", 1.0))


@dataclass(frozen=True)
class Turnover:
    commission: str
    start: date
    end: date
    lines: list[PaymentLine]  # receipts and refunds
    waivers: list[PaymentLine]
    by_method: dict[str, int]
    by_fee: dict[str, int]
    trail: str

    @property
    def total_cents(self) -> int:
        return sum(line.amount_cents for line in self.lines)

    def period(self) -> str:
        return f"{long_date(self.start)} to {long_date(self.end)}"


def turnover(db: Database, start: date, end: date) -> Turnover:
    if end < start:
        raise UserError(f"the period ends ({end}) before it starts ({start})")
    with db.read_session() as session:
        every = payments_between(session, start, end)
        name = settings_of(session).name
        trail = head_in(session).printed()
    lines = [line for line in every if line.entry != "waiver"]
    by_method: dict[str, int] = defaultdict(int)
    by_fee: dict[str, int] = defaultdict(int)
    for line in lines:
        by_method[line.method] += line.amount_cents
        by_fee[line.fee] += line.amount_cents
    return Turnover(name, start, end, lines, [w for w in every if w.entry == "waiver"],
                    dict(by_method), dict(by_fee), trail)


def _row_words(line: PaymentLine) -> list[str]:
    fee = FEE_NAMES[line.fee]
    if line.entry == "refund":
        fee = f"Refund: {fee} — {line.reason}"
    return [line.receipt_no or "—", line.received_on.isoformat(), line.file_no, fee,
            line.how_paid, line.received_by, money(line.amount_cents)]


BY_METHOD, BY_FEE, TOTAL = ("By how paid (the deposit)", "By fee (the accounts)",
                            "Total turned over")


def totals(report: Turnover) -> list[tuple[str, int | None]]:
    """Label and cents, under two headings (cents None): by how paid (the cash and
    checks in the deposit), by fee (the accounts credited); then the whole."""
    rows: list[tuple[str, int | None]] = [(BY_METHOD, None)]
    rows += [(METHOD_NAMES[m], c) for m, c in sorted(report.by_method.items())]
    rows.append((BY_FEE, None))
    rows += [(FEE_NAMES[f], c) for f, c in sorted(report.by_fee.items())]
    rows.append((TOTAL, report.total_cents))
    return rows


def write_turnover_docx(report: Turnover, out: Path) -> Path:
    if out.suffix.lower() != ".docx":
        raise UserError(f"{out.name}: the turnover report is written as a .docx file")
    document = Document()
    section = document.sections[0]
    section.orientation = WD_ORIENT.LANDSCAPE
    section.page_width, section.page_height = Inches(11), Inches(8.5)
    for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
        setattr(section, side, Inches(0.75))
    style = document.styles["Normal"]
    style.font.name, style.font.size = "Calibri", Pt(10)
    heading = document.add_paragraph()
    heading.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = heading.add_run(f"{report.commission}\n{TITLE}")
    run.bold, run.font.size = True, Pt(14)
    period = document.add_paragraph(f"Money received from {report.period()}")
    period.alignment = WD_ALIGN_PARAGRAPH.CENTER

    if report.lines:
        table = document.add_table(rows=1 + len(report.lines), cols=len(COLUMNS))
        fix_table_layout(table, [Inches(w) for _, w in COLUMNS])
        set_borders(table)
        repeat_as_header(table.rows[0])
        for row, words in zip(table.rows, [[c for c, _ in COLUMNS]]
                              + [_row_words(line) for line in report.lines], strict=True):
            for index, (cell, text) in enumerate(zip(row_cells(row, table), words,
                                                     strict=True)):
                write_lines(cell, [text], bold_first=row is table.rows[0])
                if index == len(COLUMNS) - 1:
                    cell.paragraphs[0].alignment = WD_ALIGN_PARAGRAPH.RIGHT
    else:
        document.add_paragraph("No money was received or refunded in these days.")

    document.add_paragraph().add_run("Totals").bold = True
    sums = document.add_table(rows=0, cols=2)
    fix_table_layout(sums, [Inches(3.6), Inches(1.2)])
    for label, cents in totals(report):
        cells = sums.add_row().cells
        heading = cents is None or label == TOTAL
        write_lines(cells[0], [label if heading else f"    {label}"], bold_first=heading)
        write_lines(cells[1], [money(cents) if cents is not None else ""],
                    bold_first=heading)
        cells[1].paragraphs[0].alignment = WD_ALIGN_PARAGRAPH.RIGHT

    if report.waivers:
        document.add_paragraph().add_run("Fees waived in these days (no money received)").bold \
            = True
        for waiver in report.waivers:
            document.add_paragraph(f"{waiver.received_on.isoformat()}  {waiver.file_no}  "
                                   f"{FEE_NAMES[waiver.fee]}  {money(waiver.amount_cents)}"
                                   f" — {waiver.reason}", style="List Bullet")

    document.add_paragraph()
    for words in ("Prepared by (commission):", "Received by (Treasurer):"):
        document.add_paragraph(f"{words} ______________________________    "
                               "Date: ______________")
    footer = section.footer.paragraphs[0]
    footer.text = report.trail
    footer.runs[0].font.size = Pt(7)
    return save_atomically(document, out, "the turnover report")


def workbook_rows(report: Turnover) -> dict[str, list[list[object]]]:
    receipts: list[list[object]] = [["Receipt no.", "Date", "File no.", "Entry", "Fee",
                                     "Method", "Check no.", "Received by", "Reason",
                                     "Amount ($)"]]
    receipts += [[line.receipt_no, line.received_on, line.file_no,
                  "refund" if line.entry == "refund" else "payment", FEE_NAMES[line.fee],
                  line.how_paid if line.method == "other" else METHOD_NAMES[line.method],
                  line.check_no, line.received_by,
                  line.reason, line.amount_cents / 100] for line in report.lines]
    summed: list[list[object]] = [["Period", report.period()]]
    summed += [[label, cents / 100 if cents is not None else None]
               for label, cents in totals(report)]
    waived: list[list[object]] = [["Date", "File no.", "Fee", "Reason", "Amount ($)"]]
    waived += [[w.received_on, w.file_no, FEE_NAMES[w.fee], w.reason, w.amount_cents / 100]
               for w in report.waivers]
    return {"Receipts": receipts, "Totals": summed, "Waived": waived}


def write_turnover_xlsx(report: Turnover, out: Path) -> Path:
    book = sheets_workbook(workbook_rows(report), out)
    for sheet in book.worksheets:
        for column, width in zip("ABCDEFGHIJ", (14, 12, 12, 10, 38, 10, 12, 14, 30, 12),
                                 strict=True):
            sheet.column_dimensions[column].width = width
        for row in sheet.iter_rows(min_row=2):
            for cell in row:
                if isinstance(cell.value, date):
                    cell.number_format = "yyyy-mm-dd"
                elif isinstance(cell.value, float):
                    cell.number_format = "#,##0.00"
    return save_workbook(book, out, ".turnover-")
