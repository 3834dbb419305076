"""Building blocks for the default Word templates (used by tools/make_forms.py).

Every template is made here with python-docx so that the shipped .docx files
can be rebuilt from source at any time and reviewed as code. The look is a
plain municipal document: Calibri 11 pt (LibreOffice shows it with the
metric-compatible Carlito), 1-inch margins on US Letter, the commission's
letterhead at the top, the file number and page count in the footer.
"""

from __future__ import annotations

import zipfile
from datetime import datetime
from pathlib import Path

from docx import Document
from docx.document import Document as DocumentObject
from docx.enum.section import WD_SECTION
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK, WD_TAB_ALIGNMENT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Inches, Pt, RGBColor
from docx.table import Table
from docx.text.paragraph import Paragraph

FONT = "Calibri"
FIXED_TIME = datetime(2026, 1, 1, 0, 0, 0)
INK = RGBColor(0x1F, 0x2A, 0x44)  # dark navy for headings and the letterhead rule


def _set_font(style, size: float, bold: bool = False, color: RGBColor | None = None) -> None:
    style.font.name = FONT
    style.font.size = Pt(size)
    style.font.bold = bold
    style.font.italic = False
    style.font.color.rgb = color or RGBColor(0, 0, 0)
    fonts = style.element.get_or_add_rPr().get_or_add_rFonts()
    for attr in ("w:ascii", "w:hAnsi", "w:cs", "w:eastAsia"):
        fonts.set(qn(attr), FONT)
    for attr in ("w:asciiTheme", "w:hAnsiTheme", "w:cstheme", "w:eastAsiaTheme"):
        fonts.attrib.pop(qn(attr), None)


def new_document(title: str) -> DocumentObject:
    document = Document()
    section = document.sections[0]
    section.start_type = WD_SECTION.NEW_PAGE
    section.page_width, section.page_height = Inches(8.5), Inches(11)
    for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
        setattr(section, side, Inches(1))
    section.header_distance = section.footer_distance = Inches(0.5)
    styles = document.styles
    _set_font(styles["Normal"], 11)
    normal = styles["Normal"].paragraph_format
    normal.space_before, normal.space_after, normal.line_spacing = Pt(0), Pt(6), 1.08
    for name, size in (("Heading 1", 14), ("Heading 2", 12), ("Title", 16)):
        _set_font(styles[name], size, bold=True, color=INK)
        fmt = styles[name].paragraph_format
        fmt.space_before, fmt.space_after, fmt.keep_with_next = Pt(10), Pt(4), True
    title_format = styles["Title"].paragraph_format
    title_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
    title_format.space_before, title_format.space_after = Pt(6), Pt(2)
    _set_border(styles["Title"].element.get_or_add_pPr(), "bottom", size=0)  # no Word rule
    properties = document.core_properties
    properties.title = title
    properties.author = "ConCom Desk"
    properties.last_modified_by = "ConCom Desk"
    # Fixed dates and revision, so that rebuilding an unchanged form gives the same file.
    properties.created = properties.modified = FIXED_TIME
    properties.revision = 1
    # No placeholder here: docxtpl renders the document properties as well.
    properties.comments = ("Default template of ConCom Desk. Fields in double braces are "
                           "filled in; see the field reference (concom-desk templates "
                           "--reference).")
    return document


def _set_border(p_pr, side: str, size: int = 12, color: str = "1F2A44") -> None:
    borders = p_pr.find(qn("w:pBdr"))
    if borders is None:
        borders = OxmlElement("w:pBdr")
        p_pr.append(borders)
    edge = OxmlElement(f"w:{side}")
    edge.set(qn("w:val"), "single" if size else "nil")
    edge.set(qn("w:sz"), str(size))
    edge.set(qn("w:space"), "4")
    edge.set(qn("w:color"), color)
    borders.append(edge)


def para(document, text: str = "", *, bold: bool = False, italic: bool = False,
         size: float | None = None, align: str | None = None, after: float | None = None,
         before: float | None = None, keep: bool = False, style: str | None = None) -> Paragraph:
    paragraph = document.add_paragraph(style=style)
    if text:
        run = paragraph.add_run(text)
        run.bold, run.italic = bold or None, italic or None
        if size:
            run.font.size = Pt(size)
    fmt = paragraph.paragraph_format
    if align == "center":
        fmt.alignment = WD_ALIGN_PARAGRAPH.CENTER
    elif align == "right":
        fmt.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    elif align == "justify":
        fmt.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    if after is not None:
        fmt.space_after = Pt(after)
    if before is not None:
        fmt.space_before = Pt(before)
    if keep:
        fmt.keep_with_next = True
    return paragraph


