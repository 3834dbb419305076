"""The affidavit of service: the sworn statement that every abutter was notified,
with the list of notices attached, signed under the pains and penalties of
perjury (the form follows DEP's "Affidavit of Service" for abutter notification
under MGL c.131 §40)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from docx import Document
from docx.document import Document as WordDocument
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Inches, Pt

from concom_desk.domain.abutters.mailing import MailingPiece
from concom_desk.services.docx_layout import (
    add_rows_like,
    fix_table_layout,
    keep_row_together,
    repeat_as_header,
    row_cells,
    set_borders,
    set_cell_margins,
    write_lines,
)

# RRR: return receipt requested (the green card).
METHOD_WORDS = {
    "certified": "Certified mail, RRR",
    "hand": "Hand delivery",
    "first_class": "First-class mail",
    "certificate_of_mailing": "Certificate of mailing",
}


@dataclass(frozen=True)
class AffidavitFacts:
    commission_name: str
    town_name: str
    bylaw: str  # "" when the town has no bylaw profile
    kind_name: str
    file_no: str
    dep_file_no: str
    applicant_name: str
    received: str  # "June 12, 2026" or ""
    property_address: str
    map_lot: str
    hearing: str  # "Tuesday, June 23, 2026 at 7:00 PM, Town Hall" or ""
    mailed_on: str  # "" leaves a blank for the date of service


def write_affidavit(facts: AffidavitFacts, pieces: Sequence[MailingPiece], out: Path,
                    step: Callable[[], None] | None = None) -> Path:
    document = Document()
    section = document.sections[0]
    section.page_width, section.page_height = Inches(8.5), Inches(11)
    section.left_margin = section.right_margin = Inches(1)
    section.top_margin = section.bottom_margin = Inches(0.8)
    document.styles["Normal"].font.size = Pt(11)

    heading = document.add_paragraph()
    heading.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = heading.add_run("AFFIDAVIT OF SERVICE")
    run.bold = True
    run.font.size = Pt(14)
    laws = "the Massachusetts Wetlands Protection Act, MGL c.131 §40"
    if facts.bylaw:
        laws += f", and {facts.bylaw}"
    sub = document.add_paragraph(f"Under {laws}")
    sub.alignment = WD_ALIGN_PARAGRAPH.CENTER

    numbers = f"local file no. {facts.file_no}" + (
        f", DEP file no. {facts.dep_file_no}" if facts.dep_file_no else "")
    served_on = facts.mailed_on or "______________________"
    document.add_paragraph(
        "I, ________________________________________, hereby certify under the pains and "
        f"penalties of perjury that on {served_on} I gave notification to abutters in "
        "compliance with the second paragraph of MGL c.131 §40 and the DEP Guide to Abutter "
        "Notification" + (f" and {facts.bylaw}" if facts.bylaw else "")
        + ", in connection with the following matter:")
    where = facts.property_address + (f" (assessors' map/lot {facts.map_lot})"
                                      if facts.map_lot else "")
    filed = f" on {facts.received}" if facts.received else ""
    document.add_paragraph(
        f"A {facts.kind_name} ({numbers}) was filed by {facts.applicant_name or '(applicant)'} "
        f"with the {facts.commission_name}{filed} for property located at {where}.")
    if facts.hearing:
        document.add_paragraph(f"The public hearing is to be held {facts.hearing}.")
    document.add_paragraph(
        "The form of the notification, and a list of the abutters to whom it was given and "
        f"their addresses, are attached to this Affidavit of Service ({len(pieces)} "
        f"notice{'s' if len(pieces) != 1 else ''}).")
    document.add_paragraph()
    for label in ("Signature", "Name (printed)", "Date"):
        line = document.add_paragraph("_" * 45)
        line.paragraph_format.space_before = Pt(14)
        line.paragraph_format.space_after = Pt(0)
        document.add_paragraph(label).runs[0].font.size = Pt(9)

    document.add_page_break()
    title = document.add_paragraph()
    title.add_run(f"Abutters notified — {facts.kind_name}, {numbers}, {where}").bold = True
    _notice_table(document, pieces, step)
    document.save(str(out))
    return out


def _notice_table(document: WordDocument, pieces: Sequence[MailingPiece],
                  step: Callable[[], None] | None) -> None:
    columns = (("No.", 0.4), ("Name and mailing address", 2.3), ("Parcel(s)", 1.5),
               ("How notified", 0.95), ("Article number", 1.35))
    table = document.add_table(rows=1, cols=len(columns))
    fix_table_layout(table, [Inches(width) for _, width in columns])
    set_borders(table)
    set_cell_margins(table, left=Inches(0.05), right=Inches(0.05), top=Inches(0.02),
                     bottom=Inches(0.02))
    repeat_as_header(table.rows[0])
    for cell, (title, _) in zip(row_cells(table.rows[0], table), columns, strict=True):
        write_lines(cell, [title], size=Pt(9), bold_first=True)
    if not pieces:
        return
    model = table.add_row()
    keep_row_together(model)
    rows = [model, *add_rows_like(table, model, len(pieces) - 1)]
    for piece, row in zip(pieces, rows, strict=True):
        cells = row_cells(row, table)
        write_lines(cells[0], [str(piece.number)], size=Pt(9))
        write_lines(cells[1], piece.envelope_lines, size=Pt(9))
        write_lines(cells[2], piece.parcels or ("",), size=Pt(9))
        write_lines(cells[3], [METHOD_WORDS.get(piece.method, piece.method)], size=Pt(9))
        write_lines(cells[4], [piece.article_number], size=Pt(9))
        if step is not None:
            step()
