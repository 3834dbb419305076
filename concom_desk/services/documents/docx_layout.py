"""Small python-docx helpers for documents laid out to the inch (labels, forms).

python-docx covers text well but not table geometry: fixed layout, exact row
heights, cell padding, borders and rows that must not break across pages are
set here on the underlying XML. `row_cells` exists because python-docx's own
`row.cells` recomputes the whole table's grid on each call, which makes
filling a 500-row table quadratic.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from copy import deepcopy
from functools import lru_cache

from docx.enum.table import WD_ROW_HEIGHT_RULE
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Emu, Length, Pt
from docx.table import Table, _Cell, _Row

from concom_desk.domain.plain_text import printable_text

ZERO = Emu(0)


def fix_table_layout(table: Table, widths: Sequence[Length]) -> None:
    """Fixed column widths that Word will not stretch to fit the text."""
    table.autofit = False
    for column, width in zip(table.columns, widths, strict=True):
        column.width = width
    for row in table.rows:
        for cell, width in zip(row_cells(row, table), widths, strict=True):
            cell.width = width


# The order Word's schema requires inside <w:tblPr>; an element out of order
# makes Word report the file as damaged.
_TBL_PR_ORDER = ("tblStyle", "tblpPr", "tblOverlap", "bidiVisual", "tblStyleRowBandSize",
                 "tblStyleColBandSize", "tblW", "jc", "tblCellSpacing", "tblInd",
                 "tblBorders", "shd", "tblLayout", "tblCellMar", "tblLook")


def _put_in_tbl_pr(table: Table, element: OxmlElement) -> None:
    tbl_pr = table._tbl.tblPr
    name = element.tag.rsplit("}", 1)[-1]
    existing = tbl_pr.find(qn(f"w:{name}"))
    if existing is not None:
        tbl_pr.remove(existing)
    rank = _TBL_PR_ORDER.index(name)
    for position, child in enumerate(tbl_pr):
        child_name = child.tag.rsplit("}", 1)[-1]
        if child_name in _TBL_PR_ORDER and _TBL_PR_ORDER.index(child_name) > rank:
            tbl_pr.insert(position, element)
            return
    tbl_pr.append(element)


def set_table_indent(table: Table, indent: Length = ZERO) -> None:
    """Where the table's left edge sits, so the cells land where they are measured."""
    element = OxmlElement("w:tblInd")
    element.set(qn("w:w"), str(int(indent.twips)))
    element.set(qn("w:type"), "dxa")
    _put_in_tbl_pr(table, element)


def set_cell_margins(table: Table, *, top: Length = ZERO, bottom: Length = ZERO,
                     left: Length = ZERO, right: Length = ZERO) -> None:
    margins = OxmlElement("w:tblCellMar")
    _put_in_tbl_pr(table, margins)
    for side, value in (("top", top), ("left", left), ("bottom", bottom), ("right", right)):
        element = OxmlElement(f"w:{side}")
        element.set(qn("w:w"), str(int(value.twips)))
        element.set(qn("w:type"), "dxa")
        margins.append(element)


def exact_row_height(row: _Row, height: Length) -> None:
    row.height = height
    row.height_rule = WD_ROW_HEIGHT_RULE.EXACTLY
    keep_row_together(row)


def keep_row_together(row: _Row) -> None:
    tr_pr = row._tr.get_or_add_trPr()
    if tr_pr.find(qn("w:cantSplit")) is None:
        tr_pr.append(OxmlElement("w:cantSplit"))


def repeat_as_header(row: _Row) -> None:
    """The row is printed again at the top of each page the table runs onto."""
    tr_pr = row._tr.get_or_add_trPr()
    header = OxmlElement("w:tblHeader")
    tr_pr.append(header)


def row_cells(row: _Row, table: Table) -> list[_Cell]:
    """The cells of one row, without recomputing the table's whole grid."""
    return [_Cell(tc, table) for tc in row._tr.tc_lst]


def set_borders(table: Table, size_eighths: int = 4, inside: bool = True) -> None:
    """Single black borders around (and, with `inside`, between) the cells."""
    borders = OxmlElement("w:tblBorders")
    sides = ["top", "left", "bottom", "right"] + (["insideH", "insideV"] if inside else [])
    for side in sides:
        element = OxmlElement(f"w:{side}")
        element.set(qn("w:val"), "single")
        element.set(qn("w:sz"), str(size_eighths))
        element.set(qn("w:space"), "0")
        element.set(qn("w:color"), "000000")
        borders.append(element)
    _put_in_tbl_pr(table, borders)


def write_lines(cell: _Cell, lines: Iterable[str], size: Pt | None = None,
                bold_first: bool = False) -> None:
    """Each line its own paragraph, no space between them (addresses, labels).

    The paragraphs are parsed from prepared XML text: building each through
    python-docx's property setters is most of the time of a 500-line list. The
    cache holds text, never lxml elements: an element made in a worker thread
    must not outlive that thread (lxml frees the thread's name dictionary)."""
    tc = cell._tc
    for old in tc.findall(qn("w:p")):
        tc.remove(old)
    texts = list(lines) or [""]
    for index, text in enumerate(texts):
        paragraph = parse_xml(_paragraph_xml(size.pt if size is not None else None,
                                             bold_first and index == 0))
        # (a name pasted with a control character in it must not stop the list)
        paragraph.find(f"{_W_R}/{_W_T}").text = printable_text(text)
        tc.append(paragraph)


_W_R, _W_T = qn("w:r"), qn("w:t")


@lru_cache(maxsize=16)
def _paragraph_xml(points: float | None, bold: bool) -> str:
    bold_xml = "<w:b/>" if bold else ""
    size_xml = f'<w:sz w:val="{round(points * 2)}"/>' if points is not None else ""
    return (f"<w:p {nsdecls('w')}><w:pPr><w:spacing w:before=\"0\" w:after=\"0\" "
            f"w:line=\"240\" w:lineRule=\"auto\"/></w:pPr><w:r><w:rPr>{bold_xml}{size_xml}"
            f"</w:rPr><w:t xml:space=\"preserve\"></w:t></w:r></w:p>")


def add_rows_like(table: Table, model: _Row, count: int) -> list[_Row]:
    """`count` new rows, each a copy of `model` (its widths, height, properties)."""
    rows = []
    for _ in range(count):
        tr = deepcopy(model._tr)
        table._tbl.append(tr)
        rows.append(_Row(tr, table))
    return rows