def rich(document, *parts: tuple[str, str], after: float | None = None,
         align: str | None = None) -> Paragraph:
    """A paragraph of runs: ("b", "Applicant: "), ("", "{{ applicant.name }}")."""
    paragraph = para(document, after=after, align=align)
    for style, text in parts:
        run = paragraph.add_run(text)
        run.bold = "b" in style or None
        run.italic = "i" in style or None
    return paragraph


def tag(document, jinja: str) -> Paragraph:
    """A paragraph holding only a `{%p … %}` tag; docxtpl removes the paragraph itself.
    Grey and small, so a clerk editing the template tells structure from text."""
    paragraph = document.add_paragraph()
    run = paragraph.add_run(jinja)
    run.font.size = Pt(8.5)
    run.font.color.rgb = RGBColor(0x80, 0x80, 0x80)
    paragraph.paragraph_format.space_after = Pt(0)
    return paragraph


def page_break(document) -> Paragraph:
    paragraph = document.add_paragraph()
    paragraph.add_run().add_break(WD_BREAK.PAGE)
    return paragraph


def letterhead(document) -> None:
    # The commission's logo, when the Settings have one (an image, or "" for none).
    tag(document, "{%p if commission.logo %}")
    para(document, "{{ commission.logo }}", align="center", after=2)
    tag(document, "{%p endif %}")
    para(document, "{{ commission.name }}", bold=True, size=17, align="center", after=0)
    para(document, "Town of {{ town.name }}, Massachusetts", size=10.5, align="center", after=0)
    para(document, '{{ commission.address_lines|join(" · ") }}', size=9.5, align="center",
         after=0)
    rule = para(document, "{% if commission.phone %}Tel. {{ commission.phone }}{% endif %}"
                          "{% if commission.phone and commission.email %} · {% endif %}"
                          "{{ commission.email }}", size=9.5, align="center", after=14)
    _set_border(rule._p.get_or_add_pPr(), "bottom", size=12)


def title(document, text: str, subtitle: str = "") -> None:
    para(document, text, style="Title")
    if subtitle:
        para(document, subtitle, italic=True, size=10, align="center", after=10)


def heading(document, text: str) -> Paragraph:
    return document.add_paragraph(text, style="Heading 2")


def _cell_text(cell, text: str, bold: bool = False) -> None:
    paragraph = cell.paragraphs[0]
    paragraph.paragraph_format.space_after = Pt(0)
    run = paragraph.add_run(text)
    run.bold = bold or None
    run.font.size = Pt(10.5)


def facts_table(document, rows: list[tuple[str, str]]) -> Table:
    """The label / value box at the top of a form (file numbers, parties, locus)."""
    table = document.add_table(rows=0, cols=2)
    table.style = "Table Grid"
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    for label, value in rows:
        cells = table.add_row().cells
        _cell_text(cells[0], label, bold=True)
        _cell_text(cells[1], value)
        _shade(cells[0], "EEF1F6")
    # Word reads the cell widths, LibreOffice the grid: set both, and fix the layout.
    table.autofit = False
    for column, width in zip(table.columns, (Inches(1.9), Inches(4.6)), strict=True):
        column.width = width
        for cell in column.cells:
            cell.width = width
    para(document, after=2)
    return table


def _shade(cell, fill: str) -> None:
    shading = OxmlElement("w:shd")
    shading.set(qn("w:val"), "clear")
    shading.set(qn("w:color"), "auto")
    shading.set(qn("w:fill"), fill)
    cell._tc.get_or_add_tcPr().append(shading)


def numbered_loop(document, items: str, var: str = "c", empty: str = "None.") -> None:
    """`{{ c.number }}. text` for each item, hanging indent; `empty` when the list is."""
    tag(document, f"{{%p if {items} %}}")
    tag(document, f"{{%p for {var} in {items} %}}")
    paragraph = para(document, f"{{{{ {var}.number }}}}.\t{{{{ {var}.text }}}}", after=4)
    hang(paragraph)
    tag(document, "{%p endfor %}")
    tag(document, "{%p else %}")
    para(document, empty, italic=True)
    tag(document, "{%p endif %}")


def bullet_loop(document, items: str, var: str, text: str, numbered: bool = True) -> None:
    tag(document, f"{{%p for {var} in {items} %}}")
    prefix = "{{ loop.index }}.\t" if numbered else "•\t"
    hang(para(document, prefix + text, after=4))
    tag(document, "{%p endfor %}")


def hang(paragraph: Paragraph, indent: float = 0.35) -> None:
    fmt = paragraph.paragraph_format
    fmt.left_indent, fmt.first_line_indent = Inches(indent), Inches(-indent)
    fmt.tab_stops.add_tab_stop(Inches(indent))


