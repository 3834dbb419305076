"""Avery 5160 sheets: 30 labels a page, across then down, each where the die cut is."""

from __future__ import annotations

from pathlib import Path

from docx import Document
from docx.shared import Inches

from concom_desk.domain.abutters.mailing import MailingPiece
from concom_desk.services.abutters.labels import LABEL_COLUMNS, write_labels


def pieces(count: int) -> list[MailingPiece]:
    return [MailingPiece(n, f"Owner {n}", "", (f"{n} Main St", "Upton, MA 01568"), ())
            for n in range(1, count + 1)]


def label_texts(path: Path) -> list[list[list[str]]]:
    """Per sheet (10 table rows), the labels' lines across then down."""
    table = Document(str(path)).tables[0]
    labels = [[p.text for p in row.cells[c].paragraphs] for row in table.rows
              for c in LABEL_COLUMNS]
    return [labels[i:i + 30] for i in range(0, len(labels), 30)]


def test_thirty_labels_a_sheet_across_then_down(tmp_path: Path) -> None:
    path = write_labels(pieces(31), tmp_path / "labels.docx")
    sheets = label_texts(path)
    assert len(sheets) == 2
    assert sheets[0][0] == ["Owner 1", "1 Main St", "Upton, MA 01568"]
    assert sheets[0][1][0] == "Owner 2"          # across first
    assert sheets[0][3][0] == "Owner 4"          # then the next row down
    assert sheets[0][29][0] == "Owner 30"        # last label of the first sheet
    assert sheets[1][0][0] == "Owner 31"         # first label of the second sheet
    assert all(label == [""] for label in sheets[1][1:])


def test_page_geometry_fits_exactly_ten_rows(tmp_path: Path) -> None:
    document = Document(str(write_labels(pieces(3), tmp_path / "labels.docx")))
    section = document.sections[0]
    table = document.tables[0]
    body = section.page_height - section.top_margin - section.bottom_margin
    assert section.top_margin == Inches(0.5)
    assert section.left_margin == section.right_margin == Inches(0.1875)
    assert {row.height for row in table.rows} == {Inches(1)}
    # rows are exactly 1" and never split: ten fit the sheet's body, an eleventh does not
    assert body // Inches(1) == 10
    across = sum(table.columns[i].width for i in range(5)) + section.left_margin * 2
    assert across == Inches(8.5)


def test_care_of_line_under_the_name(tmp_path: Path) -> None:
    piece = MailingPiece(1, "Pond Realty Trust", "R. Smith, Trustee", ("PO Box 9",
                                                                      "Worcester, MA 01601"), ())
    sheets = label_texts(write_labels([piece], tmp_path / "labels.docx"))
    assert sheets[0][0] == ["Pond Realty Trust", "c/o R. Smith, Trustee", "PO Box 9",
                            "Worcester, MA 01601"]
