"""Building blocks for MassDEP's WPA forms (used by tools/forms_wpa.py).

The state's forms have one look, which MassDEP and the Registry recognise: the
department's heading on every page with the DEP file number boxed at the right,
grey section bars ("A. General Information"), numbered items whose answers sit on
a line with a small lettered caption under it ("a. Street Address"), and check
boxes. The form and revision each template follows are printed at its foot.
"""

from __future__ import annotations

from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Inches, Pt, RGBColor
from forms_kit import _field, _shade, hang, keep_with_signatures, para, signature_line, tag

from concom_desk.services.documents.wpa_fields import BLANK

GREY = RGBColor(0x55, 0x55, 0x55)
TEXT_WIDTH = 6.5  # inches between the margins


def _borders(cell, **sides: str) -> None:
    """Cell borders: side='single' or 'nil'."""
    tc_pr = cell._tc.get_or_add_tcPr()
    borders = OxmlElement("w:tcBorders")
    for side in ("top", "left", "bottom", "right"):
        edge = OxmlElement(f"w:{side}")
        kind = sides.get(side, "nil")
        edge.set(qn("w:val"), kind)
        edge.set(qn("w:sz"), "6" if kind != "nil" else "0")
        edge.set(qn("w:color"), "000000")
        borders.append(edge)
    tc_pr.append(borders)


def _cell_par(cell, text: str, size: float, bold: bool = False, italic: bool = False,
              color: RGBColor | None = None, align: str | None = None, first: bool = True):
    paragraph = cell.paragraphs[0] if first else cell.add_paragraph()
    fmt = paragraph.paragraph_format
    fmt.space_after = fmt.space_before = Pt(0)
    if align == "center":
        fmt.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = paragraph.add_run(text)
    run.font.size = Pt(size)
    run.bold = bold or None
    run.italic = italic or None
    if color is not None:
        run.font.color.rgb = color
    return paragraph


def _widths(table, widths: list[float]) -> None:
    table.autofit = False
    for column, width in zip(table.columns, widths, strict=True):
        column.width = Inches(width)
        for cell in column.cells:
            cell.width = Inches(width)


def wpa_heading(document, form_title: str, dep_box: bool = True) -> None:
    """The department's heading, in the page header so it repeats on every page."""
    header = document.sections[0].header
    header.is_linked_to_previous = False
    table = header.add_table(rows=1, cols=2, width=Inches(TEXT_WIDTH))
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    left, right = table.rows[0].cells
    _cell_par(left, "Massachusetts Department of Environmental Protection", 10, bold=True)
    _cell_par(left, "Bureau of Resource Protection – Wetlands", 9, first=False)
    _cell_par(left, form_title, 13, bold=True, first=False)
    _cell_par(left, "Massachusetts Wetlands Protection Act M.G.L. c. 131, §40", 9,
              first=False)
    if dep_box:
        _cell_par(right, "DEP File Number:", 8, color=GREY)
        _cell_par(right, "{{ wpa.dep_file_no }}", 12, bold=True, first=False, align="center")
        _borders(right, top="single", left="single", bottom="single", right="single")
    _widths(table, [4.6, 1.9])
    header.paragraphs[0].paragraph_format.space_after = Pt(0)
    rule = header.add_paragraph()
    rule.paragraph_format.space_after = Pt(2)
    p_pr = rule._p.get_or_add_pPr()
    borders = OxmlElement("w:pBdr")
    bottom = OxmlElement("w:bottom")
    for key, value in (("w:val", "single"), ("w:sz", "8"), ("w:space", "1"),
                       ("w:color", "000000")):
        bottom.set(qn(key), value)
    borders.append(bottom)
    p_pr.append(borders)


def wpa_footer(document, follows: str, record_no: str) -> None:
    """'Follows MassDEP WPA Form 5 … (rev. …) · 2026-014 · Page 1 of 9' at every foot."""
    paragraph = document.sections[0].footer.paragraphs[0]
    paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = paragraph.add_run(f"Follows MassDEP {follows} · {record_no} · Page ")
    run.font.size = Pt(8)
    _field(paragraph, "PAGE")
    paragraph.add_run(" of ").font.size = Pt(8)
    _field(paragraph, "NUMPAGES")


def section(document, text: str) -> None:
    """A grey bar: 'A. General Information'."""
    paragraph = para(document, text, bold=True, size=11, before=8, after=4, keep=True)
    p_pr = paragraph._p.get_or_add_pPr()
    shading = OxmlElement("w:shd")
    shading.set(qn("w:val"), "clear")
    shading.set(qn("w:color"), "auto")
    shading.set(qn("w:fill"), "D9D9D9")
    p_pr.append(shading)


