"""The certified-mail list in the layout of USPS PS Form 3877 (firm mailing book
for accountable mail).

The post office stamps the list as the commission's proof of mailing: the
sender's name and address at the top, the kind of mail ticked, one numbered
line per article (article number, addressee's name and address, postage and
fee columns the clerk or the clerk at the counter fills in), the total number
of pieces listed by the sender, a line for the pieces received at the post
office, and a box for the postmark. Landscape Letter, header row repeated on
every page, no line split across pages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from docx import Document
from docx.document import Document as WordDocument
from docx.enum.section import WD_ORIENT
from docx.enum.table import WD_ALIGN_VERTICAL
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Inches, Pt

from concom_desk.domain.abutters.mailing import MailingPiece, Sender
from concom_desk.services.documents.docx_layout import (
    add_rows_like,
    fix_table_layout,
    keep_row_together,
    repeat_as_header,
    row_cells,
    set_borders,
    set_cell_margins,
    write_lines,
)
from concom_desk.services.documents.rendering import save_atomically

FORM_TITLE = "Firm Mailing Book For Accountable Mail"
FORM_NAME = "PS Form 3877 layout"
COLUMNS: tuple[tuple[str, float], ...] = (
    ("Line", 0.45),
    ("Article Number", 2.2),
    ("Addressee (Name, Street, City, State, & ZIP Code™)", 3.3),
    ("Postage", 0.75),
    ("Certified Fee", 0.75),
    ("Return Receipt Fee", 0.8),
    ("Handling Charge", 0.75),
    ("Total", 0.75),
)
ADDRESSEE_COLUMN = 2
ARTICLE_COLUMN = 1


def write_certified_mail_list(sender: Sender, pieces: Sequence[MailingPiece], out: Path,
                              reference: str = "", step: Callable[[], None] | None = None
                              ) -> Path:
    document = Document()
    section = document.sections[0]
    section.orientation = WD_ORIENT.LANDSCAPE
    section.page_width, section.page_height = Inches(11), Inches(8.5)
    section.left_margin = section.right_margin = Inches(0.5)
    section.top_margin = section.bottom_margin = Inches(0.5)
    _style(document)
    _top_block(document, sender, reference)
    _articles_table(document, pieces, step)
    _totals_block(document, len(pieces))
    return save_atomically(document, out, "the certified-mail list")  # scanned like every document


def _style(document: WordDocument) -> None:
    normal = document.styles["Normal"]
    normal.font.size = Pt(9)
    normal.paragraph_format.space_after = Pt(0)


def _top_block(document: WordDocument, sender: Sender, reference: str) -> None:
    title = document.add_paragraph()
    run = title.add_run(FORM_TITLE)
    run.bold = True
    run.font.size = Pt(13)
    title.add_run(f"    ({FORM_NAME})").font.size = Pt(8)
    table = document.add_table(rows=1, cols=3)
    fix_table_layout(table, [Inches(3.6), Inches(3.0), Inches(3.2)])
    set_cell_margins(table, left=Inches(0.08), right=Inches(0.08), top=Inches(0.04),
                     bottom=Inches(0.04))
    set_borders(table)
    sender_cell, kind_cell, postmark_cell = row_cells(table.rows[0], table)
    write_lines(sender_cell, ["Name and Address of Sender", *sender.lines], bold_first=True)
    # "Return Receipt for Merchandise" is another USPS service; abutters get the green card.
    kinds = ["Check type of mail or service", "☒ Certified Mail",
             "☒ Return Receipt (green card, PS Form 3811)", "☐ Return Receipt for Merchandise",
             "☐ Registered Mail", "☐ Certificate of Mailing", "☐ Signature Confirmation"]
    if reference:
        kinds.append(f"Reference: {reference}")
    write_lines(kind_cell, kinds, bold_first=True)
    write_lines(postmark_cell, ["Affix Stamp Here (postmark and date of receipt)", "", "", "",
                                "", ""], bold_first=True)
    table.rows[0].height = Inches(1.3)
    document.add_paragraph()


def _articles_table(document: WordDocument, pieces: Sequence[MailingPiece],
                    step: Callable[[], None] | None) -> None:
    table = document.add_table(rows=1, cols=len(COLUMNS))
    fix_table_layout(table, [Inches(width) for _, width in COLUMNS])
    set_borders(table)
    set_cell_margins(table, left=Inches(0.05), right=Inches(0.05), top=Inches(0.02),
                     bottom=Inches(0.02))
    header = table.rows[0]
    repeat_as_header(header)
    for cell, (title, _) in zip(row_cells(header, table), COLUMNS, strict=True):
        write_lines(cell, [title], size=Pt(8), bold_first=True)
        cell.vertical_alignment = WD_ALIGN_VERTICAL.CENTER
    if not pieces:
        return
    model = table.add_row()
    keep_row_together(model)
    rows = [model, *add_rows_like(table, model, len(pieces) - 1)]
    for piece, row in zip(pieces, rows, strict=True):
        cells = row_cells(row, table)
        write_lines(cells[0], [str(piece.number)])
        cells[0].paragraphs[0].alignment = WD_ALIGN_PARAGRAPH.CENTER
        write_lines(cells[ARTICLE_COLUMN], [piece.article_number])
        write_lines(cells[ADDRESSEE_COLUMN], piece.envelope_lines, bold_first=True)
        if step is not None:
            step()


def _totals_block(document: WordDocument, count: int) -> None:
    document.add_paragraph()
    table = document.add_table(rows=1, cols=3)
    fix_table_layout(table, [Inches(3.3), Inches(3.3), Inches(3.2)])
    set_borders(table)
    set_cell_margins(table, left=Inches(0.08), right=Inches(0.08), top=Inches(0.04),
                     bottom=Inches(0.04))
    listed, received, postmaster = row_cells(table.rows[0], table)
    write_lines(listed, ["Total Number of Pieces Listed by Sender", str(count)],
                bold_first=True)
    write_lines(received, ["Total Number of Pieces Received at Post Office", ""],
                bold_first=True)
    write_lines(postmaster, ["Postmaster, Per (Name of receiving employee)", ""],
                bold_first=True)
    keep_row_together(table.rows[0])
