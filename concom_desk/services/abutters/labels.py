"""Mailing labels for Avery 5160 (and its equivalents 5260, 5960, 8160, 18160).

The sheet: US Letter, 3 across × 10 down, each label 2.625" × 1". The 0.5" top
margin, the 0.1875" side margins and the 0.125" gutters between columns put the
text on the labels: the table has five columns (label, gutter, label, gutter,
label), fixed widths, rows exactly 1" high that never break across a page. The
bottom margin is a little under 0.5" so Word's required paragraph after the
table never pushes a full sheet's last row to a blank page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from docx import Document
from docx.enum.table import WD_ALIGN_VERTICAL
from docx.shared import Inches, Pt

from concom_desk.domain.abutters.mailing import MailingPiece
from concom_desk.services.documents.docx_layout import (
    add_rows_like,
    exact_row_height,
    fix_table_layout,
    row_cells,
    set_cell_margins,
    set_table_indent,
    write_lines,
)
from concom_desk.services.documents.rendering import save_atomically

LABELS_ACROSS = 3
LABELS_DOWN = 10
LABELS_PER_SHEET = LABELS_ACROSS * LABELS_DOWN
LABEL_WIDTH = Inches(2.625)
LABEL_HEIGHT = Inches(1)
GUTTER = Inches(0.125)
TOP_MARGIN = Inches(0.5)
SIDE_MARGIN = Inches(0.1875)
BOTTOM_MARGIN = Inches(0.25)
LABEL_COLUMNS = (0, 2, 4)  # table columns that are labels (1 and 3 are gutters)


def write_labels(pieces: Sequence[MailingPiece], out: Path,
                 step: Callable[[], None] | None = None) -> Path:
    """One label per piece, in mailing order, across then down."""
    document = Document()
    section = document.sections[0]
    section.page_width, section.page_height = Inches(8.5), Inches(11)
    section.top_margin, section.bottom_margin = TOP_MARGIN, BOTTOM_MARGIN
    section.left_margin = section.right_margin = SIDE_MARGIN
    section.header_distance = section.footer_distance = Inches(0)
    sheets = max(1, -(-len(pieces) // LABELS_PER_SHEET))
    table = document.add_table(rows=1, cols=5)
    fix_table_layout(table, [LABEL_WIDTH, GUTTER, LABEL_WIDTH, GUTTER, LABEL_WIDTH])
    # Text starts a little in from the die-cut edge.
    set_cell_margins(table, left=Inches(0.1), right=Inches(0.05), top=Inches(0.03))
    set_table_indent(table)
    model = table.rows[0]
    exact_row_height(model, LABEL_HEIGHT)
    for column in LABEL_COLUMNS:
        row_cells(model, table)[column].vertical_alignment = WD_ALIGN_VERTICAL.CENTER
    rows = [model, *add_rows_like(table, model, sheets * LABELS_DOWN - 1)]
    for index, row in enumerate(rows):
        cells = row_cells(row, table)
        for across, column in enumerate(LABEL_COLUMNS):
            number = index * LABELS_ACROSS + across
            if number < len(pieces):
                lines = pieces[number].envelope_lines
                write_lines(cells[column], lines, size=Pt(10 if len(lines) <= 5 else 8))
                if step is not None:
                    step()
    # Word needs a paragraph after a table; keep it tiny so it fits under the last row.
    tail = document.add_paragraph()
    tail.paragraph_format.space_before = tail.paragraph_format.space_after = Pt(0)
    tail.add_run("").font.size = Pt(1)
    return save_atomically(document, out, "the mailing labels")  # scanned like every document