def item(document, number: str, text: str, *, bold_label: bool = True):
    """A numbered item of the form: '5. Project Location:'."""
    paragraph = para(document, after=1, before=4, keep=True)
    run = paragraph.add_run(f"{number}\t" if number else "")
    run.font.size = Pt(9.5)
    label = paragraph.add_run(text)
    label.font.size = Pt(9.5)
    label.bold = bold_label or None
    hang(paragraph, 0.3)
    return paragraph


def answers(document, cells: list[tuple[str, str, float]], indent: float = 0.3) -> None:
    """Answers on a line, each with its lettered caption under it:
    [("{{ wpa.location.street }}", "a. Street Address", 3.2), ...]."""
    table = document.add_table(rows=2, cols=len(cells))
    table.alignment = WD_TABLE_ALIGNMENT.RIGHT
    for column, (value, caption, _width) in enumerate(cells):
        top, under = table.rows[0].cells[column], table.rows[1].cells[column]
        # The cell's rule is the line to write on: a blank the record left is not drawn twice.
        if value.startswith("{{ ") and value.endswith(" }}") and value.count("{{") == 1:
            value = f"{{{{ ({value[3:-3]})|replace('{BLANK}', '') }}}}"
        _cell_par(top, value, 10)
        _borders(top, bottom="single")
        _cell_par(under, caption, 7.5, italic=True, color=GREY)
        _borders(under)
    scale = (TEXT_WIDTH - indent) / sum(width for _v, _c, width in cells)
    _widths(table, [width * scale for _v, _c, width in cells])
    para(document, after=0).paragraph_format.line_spacing = Pt(5)


def check(document, box: str, text: str, indent: float = 0.3, after: float = 3):
    """A check box and its words, hanging: '☒ a. the following conditions …'."""
    paragraph = para(document, f"{box}\t{text}", after=after, align="justify")
    fmt = paragraph.paragraph_format
    fmt.left_indent, fmt.first_line_indent = Inches(indent + 0.3), Inches(-0.3)
    fmt.tab_stops.add_tab_stop(Inches(indent + 0.3))
    for run in paragraph.runs:
        run.font.size = Pt(9.5)
    return paragraph


def small(document, text: str, *, italic: bool = False, after: float = 3,
          indent: float = 0.3, bold: bool = False):
    paragraph = para(document, text, italic=italic, bold=bold, size=9.5, after=after,
                     align="justify")
    paragraph.paragraph_format.left_indent = Inches(indent)
    return paragraph


def loop_of(document, items: str, var: str, text: str, indent: float = 0.3,
            empty: str | None = None) -> None:
    """One paragraph per item; `empty` (when given) when there is none."""
    if empty:
        tag(document, f"{{%p if {items} %}}")
    tag(document, f"{{%p for {var} in {items} %}}")
    small(document, text, indent=indent, after=2)
    tag(document, "{%p endfor %}")
    if empty:
        tag(document, "{%p else %}")
        small(document, empty, italic=True, indent=indent)
        tag(document, "{%p endif %}")


def grid(document, headings: list[str], row: list[str], loop: str,
         widths: list[float]) -> None:
    """A table with a row per item (docxtpl's {%tr %} rows), headed like the form's."""
    table = document.add_table(rows=4, cols=len(headings))
    table.style = "Table Grid"
    for column, heading in enumerate(headings):
        cell = table.rows[0].cells[column]
        _cell_par(cell, heading, 8, bold=True)
        _shade(cell, "EEEEEE")
    table.rows[1].cells[0].paragraphs[0].add_run(f"{{%tr for {loop} %}}")
    for column, value in enumerate(row):
        _cell_par(table.rows[2].cells[column], value, 9)
    table.rows[3].cells[0].paragraphs[0].add_run("{%tr endfor %}")
    # The table moves to the next page whole, heading included, rather than split.
    for table_row in table.rows:
        tr_pr = table_row._tr.get_or_add_trPr()
        tr_pr.append(OxmlElement("w:cantSplit"))
        for cell in table_row.cells:
            for paragraph in cell.paragraphs:
                paragraph.paragraph_format.keep_with_next = True
    _widths(table, widths)
    para(document, after=4)


def signatures(document, intro: str, names: str = "commission.signature_lines") -> None:
    """A line for each name: the members in office when the form is issued (the Act's
    forms need a majority's signatures), or those who signed it."""
    keep_with_signatures(small(document, intro, italic=True))
    tag(document, f"{{%p for name in {names} %}}")
    signature_line(document, "{{ name }}", before=14)
    tag(document, "{%p endfor %}")
    para(document, after=4)