def address_block(document, name: str, lines: str, care_of: str | None = None) -> None:
    para(document, name, after=0)
    if care_of:
        tag(document, f"{{%p if {care_of} %}}")
        para(document, f"c/o {{{{ {care_of} }}}}", after=0)
        tag(document, "{%p endif %}")
    tag(document, f"{{%p for line in {lines} %}}")
    para(document, "{{ line }}", after=0)
    tag(document, "{%p endfor %}")
    para(document, after=6)


def keep_with_signatures(paragraph: Paragraph) -> Paragraph:
    """The paragraph before a signature block goes to the next page with it, whole:
    signatures alone on a last page sign nothing a reader can see."""
    fmt = paragraph.paragraph_format
    fmt.keep_with_next = fmt.keep_together = True
    return paragraph


def signature_block(document, signers: str = "commission.signature_lines",
                    intro: str | None = None) -> None:
    """One signature line per member in office; a majority must sign. The heading,
    the intro and every line are kept with what follows, so the block moves as one
    (and the caller keeps its last paragraph with it)."""
    keep_with_signatures(heading(document, "Signatures"))
    keep_with_signatures(para(document, intro or (
        "Signed by a majority of the members of the {{ commission.name }} in office "
        "({{ commission.signers_needed }} of {{ commission.members_in_office|length }} "
        "members must sign)."), italic=True, size=10))
    tag(document, f"{{%p for name in {signers} %}}")
    signature_line(document, "{{ name }}")
    tag(document, "{%p endfor %}")


def signature_line(document, label: str, before: float = 16) -> None:
    """A line to sign on and one for the date, with the signer's name under it;
    both kept with the next line, so a block of signatures is not split."""
    line = para(document, "_________________________________\t____________________",
                before=before, after=0, keep=True)
    line.paragraph_format.tab_stops.add_tab_stop(Inches(3.9), WD_TAB_ALIGNMENT.LEFT)
    caption = para(document, f"{label}\tDate", size=10, after=0, keep=True)
    caption.paragraph_format.tab_stops.add_tab_stop(Inches(3.9), WD_TAB_ALIGNMENT.LEFT)


def footer(document, left: str) -> None:
    """'UCC 2026-014 · Page 1 of 3' in small type at the foot of every page."""
    paragraph = document.sections[0].footer.paragraphs[0]
    paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = paragraph.add_run(f"{left}{' · ' if left else ''}Page ")
    run.font.size = Pt(8.5)
    _field(paragraph, "PAGE")
    paragraph.add_run(" of ").font.size = Pt(8.5)
    _field(paragraph, "NUMPAGES")


def _field(paragraph: Paragraph, code: str) -> None:
    simple = OxmlElement("w:fldSimple")
    simple.set(qn("w:instr"), f" {code} ")
    run = OxmlElement("w:r")
    r_pr = OxmlElement("w:rPr")
    size = OxmlElement("w:sz")
    size.set(qn("w:val"), "17")
    r_pr.append(size)
    run.append(r_pr)
    text = OxmlElement("w:t")
    text.text = "1"
    run.append(text)
    simple.append(run)
    paragraph._p.append(simple)


def recording_box(document, instructions: str = "{{ town.recording_instructions }}"
                  ) -> None:
    """The space the Registry of Deeds fills in, and the recording instructions: the
    town's for a permit (recorded before work begins), the paper's own otherwise."""
    heading(document, "Recording")
    para(document, instructions, align="justify")
    facts_table(document, [
        # The Registry's name once: the property's or the commission's, else a line for it.
        ("To be recorded at", "{% if property.registry %}{{ property.registry }}{% else %}"
                              "____________________ Registry of Deeds{% endif %}"),
        ("Recorded (Registry use)", "Book __________   Page __________   "
                                    "Date ______________"),
    ])


def appeal_box(document) -> None:
    """Each route of appeal: the bylaw's, and the Act's for a joint filing. The last
    paragraph is kept with the signatures that follow it."""
    heading(document, "Appeal")
    tag(document, "{%p for route in appeal_routes %}")
    tag(document, "{%p if appeal_routes|length > 1 %}")
    para(document, "{{ route.title }}", bold=True, after=2, keep=True)
    tag(document, "{%p endif %}")
    keep_with_signatures(para(document, "{{ route.text }}", align="justify"))
    tag(document, "{%p endfor %}")


def save_reproducibly(document, out: Path) -> None:
    """Save with fixed zip timestamps: the same form gives the same bytes, so git
    shows a change to forms/ only when a form really changed."""
    document.save(out)
    with zipfile.ZipFile(out) as source:
        parts = [(info.filename, source.read(info.filename)) for info in source.infolist()]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(info, data)
